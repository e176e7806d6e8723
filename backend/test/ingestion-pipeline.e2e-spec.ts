import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { cleanText } from '../src/database/text-sanitize';
import { EMBED_BATCH } from '../src/ingestion/chunk-writer';
import { ChunkDraft, chunkPdfPage, PdfBoilerplate } from '../src/ingestion/chunking/chunker';
import { DocumentRunsRepository } from '../src/documents/runs/document-runs.repository';
import { IngestionRepository } from '../src/ingestion/ingestion.repository';
import { readPdfPages } from '../src/ingestion/parsing/pdf-pages';
import { chunksOf, createSession, listedDocument, settled, waitFor } from './fixtures/document-helpers';
import { reportPage, textPdf } from './fixtures/pdf-fixtures';
import { FakeOpenAi, startFakeOpenAi } from './utils/fake-openai';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';
import { removeQueueKeys } from './fixtures/queue-helpers';

const ADMIN = 'admin@ingestion-pipeline.test';
const REDIS_URL = process.env.REDIS_URL ?? process.env.SERVER_TEST_REDIS_URL;
const QUEUE_PREFIX = `ca-test-pipeline-${process.pid}-${Date.now()}`;
/** A remote model's latency per embeddings request: each batch of chunks is stored this long after the one before. */
const EMBEDDING_DELAY_MS = 2_500;
/** The page whose chunks the embeddings model refuses (a failure in the middle of the document). */
const REFUSED_PAGE = 45;
/** The word on that page the model refuses. */
const REFUSED_WORD = 'Zyzzogeton';

/** The chunks a reading without any overlap gives: every page parsed first, then chunked one after another. */
async function unpipelinedChunks(pdf: Buffer): Promise<ChunkDraft[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pipeline-ref-'));
  try {
    const file = path.join(dir, 'ref.pdf');
    await fs.writeFile(file, pdf);
    const pages = [];
    for await (const batch of readPdfPages(file)) pages.push(...batch.pages);
    const boilerplate = new PdfBoilerplate();
    const chunks: ChunkDraft[] = [];
    for (const page of pages) chunks.push(...(await chunkPdfPage({ num: page.num, text: cleanText(page.text) }, boilerplate)));
    return chunks;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe(`pipelined ingestion (${REDIS_URL ? 'Bull on Redis' : 'in-process runner'}): identical result, clean failure, a cheap lease`, () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let db: DataSource;
  let admin: TestAgent;
  let sessionId: string;
  let pdf: Buffer;

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      embeddingDelayMs: EMBEDDING_DELAY_MS,
      failEmbeddingsWhen: (inputs) => inputs.some((text) => text.includes(REFUSED_WORD)),
    });
    t = await startTestApp({
      ADMIN_EMAILS: ADMIN,
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-pipeline-test',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_EMBEDDING_MODEL: 'text-embedding-3-small',
      ...(REDIS_URL ? { REDIS_URL, QUEUE_PREFIX } : {}),
    });
    db = t.app.get(DataSource);
    admin = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Annual Report Review');
    pdf = await textPdf(Array.from({ length: 120 }, (_, i) => reportPage(i + 1, 3000)));
  });
  afterAll(async () => {
    if (REDIS_URL && t) await removeQueueKeys(t, QUEUE_PREFIX);
    await t?.close();
    await fake?.close();
  });

  async function upload(file: Buffer, filename: string): Promise<string> {
    const res = await admin.post('/api/admin/upload').field('sessionId', sessionId).field('kind', 'pdf').attach('file', file, filename);
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  it('stores the chunks an unpipelined reading gives (same texts, same order, same pages), writing no heartbeat while progress keeps the lease', async () => {
    const heartbeats = jest.spyOn(DocumentRunsRepository.prototype, 'heartbeat');
    const leaseAges: number[] = [];
    try {
      const started = Date.now();
      const id = await upload(pdf, 'annual-report.pdf');
      const done = await waitFor(
        async () => {
          const [row]: { status: string; age: number | null }[] = await db.query(
            `SELECT status, extract(epoch FROM now() - heartbeat_at) * 1000 AS age FROM documents WHERE id = $1`,
            [id],
          );
          if (row.status === 'chunked' && row.age !== null) leaseAges.push(Number(row.age));
          return row.status === 'embedded' || row.status === 'error' ? row : undefined;
        },
        120_000,
        250,
      );
      const seconds = (Date.now() - started) / 1000;
      expect(done.status).toBe('embedded');

      const stored = await chunksOf(t, id);
      const expected = await unpipelinedChunks(pdf);
      expect(stored.length).toBeGreaterThan(3 * EMBED_BATCH);
      expect(stored.map((c) => c.chunkIndex)).toEqual(expected.map((_, i) => i));
      expect(stored.map((c) => [c.page, c.text])).toEqual(expected.map((c) => [c.page, c.text]));
      expect(new Set(stored.map((c) => c.page)).size).toBe(120);

      // The run lasted over two lease intervals (5 s), its progress writes kept the lease, and it never went stale.
      expect(seconds).toBeGreaterThan(10);
      expect(heartbeats).not.toHaveBeenCalled();
      expect(leaseAges.length).toBeGreaterThan(10);
      expect(Math.max(...leaseAges)).toBeLessThan(10_000);
    } finally {
      heartbeats.mockRestore();
    }
  });

  it('a failure in a middle phase (the embeddings of page 45) ends the document in error with the reason, and leaves no chunk of it', async () => {
    const pages = Array.from({ length: 90 }, (_, i) => reportPage(i + 1, 3000) + (i + 1 === REFUSED_PAGE ? ` ${REFUSED_WORD}.` : ''));
    const id = await upload(await textPdf(pages), 'refused.pdf');
    const done = await settled(admin, id, 180_000);
    expect(done.status).toBe('error');
    expect(done.error).toMatch(/^Processing failed after 3 attempts: .*This input cannot be embedded/);
    expect(done.progressStage).toBe('Failed');
    // The batches embedded before page 45 were stored while the reading went on: none of them is left.
    const [{ n }]: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM chunks WHERE document_id = $1`, [id]);
    expect(n).toBe(0);
    const listed = await listedDocument(admin, id);
    expect(listed).toMatchObject({ status: 'error', error: done.error });
  });

  it("an ingestion INSERT waits for the process's other statements (an answer's) to be done, and no longer than its bound", async () => {
    const repository = t.app.get(IngestionRepository);
    expect(await repository.othersIdle(1_000)).toBeLessThan(100);
    const answer = db.query(`SELECT pg_sleep(0.6)`);
    await new Promise((r) => setTimeout(r, 20));
    expect(await repository.othersIdle(5_000)).toBeGreaterThan(400);
    await answer;
    const long = db.query(`SELECT pg_sleep(1.5)`);
    await new Promise((r) => setTimeout(r, 20));
    const waited = await repository.othersIdle(200);
    expect(waited).toBeGreaterThanOrEqual(200);
    expect(waited).toBeLessThan(1_000);
    await long;
  });
});
