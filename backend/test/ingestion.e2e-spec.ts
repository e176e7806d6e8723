import fs from 'node:fs/promises';
import path from 'node:path';
import { getQueueToken } from '@nestjs/bull';
import { Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { INGEST_QUEUE } from '../src/documents/ingest-queue.port';
import { BullIngestQueue, INGESTION_QUEUE_NAME, jobIdOf } from '../src/ingestion/queue/bull-ingest-queue';
import { EMBED_BATCH } from '../src/ingestion/chunk-writer';
import { InProcessIngestQueue } from '../src/ingestion/queue/in-process-ingest-queue';
import { DocumentRunsRepository } from '../src/documents/runs/document-runs.repository';
import { EmbeddedChunk, IngestionRepository } from '../src/ingestion/ingestion.repository';
import { chunksOf, createSession, listedDocument, settled, settledWithProgress, waitFor } from './fixtures/document-helpers';
import { reportPage, textPdf } from './fixtures/pdf-fixtures';
import { SPEAKER_TXT } from './fixtures/transcripts';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';
import { removeQueueKeys } from './fixtures/queue-helpers';

const ADMIN = 'admin@ingestion.test';
/** REDIS_URL of the test environment: the Bull path runs against that real Redis when it is set. */
const REDIS_URL = process.env.REDIS_URL ?? process.env.SERVER_TEST_REDIS_URL;
const MODE = REDIS_URL ? `Bull on Redis (${REDIS_URL})` : 'in-process runner (REDIS_URL is not set: the Bull path is not exercised)';
const QUEUE_PREFIX = `ca-test-${process.pid}-${Date.now()}`;

function env(): Record<string, string> {
  return { ADMIN_EMAILS: ADMIN, ...(REDIS_URL ? { REDIS_URL, QUEUE_PREFIX } : {}) };
}

describe(`ingestion queue: ${MODE}`, () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestAgent;
  let sessionId: string;
  let bigPdf: Buffer;

  beforeAll(async () => {
    t = await startTestApp(env());
    db = t.app.get(DataSource);
    admin = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Capital Markets Outlook');
    bigPdf = await textPdf(Array.from({ length: 150 }, (_, i) => reportPage(i + 1, 3000)));
  });
  afterAll(async () => {
    if (REDIS_URL && t) await removeQueueKeys(t, QUEUE_PREFIX);
    await t?.close();
  });

  async function upload(file: Buffer, kind: 'pdf' | 'transcript', filename: string): Promise<DocumentResponse> {
    const res = await admin.post('/api/admin/upload').field('sessionId', sessionId).field('kind', kind).attach('file', file, filename);
    expect(res.status).toBe(201);
    return res.body as DocumentResponse;
  }

  /** Waits until the document is being processed (status chunked) at one of `stages`. */
  async function whileChunked(id: string, stage: RegExp): Promise<DocumentResponse> {
    return waitFor(
      async () => {
        const d = await listedDocument(admin, id);
        return d?.status === 'chunked' && stage.test(d.progressStage ?? '') ? d : undefined;
      },
      60_000,
      20,
    );
  }

  it(REDIS_URL ? 'queues on Bull in Redis and processes the job' : 'runs jobs in process, with the same interface', async () => {
    const queue = t.app.get(INGEST_QUEUE);
    if (REDIS_URL) {
      expect(queue).toBeInstanceOf(BullIngestQueue);
      const bull = t.app.get<Queue>(getQueueToken(INGESTION_QUEUE_NAME));
      const completed: string[] = [];
      bull.on('completed', (job) => completed.push(String(job.id)));
      const doc = await upload(Buffer.from(SPEAKER_TXT), 'transcript', 'panel.txt');
      expect((await settled(admin, doc.id)).status).toBe('embedded');
      await waitFor(async () => (completed.includes(jobIdOf({ documentId: doc.id, run: 0 })) ? true : undefined), 10_000);
      const keys = await bull.client.keys(`${QUEUE_PREFIX}:${INGESTION_QUEUE_NAME}:*`);
      expect(keys.length).toBeGreaterThan(0);
    } else {
      expect(queue).toBeInstanceOf(InProcessIngestQueue);
      const doc = await upload(Buffer.from(SPEAKER_TXT), 'transcript', 'panel.txt');
      expect((await settled(admin, doc.id)).status).toBe('embedded');
      expect((queue as InProcessIngestQueue).size).toBe(0);
    }
  });

  it("writes progress as it goes: 'Parsing', 'Embedding n/m' with chunk counts and an ETA, then Ready", async () => {
    const doc = await upload(bigPdf, 'pdf', 'outlook.pdf');
    const { seen } = await settledWithProgress(admin, doc.id, 120_000, 20);
    const chunked = seen.filter((d) => d.status === 'chunked');
    expect(chunked.length).toBeGreaterThan(0);
    const stages = chunked.map((d) => d.progressStage ?? '');
    expect(stages).toContain('Parsing');
    // 'Embedding n' while the pages are read, 'Embedding n/m' once the total is known: a fast run may pass the latter between polls.
    expect(stages.some((s) => /^Embedding \d+(?:\/\d+)?$/.test(s))).toBe(true);
    // While the pages are still being read the total is not known yet: 'Embedding n', the total 0.
    // Stages only move forward ('Saving' is a single short transaction: a poll may miss it).
    const order = (s: string) => ['Parsing', 'Chunking', 'Embedding', 'Saving'].findIndex((p) => s.startsWith(p));
    const ranks = stages.map(order);
    expect(ranks.every((r) => r >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const embedding = chunked.filter((d) => d.progressStage?.startsWith('Embedding'));
    for (const d of embedding) {
      const [, n, m] = /^Embedding (\d+)(?:\/(\d+))?$/.exec(d.progressStage!)!.map((x) => Number(x ?? 0));
      expect(d.processedChunks).toBe(n);
      expect(d.totalChunks).toBe(m);
      if (m) expect(n).toBeLessThanOrEqual(m);
      expect(d.progressPercent).toBeGreaterThan(0);
      expect(d.progressPercent).toBeLessThan(100);
      expect(typeof d.estimatedTimeRemaining).toBe('number');
    }
    const processed = chunked.map((d) => d.processedChunks);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    const last = seen[seen.length - 1];
    const chunks = await chunksOf(t, doc.id);
    expect(last).toMatchObject({ status: 'embedded', progressStage: 'Ready', progressPercent: 100, estimatedTimeRemaining: 0 });
    expect(last.totalChunks).toBe(chunks.length);
    expect(new Set(chunks.map((c) => c.page)).size).toBe(150);
  });

  it("never shows a total that shrinks: a PDF's chunk total appears once it is known, and it is the final one", async () => {
    // Every progress write of the run is seen (the polls below may miss the short-lived ones).
    const writes = jest.spyOn(t.app.get(DocumentRunsRepository), 'progress');
    try {
      // Dense first pages, then short ones: a total extrapolated from the first pages falls as the rest is read.
      const pages = Array.from({ length: 300 }, (_, i) => reportPage(i + 1, i < 60 ? 3000 : 400));
      const doc = await upload(await textPdf(pages), 'pdf', 'front-loaded.pdf');
      const { seen } = await settledWithProgress(admin, doc.id, 120_000, 10);
      const last = seen[seen.length - 1];
      expect(last.status).toBe('embedded');
      const written = writes.mock.calls.filter(([id]) => id === doc.id).map(([, , p]) => p);
      // Progress is written at most every 250 ms: a fast machine may read and embed the file between two writes.
      expect(written.filter((p) => p.stage.startsWith('Embedding')).length).toBeGreaterThan(0);
      const totals = [...written.map((p) => p.totalChunks), ...seen.map((d) => d.totalChunks)].filter((n) => n > 0);
      expect(totals.length).toBeGreaterThan(0);
      expect([...new Set(totals)]).toEqual([last.totalChunks]);
      // Each figure once: the stage states the chunks ('Embedding n', or 'n/m' once the total is known), as the counts do.
      for (const p of written.filter((w) => w.stage.startsWith('Embedding'))) {
        expect(p.stage).toBe(p.totalChunks ? `Embedding ${p.processedChunks}/${p.totalChunks}` : `Embedding ${p.processedChunks}`);
      }
    } finally {
      writes.mockRestore();
    }
  });

  it('retries a failing job with backoff and ends embedded once the failure is gone', async () => {
    // A real failure of the database while chunks are written: a constraint refusing them.
    await db.query(`ALTER TABLE chunks ADD CONSTRAINT refuse_new_chunks CHECK (run IS NULL) NOT VALID`);
    let restored = false;
    try {
      const doc = await upload(Buffer.from(SPEAKER_TXT), 'transcript', 'retry.txt');
      const retrying = await waitFor(async () => {
        const d = await listedDocument(admin, doc.id);
        return d?.progressStage === 'Retrying (attempt 2 of 3)' ? d : undefined;
      });
      expect(retrying.status).toBe('uploaded');
      expect(retrying.error).toMatch(/refuse_new_chunks/);
      await db.query(`ALTER TABLE chunks DROP CONSTRAINT refuse_new_chunks`);
      restored = true;
      const done = await settled(admin, doc.id);
      expect(done).toMatchObject({ status: 'embedded', error: null });
      expect((await chunksOf(t, doc.id)).length).toBeGreaterThan(0);
    } finally {
      if (!restored) await db.query(`ALTER TABLE chunks DROP CONSTRAINT refuse_new_chunks`);
    }
  });

  it('stores a large PDF batch by batch (the next batch read while one is written): every chunk once, in order, on its page; logs where the time went', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log');
    try {
      const doc = await upload(bigPdf, 'pdf', 'pipelined.pdf');
      const done = await settled(admin, doc.id, 120_000);
      expect(done.status).toBe('embedded');
      const chunks = await chunksOf(t, doc.id);
      expect(chunks.length).toBeGreaterThan(3 * EMBED_BATCH);
      expect(done.totalChunks).toBe(chunks.length);
      expect(chunks.map((c) => c.chunkIndex)).toEqual(chunks.map((_, i) => i));
      const pages = chunks.map((c) => c.page as number);
      expect(pages).toEqual([...pages].sort((a, b) => a - b));
      expect(new Set(pages).size).toBe(150);
      for (const c of chunks) expect(c.text).not.toMatch(new RegExp(`PAGEMARK(?!${c.page}\\.)\\d+\\.`));
      // INSERTs of at most EMBED_BATCH chunks (each of those read while the one before ran), and a per-phase account of the run in the log.
      const line = logged.mock.calls.map((c) => String(c[0])).find((m) => m.startsWith(`document ${doc.id} timing `));
      expect(line).toBeDefined();
      const timing = JSON.parse(line!.slice(`document ${doc.id} timing `.length)) as Record<string, unknown> & {
        thread: Record<string, number>;
      };
      expect(timing.batches).toBeGreaterThanOrEqual(Math.ceil(chunks.length / EMBED_BATCH));
      for (const key of [
        'totalMs',
        'sourceMs',
        'cleanMs',
        'boilerplateMs',
        'tocMs',
        'splitMs',
        'embedMs',
        'insertMs',
        'progressMs',
        'tallyMs',
        'learnMs',
        'finishMs',
      ]) {
        expect(typeof timing[key]).toBe('number');
      }
      expect(timing.insertMs).toBeGreaterThan(0);
      expect(timing.thread.textMs).toBeGreaterThan(0);
      expect(typeof timing.thread.ocrCheckMs).toBe('number');
    } finally {
      logged.mockRestore();
    }
  });

  it('an INSERT of chunks running beside another commits after it, and stores nothing when that one fails', async () => {
    const done = await upload(Buffer.from(SPEAKER_TXT), 'transcript', 'side-by-side.txt');
    await settled(admin, done.id);
    const repository = t.app.get(IngestionRepository);
    const doc = { id: done.id, kind: 'transcript' as const, sessionId, storagePath: 'x', mimeType: 'text/plain' };
    const run = 99;
    const chunk = (index: number): EmbeddedChunk => ({
      index,
      text: `chunk ${index}`,
      page: null,
      speaker: null,
      startTime: null,
      embedding: Array<number>(384).fill(1 / Math.sqrt(384)),
    });
    const stored = async () =>
      (await db.query(`SELECT chunk_index AS i FROM chunks WHERE document_id = $1 AND run = $2 ORDER BY 1`, [done.id, run])).map(
        (r: { i: number }) => r.i,
      );
    try {
      let before = 'running';
      const earlier = new Promise<void>((resolve) => setTimeout(resolve, 200)).then(() => void (before = 'committed'));
      await repository.insertChunks(doc, run, 'local-hash-v1-384', [chunk(0), chunk(1)], earlier);
      expect(before).toBe('committed');
      expect(await stored()).toEqual([0, 1]);
      const failed = Promise.reject(new Error('the INSERT before it failed'));
      failed.catch(() => undefined); // rejected before this INSERT awaits it
      await expect(repository.insertChunks(doc, run, 'local-hash-v1-384', [chunk(2), chunk(3)], failed)).rejects.toThrow(
        'the INSERT before it failed',
      );
      expect(await stored()).toEqual([0, 1]);
    } finally {
      await db.query(`DELETE FROM chunks WHERE document_id = $1 AND run = $2`, [done.id, run]);
    }
  });

  it('a re-process during ingestion replaces the running job: one consistent set of chunks', async () => {
    const doc = await upload(bigPdf, 'pdf', 'replaced.pdf');
    await whileChunked(doc.id, /^(Chunking|Embedding)/);
    await admin.post(`/api/admin/ingest/${doc.id}`).expect(202);
    const done = await settled(admin, doc.id, 120_000);
    expect(done.status).toBe('embedded');
    expect(done.version).toBe(2);
    const chunks = await chunksOf(t, doc.id);
    expect(chunks.map((c) => c.chunkIndex)).toEqual(chunks.map((_, i) => i));
    expect(done.totalChunks).toBe(chunks.length);
    expect(new Set(chunks.map((c) => c.page)).size).toBe(150);
  });

  it('a delete during ingestion stops the job and leaves nothing behind', async () => {
    const doc = await upload(bigPdf, 'pdf', 'deleted.pdf');
    await whileChunked(doc.id, /^(Chunking|Embedding)/);
    await admin.delete(`/api/admin/documents/${doc.id}`).expect(204);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await listedDocument(admin, doc.id)).toBeUndefined();
    const [{ chunks }] = await db.query(`SELECT count(*)::int AS chunks FROM chunks WHERE document_id = $1`, [doc.id]);
    expect(chunks).toBe(0);
    await expect(fs.access(path.join(t.config.uploadsDir, doc.storagePath))).rejects.toThrow();
  });

  describe('restarts', () => {
    it('resumes an ingestion interrupted by a shutdown, and re-processes documents of another embedding model', async () => {
      const done = await upload(Buffer.from(SPEAKER_TXT), 'transcript', 'old-model.txt');
      await settled(admin, done.id);
      await db.query(`UPDATE documents SET embedding_model = 'old-model-v0' WHERE id = $1`, [done.id]);
      const { version } = (await listedDocument(admin, done.id))!;

      const interrupted = await upload(bigPdf, 'pdf', 'interrupted.pdf');
      await whileChunked(interrupted.id, /^(Chunking|Embedding)/);
      const dataDir = t.dataDir;
      await t.close({ keepData: true });
      t = await startTestApp(env(), dataDir);
      db = t.app.get(DataSource);
      admin = await signInPrivileged(t, ADMIN);

      const resumed = await settled(admin, interrupted.id, 120_000);
      expect(resumed.status).toBe('embedded');
      const chunks = await chunksOf(t, interrupted.id);
      expect(chunks.map((c) => c.chunkIndex)).toEqual(chunks.map((_, i) => i));
      expect(resumed.totalChunks).toBe(chunks.length);
      expect(new Set(chunks.map((c) => c.page)).size).toBe(150);

      const reembedded = await settled(admin, done.id);
      expect(reembedded).toMatchObject({ status: 'embedded', embeddingModel: 'local-hash-v1-384', version: version + 1 });
    });
  });
});
