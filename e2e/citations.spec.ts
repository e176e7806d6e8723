import { expect, test } from '@playwright/test';
import { signInThroughMailedLink } from './pages/adminConsole';
import { AttendeeApp, uniqueEmail } from './pages/attendee';
import { E2E_ADMIN_EMAIL } from './support/env';

/** A meeting transcript as real ones come: one turn a line, no times. */
const MEETING = [
  'Professor: OK, so we are on. Let us start with the detector.',
  'PhD D: The voice-unvoice net takes fifteen base features and three R features as inputs.',
  'Professor: And how does it do?',
  'PhD D: Not much better than the classic R-one over R-zero measure, honestly.',
  'Grad E: Training the voice-unvoice net takes about a day {vocalsound} so we can run a few more experiments.',
  'Professor: I think we should compare the log magnitude spectrum with the filter bank outputs.',
  'Grad E: The noisy set is where the detector fails most.',
].join('\n');

test('an untimed transcript is cited by line: the badge opens the passage with the cited turn highlighted', async ({ page, browser }) => {
  // The organiser uploads the transcript into a new session.
  const title = `Research Group Meeting ${Date.now()}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInThroughMailedLink(admin, E2E_ADMIN_EMAIL);
  const created = await admin.request.post('/api/admin/session', { data: { title, speakers: ['Professor'], format: 'panel' } });
  expect(created.ok(), await created.text()).toBe(true);
  const sessionId = ((await created.json()) as { id: string }).id;
  const uploaded = await admin.request.post('/api/admin/upload', {
    multipart: { sessionId, kind: 'transcript', file: { name: 'meeting.txt', mimeType: 'text/plain', buffer: Buffer.from(MEETING) } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  const documentId = ((await uploaded.json()) as { id: string }).id;
  await expect
    .poll(
      async () => {
        const docs = (await (await admin.request.get('/api/admin/documents')).json()) as { id: string; status: string }[];
        return docs.find((d) => d.id === documentId)?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('embedded');
  await adminContext.close();

  // An attendee asks about it, limited to that session.
  const app = new AttendeeApp(page);
  await app.skipHowToUse();
  await app.signInViaApi(uniqueEmail('lines'));
  await page.goto('/');
  const item = app.sessionsPanel().getByTestId('session-item').filter({ hasText: title });
  await item.getByRole('checkbox').check();
  await expect(page.getByTestId('chat-scope')).toHaveText('1 session selected');
  await app.waitForChatReady();
  await app.ask('How long does training the voice-unvoice net take?');
  const answer = app.assistantMessages.last();
  await expect(answer).toContainText('about a day');
  await expect(answer).not.toContainText('vocalsound');

  const badge = answer.locator('button[data-citation]', { hasText: '[line 5]' });
  await expect(badge).toBeVisible();
  await badge.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Line 5');
  const turns = dialog.getByRole('list', { name: 'Transcript passage' }).getByRole('listitem');
  await expect(turns.filter({ hasText: 'line 5' })).toHaveAttribute('aria-current', 'true');
  await expect(turns.filter({ hasText: 'line 5' })).toContainText('Training the voice-unvoice net takes about a day');
  await expect(turns.filter({ hasText: 'line 4' })).not.toHaveAttribute('aria-current', 'true');
  await app.expectAccessible('source dialog with transcript lines');
  await app.screenshot('citation-line-passage');
});

test("a PDF citation shows the page's own text, prices and decimals intact, the cited line highlighted", async ({ page }) => {
  const title = 'Green and EV Equipment Finance';
  const app = new AttendeeApp(page);
  await app.skipHowToUse();
  await app.signInViaApi(uniqueEmail('figures'));
  // The demo's slides are read in the background at the first start.
  await expect
    .poll(
      async () => {
        const sessions = (await (await page.request.get('/api/sessions?includeAll=true')).json()) as {
          title: string;
          contentStatus?: string;
        }[];
        return sessions.find((s) => s.title.startsWith(title))?.contentStatus;
      },
      { timeout: 60_000 },
    )
    .toBe('available');
  await page.goto('/');
  await app.sessionsPanel().getByTestId('session-item').filter({ hasText: title }).getByRole('checkbox').check();
  await app.waitForChatReady();
  await app.ask('What is the maintenance cost per mile of electric versus diesel trucks?');
  const answer = app.assistantMessages.last();
  await expect(answer).toContainText('$0.11 electric versus $0.18 diesel');

  await answer.locator('button[data-citation]').first().click();
  const passage = page.getByRole('dialog').getByLabel('Cited passage');
  await expect(passage).toContainText('Maintenance per mile: $0.11 electric versus $0.18 diesel');
  await expect(passage).toContainText('breaks even after about 6.1 years');
  await expect(passage.locator('mark')).toHaveText('Maintenance per mile: $0.11 electric versus $0.18 diesel');
});
