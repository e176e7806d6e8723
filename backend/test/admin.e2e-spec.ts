import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'review-admin@example.com';

describe('admin review API (chat history, user chats, activity log)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestAgent;
  let attendee: TestAgent;
  let dana: { id: string };
  let eli: { id: string };

  const userId = async (agent: TestAgent) => (await agent.get('/api/auth/user').expect(200)).body as { id: string };

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    db = t.app.get(DataSource);
    admin = await signInPrivileged(t, ADMIN);
    attendee = await signIn(t, { email: 'dana@example.com', firstName: 'Dana', lastName: 'Reyes', company: 'Acme Leasing' });
    dana = await userId(attendee);
    eli = await userId(await signIn(t, { email: 'eli@example.com', firstName: 'Eli', company: 'Zen Capital' }));
    await signIn(t, { email: 'nochats@example.com', firstName: 'Quiet' });

    // Dana: two threads (3 messages, then 1 with a citation); Eli: one empty thread.
    const [t1] = await db.query(`INSERT INTO chat_threads (user_id, created_at) VALUES ($1, now() - interval '2 days') RETURNING id`, [
      dana.id,
    ]);
    const [t2] = await db.query(`INSERT INTO chat_threads (user_id) VALUES ($1) RETURNING id`, [dana.id]);
    await db.query(`INSERT INTO chat_threads (user_id, created_at) VALUES ($1, now() - interval '1 hour')`, [eli.id]);
    await db.query(
      `INSERT INTO chat_messages (thread_id, role, content, created_at) VALUES
         ($1, 'user', 'What are lenders looking for?', now() - interval '2 days'),
         ($1, 'assistant', 'Cash flow first. [p. 3]', now() - interval '2 days' + interval '1 second'),
         ($1, 'user', 'And collateral?', now() - interval '1 day')`,
      [t1.id],
    );
    await db.query(
      `INSERT INTO chat_messages (thread_id, role, content, sources) VALUES ($1, 'assistant', '<b>bold</b> answer [p. 7]', $2)`,
      [t2.id, JSON.stringify([{ marker: '[p. 7]', sessionTitle: 'Lender Panel', snippet: 'text' }])],
    );
  });
  afterAll(async () => {
    await t.close();
  });

  describe('access', () => {
    it.each(['/api/admin/users/chat-history', '/api/admin/users/actions', '/api/admin/users/00000000-0000-0000-0000-000000000000/chats'])(
      '%s: 401 signed out, 403 for an attendee',
      async (path) => {
        expect((await request(t.url).get(path).expect(401)).body).toEqual({ message: 'Unauthorized' });
        const res = await attendee.get(path).expect(403);
        expect(typeof res.body.message).toBe('string');
      },
    );
  });

  describe('GET /api/admin/users/chat-history', () => {
    it('summarises each user who has chats, most recently active first', async () => {
      const res = await admin.get('/api/admin/users/chat-history').expect(200);
      expect(res.body).toHaveLength(2);
      const [first, second] = res.body;
      expect(first).toEqual({
        userId: dana.id,
        email: 'dana@example.com',
        firstName: 'Dana',
        lastName: 'Reyes',
        company: 'Acme Leasing',
        threadCount: 2,
        messageCount: 4,
        lastActivity: expect.any(String),
      });
      expect(Date.now() - Date.parse(first.lastActivity)).toBeLessThan(60_000);
      expect(second).toMatchObject({ userId: eli.id, threadCount: 1, messageCount: 0, company: 'Zen Capital' });
    });

    it('searches by name, email or company (case-insensitive, wildcards literal)', async () => {
      const byCompany = await admin.get('/api/admin/users/chat-history?q=zen cap').expect(200);
      expect(byCompany.body.map((u: { email: string }) => u.email)).toEqual(['eli@example.com']);
      const byName = await admin.get('/api/admin/users/chat-history?q=dana REY').expect(200);
      expect(byName.body.map((u: { email: string }) => u.email)).toEqual(['dana@example.com']);
      expect((await admin.get('/api/admin/users/chat-history?q=%25').expect(200)).body).toEqual([]);
    });
  });

  describe('GET /api/admin/users/:userId/chats', () => {
    it("returns the user's threads newest first with their messages oldest first", async () => {
      const res = await admin.get(`/api/admin/users/${dana.id}/chats`).expect(200);
      expect(res.body).toHaveLength(2);
      const [newest, older] = res.body;
      expect(newest.messages).toEqual([
        {
          id: expect.any(String),
          role: 'assistant',
          content: '<b>bold</b> answer [p. 7]',
          createdAt: expect.stringMatching(/Z$/),
          sources: [{ marker: '[p. 7]', sessionTitle: 'Lender Panel', snippet: 'text' }],
        },
      ]);
      expect(older.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
        ['user', 'What are lenders looking for?'],
        ['assistant', 'Cash flow first. [p. 3]'],
        ['user', 'And collateral?'],
      ]);
      expect(older).toMatchObject({ sessionFilter: [], createdAt: expect.stringMatching(/Z$/) });
    });

    it('returns an empty thread with no messages, 404 for an unknown user, 400 for a malformed id', async () => {
      const res = await admin.get(`/api/admin/users/${eli.id}/chats`).expect(200);
      expect(res.body).toEqual([expect.objectContaining({ messages: [] })]);
      const missing = await admin.get('/api/admin/users/00000000-0000-4000-8000-000000000000/chats').expect(404);
      expect(missing.body).toEqual({ message: 'User not found.' });
      const bad = await admin.get('/api/admin/users/not-a-uuid/chats').expect(400);
      expect(bad.body).toEqual({ message: 'The user id is not valid.' });
    });
  });

  describe('GET /api/admin/users/actions', () => {
    beforeAll(async () => {
      await db.query(
        `INSERT INTO user_actions (user_id, action_type, details, metadata, created_at)
         SELECT $1, 'chat_message', 'Asked question #' || g, jsonb_build_object('messagePreview', 'Question about leasing ' || g, 'ip', '10.0.0.' || g, 'userAgent', 'UA'),
                now() - make_interval(mins => 100 + g)
           FROM generate_series(1, 12) g`,
        [dana.id],
      );
      await db.query(
        `INSERT INTO user_actions (user_id, action_type, details, metadata, created_at)
         VALUES ($1, 'other', 'Exported takeaways 100% done', '{}', now() - interval '3 days')`,
        [eli.id],
      );
    });

    it('lists actions newest first with the user and the metadata', async () => {
      const res = await admin.get('/api/admin/users/actions').expect(200);
      const total = Number(res.headers['x-total-count']);
      expect(total).toBe(res.body.length);
      const stamps = res.body.map((a: { timestamp: string }) => Date.parse(a.timestamp));
      expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
      const chat = res.body.find((a: { details: string }) => a.details === 'Asked question #1');
      expect(chat).toEqual({
        id: expect.any(String),
        userId: dana.id,
        firstName: 'Dana',
        lastName: 'Reyes',
        email: 'dana@example.com',
        actionType: 'chat_message',
        details: 'Asked question #1',
        timestamp: expect.stringMatching(/Z$/),
        metadata: { ip: '10.0.0.1', userAgent: 'UA', messagePreview: 'Question about leasing 1' },
      });
      const other = res.body.find((a: { actionType: string }) => a.actionType === 'other');
      expect(other.metadata).toEqual({ ip: null, userAgent: null, messagePreview: null });
      // Sign-ins were recorded by the auth module as logins.
      expect(res.body.some((a: { actionType: string; email: string }) => a.actionType === 'login' && a.email === 'eli@example.com')).toBe(
        true,
      );
    });

    it('filters by type', async () => {
      for (const type of ['login', 'chat_message', 'other']) {
        const res = await admin.get(`/api/admin/users/actions?type=${type}`).expect(200);
        expect(res.body.length).toBeGreaterThan(0);
        expect(res.body.every((a: { actionType: string }) => a.actionType === type)).toBe(true);
      }
      expect(Number((await admin.get('/api/admin/users/actions?type=chat_message').expect(200)).headers['x-total-count'])).toBe(12);
      const bad = await admin.get('/api/admin/users/actions?type=logout').expect(400);
      expect(bad.body).toEqual({ message: 'type must be one of: login, chat_message, other.' });
    });

    it('searches name, email, details and message preview, with % taken literally', async () => {
      const preview = await admin.get('/api/admin/users/actions?q=LEASING 1').expect(200);
      expect(preview.body.map((a: { details: string }) => a.details).sort()).toEqual([
        'Asked question #1',
        'Asked question #10',
        'Asked question #11',
        'Asked question #12',
      ]);
      const byEmail = await admin.get('/api/admin/users/actions?q=eli@example&type=other').expect(200);
      expect(byEmail.body.map((a: { details: string }) => a.details)).toEqual(['Exported takeaways 100% done']);
      const literal = await admin.get(`/api/admin/users/actions?q=${encodeURIComponent('100%')}`).expect(200);
      expect(literal.body).toHaveLength(1);
      const byName = await admin.get('/api/admin/users/actions?q=dana reyes&type=chat_message').expect(200);
      expect(byName.body).toHaveLength(12);
    });

    it('pages through the log with a total count and a bounded page size', async () => {
      const page1 = await admin.get('/api/admin/users/actions?type=chat_message&page=1&pageSize=5').expect(200);
      const page3 = await admin.get('/api/admin/users/actions?type=chat_message&page=3&pageSize=5').expect(200);
      expect(page1.body.map((a: { details: string }) => a.details)).toEqual([1, 2, 3, 4, 5].map((g) => `Asked question #${g}`));
      expect(page3.body.map((a: { details: string }) => a.details)).toEqual(['Asked question #11', 'Asked question #12']);
      expect(page3.headers['x-total-count']).toBe('12');
      const past = await admin.get('/api/admin/users/actions?type=chat_message&page=9&pageSize=5').expect(200);
      expect(past.body).toEqual([]);
      expect(past.headers['x-total-count']).toBe('12');
      const tooBig = await admin.get('/api/admin/users/actions?pageSize=501').expect(400);
      expect(tooBig.body).toEqual({ message: 'pageSize must be a whole number from 1 to 500.' });
      expect((await admin.get('/api/admin/users/actions?page=0').expect(400)).body).toEqual({
        message: 'page must be a whole number from 1.',
      });
    });
  });
});
