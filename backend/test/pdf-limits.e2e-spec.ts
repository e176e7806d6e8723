import type TestAgent from 'supertest/lib/agent';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { INGEST_MESSAGES } from '../src/ingestion/parsing/ingest-errors';
import { chunksOf, createSession, settled } from './fixtures/document-helpers';
import { parserBombPdf, reportPage, textPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@pdf-limits.test';

/**
 * A PDF that needs too much time or memory to parse (a content stream of a million text operations,
 * about 180 KB on disk) ends in `error` with the limit as its reason, and the queue goes on: the
 * next document is ingested.
 */
describe.each<{ limit: string; env: Record<string, string>; reason: string }>([
  {
    limit: 'time (PDF_PARSE_TIMEOUT_SECONDS)',
    env: { PDF_PARSE_TIMEOUT_SECONDS: '2' },
    reason: INGEST_MESSAGES.pdfParseTimeout(2),
  },
  {
    limit: 'memory (PDF_PARSE_MAX_MEMORY_MB)',
    env: { PDF_PARSE_MAX_MEMORY_MB: '64' },
    reason: INGEST_MESSAGES.pdfParseMemory(64),
  },
])('PDF parsing within its $limit limit', ({ env, reason }) => {
  let t: TestApp;
  let admin: TestAgent;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, ...env });
    admin = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Portfolio Risk Workshop');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function upload(pdf: Buffer, filename: string): Promise<DocumentResponse> {
    const res = await admin.post('/api/admin/upload').field('sessionId', sessionId).field('kind', 'pdf').attach('file', pdf, filename);
    expect(res.status).toBe(201);
    return res.body as DocumentResponse;
  }

  it('a file over the limit ends in error with that reason, and the next document is still ingested', async () => {
    const started = Date.now();
    const bomb = await upload(parserBombPdf(), 'bomb.pdf');
    const next = await upload(await textPdf([reportPage(1, 1500), reportPage(2, 1500)]), 'after.pdf');
    const failed = await settled(admin, bomb.id, 60_000);
    expect(failed).toMatchObject({ status: 'error', error: reason, progressStage: 'Failed' });
    expect(await chunksOf(t, bomb.id)).toEqual([]);
    const ok = await settled(admin, next.id, 60_000);
    expect(ok).toMatchObject({ status: 'embedded', error: null });
    expect(new Set((await chunksOf(t, next.id)).map((c) => c.page))).toEqual(new Set([1, 2]));
    // Unbounded, pdf-parse works on this file for about 30 s and grows to about 640 MB (measured alone on this machine).
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
