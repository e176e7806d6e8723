import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Bull from 'bull';
import { Client } from 'pg';
import type TestAgent from 'supertest/lib/agent';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { chunkPdfPage } from '../src/ingestion/chunking/chunker';
import { readPdfPages } from '../src/ingestion/parsing/pdf-pages';
import { INGESTION_QUEUE_NAME } from '../src/ingestion/queue/bull-ingest-queue';
import { createSession, listedDocument, rawBytes, waitFor } from './fixtures/document-helpers';
import { reportPage, textPdf } from './fixtures/pdf-fixtures';
import { freePort, ServerProcess, signInAdminByOutbox, waitUntilServing } from './fixtures/server-process';

const ADMIN = 'admin@crash.test';
const REDIS_URL = process.env.REDIS_URL;
const PAGES = 300;

/** The chunks the document must end with: the same parser and chunker over the same bytes. */
async function expectedChunks(file: string): Promise<{ count: number; pages: number }> {
  let count = 0;
  const pages = new Set<number>();
  for await (const batch of readPdfPages(file)) {
    for (const page of batch.pages) {
      const chunks = await chunkPdfPage(page);
      count += chunks.length;
      if (chunks.length) pages.add(page.num);
    }
  }
  return { count, pages: pages.size };
}

const modes: { name: string; env: { REDIS_URL?: string; QUEUE_PREFIX?: string }; recoveryMs: number }[] = [
  { name: 'in-process runner', env: {}, recoveryMs: 120_000 },
  ...(REDIS_URL
    ? [
        {
          name: `Bull on Redis (${REDIS_URL})`,
          env: { REDIS_URL, QUEUE_PREFIX: `ca-crash-${process.pid}-${Date.now()}` },
          recoveryMs: 150_000,
        },
      ]
    : []),
];

describe(`crash during ingestion (server process killed with SIGKILL, then restarted on its DATA_DIR)${REDIS_URL ? '' : ' (REDIS_URL not set: Bull mode not run)'}`, () => {
  let scratch: string;
  let pdfFile: string;
  let pdf: Buffer;
  let expected: { count: number; pages: number };

  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'crash-e2e-'));
    pdf = await textPdf(Array.from({ length: PAGES }, (_, i) => reportPage(i + 1, 3000)));
    pdfFile = path.join(scratch, 'big.pdf');
    await fs.writeFile(pdfFile, pdf);
    expected = await expectedChunks(pdfFile);
  });
  afterAll(async () => {
    await fs.rm(scratch, { recursive: true, force: true });
  });

  it.each(modes)(
    '$name: the document ends embedded with every chunk, nothing lost',
    async ({ env: modeEnv, recoveryMs }) => {
      const dataDir = await fs.mkdtemp(path.join(scratch, 'data-'));
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const env = { NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: 'false', ADMIN_EMAILS: ADMIN, ...modeEnv };

      let server = ServerProcess.start('main', env);
      let restarted: ServerProcess | undefined;
      try {
        await waitUntilServing(url, server);
        const admin: TestAgent = await signInAdminByOutbox(url, dataDir, ADMIN);
        const sessionId = await createSession(admin, 'Annual Industry Report');
        const res = await admin
          .post('/api/admin/upload')
          .field('sessionId', sessionId)
          .field('kind', 'pdf')
          .attach('file', pdf, 'annual-report.pdf');
        expect(res.status).toBe(201);
        const doc = res.body as DocumentResponse;

        // Kill it mid-ingestion: chunks are being written.
        const during = await waitFor(
          async () => {
            const d = await listedDocument(admin, doc.id);
            return d?.status === 'chunked' && d.processedChunks > 0 ? d : undefined;
          },
          60_000,
          10,
        );
        server.kill('SIGKILL');
        expect(await server.exited).toBeNull();
        expect(during.processedChunks).toBeLessThan(expected.count);

        restarted = ServerProcess.start('main', env);
        server = restarted;
        await waitUntilServing(url, restarted);
        const done = await waitFor(
          async () => {
            const d = await listedDocument(admin, doc.id);
            return d && (d.status === 'embedded' || d.status === 'error') ? d : undefined;
          },
          recoveryMs,
          100,
        );
        expect(done).toMatchObject({ status: 'embedded', error: null, progressPercent: 100 });
        expect(done.totalChunks).toBe(expected.count);
        expect(restarted.output).toMatch(new RegExp(`document ${doc.id}: resuming after \\d+ chunks`));

        // Every chunk is there exactly once, with its page; the file is intact.
        const [, dbUrl] = restarted.output.match(/embedded PostgreSQL ready in \d+ ms \(.*?, ([\d.]+:\d+)\)/) ?? [];
        expect(dbUrl).toBeDefined();
        const db = new Client({ connectionString: `postgresql://postgres:postgres@${dbUrl}/postgres` });
        await db.connect();
        try {
          const { rows } = await db.query(
            `SELECT count(*)::int AS n, count(DISTINCT chunk_index)::int AS distinct_index, max(chunk_index) AS max_index,
                  count(DISTINCT page)::int AS pages, count(DISTINCT run)::int AS runs
             FROM chunks WHERE document_id = $1`,
            [doc.id],
          );
          expect(rows[0]).toEqual({
            n: expected.count,
            distinct_index: expected.count,
            max_index: expected.count - 1,
            pages: expected.pages,
            runs: 1,
          });
        } finally {
          await db.end();
        }
        const download = await admin.get(`/api/admin/documents/${doc.id}/download`).buffer(true).parse(rawBytes).expect(200);
        expect(
          createHash('sha256')
            .update(download.body as Buffer)
            .digest('hex'),
        ).toBe(createHash('sha256').update(pdf).digest('hex'));
      } finally {
        server.kill('SIGTERM');
        await Promise.race([server.exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (server.child.exitCode === null) server.kill('SIGKILL');
        if (modeEnv.QUEUE_PREFIX) {
          // Leave nothing of this run in the shared Redis.
          const queue = new Bull(INGESTION_QUEUE_NAME, modeEnv.REDIS_URL!, { prefix: modeEnv.QUEUE_PREFIX });
          await queue.obliterate({ force: true });
          await queue.close();
        }
      }
    },
    240_000,
  );
});
