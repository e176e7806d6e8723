import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { SESSION_CACHE_MS, SESSION_COOKIE } from '../src/auth/auth.service';
import { AppConfig } from '../src/config/app-config';
import { Client } from 'pg';
import { ContentVersionWatch, VERSION_RECHECK_MS } from '../src/database/content-version';
import { RetrievalRepository } from '../src/retrieval/retrieval.repository';
import { createSession, settled, waitFor } from './fixtures/document-helpers';
import { signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@hot-reads.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `ok` holds (checked every 5 ms; `waitFor`), failing after `ms`. */
const until = (ok: () => boolean | Promise<boolean>, ms = 2000) => waitFor(async () => (await ok()) || undefined, ms, 5);

/** The session cookie (`name=value`) a sign-in answer sets. */
function cookieOf(res: request.Response): string {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!set) throw new Error('no session cookie set');
  return set.split(';')[0];
}

/**
 * Hot reads: GET /api/sessions is kept in memory per view and the session cookie's lookup
 * for a few seconds; neither may show what is no longer true beyond the documented bounds.
 */
describe('hot reads: session list and session lookup caches', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    db = t.app.get(DataSource);
    admin = await signInPrivileged(t, ADMIN);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await db.query(`DELETE FROM sessions`);
  });

  const titles = async (agent: TestAgent, query = '') =>
    ((await agent.get(`/api/sessions${query}`).expect(200)).body as { title: string }[]).map((s) => s.title);

  describe('GET /api/sessions', () => {
    it('shows a created, updated and deleted session at once in every view', async () => {
      const attendee = request.agent(t.url);
      await attendee.post('/api/login').send({ email: 'list@example.com', firstName: 'Lis' }).expect(200);
      // Each view read (and kept) before every change.
      const views = async () => ({
        includeAll: await titles(attendee, '?includeAll=true'),
        admin: await titles(admin, '?admin=true'),
        attendee: await titles(attendee),
      });
      expect(await views()).toEqual({ includeAll: [], admin: [], attendee: [] });

      const created = (await admin.post('/api/admin/session').send({ title: 'Residual Values' }).expect(201)).body;
      expect(await views()).toEqual({ includeAll: ['Residual Values'], admin: ['Residual Values'], attendee: [] });

      await admin.put(`/api/admin/session/${created.id}`).send({ title: 'Residual Values 2026' }).expect(200);
      expect(await views()).toEqual({ includeAll: ['Residual Values 2026'], admin: ['Residual Values 2026'], attendee: [] });

      await admin.delete(`/api/admin/session/${created.id}`).expect(204);
      expect(await views()).toEqual({ includeAll: [], admin: [], attendee: [] });
    });

    it('shows an uploaded and a deleted document at once', async () => {
      const created = (await admin.post('/api/admin/session').send({ title: 'Fleet Finance' }).expect(201)).body;
      expect(await titles(admin)).toEqual([]);
      const before = (await admin.get('/api/sessions?admin=true').expect(200)).body;
      expect(before[0]).toMatchObject({ documentsCount: 0, documents: [] });

      const uploaded = await admin
        .post('/api/admin/upload')
        .field('sessionId', created.id)
        .field('kind', 'transcript')
        .attach('file', Buffer.from('Ana Ruiz: Fleet leases renew every three years.\n'), 'fleet.txt')
        .expect(201);
      expect(await titles(admin)).toEqual(['Fleet Finance']);
      const after = (await admin.get('/api/sessions?admin=true').expect(200)).body;
      expect(after[0]).toMatchObject({ documentsCount: 1, hasDocuments: true, documentTypes: ['transcript'] });
      expect(after[0].documents.map((d: { id: string }) => d.id)).toEqual([uploaded.body.id]);

      await admin.delete(`/api/admin/documents/${uploaded.body.id}`).expect(204);
      expect(await titles(admin)).toEqual([]);
      expect((await admin.get('/api/sessions?admin=true').expect(200)).body[0]).toMatchObject({ documentsCount: 0, documents: [] });
    });

    it('shows a change written by another process (straight to the database) at once', async () => {
      const created = (await admin.post('/api/admin/session').send({ title: 'Credit Boxes' }).expect(201)).body;
      expect(await titles(admin, '?includeAll=true')).toEqual(['Credit Boxes']);
      await db.query(`UPDATE sessions SET title = 'Credit Boxes, revised' WHERE id = $1`, [created.id]);
      expect(await titles(admin, '?includeAll=true')).toEqual(['Credit Boxes, revised']);

      await db.query(
        `INSERT INTO documents (session_id, kind, original_filename, storage_path, mime_type, bytes, status)
         VALUES ($1, 'pdf', 'deck.pdf', $2, 'application/pdf', 10, 'chunked')`,
        [created.id, `${created.id}/deck`],
      );
      const [listed] = (await admin.get('/api/sessions').expect(200)).body;
      expect(listed).toMatchObject({ title: 'Credit Boxes, revised', contentStatus: 'processing' });
      // Ingestion (maybe in a worker process) marks the document embedded: available at once.
      await db.query(`UPDATE documents SET status = 'embedded' WHERE session_id = $1`, [created.id]);
      expect((await admin.get('/api/sessions').expect(200)).body[0]).toMatchObject({ contentStatus: 'available' });
    });

    it('answers many requests at once, each with every change committed before it was sent', async () => {
      const created = (await admin.post('/api/admin/session').send({ title: 'Round 0' }).expect(201)).body;
      expect(await titles(admin, '?includeAll=true')).toEqual(['Round 0']);
      for (let round = 1; round <= 5; round++) {
        // Requests in flight while the change commits, then requests sent after it: those see it.
        const during = Array.from({ length: 10 }, () => titles(admin, '?includeAll=true'));
        await db.query(`UPDATE sessions SET title = $2 WHERE id = $1`, [created.id, `Round ${round}`]);
        const after = await Promise.all(Array.from({ length: 20 }, () => titles(admin, '?includeAll=true')));
        expect(after).toEqual(Array.from({ length: 20 }, () => [`Round ${round}`]));
        for (const seen of await Promise.all(during)) expect([[`Round ${round - 1}`], [`Round ${round}`]]).toContainEqual(seen);
      }
    });

    it('shows a change made in a transaction once it commits', async () => {
      const created = (await admin.post('/api/admin/session').send({ title: 'Draft' }).expect(201)).body;
      expect(await titles(admin, '?includeAll=true')).toEqual(['Draft']);
      const runner = db.createQueryRunner();
      let during: Promise<string[]>;
      try {
        await runner.startTransaction();
        await runner.query(`UPDATE sessions SET title = 'Final' WHERE id = $1`, [created.id]);
        // Asked while the change is not committed (the embedded database answers it after the COMMIT).
        during = titles(admin, '?includeAll=true');
        await sleep(50);
        await runner.commitTransaction();
      } finally {
        await runner.release();
      }
      expect(await titles(admin, '?includeAll=true')).toEqual(['Final']);
      expect([['Draft'], ['Final']]).toContainEqual(await during);
    });

    it('reads the content version again only after a change, not on every request (on a server once its listener is up)', async () => {
      await admin.post('/api/admin/session').send({ title: 'Quiet' }).expect(201);
      const watch = t.app.get(ContentVersionWatch);
      await until(() => watch.followsChanges);
      let reads = 0;
      const counter = { afterQuery: (e: { query: string }) => void (/FROM content_version/.test(e.query) && reads++) };
      db.subscribers.push(counter);
      try {
        const started = Date.now();
        for (let i = 0; i < 40; i++) expect(await titles(admin, '?includeAll=true')).toEqual(['Quiet']);
        const seconds = (Date.now() - started) / 1000;
        // One read per recheck interval, the first one, and one more for a write of the requests' own (the
        // sign-in session's renewal) that may fall in the window: never one per request (40).
        expect(reads).toBeLessThanOrEqual(Math.ceil(seconds / (VERSION_RECHECK_MS / 1000)) + 2);
      } finally {
        db.subscribers.splice(db.subscribers.indexOf(counter), 1);
      }
    });

    it("does not read the content version again after an attendee's question (its rows name no session or document)", async () => {
      await admin.post('/api/admin/session').send({ title: 'Asked About' }).expect(201);
      const watch = t.app.get(ContentVersionWatch);
      await until(() => watch.followsChanges);
      const attendee = request.agent(t.url);
      await attendee.post('/api/login').send({ email: 'asker@example.com', firstName: 'Ask' }).expect(200);
      const threadId = (await attendee.post('/api/chat/start').send({ sessionFilter: [] }).expect(200)).body.id;
      expect(await titles(attendee, '?includeAll=true')).toEqual(['Asked About']);
      let reads = 0;
      // The watch's own read (the search statement reads the version in its own snapshot, not counted).
      const counter = {
        afterQuery: (e: { query: string }) => void (/^SELECT version::text AS version FROM content_version/.test(e.query) && reads++),
      };
      db.subscribers.push(counter);
      try {
        const started = Date.now();
        for (let i = 0; i < 6; i++) {
          // The question, its answer, usage and activity rows are written before the answer returns.
          await attendee
            .post('/api/chat/message')
            .send({ threadId, message: `What was said about residual values, part ${i}?` })
            .expect(200);
          expect(await titles(attendee, '?includeAll=true')).toEqual(['Asked About']);
        }
        const seconds = (Date.now() - started) / 1000;
        // One read per recheck interval, the first one, and one more for a write of the requests' own (the
        // sign-in session's renewal) that may fall in the window: never one per request (40).
        expect(reads).toBeLessThanOrEqual(Math.ceil(seconds / (VERSION_RECHECK_MS / 1000)) + 2);
      } finally {
        db.subscribers.splice(db.subscribers.indexOf(counter), 1);
      }
    });

    // On a PostgreSQL server other processes write too: their changes arrive as notifications.
    if (process.env.SERVER_TEST_DATABASE_URL) {
      it('shows a change another process commits within moments, and reads the version per request while not listening', async () => {
        const created = (await admin.post('/api/admin/session').send({ title: 'Elsewhere' }).expect(201)).body;
        const watch = t.app.get(ContentVersionWatch);
        await until(() => watch.followsChanges);
        expect(await titles(admin, '?includeAll=true')).toEqual(['Elsewhere']);
        const other = new Client({ connectionString: t.app.get(AppConfig).databaseUrl });
        await other.connect();
        try {
          // Another process's change: seen well before the recheck would read the version anyway.
          const shown = async (title: string) => {
            const started = Date.now();
            await until(async () => (await titles(admin, '?includeAll=true'))[0] === title, VERSION_RECHECK_MS / 2);
            return Date.now() - started;
          };
          await other.query(`UPDATE sessions SET title = 'Elsewhere, 1' WHERE id = $1`, [created.id]);
          expect(await shown('Elsewhere, 1')).toBeLessThan(VERSION_RECHECK_MS / 2);

          // The listening connection is lost: every request reads the version until it listens again.
          await other.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = current_database() AND query = 'LISTEN content_version'`,
          );
          await until(() => !watch.followsChanges);
          await other.query(`UPDATE sessions SET title = 'Elsewhere, 2' WHERE id = $1`, [created.id]);
          expect(await titles(admin, '?includeAll=true')).toEqual(['Elsewhere, 2']);

          await until(() => watch.followsChanges, 5000);
          await other.query(`UPDATE sessions SET title = 'Elsewhere, 3' WHERE id = $1`, [created.id]);
          expect(await shown('Elsewhere, 3')).toBeLessThan(VERSION_RECHECK_MS / 2);
        } finally {
          await other.end();
        }
      });
    }
  });

  describe('GET /api/sessions as sent', () => {
    it('is gzipped when the client accepts it, answers 304 to its ETag, and gets a new ETag after a change', async () => {
      for (const n of [1, 2, 3, 4, 5]) {
        await admin
          .post('/api/admin/session')
          .send({ title: `Lease Accounting ${n}`, description: 'How lessees book right-of-use assets. '.repeat(8) })
          .expect(201);
      }
      const gzipped = await admin.get('/api/sessions?includeAll=true').set('Accept-Encoding', 'gzip').expect(200);
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.headers['content-type']).toMatch(/^application\/json/);
      expect(gzipped.headers.vary).toMatch(/Accept-Encoding/);
      expect((gzipped.body as { title: string }[]).map((s) => s.title)).toHaveLength(5);
      const etag = gzipped.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);

      const plain = await admin.get('/api/sessions?includeAll=true').set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toEqual(gzipped.body);
      expect(plain.headers.etag).toBe(etag);
      await admin
        .get('/api/sessions?includeAll=true')
        .set('Accept-Encoding', 'gzip;q=0')
        .expect(200)
        .expect((res) => {
          expect(res.headers['content-encoding']).toBeUndefined();
        });

      const unchanged = await admin.get('/api/sessions?includeAll=true').set('If-None-Match', etag).expect(304);
      expect(unchanged.text ?? '').toBe('');

      await admin.post('/api/admin/session').send({ title: 'Lease Accounting 6' }).expect(201);
      const changed = await admin.get('/api/sessions?includeAll=true').set('If-None-Match', etag).expect(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect((changed.body as { title: string }[]).map((s) => s.title)).toContain('Lease Accounting 6');
    });
  });

  describe('session cookie lookup', () => {
    async function attendeeCookie(email: string): Promise<string> {
      const login = await request(t.url).post('/api/login').send({ email, firstName: 'Cai' }).expect(200);
      return cookieOf(login);
    }

    it('refuses a logged-out cookie at once, even just after it was used', async () => {
      const cookie = await attendeeCookie('bye@example.com');
      await request(t.url).get('/api/auth/user').set('Cookie', cookie).expect(200);
      await request(t.url).get('/api/sessions').set('Cookie', cookie).expect(200);
      await request(t.url).post('/api/logout').set('Cookie', cookie).expect(200);
      await request(t.url).get('/api/auth/user').set('Cookie', cookie).expect(401);
      await request(t.url).get('/api/sessions').set('Cookie', cookie).expect(401);
    });

    it(`applies a logout or a role change made elsewhere within SESSION_CACHE_MS (${SESSION_CACHE_MS} ms)`, async () => {
      const agent = await signInPrivileged(t, ADMIN);
      await agent.get('/api/admin/documents').expect(200);
      const [{ id }] = await db.query(
        `SELECT ws.id FROM web_sessions ws JOIN users u ON u.id = ws.user_id WHERE u.email = $1 AND ws.role = 'admin'
          ORDER BY ws.created_at DESC LIMIT 1`,
        [ADMIN],
      );
      // Another process lowers the session to an attendee one.
      await db.query(`UPDATE web_sessions SET role = 'attendee' WHERE id = $1`, [id]);
      const changed = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - changed < SESSION_CACHE_MS + 2000) {
        status = (await agent.get('/api/admin/documents')).status;
        if (status === 200) await sleep(200);
      }
      expect(status).toBe(403);
      expect(Date.now() - changed).toBeLessThanOrEqual(SESSION_CACHE_MS + 1000);

      // Another process logs it out: refused within the same bound.
      await agent.get('/api/auth/user').expect(200);
      await db.query(`DELETE FROM web_sessions WHERE id = $1`, [id]);
      const ended = Date.now();
      status = 200;
      while (status === 200 && Date.now() - ended < SESSION_CACHE_MS + 2000) {
        status = (await agent.get('/api/auth/user')).status;
        if (status === 200) await sleep(200);
      }
      expect(status).toBe(401);
      expect(Date.now() - ended).toBeLessThanOrEqual(SESSION_CACHE_MS + 1000);
    });
  });

  describe('shared searches', () => {
    const FLEET_TXT = [
      'Ana Ruiz: Fleet leases renew every three years, and residual values drive the monthly payment.',
      'Ben Okafor: Telematics data lets lessors price residual risk on a fleet lease more tightly.',
      'Ana Ruiz: Early buyout options are the feature fleet managers ask about most.',
    ].join('\n');
    let searches: jest.SpyInstance;

    /** A session with one embedded transcript about fleet leases. */
    async function fleetSession(title: string): Promise<{ sessionId: string; documentId: string }> {
      const sessionId = await createSession(admin, title);
      const uploaded = await admin
        .post('/api/admin/upload')
        .field('sessionId', sessionId)
        .field('kind', 'transcript')
        .attach('file', Buffer.from(FLEET_TXT), 'fleet.txt')
        .expect(201);
      expect((await settled(admin, uploaded.body.id)).status).toBe('embedded');
      return { sessionId, documentId: uploaded.body.id };
    }

    beforeEach(() => {
      searches = jest.spyOn(t.app.get(RetrievalRepository), 'hybridSearchAtVersion');
    });
    afterEach(() => {
      searches.mockRestore();
    });

    it('runs one search for a question many attendees ask at once, and each gets the whole answer', async () => {
      const { sessionId } = await fleetSession('Fleet Finance');
      searches.mockClear();
      const askers = await Promise.all(Array.from({ length: 5 }, (_, i) => signIn(t, { email: `fleet${i}@example.com` })));
      const threads = await Promise.all(
        askers.map(async (a) => (await a.post('/api/chat/start').send({ sessionFilter: [] }).expect(200)).body.id as string),
      );
      // The same suggested question, clicked by five new attendees in the same instant.
      const answers = await Promise.all(
        askers.map((a, i) =>
          a.post('/api/chat/message').send({ threadId: threads[i], message: 'How do residual values shape fleet leases?' }).expect(200),
        ),
      );
      expect(searches).toHaveBeenCalledTimes(1);
      expect(answers[0].body.content).toMatch(/residual/i);
      expect(answers[0].body.sources).toEqual(expect.arrayContaining([expect.objectContaining({ sessionTitle: 'Fleet Finance' })]));
      for (const a of answers) expect(a.body).toEqual(answers[0].body);
      // Each thread keeps its own question and answer.
      for (const [i, a] of askers.entries()) {
        const messages = (await a.get(`/api/chat/messages/${threads[i]}`).expect(200)).body;
        expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
      }

      // Spacing does not make another search; other words, sessions or sizes do.
      const searcher = askers[0];
      const results = async (query: Record<string, string>) => (await searcher.get('/api/search').query(query).expect(200)).body;
      const first = await results({ q: 'fleet residual' });
      expect(await results({ q: '  fleet   residual ' })).toEqual(first);
      expect(searches).toHaveBeenCalledTimes(2);
      await results({ q: 'fleet residual', sessionIds: sessionId });
      await results({ q: 'fleet buyout' });
      expect(searches).toHaveBeenCalledTimes(4);

      // A question asked for the first time costs its search and nothing more; asked again, one version check.
      const versionReads = jest.spyOn(t.app.get(ContentVersionWatch), 'current');
      await results({ q: 'early buyout feature' });
      expect(versionReads).not.toHaveBeenCalled();
      await results({ q: 'early buyout feature' });
      expect(versionReads).toHaveBeenCalledTimes(1);
      expect(searches).toHaveBeenCalledTimes(5);
      versionReads.mockRestore();
    });

    it('searches again after any change of a session or document, made here or by another process', async () => {
      const { sessionId, documentId } = await fleetSession('Fleet Finance');
      const searcher = await signIn(t, { email: 'searcher@example.com' });
      const titlesFound = async () =>
        (
          (await searcher.get('/api/search').query({ q: 'telematics residual risk' }).expect(200)).body.results as {
            sessionTitle: string;
          }[]
        ).map((r) => r.sessionTitle);
      expect(await titlesFound()).toContain('Fleet Finance');
      await admin.put(`/api/admin/session/${sessionId}`).send({ title: 'Fleet Finance 2026' }).expect(200);
      expect(await titlesFound()).toContain('Fleet Finance 2026');
      await db.query(`UPDATE sessions SET title = 'Fleet Finance, revised' WHERE id = $1`, [sessionId]);
      expect(await titlesFound()).toContain('Fleet Finance, revised');
      // Another process starts re-ingesting the document: its passages leave the results at once.
      await db.query(`UPDATE documents SET status = 'chunked' WHERE id = $1`, [documentId]);
      expect(await titlesFound()).toEqual([]);
      await db.query(`UPDATE documents SET status = 'embedded' WHERE id = $1`, [documentId]);
      expect(await titlesFound()).toContain('Fleet Finance, revised');
      await admin.delete(`/api/admin/documents/${documentId}`).expect(204);
      expect(await titlesFound()).toEqual([]);
    });
  });
});
