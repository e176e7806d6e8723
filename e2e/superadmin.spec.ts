import { expect, request as playwrightRequest, test } from '@playwright/test';
import fs from 'node:fs';
import { E2E_SUPERADMIN_EMAIL } from './support/env';
import { AdminConsole, askAsAttendee, signInThroughMailedLink, uniqueEmail } from './pages/adminConsole';

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
  const sessionsBefore = ((await (await page.request.get('/api/sessions?admin=true')).json()) as unknown[]).length;

  // Export: a JSON file named with today's date.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Sessions' }).click()]);
  const stamp = new Date().toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toContain(stamp);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const file = await download.path();
  const exported = JSON.parse(fs.readFileSync(file, 'utf8')) as { sessions: { title: string }[] };
  expect(exported.sessions.length).toBe(sessionsBefore);
  await app.expectToast('Export successful: Sessions data has been downloaded.');

  // Import: the button waits for a .json file; other types are refused.
  const importButton = page.getByRole('button', { name: 'Import Sessions' });
  await expect(importButton).toBeDisabled();
  await expect(page.getByLabel('Sessions JSON file')).toHaveAttribute('accept', '.json');
  await page.getByLabel('Sessions JSON file').setInputFiles({ name: 'sessions.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await app.expectToast('Invalid file: Please select a JSON file.');
  await expect(importButton).toBeDisabled();
  await page
    .getByLabel('Sessions JSON file')
    .setInputFiles({ name: 'sessions-export.json', mimeType: 'application/json', buffer: fs.readFileSync(file) });
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await app.expectToast(/^Import successful: .+/);
  await expect(importButton).toBeDisabled();
  await expect(page.getByLabel('Sessions JSON file')).toHaveValue('');
  const sessionsAfter = ((await (await page.request.get('/api/sessions?admin=true')).json()) as unknown[]).length;
  expect(sessionsAfter).toBe(sessionsBefore * 2);

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
