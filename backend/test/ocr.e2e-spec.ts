import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { INGEST_MESSAGES } from '../src/ingestion/parsing/ingest-errors';
import { chunksOf, createSession, settled, settledWithProgress } from './fixtures/document-helpers';
import { encryptedPdf, scannedPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { postSse, sessionCookie, SseEvent } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';
import { removeQueueKeys } from './fixtures/queue-helpers';

const ADMIN = 'admin@ocr.test';
/** With REDIS_URL set (as in CI) the OCR runs in a Bull job on that real Redis, under a prefix of its own. */
const REDIS_URL = process.env.REDIS_URL;
const QUEUE_PREFIX = `ca-test-ocr-${process.pid}-${Date.now()}`;
const MODE = REDIS_URL ? 'Bull on Redis' : 'in-process queue';
/** The unusual sentence on page 2 of the scanned handout: nothing else in the database says it. */
const SENTENCE = 'The purple walrus financed seventeen tractors in Albuquerque.';
/** A scanned handout: a picture of text on pages 1 and 2, a blank sheet with scanner dust on page 3. */
const HANDOUT: string[][] = [
  ['Equipment Finance Outlook', 'Lenders expect steady demand for construction gear this year.'],
  ['Panel notes from the afternoon session', SENTENCE, 'Residual values held firm across the quarter.'],
  [],
];

async function upload(admin: TestAgent, sessionId: string, pdf: Buffer, filename: string): Promise<DocumentResponse> {
  const res = await admin.post('/api/admin/upload').field('sessionId', sessionId).field('kind', 'pdf').attach('file', pdf, filename);
  expect(res.status).toBe(201);
  return res.body as DocumentResponse;
}

describe(`scanned and image-only PDFs are read by OCR (offline, tesseract.js; ${MODE})`, () => {
  let t: TestApp;
  let admin: TestAgent;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, ...(REDIS_URL ? { REDIS_URL, QUEUE_PREFIX } : {}) });
    admin = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Scanned Handouts: Fleet Finance');
  });
  afterAll(async () => {
    if (REDIS_URL && t) await removeQueueKeys(t, QUEUE_PREFIX);
    await t?.close();
  });

  it("ingests an image-only PDF: 'Reading scanned pages' progress, OCR pages listed, found by search and chat with [p. 2]", async () => {
    const doc = await upload(admin, sessionId, await scannedPdf(HANDOUT), 'handout-scan.pdf');
    const { doc: done, seen } = await settledWithProgress(admin, doc.id, 120_000, 20);
    expect(done).toMatchObject({ status: 'embedded', error: null, progressStage: 'Ready', ocrPages: [1, 2] });

    // Progress: the stage names the page being read and how many there are; an ETA once a page was timed.
    const ocrStages = seen.map((d) => d.progressStage ?? '').filter((s) => s.startsWith('Reading scanned pages'));
    expect(ocrStages.length).toBeGreaterThan(0);
    for (const s of ocrStages) expect(s).toMatch(/^Reading scanned pages \(page [123] of 3\)$/);
    const later = seen.filter((d) => /^Reading scanned pages \(page [23] of 3\)$/.test(d.progressStage ?? ''));
    for (const d of later) expect(typeof d.estimatedTimeRemaining).toBe('number');

    // Chunks: pages 1 and 2 only; the blank scanned page gives nothing.
    const chunks = await chunksOf(t, doc.id);
    expect(new Set(chunks.map((c) => c.page))).toEqual(new Set([1, 2]));
    expect(chunks.find((c) => c.page === 2)?.text).toContain(SENTENCE);
    expect(chunks.some((c) => c.page === 3)).toBe(false);

    // Search finds the sentence on page 2.
    const cookie = await sessionCookie(t, 'reader@example.com', 'Riley');
    const search = await request(t.url)
      .get('/api/search')
      .query({ q: 'purple walrus tractors Albuquerque' })
      .set('Cookie', cookie)
      .expect(200);
    const top = search.body.results[0];
    expect(top).toMatchObject({ documentId: doc.id, kind: 'pdf', page: 2 });
    expect(top.marker).toMatch(/p\. 2\]$/);
    // The matched words come as spans of the plain snippet (highlights), 'walrus' among them.
    const marked = top.highlights.map((h: { start: number; end: number }) => top.snippet.slice(h.start, h.end).toLowerCase());
    expect(marked).toContain('walrus');

    // A chat question about it is answered from page 2, cited [p. 2].
    const thread = await request(t.url).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: [] }).expect(200);
    const res = await postSse(t.url, '/api/chat/stream', cookie, {
      threadId: thread.body.id,
      message: 'Who financed seventeen tractors in Albuquerque?',
      sessionIds: [],
    });
    expect(res.status).toBe(200);
    const events = res.events.filter((e): e is Exclude<SseEvent, '[DONE]'> => e !== '[DONE]');
    const content = events
      .filter((e) => 'content' in e)
      .map((e) => e.content as string)
      .join('');
    const sources = (events.find((e) => 'sources' in e)?.sources ?? []) as { documentId: string; page?: number; marker: string }[];
    expect(content).toMatch(/purple walrus/i);
    const cited = sources.find((s) => s.documentId === doc.id && s.page === 2);
    expect(cited).toBeDefined();
    expect(cited!.marker).toMatch(/p\. 2\]$/);
    expect(content).toContain(cited!.marker);
  });

  it('a scanned PDF with no readable text (blank sheets) ends in error with a reason, with no chunks', async () => {
    const doc = await upload(admin, sessionId, await scannedPdf([[], []]), 'blank-scan.pdf');
    const done = await settled(admin, doc.id, 120_000);
    expect(done).toMatchObject({ status: 'error', error: INGEST_MESSAGES.pdfNoReadableText, progressStage: 'Failed', ocrPages: [] });
    expect(await chunksOf(t, doc.id)).toEqual([]);
  });

  it('an encrypted PDF still says it needs its password removed', async () => {
    const doc = await upload(admin, sessionId, await encryptedPdf(), 'locked.pdf');
    expect(await settled(admin, doc.id)).toMatchObject({ status: 'error', error: INGEST_MESSAGES.pdfEncrypted });
  });
});

describe('OCR=off', () => {
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, OCR: 'off' });
    admin = await signInPrivileged(t, ADMIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("restores today's error for an image-only PDF: no text layer", async () => {
    const sessionId = await createSession(admin, 'Scanned Handouts: OCR off');
    const doc = await upload(admin, sessionId, await scannedPdf(HANDOUT.slice(0, 2)), 'handout-scan.pdf');
    const done = await settled(admin, doc.id);
    expect(done).toMatchObject({ status: 'error', error: INGEST_MESSAGES.pdfNoText, ocrPages: [] });
    expect(await chunksOf(t, doc.id)).toEqual([]);
  });
});
