import { expect, test } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_SUPERADMIN_EMAIL } from './support/env';
import { ADMIN_TABS, AdminConsole, EXTRA_ADMIN_TABS, type AdminTab, signInThroughMailedLink } from './pages/adminConsole';

const ALL_TABS: AdminTab[] = [...ADMIN_TABS, ...EXTRA_ADMIN_TABS];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A heading (or text) each tab shows once it has loaded. */
const LOADED: Record<AdminTab, RegExp> = {
  'Sessions Content': /Conference Sessions/,
  Transcripts: /Upload Transcript/,
  PDFs: /Upload PDF/,
  'Ingest Status': /Document Processing Status/,
  'Chat History': /Chat History|Search users/,
  'User Actions': /User Activity Log/,
  'OpenAI Billing': /OpenAI Billing/,
  Export: /Document Export/,
  Insights: /Insights/,
  Conference: /Conference/,
};

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`admin console at ${size} size (${viewport.width}×${viewport.height}): every tab in sight, no sideways scroll, no serious axe violation`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const app = new AdminConsole(page);
    await signInThroughMailedLink(page, E2E_ADMIN_EMAIL);
    await expect(page.getByRole('heading', { name: 'Conference Sessions' })).toBeVisible();
    for (const name of ALL_TABS) await expect(app.tab(name)).toBeInViewport();
    for (const name of ALL_TABS) {
      await app.openTab(name);
      await expect(page.getByRole('heading', { name: LOADED[name] }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await app.horizontalOverflow(), `${name} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
      await app.expectAccessible(`${name} (${size})`);
      await app.screenshot(`admin-${size}-${name.toLowerCase().replace(/\s+/g, '-')}`);
    }
    await app.openTab('Sessions Content');
    await page.getByRole('button', { name: 'New Session' }).click();
    await expect(app.dialog('New Session')).toBeVisible();
    expect(await app.horizontalOverflow()).toBeLessThanOrEqual(0);
    await app.expectAccessible(`New Session dialog (${size})`);
    await app.screenshot(`admin-${size}-new-session`);
    await context.close();
  });
}

test('super admin console at phone size: no sideways scroll, no serious axe violation', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const app = new AdminConsole(page);
  await signInThroughMailedLink(page, E2E_SUPERADMIN_EMAIL);
  await expect(page.getByRole('heading', { name: 'User Analytics' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await app.horizontalOverflow()).toBeLessThanOrEqual(0);
  await app.expectAccessible('super admin dashboard (phone)');
  await app.screenshot('superadmin-phone');
  await context.close();
});

test.describe('session times follow the conference time zone, never the browser', () => {
  // A browser far from the conference: the admin screens must still show Denver time, labelled.
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('an admin edits the conference settings; times are shown and entered in its zone', async ({ page }) => {
    const app = new AdminConsole(page);
    await signInThroughMailedLink(page, E2E_ADMIN_EMAIL);
    const title = `Zone check ${Date.now()}`;
    const created = await page.request.post('/api/admin/session', {
      data: { title, date: '2025-09-08T08:30:00-06:00', endTime: '9:15 AM', speakers: ['Ann Lee'] },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await page.reload();
    await expect(app.row(title)).toContainText('Sep 8, 2025, 8:30 AM – 9:15 AM MDT');
    await app
      .row(title)
      .getByRole('button', { name: `Edit ${title}` })
      .click();
    await expect(app.dialog('Edit Session').getByLabel('Start time')).toHaveValue('08:30');
    await app.dialog('Edit Session').getByRole('button', { name: 'Cancel' }).click();

    await app.openTab('Conference');
    const form = page.getByRole('form', { name: 'Conference settings' });
    await expect(form.getByLabel('Time zone')).toHaveValue('America/Denver');
    await expect(form.getByLabel('Start date (Day 1)')).toHaveValue('2025-09-08');
    await expect(form).toContainText('8:30 AM on Day 1 is 8:30 AM MDT (America/Denver)');
    await app.expectAccessible('Conference settings');
    await app.screenshot('admin-conference-settings');

    await form.getByLabel('End date').fill('2025-09-07');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(form.getByText('End date must be on or after the start date.')).toBeVisible();
    await form.getByLabel('End date').fill('2025-09-10');

    try {
      await form.getByLabel('Time zone').fill('America/New_York');
      await page.getByRole('option', { name: 'America/New_York', exact: true }).click();
      await form.getByRole('button', { name: 'Save settings' }).click();
      await app.expectToast('Conference settings saved.');
      expect(((await (await page.request.get('/api/conference')).json()) as { timeZone: string }).timeZone).toBe('America/New_York');
      await app.openTab('Sessions Content');
      await expect(page.getByTestId('sessions-time-zone')).toHaveText('Times are conference time (America/New_York)');
      await expect(app.row(title)).toContainText('Sep 8, 2025, 10:30 AM');
      await expect(app.row(title)).toContainText('EDT');
    } finally {
      const restore = await page.request.put('/api/admin/conference', { data: { timeZone: 'America/Denver' } });
      expect(restore.ok(), await restore.text()).toBe(true);
    }
  });
});
