import { expect, test } from '@playwright/test';
import { signInThroughMailedLink } from './pages/adminConsole';
import { AttendeeApp, uniqueEmail } from './pages/attendee';
import { E2E_ADMIN_EMAIL, E2E_SUPERADMIN_EMAIL } from './support/env';

const REMOTE_HOST = 'images.remote-host.test';

/**
 * A document line holding a markdown image is retrieved and quoted in an answer;
 * the attendee's browser shows its alt text and never calls the image host.
 */
test.describe('security: answers never load remote content', () => {
  test('a quoted markdown image shows as its alt text and no request leaves for its host', async ({ browser, page }) => {
    // An admin uploads a transcript whose lines carry a remote image.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInThroughMailedLink(adminPage, E2E_ADMIN_EMAIL);
    const session = await adminPage.request.post('/api/admin/session', {
      data: { title: 'Zebra Leasing Outlook', speakers: ['Pat Pixel'] },
    });
    expect(session.ok(), await session.text()).toBe(true);
    const sessionId = (await session.json()).id as string;
    const transcript = [
      `Pat Pixel: Zebra leasing volumes doubled this year, as the zebra chart shows ![zebra chart](http://${REMOTE_HOST}/pixel.png?reader=1) for every quarter.`,
      'Pat Pixel: Zebra leasing lenders now ask for two years of statements.',
      'Pat Pixel: Zebra leasing margins held steady across the region.',
    ].join('\n');
    const upload = await adminPage.request.post('/api/admin/upload', {
      multipart: { sessionId, kind: 'transcript', file: { name: 'zebra.txt', mimeType: 'text/plain', buffer: Buffer.from(transcript) } },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const documentId = (await upload.json()).id as string;
    await expect
      .poll(
        async () =>
          ((await (await adminPage.request.get('/api/admin/documents')).json()) as { id: string; status: string }[]).find(
            (d) => d.id === documentId,
          )?.status,
        {
          timeout: 60_000,
        },
      )
      .toBe('embedded');
    await adminContext.close();

    // An attendee asks about it; every request the page makes is watched.
    const remote: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(REMOTE_HOST)) remote.push(r.url());
    });
    const app = new AttendeeApp(page);
    await app.skipHowToUse();
    await app.signInViaApi(uniqueEmail('pixel'));
    await page.goto('/');
    await app.waitForChatReady();
    await app.ask('What does the zebra chart show about zebra leasing volumes?');
    const answer = app.assistantMessages.last();
    // The server turns the quoted image into its alt text before the answer leaves it; the address is dropped.
    await expect(answer).toContainText('as the zebra chart shows zebra chart for every quarter');
    await expect(answer).not.toContainText(REMOTE_HOST);
    await expect(answer.locator('img')).toHaveCount(0);
    expect(remote).toEqual([]);

    // The page's CSP allows images only from this origin (or data: URLs).
    const doc = await page.request.get('/');
    expect(doc.headers()['content-security-policy']).toContain("img-src 'self' data:");
  });

  test('the three apps run under the Content-Security-Policy without a single violation', async ({ browser, page }) => {
    const violations: string[] = [];
    const watch = (p: typeof page) => {
      p.on('console', (m) => {
        if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(`${p.url()}: ${m.text()}`);
      });
    };
    watch(page);
    const app = new AttendeeApp(page);
    for (const path of ['/', '/auth', '/landing', '/nowhere']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await app.signInViaApi(uniqueEmail('csp'));
    await page.goto('/');
    await app.waitForChatReady();

    const superContext = await browser.newContext();
    const superPage = await superContext.newPage();
    watch(superPage);
    await signInThroughMailedLink(superPage, E2E_SUPERADMIN_EMAIL);
    await expect(superPage.getByText('Total Users')).toBeVisible();
    await superPage.goto('/admin');
    await expect(superPage.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await superPage.getByRole('tab', { name: 'OpenAI Billing' }).click();
    await expect(superPage.getByText('Total Cost', { exact: true })).toBeVisible();
    // The Billing tab states the daily AI budget (none with the local provider).
    await expect(superPage.getByRole('alert').filter({ hasText: 'No daily AI budget is set' })).toBeVisible();
    await superContext.close();
    expect(violations).toEqual([]);
  });
});
