import { expect, test, type Page } from '@playwright/test';
import { textPdf } from '../backend/test/fixtures/pdf-fixtures';
import { signInThroughMailedLink } from './pages/adminConsole';
import { AttendeeApp, uniqueEmail } from './pages/attendee';
import { E2E_ADMIN_EMAIL } from './support/env';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** The page scrolls sideways by this many pixels (0: it fits). */
function overflowX(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function signedIn(page: Page, prefix: string): Promise<AttendeeApp> {
  const app = new AttendeeApp(page);
  await app.skipHowToUse();
  await app.signInViaApi(uniqueEmail(prefix));
  return app;
}

for (const [name, size] of SIZES) {
  test.describe(`attendee app finished (${name} ${size.width}×${size.height})`, () => {
    test.use({ viewport: size });

    test('the conversation survives a reload; earlier ones reopen or are deleted; Clear asks first', async ({ page }) => {
      const app = await signedIn(page, `threads-${name}`);
      await page.goto('/');
      await app.waitForChatReady();
      await expect(page.getByTestId('provider-note')).toHaveText('Answers quote the conference materials directly.');
      await app.ask('What do lenders look for in credit applications?');
      await page.reload();
      await app.waitForChatReady();
      await expect(page.getByText('What do lenders look for in credit applications?')).toBeVisible();
      await expect(app.assistantMessages).toHaveCount(1);

      await page.getByRole('button', { name: 'Clear conversation' }).click();
      const ask = page.getByRole('dialog', { name: 'Clear this conversation?' });
      await expect(ask).toBeVisible();
      await app.screenshot(`finish-clear-asks-${name}`);
      await ask.getByRole('button', { name: 'Clear' }).click();
      await expect(app.assistantMessages).toHaveCount(0);
      // The toast does not cover the button it answers.
      const toastBox = await page.getByRole('status').filter({ hasText: 'Conversation Cleared' }).first().boundingBox();
      const clearBox = await page.getByRole('button', { name: 'Clear conversation' }).boundingBox();
      expect(toastBox && clearBox).toBeTruthy();
      const overlaps =
        toastBox!.x < clearBox!.x + clearBox!.width &&
        clearBox!.x < toastBox!.x + toastBox!.width &&
        toastBox!.y < clearBox!.y + clearBox!.height &&
        clearBox!.y < toastBox!.y + toastBox!.height;
      expect(overlaps).toBe(false);

      const opener = page.getByRole('button', { name: 'Conversations' });
      await opener.click();
      const list = page.getByRole('dialog', { name: 'Conversations' });
      const item = list.getByTestId('conversation').filter({ hasText: 'What do lenders look for in credit applications?' });
      await expect(item).toContainText(/Today, \d{1,2}:\d{2} [AP]M/);
      await app.expectAccessible(`conversations (${name})`);
      await app.screenshot(`finish-conversations-${name}`);
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();
      await expect(opener).toBeFocused();

      await opener.click();
      await item.getByRole('button', { name: /^Open conversation/ }).click();
      await expect(app.assistantMessages).toHaveCount(1);
      await page.reload();
      await expect(app.assistantMessages).toHaveCount(1);

      await opener.click();
      await item.getByRole('button', { name: /^Delete…/ }).click();
      await item.getByRole('button', { name: /^Delete conversation/ }).click();
      await expect(list.getByTestId('conversation').filter({ hasText: 'What do lenders look for' })).toHaveCount(0);
    });

    test('a PDF citation shows the cited sentence and the cited page, highlighted, and opens the document there', async ({
      page,
      browser,
    }) => {
      const title = `Deck Review ${name} ${Date.now()}`;
      const adminContext = await browser.newContext();
      const admin = await adminContext.newPage();
      await signInThroughMailedLink(admin, E2E_ADMIN_EMAIL);
      const created = await admin.request.post('/api/admin/session', { data: { title, speakers: ['Ada Park'], format: 'panel' } });
      expect(created.ok(), await created.text()).toBe(true);
      const sessionId = ((await created.json()) as { id: string }).id;
      const pdf = await textPdf([
        'Agenda. Welcome and introductions for the deck review.',
        'Market context. A saffron heron appraised forty excavators in Tulsa last spring. Prices then fell.',
      ]);
      const uploaded = await admin.request.post('/api/admin/upload', {
        multipart: { sessionId, kind: 'pdf', file: { name: 'deck.pdf', mimeType: 'application/pdf', buffer: pdf } },
      });
      expect(uploaded.ok(), await uploaded.text()).toBe(true);
      const documentId = ((await uploaded.json()) as { id: string }).id;
      await expect
        .poll(
          async () =>
            ((await (await admin.request.get('/api/admin/documents')).json()) as { id: string; status: string }[]).find(
              (d) => d.id === documentId,
            )?.status,
          { timeout: 60_000 },
        )
        .toBe('embedded');
      await adminContext.close();

      const app = await signedIn(page, `pdf-${name}`);
      const pdfjsRequests: string[] = [];
      page.on('request', (r) => /PdfPage|pdf\.worker/.test(r.url()) && pdfjsRequests.push(r.url()));
      await page.goto('/');
      if (name === 'phone') {
        await page.getByRole('button', { name: /Select Sessions/ }).click();
        await page
          .getByRole('dialog', { name: 'Select Sessions' })
          .getByTestId('session-item')
          .filter({ hasText: title })
          .getByRole('checkbox')
          .check();
        await page.keyboard.press('Escape');
      } else {
        await app.sessionsPanel().getByTestId('session-item').filter({ hasText: title }).getByRole('checkbox').check();
      }
      await app.waitForChatReady();
      await app.ask('Who appraised forty excavators in Tulsa?');
      expect(pdfjsRequests).toEqual([]);
      const badge = app.assistantMessages.last().locator('button[data-citation]').filter({ hasText: 'p. 2' }).first();
      await badge.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('mark')).toContainText('A saffron heron appraised forty excavators in Tulsa');
      await expect(dialog.getByRole('img', { name: /Page 2 of .*the cited passage highlighted/ })).toBeVisible({ timeout: 30_000 });
      await expect(dialog.locator('[data-pdf-highlight]').first()).toBeVisible();
      expect(pdfjsRequests.length).toBeGreaterThan(0);
      const open = dialog.getByRole('link', { name: 'Open the document at this page' });
      await expect(open).toHaveAttribute('href', `/api/documents/${documentId}/view#page=2`);
      const file = await page.request.get(`/api/documents/${documentId}/view`);
      expect(file.headers()['content-type']).toBe('application/pdf');
      await app.expectAccessible(`pdf citation (${name})`);
      await app.screenshot(`finish-pdf-citation-${name}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(badge).toBeFocused();
    });

    test('the search form fits: the session list never sits under Search, and the page never scrolls sideways', async ({ page }) => {
      const app = await signedIn(page, `search-${name}`);
      await page.goto('/search');
      const select = page.getByRole('combobox', { name: 'Session' });
      const button = page.getByRole('button', { name: 'Search', exact: true });
      await expect(select).toBeVisible();
      const a = (await select.boundingBox())!;
      const b = (await button.boundingBox())!;
      const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap).toBe(false);
      expect(await overflowX(page)).toBeLessThanOrEqual(0);
      await app.expectAccessible(`search (${name})`);
      await app.screenshot(`finish-search-${name}`);
    });

    test('errors: a failed answer keeps the question and says why in plain words', async ({ page }) => {
      const app = await signedIn(page, `errors-${name}`);
      await page.route('**/api/chat/stream', (r) => r.fulfill({ status: 500, body: 'x' }));
      await page.route('**/api/chat/message', (r) =>
        r.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' }),
      );
      await page.goto('/');
      await app.waitForChatReady();
      await app.question.fill('When is the opening keynote?');
      await app.question.press('Enter');
      const alert = page.getByRole('alert').filter({ hasText: 'Your question was not answered' });
      await expect(alert).toContainText('The assistant is not available right now.');
      await expect(page.locator('body')).not.toContainText('Fallback failed');
      await expect(app.question).toHaveValue('When is the opening keynote?');
      await app.screenshot(`finish-error-kept-${name}`);
    });

    test('keyboard: the skip link reaches the question box; every session has a format badge; Generate is named Generate', async ({
      page,
    }) => {
      const app = await signedIn(page, `keys-${name}`);
      await page.goto('/');
      await app.waitForChatReady();
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to the question box' });
      await expect(skip).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(app.question).toBeFocused();
      if (name === 'desktop') {
        const items = app.sessionsPanel().getByTestId('session-item');
        const count = await items.count();
        expect(count).toBeGreaterThan(0);
        for (let i = 0; i < count; i++) {
          await expect(
            items
              .nth(i)
              .getByText(/^(Keynote|Panel|Fireside Chat|Concurrent|Roundtable|Lightning|Workshop|Session|\w+)$/)
              .first(),
          ).toBeVisible();
        }
        await expect(app.takeawaysPanel().getByRole('button', { name: 'Generate', exact: true })).toBeVisible();
      }
      await app.expectAccessible(`chat (${name})`);
    });
  });
}

test('phones 360-430 px: no sideways scroll, the title whole, header and question box compact', async ({ page }) => {
  const app = await signedIn(page, 'phones');
  for (const width of [360, 390, 430]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/');
    await app.waitForChatReady();
    expect(await overflowX(page), `chat at ${width} px`).toBeLessThanOrEqual(0);
    const title = page.getByRole('heading', { level: 1 });
    await expect(title).toHaveText('Conference Assistant');
    expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
    // The conversation keeps most of the screen: header, panel bar, chat header and question box together
    // take well under the 40% they took before.
    const conversation = (await page.locator('[aria-busy]').first().boundingBox())!;
    expect(conversation.height / 844, `conversation share at ${width} px`).toBeGreaterThan(0.64);
    await app.screenshot(`finish-chat-phone-${width}`);
    await page.goto('/search');
    expect(await overflowX(page), `search at ${width} px`).toBeLessThanOrEqual(0);
  }
});

test('sign-in errors mark the field, and a sign-in toast does not follow into the app', async ({ page }) => {
  const app = new AttendeeApp(page);
  await app.skipHowToUse();
  await page.goto('/auth?error=not_found');
  await expect(app.text('Redirected to Login')).toBeVisible();
  await app.fillSignIn({ firstName: 'Sam', email: 'sam.example.com' });
  await page.getByRole('button', { name: 'Continue' }).click();
  const email = page.getByLabel('Email Address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await app.screenshot('finish-sign-in-error');
  await app.fillSignIn({ firstName: 'Sam', email: uniqueEmail('stale') });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await app.waitForChatReady();
  await expect(page.getByText('Invalid Email')).toHaveCount(0);
  await expect(page.getByText('Redirected to Login')).toHaveCount(0);
});

test('ask "when is …": the time is shown and the session badge opens the session; Add to calendar gives an .ics in the conference zone', async ({
  page,
}) => {
  const app = await signedIn(page, 'program');
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await app.waitForChatReady();
  await app.ask('When is the opening keynote?');
  const answer = app.assistantMessages.last();
  await expect(answer).toContainText('8:30 AM');
  const badge = answer.getByRole('button', { name: /^Session: Opening Keynote/ }).first();
  await badge.click();
  const dialog = page.getByRole('dialog', { name: /Opening Keynote/ });
  const entry = dialog.getByTestId('session-entry');
  await expect(entry).toContainText('8:30 AM');
  await expect(entry).toContainText('Centennial Ballroom A');
  await expect(entry).toContainText('Day 1 - Monday, Sept 8');
  await app.expectAccessible('session citation');
  await app.screenshot('finish-session-citation-desktop');
  const download = page.waitForEvent('download');
  await entry.getByRole('link', { name: 'Add to calendar' }).click();
  const file = await (await download).path();
  const ics = (await import('node:fs')).readFileSync(file, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toMatch(/DTSTART;TZID=America\/Denver:20250908T083000/);
  await page.keyboard.press('Escape');
  await expect(badge).toBeFocused();

  // The planned list as one .ics.
  await app.sessionsPanel().getByTestId('session-item').first().getByRole('checkbox').check();
  const many = page.waitForEvent('download');
  await app.sessionsPanel().getByRole('link', { name: 'Add selected to calendar' }).click();
  expect((await import('node:fs')).readFileSync(await (await many).path(), 'utf8')).toContain('BEGIN:VEVENT');
});
