import { expect, test } from '@playwright/test';
import { signInThroughMailedLink } from './pages/adminConsole';
import { AttendeeApp, uniqueEmail } from './pages/attendee';
import { E2E_ADMIN_EMAIL } from './support/env';

const REMOTE_HOST = 'images.remote-host.test';

/**
 * Issue 10, item 8: a document line holding a markdown image is retrieved and quoted in an answer;
 * the attendee's browser shows its alt text and never calls the image host.
 */
test.describe('security: answers never load remote content', () => {
  test('a quoted markdown image shows as its alt text and no request leaves for its host', async ({ browser, page }) => {
    // An admin uploads a transcript whose lines carry a remote image.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signInThroughMailedLink(adminPage, E2E_ADMIN_EMAIL);
    const session = await adminPage.request.post('/api/admin/session', { data: { title: 'Zebra Leasing Outlook', speakers: ['Pat Pixel'] } });
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
      .poll(async () => ((await (await adminPage.request.get('/api/admin/documents')).json()) as { id: string; status: string }[]).find((d) => d.id === documentId)?.status, {
        timeout: 60_000,
      })
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
    await expect(answer).toContainText('[image: zebra chart]');
    await expect(answer.locator('img')).toHaveCount(0);
    expect(remote).toEqual([]);

    // The page's CSP allows images only from this origin (or data: URLs).
    const doc = await page.request.get('/');
    expect(doc.headers()['content-security-policy']).toContain("img-src 'self' data:");
  });
});
