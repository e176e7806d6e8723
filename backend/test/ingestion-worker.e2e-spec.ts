import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { INGEST_QUEUE } from '../src/documents/ingest-queue.port';
import { INGESTION_QUEUE_NAME } from '../src/ingestion/queue/bull-ingest-queue';
import { InProcessIngestQueue } from '../src/ingestion/queue/in-process-ingest-queue';
import { createSession, settled } from './fixtures/document-helpers';
import { reportPage, textPdf } from './fixtures/pdf-fixtures';
import { ServerProcess } from './fixtures/server-process';
import { signInPrivileged } from './utils/privileged';
import { startTestApp } from './utils/test-app';

const ADMIN = 'admin@worker.test';
const REDIS_URL = process.env.REDIS_URL ?? process.env.SERVER_TEST_REDIS_URL;

describe('npm run worker (src/worker.ts)', () => {
  it.each([
    [{}, 'DATABASE_URL and REDIS_URL'],
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgresql://u:p@127.0.0.1:1/db' }, 'REDIS_URL'],
  ])('refuses to start without its settings (%j)', async (env, missing) => {
    const worker = ServerProcess.start('worker', { ...env, DATA_DIR: '/tmp/unused-worker-data' });
    expect(await worker.exited).toBe(1);
    expect(worker.output).toContain(`The ingestion worker needs ${missing}`);
    expect(worker.output).toContain('npm start');
  });

  if (REDIS_URL) {
    it(`consumes ingestion jobs from Bull on Redis (${REDIS_URL}) without any HTTP server`, async () => {
      const prefix = `ca-worker-${process.pid}-${Date.now()}`;
      const t = await startTestApp({ ADMIN_EMAILS: ADMIN, REDIS_URL, QUEUE_PREFIX: prefix });
      const bull = t.app.get<Queue>(getQueueToken(INGESTION_QUEUE_NAME));
      await bull.pause(true); // this API process stops consuming: only the worker can run the job
      const dbUrl = String((t.app.get(DataSource).options as { url?: string }).url);
      const worker = ServerProcess.start('worker', {
        NODE_ENV: 'development',
        DATA_DIR: t.dataDir,
        DATABASE_URL: dbUrl,
        REDIS_URL,
        QUEUE_PREFIX: prefix,
      });
      try {
        await worker.waitForOutput(/Ingestion worker ready/);
        const admin = await signInPrivileged(t, ADMIN);
        const sessionId = await createSession(admin, 'Worker Session');
        const pdf = await textPdf(Array.from({ length: 12 }, (_, i) => reportPage(i + 1, 2000)));
        const res = await admin.post('/api/admin/upload').field('sessionId', sessionId).field('kind', 'pdf').attach('file', pdf, 'w.pdf');
        expect(res.status).toBe(201);
        const doc = res.body as DocumentResponse;
        expect((await settled(admin, doc.id)).status).toBe('embedded');
        await worker.waitForOutput(new RegExp(`document ${doc.id} embedded in \\d+ ms`));
        expect(worker.output).not.toMatch(/Nest application successfully started|listening on/);
      } finally {
        // Nest closes the worker's modules on SIGTERM, then lets the signal end the process.
        worker.kill('SIGTERM');
        const stopped = await Promise.race([worker.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
        if (!stopped) worker.kill('SIGKILL');
        const keys = await bull.client.keys(`${prefix}:*`);
        if (keys.length) await bull.client.del(...keys);
        await t.close();
        expect(stopped).toBe(true);
      }
    });
  } else {
    it('REDIS_URL is not set: the API process runs ingestion itself (in-process runner)', async () => {
      const t = await startTestApp({ ADMIN_EMAILS: ADMIN });
      try {
        expect(t.app.get(INGEST_QUEUE)).toBeInstanceOf(InProcessIngestQueue);
      } finally {
        await t.close();
      }
    });
  }
});
