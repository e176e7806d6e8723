import { expect, request as playwrightRequest, test } from '@playwright/test';
import fs from 'node:fs';
import { E2E_SUPERADMIN_EMAIL } from './support/env';
import { AdminConsole, askAsAttendee, signInThroughMailedLink, uniqueEmail } from './pages/adminConsole';

/**
 * A one-talk frab schedule.xml (the format pretalx, FOSDEM and others publish). Its conference is the
 * default settings' own, so importing it leaves the shared server's settings as they are.
 */
function frabSchedule(guid: string): { xml: string; title: string } {
  const title = `Fraud Patterns in Equipment Leasing ${guid}`;
  const xml = `<?xml version="1.0" encoding="utf-8"?>
<schedule>
  <conference><title>Equipment Finance Conference 2025</title><start>2025-09-08</start><end>2025-09-10</end><days>3</days><time_zone_name>America/Denver</time_zone_name></conference>
  <day index="2" date="2025-09-09" start="2025-09-09T08:00:00-06:00" end="2025-09-09T18:00:00-06:00">
    <room name="Room B422">
      <event guid="${guid}" id="9001">
        <date>2025-09-09T14:00:00-06:00</date>
        <start>14:00</start>
        <duration>00:45</duration>
        <room>Room B422</room>
        <title>${title}</title>
        <type>Workshop</type>
        <abstract>How lessors spot fraud early.</abstract>
        <description>Patterns, signals and controls.</description>
        <persons><person id="1">Dana Whitfield, Chief Economist, Keystone Leasing Research</person></persons>
      </event>
    </room>
  </day>
</schedule>`;
  return { xml, title };
}

const count = async (app: AdminConsole, label: string) =>
  Number((await app.page.getByTestId(`stat-${label}`).textContent())!.replace(/,/g, ''));

test('super admin: cards, session export and import, analytics that follow new activity', async ({ page, baseURL }) => {
  const app = new AdminConsole(page);
  await signInThroughMailedLink(page, E2E_SUPERADMIN_EMAIL);
  await expect(page).toHaveURL(/\/superadmin$/);
  await expect(app.text('Welcome, Super Admin')).toBeVisible();
  for (const card of ['Total Users', 'Total Logins', 'Total Chat Prompts']) await expect(app.text(card)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Session Data Migration' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User Analytics' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'User analytics' }).getByRole('columnheader')).toHaveText([
    'User',
    'Email',
    'Total Logins',
    'Chat Prompts',
    'Last Login',
    'Member Since',
  ]);
  const me = page.getByRole('row').filter({ hasText: E2E_SUPERADMIN_EMAIL });
  await expect(me).toContainText(/[0-9a-f]{8}/);
  await app.screenshot('superadmin-dashboard');
  await app.expectAccessible('super admin dashboard');

  const usersBefore = await count(app, 'total-users');
  const promptsBefore = await count(app, 'total-chat-prompts');
  const loginsBefore = await count(app, 'total-logins');
  const sessionCount = async () => ((await (await page.request.get('/api/sessions?admin=true')).json()) as unknown[]).length;
  const sessionsBefore = await sessionCount();

  // Export: a JSON file named with today's date in the conference's time zone.
  const { timeZone } = (await (await page.request.get('/api/conference')).json()) as { timeZone: string };
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Sessions' }).click()]);
  const stamp = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  expect(download.suggestedFilename()).toContain(stamp);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const file = await download.path();
  const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { sessions: { title: string }[] };
  expect(exported.sessions.length).toBe(sessionsBefore);
  await app.expectToast('Export successful: Sessions data has been downloaded.');

  // Import: the button waits for a file (checked by a dry run first); types other than JSON, XML, iCalendar, CSV and XLSX are refused.
  const importButton = page.getByRole('button', { name: 'Import Sessions' });
  const fileInput = page.getByLabel('Sessions file (JSON, XML, iCalendar, CSV or XLSX)');
  await expect(importButton).toBeDisabled();
  await expect(fileInput).toHaveAttribute('accept', '.json,.xml,.ics,.csv,.xlsx');
  await fileInput.setInputFiles({ name: 'sessions.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await app.expectToast('Invalid file: Please select a JSON file.');
  await expect(importButton).toBeDisabled();

  // Re-importing the export just made updates every session in place (the default): nothing doubles.
  await expect(page.getByRole('radio', { name: /Update matching sessions/ })).toBeChecked();
  await fileInput.setInputFiles({ name: 'sessions-export.json', mimeType: 'application/json', buffer: fs.readFileSync(file) });
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await app.expectToast(/^Import successful: .+/);
  await expect(page.getByTestId('import-outcome')).toHaveText(`Created 0, updated ${sessionsBefore}, skipped 0.`);
  await expect(importButton).toBeDisabled();
  await expect(fileInput).toHaveValue('');
  expect(await sessionCount()).toBe(sessionsBefore);
  await app.expectAccessible('super admin dashboard after an import');

  // A frab schedule.xml: its talk is created once, then updated (matched by its own id) on a second import.
  const frab = frabSchedule(`frab-${Date.now()}`);
  for (const expected of [`Created 1, updated 0, skipped 0.`, `Created 0, updated 1, skipped 0.`]) {
    await fileInput.setInputFiles({ name: 'schedule.xml', mimeType: 'text/xml', buffer: Buffer.from(frab.xml) });
    await importButton.click();
    await expect(page.getByTestId('import-outcome')).toHaveText(expected);
  }
  expect(await sessionCount()).toBe(sessionsBefore + 1);

  // 'Add as new' makes new copies, as the spec's create-new mode does.
  await page.getByRole('radio', { name: /Add as new/ }).check();
  await fileInput.setInputFiles({ name: 'sessions-export.json', mimeType: 'application/json', buffer: fs.readFileSync(file) });
  await importButton.click();
  await expect(page.getByTestId('import-outcome')).toHaveText(`Created ${sessionsBefore}, updated 0, skipped 0.`);
  expect(await sessionCount()).toBe(sessionsBefore * 2 + 1);

  // A new attendee signs in and asks: the cards and the table follow.
  const email = uniqueEmail('analytics');
  const asker = await playwrightRequest.newContext({ baseURL });
  await askAsAttendee(asker, email, ['Which sessions covered residual values?']);
  await asker.dispose();
  await page.reload();
  await expect(page.getByTestId('stat-total-users')).toHaveText(String(usersBefore + 1));
  expect(await count(app, 'total-chat-prompts')).toBe(promptsBefore + 1);
  expect(await count(app, 'total-logins')).toBeGreaterThanOrEqual(loginsBefore + 1);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Quinn Asker');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await app.screenshot('superadmin-dashboard-after');
});
