import { expect, test } from '@playwright/test';
import { AdminConsole, signInThroughMailedLink } from './pages/adminConsole';
import { AttendeeApp, uniqueEmail } from './pages/attendee';
import { E2E_ADMIN_EMAIL } from './support/env';

/** A long cue (a passage of its own) at `start`. */
const cue = (start: string, end: string, speaker: string, sentence: string) =>
  `${start}.000 --> ${end}.000 align:start\n<v ${speaker}>${Array.from({ length: 9 }, () => sentence).join(' ')}</v>\n`;

/** Captions of a talk: the turn at 01:05 is the only one about the cobalt heron. */
const TALK_VTT = [
  'WEBVTT\n',
  cue('00:00:05', '00:00:40', 'Maria Lopez', 'Welcome, today we compare leasing volumes across the second quarter.'),
  cue('00:01:05', '00:01:50', 'John Smith', 'A <i>cobalt heron</i> appraisal of forty excavators set the residual curve for the fleet.'),
  cue('00:02:30', '00:03:10', 'Maria Lopez', 'Auction prices of forklifts held firm this year across the region.'),
].join('\n');

test('captions uploaded on the Recordings tab become a timed transcript: the answer cites [01:05] and its badge opens the passage', async ({
  page,
  browser,
}) => {
  // The organiser creates a session and uploads the captions through the console's Recordings tab.
  const title = `Captioned Fleet Talk ${Date.now()}`;
  const filename = `talk-${Date.now()}.vtt`;
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInThroughMailedLink(adminPage, E2E_ADMIN_EMAIL);
  const created = await adminPage.request.post('/api/admin/session', { data: { title, speakers: ['John Smith'], format: 'panel' } });
  expect(created.ok(), await created.text()).toBe(true);
  // The console reads the sessions once (never stale): reload to see the new one.
  await adminPage.reload();
  const admin = new AdminConsole(adminPage);
  await admin.openTab('Transcripts');
  await adminPage.getByRole('tab', { name: 'Recordings' }).click();
  await expect(adminPage.getByRole('heading', { name: 'Upload Recording or Captions' })).toBeVisible();
  await admin.expectAccessible('Recordings tab');
  await adminPage
    .getByLabel('Recording or caption file')
    .setInputFiles({ name: filename, mimeType: 'text/vtt', buffer: Buffer.from(TALK_VTT) });
  await adminPage.getByRole('combobox', { name: 'Session' }).fill(title);
  await adminPage.getByRole('option', { name: title }).click();
  await adminPage.getByRole('button', { name: 'Upload', exact: true }).click();
  await admin.expectToast('Upload Successful: Document uploaded and processing started.');
  // Listed in the Transcripts tab with its status.
  await expect(admin.row(filename).getByText('Ready', { exact: true })).toBeVisible({ timeout: 60_000 });
  await admin.screenshot('admin-recordings-tab');
  await adminContext.close();

  // An attendee asks about it and opens the time badge.
  const app = new AttendeeApp(page);
  await app.skipHowToUse();
  await app.signInViaApi(uniqueEmail('captions'));
  await page.goto('/');
  const item = app.sessionsPanel().getByTestId('session-item').filter({ hasText: title });
  await item.getByRole('checkbox').check();
  await app.waitForChatReady();
  await app.ask('Who appraised the forty excavators for the residual curve?');
  const answer = app.assistantMessages.last();
  await expect(answer).toContainText('cobalt heron');
  const badge = answer.locator('button[data-citation]', { hasText: '01:05' });
  await expect(badge).toBeVisible();
  await badge.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('At 1:05');
  await expect(dialog).toContainText('cobalt heron');
  await expect(dialog).not.toContainText('<i>');
  await app.screenshot('citation-caption-time');
});
