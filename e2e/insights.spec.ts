import { devices, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import fs from 'node:fs';
import { E2E_ADMIN_EMAIL } from './support/env';
import { AdminConsole, askAsAttendee, signInThroughMailedLink } from './pages/adminConsole';
import { AttendeeApp, uniqueEmail } from './pages/attendee';

const NOT_COVERED = "The conference materials don't cover this.";

test.describe.serial('insights: what attendees ask and how they rate answers reach the organiser', () => {
  const run = Date.now().toString(36);
  const uncovered = `What is on the gala dinner menu for table ${run}?`;
  const comment = `I wanted the dinner menu (${run})`;

  test('an attendee on a phone asks an uncovered question and rates the answer Not helpful with a comment', async ({ browser }) => {
    const context = await browser.newContext({ ...devices['Pixel 7'] });
    const page = await context.newPage();
    const app = new AttendeeApp(page);
    await app.skipHowToUse();
    await app.signInViaApi(uniqueEmail('insights'), 'Nia');
    await page.goto('/');
    await app.waitForChatReady();
    await app.ask(uncovered);
    const answer = app.assistantMessages.last();
    await expect(answer).toContainText(NOT_COVERED);

    const helpful = answer.getByRole('button', { name: 'Helpful', exact: true });
    const notHelpful = answer.getByRole('button', { name: 'Not helpful' });
    await expect(helpful).toHaveAttribute('aria-pressed', 'false');
    // Big enough to tap.
    const box = (await notHelpful.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);

    await helpful.tap();
    await expect(helpful).toHaveAttribute('aria-pressed', 'true');
    await notHelpful.tap();
    await expect(notHelpful).toHaveAttribute('aria-pressed', 'true');
    await expect(helpful).toHaveAttribute('aria-pressed', 'false');
    await answer.getByLabel('What was wrong?').fill(comment);
    await answer.getByRole('button', { name: 'Send' }).tap();
    await expect(answer.getByRole('status')).toHaveText('Thanks for your feedback.');
    await app.expectAccessible('answer feedback on a phone');
    await app.screenshot('answer-feedback-phone');

    await context.close();
  });

  test('the admin sees it under Unanswered Questions and Answer Feedback in the Insights tab, and exports it as CSV', async ({
    browser,
  }) => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page: Page = await context.newPage();
    const app = new AdminConsole(page);
    await signInThroughMailedLink(page, E2E_ADMIN_EMAIL);
    await expect(page).toHaveURL(/\/admin\/sessions$/);
    await app.openTab('Insights');
    await expect(page).toHaveURL(/\/admin\/insights$/);
    await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText('Last 30 days');
    await expect(page.getByRole('combobox', { name: 'Session' })).toHaveText('All sessions');

    const bySession = page.getByRole('region', { name: 'Questions by Session' });
    await expect(bySession.getByRole('img', { name: /Questions per session/ })).toBeVisible();
    await expect(bySession.getByRole('row', { name: /All sessions/ })).toBeVisible();

    const unanswered = page.getByRole('region', { name: 'Unanswered Questions' });
    await expect(unanswered.getByRole('row').filter({ hasText: uncovered })).toContainText('All sessions');

    const feedback = page.getByRole('region', { name: 'Answer Feedback' });
    const row = feedback.getByRole('row').filter({ hasText: comment });
    await expect(row).toContainText(uncovered);
    await expect(row).toContainText(NOT_COVERED);
    await expect(feedback.getByTestId('helpful-share')).toContainText('rated answers were helpful');

    const download = page.waitForEvent('download');
    await unanswered.getByRole('button', { name: 'Export Unanswered Questions as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('unanswered-questions_30-days.csv');
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('Session,Question,Times asked,Similar wordings,Last asked');
    expect(csv).toContain(`All sessions,${uncovered},1,`);

    await page.getByRole('combobox', { name: 'Time range' }).click();
    await page.getByRole('option', { name: 'Last 7 days' }).click();
    await expect(page.getByRole('combobox', { name: 'Time range' })).toHaveText('Last 7 days');
    await expect(unanswered.getByRole('row').filter({ hasText: uncovered })).toBeVisible();
    await app.expectAccessible('Insights tab');
    await app.screenshot('admin-insights');
    await context.close();
  });
});

test.describe('insights: questions kept apart by their particulars, counted where they were answered', () => {
  test('Top Questions shows a room number apart; Questions by Session counts an all-sessions question under the session it cited', async ({
    browser,
    baseURL,
  }) => {
    const run = Date.now().toString(36);
    const asker = await playwrightRequest.newContext({ baseURL });
    const rooms = [`What is in Larimer Room 1 on day ${run}?`, `What is in Larimer Room 3 on day ${run}?`];
    await askAsAttendee(asker, uniqueEmail('rooms'), rooms);
    // A program question asked of all sessions: its answer cites a session.
    const start = await asker.post('/api/chat/start', { data: { sessionFilter: [] } });
    const { id } = (await start.json()) as { id: string };
    const answer = await asker.post('/api/chat/message', {
      data: { threadId: id, message: 'When is the opening keynote?', sessionIds: [] },
      timeout: 90_000,
    });
    expect(answer.ok(), await answer.text()).toBe(true);
    const cited = ((await answer.json()) as { sources: { sessionTitle: string }[] }).sources.map((s) => s.sessionTitle);
    expect(cited.length).toBeGreaterThan(0);
    await asker.dispose();

    const context = await browser.newContext();
    const page = await context.newPage();
    const app = new AdminConsole(page);
    await signInThroughMailedLink(page, E2E_ADMIN_EMAIL);
    await app.openTab('Insights');
    const top = page.getByRole('region', { name: 'Top Questions' });
    await expect(top.getByRole('row').filter({ hasText: rooms[0] })).toHaveCount(1);
    await expect(top.getByRole('row').filter({ hasText: rooms[1] })).toHaveCount(1);
    await expect(top.getByText(`Also asked as: “${rooms[0]}”`)).toHaveCount(0);
    await expect(top.getByText(`Also asked as: “${rooms[1]}”`)).toHaveCount(0);
    const bySession = page.getByRole('region', { name: 'Questions by Session' });
    await expect(bySession.getByRole('row').filter({ hasText: cited[0] })).toBeVisible();
    await context.close();
  });
});
