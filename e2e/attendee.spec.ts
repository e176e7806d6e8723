import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import { waitForMail } from './support/mail';
import { AttendeeApp, uniqueEmail } from './pages/attendee';

test.describe('attendee: the main journey', () => {
  test('landing → Get Started → sign in → How to Use → suggested question → streamed answer with citation badges → passage', async ({
    page,
  }) => {
    const app = new AttendeeApp(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'AI-Powered Chat' })).toBeVisible();
    await expect(app.text('Sept 8-10, 2025')).toBeVisible();
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(app.text(/educational and demonstration purposes only/)).toBeVisible();

    const email = uniqueEmail('journey');
    await app.fillSignIn({ firstName: 'Jordan', lastName: 'Lee', email, company: 'Acme Leasing' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/$/);

    const howTo = page.getByRole('dialog', { name: 'How to Use' });
    await expect(howTo).toBeVisible();
    await page.getByRole('button', { name: "Got it, let's start!" }).click();
    await expect(howTo).toBeHidden();
    await expect(page.getByText('Welcome, Jordan Lee')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Conference Q&A' })).toBeVisible();
    await expect(page.getByTestId('chat-scope')).toHaveText('All sessions');

    await app.waitForChatReady();
    await page.getByRole('button', { name: /key trends in equipment financing/ }).click();
    await expect(app.question).toHaveValue(/key trends in equipment financing/);
    const streamed = page.waitForResponse((r) => r.url().endsWith('/api/chat/stream'));
    await app.askButton.click();
    await expect(app.status).toContainText(/Searching conference documents|Analyzing relevant content|Generating comprehensive answer/);
    expect((await streamed).headers()['content-type']).toContain('text/event-stream');
    await expect(app.assistantMessages).toHaveCount(1, { timeout: 60_000 });
    await app.waitForChatReady();
    await expect(app.assistantMessages.first()).toContainText('Just now');

    await expect(app.citationBadges.first()).toBeVisible();
    const marker = (await app.citationBadges.first().textContent())!;
    expect(marker).toMatch(/^\[.*(p\. ?\d+|\d+:\d{2}).*\]$/);
    await app.screenshot('chat-answer-desktop');
    await app.citationBadges.first().click();
    const passage = page.getByRole('dialog');
    await expect(passage).toBeVisible();
    await expect(passage).toContainText(marker);
    await expect(passage.locator('blockquote')).not.toBeEmpty();
    await expect(passage).toContainText(/Page \d+|At \d+:\d{2}/);
    await app.expectAccessible('source dialog');
    await page.keyboard.press('Escape');
    await expect(passage).toBeHidden();

    // Reloading keeps the instructions dismissed.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Conference Q&A' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'How to Use' })).toBeHidden();
  });

  test('select sessions, then ask again: the question is limited to them', async ({ page }) => {
    const app = new AttendeeApp(page);
    await app.skipHowToUse();
    await app.signInViaApi(uniqueEmail('select'));
    await page.goto('/');
    const panel = app.sessionsPanel();
    await expect(panel.getByTestId('session-item').first()).toBeVisible();
    await expect(panel.getByText(/^Day 1/)).toBeVisible();

    const sessionBoxes = panel.getByTestId('session-item').getByRole('checkbox', { disabled: false });
    await sessionBoxes.nth(0).check();
    await sessionBoxes.nth(1).check();
    await expect(page.getByTestId('chat-scope')).toHaveText('2 sessions selected');

    await app.waitForChatReady();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/chat/stream'));
    await app.ask('What did the speakers say about credit risk?');
    const body = (await request).postDataJSON() as { sessionIds: string[]; threadId: string; message: string };
    expect(body.sessionIds).toHaveLength(2);
    expect(body.message).toBe('What did the speakers say about credit risk?');

    await app.ask('And what about pricing?');
    await expect(app.assistantMessages).toHaveCount(2);
    await expect(page.locator('[data-testid="chat-message"][data-role="user"]')).toHaveCount(2);
  });

  test('a reload keeps the ticked sessions and the takeaways, as it keeps the conversation; logging out forgets them', async ({ page }) => {
    const app = new AttendeeApp(page);
    await app.skipHowToUse();
    const email = uniqueEmail('kept');
    await app.signInViaApi(email);
    await page.goto('/');
    const sessions = app.sessionsPanel();
    const boxes = sessions.getByTestId('session-item').getByRole('checkbox', { disabled: false });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect(page.getByTestId('chat-scope')).toHaveText('2 sessions selected');
    const takeaways = app.takeawaysPanel();
    await expect(takeaways.getByRole('radio', { name: 'Selected Sessions (2)' })).toBeChecked();
    await takeaways.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(app.text('Takeaways Generated')).toBeVisible({ timeout: 60_000 });
    const generated = await takeaways.getByTestId('takeaway').allTextContents();
    expect(generated.length).toBeGreaterThan(0);
    await app.waitForChatReady();
    await app.ask('What did the speakers say about credit risk?');

    await page.reload();
    await app.waitForChatReady();
    await expect(page.getByTestId('chat-scope')).toHaveText('2 sessions selected');
    await expect(boxes.nth(0)).toBeChecked();
    await expect(boxes.nth(1)).toBeChecked();
    await expect(takeaways.getByRole('radio', { name: 'Selected Sessions (2)' })).toBeChecked();
    await expect(takeaways.getByTestId('takeaway')).toHaveText(generated);
    await expect(takeaways.getByRole('button', { name: 'Refresh', exact: true })).toBeVisible();
    await expect(app.assistantMessages).toHaveCount(1);

    await page.goto('/logout');
    await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
    await app.signInViaApi(email);
    await page.goto('/');
    await app.waitForChatReady();
    await expect(sessions.getByTestId('session-item').first()).toBeVisible();
    await expect(page.getByTestId('chat-scope')).toHaveText('All sessions');
    await expect(takeaways.getByTestId('takeaway')).toHaveCount(0);
    await expect(takeaways.getByText('Please select at least one session to generate takeaways.')).toBeVisible();
  });

  test('takeaways: generate, copy, export as a numbered file, email', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const app = new AttendeeApp(page);
    await app.skipHowToUse();
    const email = uniqueEmail('takeaways');
    await app.signInViaApi(email);
    await page.goto('/');
    const panel = app.takeawaysPanel();
    await expect(panel.getByText('Please select at least one session to generate takeaways.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Generate', exact: true })).toBeDisabled();

    await panel.getByRole('radio', { name: /All Conference Sessions \(\d+\)/ }).click();
    await panel.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(app.text('Takeaways Generated')).toBeVisible({ timeout: 60_000 });
    const items = panel.getByTestId('takeaway');
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    expect(count).toBeGreaterThan(0);
    const first = ((await items.first().locator('p').textContent()) ?? '').replace(/^•\s*/, '');

    await panel.getByRole('button', { name: 'Copy to Clipboard' }).click();
    await expect(app.text('Copied!')).toBeVisible();
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    expect(clip.startsWith(`1. ${first}`)).toBe(true);

    const downloadPromise = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Export as File' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe('conference-takeaways.txt');
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(count);
    lines.forEach((line, i) => expect(line.startsWith(`${i + 1}. `)).toBe(true));
    await expect(app.text('Takeaways exported successfully.')).toBeVisible();

    const since = Date.now();
    await panel.getByRole('button', { name: `Email to ${email}` }).click();
    await expect(app.text('Email Sent!')).toBeVisible({ timeout: 30_000 });
    const mail = await waitForMail(email, since);
    expect(mail).toContain(first.slice(0, 40));
    await app.screenshot('takeaways-desktop');
  });

  test('email chat history: validation, another recipient, then the own address', async ({ page }) => {
    const app = new AttendeeApp(page);
    await app.skipHowToUse();
    const email = uniqueEmail('history');
    await app.signInViaApi(email);
    await page.goto('/');
    await app.waitForChatReady();
    await app.ask('What did lenders say about credit criteria?');

    await page.getByRole('button', { name: 'Email Chat History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email Chat History' });
    await expect(dialog).toBeVisible();
    await app.expectAccessible('email chat history dialog');
    const field = dialog.getByLabel('Recipient email');
    await expect(field).toHaveValue(email);
    await field.fill('not-an-email');
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(app.text('Please enter a valid email address')).toBeVisible();

    // Another recipient gets the history too, naming who sent it.
    const colleague = uniqueEmail('history-recipient');
    await field.fill(colleague);
    const sentAt = Date.now();
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(app.text(`Successfully sent to ${colleague}`)).toBeVisible({ timeout: 30_000 });
    expect((await waitForMail(colleague, sentAt)).replace(/=\r?\n/g, '')).toContain(`<${email}> sent you this conversation from`);

    await page.getByRole('button', { name: 'Email Chat History' }).click();
    await field.fill(email);
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Send Email' }).click();
    await expect(app.text(`Successfully sent to ${email}`)).toBeVisible({ timeout: 30_000 });
    const mail = await waitForMail(email, since);
    expect(mail).toContain('What did lenders say about credit criteria?');
  });
});
