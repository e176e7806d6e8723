import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';

/** Where every browser suite saves its screenshots (kept as run artifacts). */
export const SCREENSHOT_DIR = path.join(__dirname, '..', '..', 'test-results', 'screenshots');

/** No serious or critical axe-core violation on the current screen. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A toast fading in or out is half transparent: its contrast is read once every finite transition
  // and animation has ended (spinners, which never end, are left running).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `${label} has serious/critical axe violations`,
  ).toEqual([]);
}

/** Saves a full-page screenshot named `name.png` under SCREENSHOT_DIR. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
