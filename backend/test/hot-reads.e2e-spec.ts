import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { SESSION_CACHE_MS, SESSION_COOKIE } from '../src/auth/auth.service';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@hot-reads.test';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The session cookie (`name=value`) a sign-in answer sets. */
function cookieOf(res: request.Response): string {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!set) throw new Error('no session cookie set');
  return set.split(';')[0];
}

/**
 * Issue 12, hot reads: GET /api/sessions is kept in memory per view and the session cookie's lookup
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
});
