import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { STALE_REQUEST_SECONDS } from '../src/chat/chat.repository';
import { THREAD_BUSY_MESSAGE } from '../src/chat/dto/chat.dto';
import { RATE_LIMIT_MESSAGE } from '../src/http/rate-limit';
import { migrations } from '../src/database/migrations';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { rawBytes, waitFor } from './fixtures/document-helpers';
import { reportPage, textPdf } from './fixtures/pdf-fixtures';
import { freePort, outboxSignInLink, ServerProcess, waitUntilServing } from './fixtures/server-process';
import { freshDatabase, FreshDatabase } from './utils/fresh-database';
import { openSignInLink } from './utils/privileged';
import { startS3Server, S3Server } from './utils/s3-server';
import { postSse, SseEvent } from './utils/sse-client';

/**
 * The app as several processes. Two API processes (A, B) and one ingestion worker (W),
 * each with its own data directory as on separate machines, started at the same moment against
 * one EMPTY database, one Redis and one S3 server (s3rver on loopback). Nothing but those three is
 * shared.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = 'admin@scale.test';
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** How long after its process died a thread takes a new question (docs/DEPLOY.md): the claim's lease. */
const THREAD_FREE_WITHIN_MS = STALE_REQUEST_SECONDS * 1000;

function cookieOf(res: request.Response): string {
  return ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('scale out: 2 API processes + 1 worker on one database, Redis and S3', () => {
  let db: FreshDatabase;
  let s3: S3Server;
  let redis: Redis;
  const prefix = `ca-scale-${process.pid}-${Date.now()}`;
  const dirs: Record<'a' | 'b' | 'w', string> = { a: '', b: '', w: '' };
  let a: ServerProcess;
  let b: ServerProcess;
  let w: ServerProcess;
  let urlA: string;
  let urlB: string;
  let adminCookie: string;
  let uploaded: { doc: DocumentResponse; pdf: Buffer };

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
    await redis.connect().catch((err: Error) => {
      throw new Error(`test:scale needs Redis at ${REDIS_URL} (set REDIS_URL): ${err.message}`);
    });
    db = await freshDatabase();
    s3 = await startS3Server('scale-uploads');
    for (const k of ['a', 'b', 'w'] as const) dirs[k] = await fs.mkdtemp(path.join(os.tmpdir(), `ca-scale-${k}-`));
    const [portA, portB] = [await freePort(), await freePort()];
    urlA = `http://127.0.0.1:${portA}`;
    urlB = `http://127.0.0.1:${portB}`;
    const common = {
      NODE_ENV: 'development',
      SESSION_SECRET: 'scale-test-shared-secret-0123456789',
      DATABASE_URL: db.url,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      INGEST_IN_API: 'false',
      ADMIN_EMAILS: ADMIN,
      SEED_DEMO: 'false',
      CHAT_LIMIT_PER_USER: '200', // the test polls a busy thread twice a second
      ...s3.env,
    };
    // All three at the same moment, on an empty database.
    a = ServerProcess.start('main', { ...common, PORT: String(portA), APP_URL: urlA, DATA_DIR: dirs.a });
    b = ServerProcess.start('main', { ...common, PORT: String(portB), APP_URL: urlB, DATA_DIR: dirs.b });
    w = ServerProcess.start('worker', { ...common, DATA_DIR: dirs.w });
    await Promise.all([
      waitUntilServing(urlA, a, 150_000),
      waitUntilServing(urlB, b, 150_000),
      w.waitForOutput(/Ingestion worker ready/, 150_000),
    ]);

    // An admin session opened through A (the sign-in link lands in A's outbox) works on B too.
    await request(urlA).post('/api/login').send({ email: ADMIN, firstName: 'Admin' }).expect(200);
    // The link is mailed after the sign-in answers (no address enumeration): wait for its file.
    const link = await outboxSignInLink(dirs.a);
    adminCookie = cookieOf(await openSignInLink(urlA, link).expect(302));
  }, 200_000);

  afterAll(async () => {
    for (const p of [a, b, w]) if (p && p.child.exitCode === null && p.child.signalCode === null) p.kill('SIGTERM');
    await Promise.all(
      [a, b, w].filter(Boolean).map(async (p) => {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([p.exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
        clearTimeout(timer);
        if (p.child.exitCode === null && p.child.signalCode === null) p.kill('SIGKILL');
      }),
    );
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await s3?.close();
    await db?.stop();
    for (const d of Object.values(dirs)) if (d) await fs.rm(d, { recursive: true, force: true });
  });

  it('all three came up together on the empty database: the schema was migrated once, by one of them', async () => {
    const direct = await new DataSource({ type: 'postgres', url: db.url }).initialize();
    try {
      const rows: { name: string; n: number }[] = await direct.query(`SELECT name, count(*)::int AS n FROM migrations GROUP BY name`);
      expect(rows.map((r) => r.name).sort()).toEqual(migrations.map((m) => m.name).sort());
      expect(rows.every((r) => r.n === 1)).toBe(true);
    } finally {
      await direct.destroy();
    }
    for (const url of [urlA, urlB]) {
      await request(url).get('/api/ready').expect(200, { status: 'ready', database: 'ok', redis: 'ok' });
    }
    const ran = [a, b, w].filter((p) => /ran \d+ migration\(s\) under the advisory lock/.test(p.output));
    expect(ran).toHaveLength(1);
    for (const p of [a, b, w]) expect(p.output).not.toMatch(/duplicate key|Unable to connect to the database/);
  });

  it('a file uploaded through A is ingested by the worker and downloads byte-identical through B', async () => {
    const session = await request(urlA)
      .post('/api/admin/session')
      .set('Cookie', adminCookie)
      .send({ title: 'Scale Keynote', speakers: ['Maria Lopez'], format: 'keynote' })
      .expect(201);
    const pdf = await textPdf(Array.from({ length: 6 }, (_, i) => reportPage(i + 1, 1500)));
    const res = await request(urlA)
      .post('/api/admin/upload')
      .set('Cookie', adminCookie)
      .field('sessionId', session.body.id)
      .field('kind', 'pdf')
      .attach('file', pdf, 'keynote.pdf');
    expect(res.status).toBe(201);
    const doc = res.body as DocumentResponse;
    expect(await s3.keys()).toEqual([`uploads/${doc.storagePath}`]);

    const done = await waitFor(
      async () => {
        const list = await request(urlB).get('/api/admin/documents').set('Cookie', adminCookie).expect(200);
        const d = (list.body as DocumentResponse[]).find((x) => x.id === doc.id);
        return d && (d.status === 'embedded' || d.status === 'error') ? d : undefined;
      },
      90_000,
      250,
    );
    expect(done.status).toBe('embedded');
    await w.waitForOutput(new RegExp(`document ${doc.id} embedded in \\d+ ms`));
    expect(a.output + b.output).not.toContain(`document ${doc.id} embedded`);

    const download = await request(urlB)
      .get(`/api/admin/documents/${doc.id}/download`)
      .set('Cookie', adminCookie)
      .buffer(true)
      .parse(rawBytes);
    expect(download.status).toBe(200);
    expect(sha256(download.body as Buffer)).toBe(sha256(pdf));
    uploaded = { doc, pdf };
  });

  it('the 11th sign-in for one email within a minute is refused, the requests alternating between A and B', async () => {
    const statuses: number[] = [];
    let last: request.Response | undefined;
    for (let i = 0; i < 11; i++) {
      last = await request(i % 2 === 0 ? urlA : urlB)
        .post('/api/login')
        .send({ email: 'limit@scale.test', firstName: 'Lim' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(last!.body).toEqual({ message: RATE_LIMIT_MESSAGE });
  });

  it('a question asked on A and one on B both stream answers', async () => {
    expect(uploaded).toBeDefined();
    const results = await Promise.all(
      [urlA, urlB].map(async (url, i) => {
        const cookie = cookieOf(
          await request(url)
            .post('/api/login')
            .send({ email: `asker${i}@scale.test`, firstName: 'Ask' })
            .expect(200),
        );
        const thread = await request(url).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: [] }).expect(200);
        return postSse(url, '/api/chat/stream', cookie, {
          threadId: thread.body.id,
          message: 'What did the report say about equipment finance volume?',
        });
      }),
    );
    for (const r of results) {
      expect(r.status).toBe(200);
      const text = r.events.map((e) => (typeof e === 'object' && typeof e.content === 'string' ? e.content : '')).join('');
      expect(text.length).toBeGreaterThan(20);
      expect(r.events.some((e) => typeof e === 'object' && 'error' in e)).toBe(false);
      expect(r.events[r.events.length - 1]).toBe('[DONE]');
    }
  });

  it(`killing A mid-stream leaves B serving, and the thread takes questions again within ${STALE_REQUEST_SECONDS} s`, async () => {
    const cookie = cookieOf(await request(urlA).post('/api/login').send({ email: 'killed@scale.test', firstName: 'Kim' }).expect(200));
    const thread = await request(urlA).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: [] }).expect(200);
    let killedAt = 0;
    const cut = await postSse(
      urlA,
      '/api/chat/stream',
      cookie,
      { threadId: thread.body.id, message: 'Summarise the keynote report.' },
      (e: SseEvent) => {
        if (typeof e === 'object' && typeof e.content === 'string' && !killedAt) {
          a.kill('SIGKILL');
          killedAt = Date.now();
          return 'abort';
        }
      },
    );
    expect(cut.aborted).toBe(true);
    await a.exited;

    // B serves everything at once: the session, the documents, a new thread.
    await request(urlB).get('/api/auth/user').set('Cookie', cookie).expect(200);
    await request(urlB).get('/api/admin/documents').set('Cookie', adminCookie).expect(200);
    // The killed request still holds the thread (its claim can no longer be released) ...
    const busy = await request(urlB)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId: thread.body.id, message: 'Still there?' });
    expect(busy.status).toBe(400);
    expect(busy.body).toEqual({ message: THREAD_BUSY_MESSAGE });
    // ... until its lease runs out: then B answers on the same thread.
    let answered: SseEvent[] = [];
    for (;;) {
      const r = await postSse(urlB, '/api/chat/stream', cookie, { threadId: thread.body.id, message: 'Summarise the keynote report.' });
      if (r.status === 200) {
        answered = r.events;
        break;
      }
      expect(r.status).toBe(400);
      if (Date.now() - killedAt > THREAD_FREE_WITHIN_MS + 5_000) break;
      await new Promise((res) => setTimeout(res, 500));
    }
    const freedAfterMs = Date.now() - killedAt;
    expect(answered[answered.length - 1]).toBe('[DONE]');
    expect(freedAfterMs).toBeLessThanOrEqual(THREAD_FREE_WITHIN_MS + 1_000);
    const messages = await request(urlB).get(`/api/chat/messages/${thread.body.id}`).set('Cookie', cookie).expect(200);
    expect(messages.body.at(-1)).toMatchObject({ role: 'assistant' });
  });

  it('SIGTERM on B mid-stream: B finishes the answer it is streaming, stores it, then exits', async () => {
    const cookie = cookieOf(await request(urlB).post('/api/login').send({ email: 'drained@scale.test', firstName: 'Dre' }).expect(200));
    const thread = await request(urlB).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: [] }).expect(200);
    let signalled = false;
    const streamed = await postSse(
      urlB,
      '/api/chat/stream',
      cookie,
      { threadId: thread.body.id, message: 'Summarise the keynote report.' },
      (e) => {
        if (typeof e === 'object' && typeof e.content === 'string' && !signalled) {
          signalled = true;
          b.kill('SIGTERM');
        }
      },
    );
    expect(signalled).toBe(true);
    expect(streamed.status).toBe(200);
    expect(streamed.events.some((e) => typeof e === 'object' && 'error' in e)).toBe(false);
    expect(streamed.events[streamed.events.length - 1]).toBe('[DONE]');
    let timer: NodeJS.Timeout | undefined;
    const exited = await Promise.race([
      b.exited.then(() => true),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 30_000))),
    ]);
    clearTimeout(timer);
    expect(exited).toBe(true);
    // The answer was stored before the process went away.
    const direct = await new DataSource({ type: 'postgres', url: db.url }).initialize();
    try {
      const rows = await direct.query(`SELECT role FROM chat_messages WHERE thread_id = $1 ORDER BY created_at`, [thread.body.id]);
      expect(rows.map((r: { role: string }) => r.role)).toEqual(['user', 'assistant']);
    } finally {
      await direct.destroy();
    }
  });
});
