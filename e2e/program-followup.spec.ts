import { expect, test } from '@playwright/test';
import { AttendeeApp, uniqueEmail } from './pages/attendee';

/**
 * A follow-up in the attendee app is read on its own terms: after a question about one session, a question about
 * another topic is answered about that topic (not about the words of the question before it), and "where is it?"
 * points back to the session the answer before was about. On the demo program.
 */
test.describe('program questions in a thread', () => {
  test('a new topic after a room question is answered on its own; "where is it?" follows the answer before', async ({ page }) => {
    const app = new AttendeeApp(page);
    await app.skipHowToUse();
    await app.signInViaApi(uniqueEmail('followup'));
    await page.goto('/');
    await app.waitForChatReady();

    await app.ask('What time does the fraud workshop start and which room?');
    await expect(app.assistantMessages.nth(0)).toContainText('Larimer Room 2');

    await app.ask('Is there a session about EV financing?');
    const second = app.assistantMessages.nth(1);
    await expect(second).toContainText('Green and EV Equipment Finance');
    await expect(second).not.toContainText('not in the program');
    await expect(second).not.toContainText('Fraud Prevention Lab');

    await app.ask('Where is it?');
    const third = app.assistantMessages.nth(2);
    await expect(third).toContainText('Centennial Ballroom B');
    await expect(third).not.toContainText('Larimer Room 2');
  });
});
