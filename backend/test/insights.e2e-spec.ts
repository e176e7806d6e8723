import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { FORBIDDEN_MESSAGE, UNAUTHORIZED_MESSAGE } from '../src/auth/access.guard';
import { FEEDBACK_COMMENT_TOO_LONG, INVALID_RATING_MESSAGE, MESSAGE_NOT_FOUND_MESSAGE } from '../src/chat/dto/chat.dto';
import { Insights1735000014000 } from '../src/database/migrations/1735000014000-insights';
import { CitedSessions1735000034700 } from '../src/database/migrations/1735000034700-cited-sessions';
import { INVALID_INSIGHTS_DAYS_MESSAGE, INVALID_INSIGHTS_SESSION_MESSAGE } from '../src/insights/dto/insights.query';
import { trigramSimilarity } from '../src/insights/insights.service';
import { SAMPLE_CONFERENCE, SeededSession, seedChunks } from './utils/chunk-fixture';
import { signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@insights.test';
const NOT_COVERED = "The conference materials don't cover this.";

interface Message {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  rating?: 'up' | 'down';
  feedbackComment?: string;
}

describe('insights for organisers and answer feedback', () => {
  let t: TestApp;
  let db: DataSource;
  let lenders: SeededSession;
  let residuals: SeededSession;
  let attendee: TestAgent;
  let other: TestAgent;
  let admin: TestAgent;
  let threadId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, CHAT_LIMIT_PER_USER: '1000' });
    db = t.app.get(DataSource);
    [lenders, residuals] = await seedChunks(t, SAMPLE_CONFERENCE);
    attendee = await signIn(t, { email: 'asker@insights.test', firstName: 'Ada' });
    other = await signIn(t, { email: 'other@insights.test', firstName: 'Otto' });
    admin = await signInPrivileged(t, ADMIN);
    threadId = (await attendee.post('/api/chat/start').send({ sessionFilter: [] }).expect(200)).body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  async function ask(message: string, sessionIds: string[]): Promise<string> {
    const res = await attendee.post('/api/chat/message').send({ threadId, message, sessionIds }).expect(200);
    return res.body.content;
  }

  async function messages(agent = attendee, id = threadId): Promise<Message[]> {
    return (await agent.get(`/api/chat/messages/${id}`).expect(200)).body;
  }

  /** The stored answer to the last question asked with `question` as its text. */
  async function answerTo(question: string): Promise<Message> {
    const list = await messages();
    const i = list.map((m) => m.content).lastIndexOf(question);
    expect(list[i + 1]?.role).toBe('assistant');
    return list[i + 1];
  }

  describe('asking', () => {
    it('answers the covered questions and refuses the uncovered ones', async () => {
      expect(await ask('What is the FICO floor lenders use?', [lenders.id])).toContain('680');
      expect(await ask('what is the FICO floor lenders use', [lenders.id])).toContain('680');
      expect(await ask("What's the FICO floor lenders use?", [lenders.id])).toContain('680');
      expect(await ask('How much did excavator auction prices fall?', [residuals.id])).toMatch(/8 percent/);
      expect(await ask('What is the catering menu for the gala dinner?', [residuals.id])).toBe(NOT_COVERED);
      expect(await ask('Who won the golf tournament on Tuesday?', [residuals.id])).toBe(NOT_COVERED);
      expect(await ask("What's the catering menu for the gala dinner?", [residuals.id])).toBe(NOT_COVERED);
      expect(await ask('What is the catering menu for the gala dinner?', [])).toBe(NOT_COVERED);
    });
  });

  describe('POST /api/chat/feedback', () => {
    it('needs a signed-in user', async () => {
      const answer = await answerTo('What is the FICO floor lenders use?');
      const res = await request(t.url).post('/api/chat/feedback').send({ messageId: answer.id, rating: 'up' }).expect(401);
      expect(res.body.message).toBe(UNAUTHORIZED_MESSAGE);
    });

    it('stores a rating of one of the user’s answers, shows it with the messages, and lets it be changed', async () => {
      const answer = await answerTo('What is the FICO floor lenders use?');
      const down = await attendee
        .post('/api/chat/feedback')
        .send({ messageId: answer.id, rating: 'down', comment: '  Too short  ' })
        .expect(200);
      expect(down.body).toEqual({ messageId: answer.id, rating: 'down', comment: 'Too short' });
      expect(await answerTo('What is the FICO floor lenders use?')).toMatchObject({ rating: 'down', feedbackComment: 'Too short' });

      const up = await attendee.post('/api/chat/feedback').send({ messageId: answer.id, rating: 'up', comment: 'ignored' }).expect(200);
      expect(up.body).toEqual({ messageId: answer.id, rating: 'up', comment: null });
      const after = await answerTo('What is the FICO floor lenders use?');
      expect(after.rating).toBe('up');
      expect(after).not.toHaveProperty('feedbackComment');
      const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM chat_feedback WHERE message_id = $1`, [answer.id]);
      expect(n).toBe(1);
    });

    it('answers 404 for another user’s answer, a question, an unknown or malformed id', async () => {
      const answer = await answerTo('What is the FICO floor lenders use?');
      const question = (await messages()).find((m) => m.role === 'user')!;
      for (const messageId of [answer.id, question.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const agent = messageId === answer.id ? other : attendee;
        const res = await agent.post('/api/chat/feedback').send({ messageId, rating: 'down' }).expect(404);
        expect(res.body).toEqual({ message: MESSAGE_NOT_FOUND_MESSAGE });
      }
      expect((await answerTo('What is the FICO floor lenders use?')).rating).toBe('up');
    });

    it('answers 400 with a message for a bad body', async () => {
      const answer = await answerTo('What is the FICO floor lenders use?');
      const bad: [object, string][] = [
        [{ messageId: answer.id }, INVALID_RATING_MESSAGE],
        [{ messageId: answer.id, rating: 'meh' }, INVALID_RATING_MESSAGE],
        [{ messageId: answer.id, rating: 'down', comment: 'x'.repeat(501) }, FEEDBACK_COMMENT_TOO_LONG],
        [{ messageId: answer.id, rating: 'down', comment: 42 }, FEEDBACK_COMMENT_TOO_LONG],
      ];
      for (const [body, message] of bad) {
        const res = await attendee.post('/api/chat/feedback').send(body).expect(400);
        expect(res.body.message).toBe(message);
      }
      await attendee.post('/api/chat/feedback').send({ rating: 'up' }).expect(400);
      await attendee
        .post('/api/chat/feedback')
        .send({ messageId: answer.id, rating: 'down', comment: 'x'.repeat(500) })
        .expect(200);
      await attendee.post('/api/chat/feedback').send({ messageId: answer.id, rating: 'up' }).expect(200);
    });
  });

  describe('GET /api/admin/insights', () => {
    beforeAll(async () => {
      const catering = await answerTo("What's the catering menu for the gala dinner?");
      await attendee
        .post('/api/chat/feedback')
        .send({ messageId: catering.id, rating: 'down', comment: 'Nothing about the dinner' })
        .expect(200);
    });

    it('is for admins only: 401 signed out, 403 for attendees', async () => {
      const anon = await request(t.url).get('/api/admin/insights').expect(401);
      expect(anon.body.message).toBe(UNAUTHORIZED_MESSAGE);
      const res = await attendee.get('/api/admin/insights').expect(403);
      expect(res.body.message).toBe(FORBIDDEN_MESSAGE);
    });

    it('counts questions per session of their filter, "All sessions" without one', async () => {
      const res = await admin.get('/api/admin/insights').expect(200);
      expect(res.body).toMatchObject({ days: 30, sessionId: null, totals: { questions: 8, unanswered: 4 } });
      expect(res.body.questionsBySession).toEqual([
        { sessionId: residuals.id, sessionTitle: residuals.title, questions: 4 },
        { sessionId: lenders.id, sessionTitle: lenders.title, questions: 3 },
        { sessionId: null, sessionTitle: 'All sessions', questions: 1 },
      ]);
    });

    it('lists unanswered questions by session and wording, near-duplicates folded, newest first', async () => {
      const { unanswered } = (await admin.get('/api/admin/insights?days=30').expect(200)).body;
      expect(unanswered).toEqual([
        {
          sessionId: null,
          sessionTitle: 'All sessions',
          question: 'What is the catering menu for the gala dinner?',
          count: 1,
          variants: [],
          lastAskedAt: expect.any(String),
        },
        {
          sessionId: residuals.id,
          sessionTitle: residuals.title,
          question: "What's the catering menu for the gala dinner?",
          count: 2,
          variants: ['What is the catering menu for the gala dinner?'],
          lastAskedAt: expect.any(String),
        },
        {
          sessionId: residuals.id,
          sessionTitle: residuals.title,
          question: 'Who won the golf tournament on Tuesday?',
          count: 1,
          variants: [],
          lastAskedAt: expect.any(String),
        },
      ]);
      const times = unanswered.map((u: { lastAskedAt: string }) => Date.parse(u.lastAskedAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('counts the top questions with identical and near-duplicate wordings folded', async () => {
      const { topQuestions } = (await admin.get('/api/admin/insights').expect(200)).body;
      expect(topQuestions.map((q: { question: string; count: number }) => [q.question, q.count])).toEqual([
        // Ties by count: the most recently asked first. A line shows the latest wording of its most asked one.
        ['What is the catering menu for the gala dinner?', 3],
        ['what is the FICO floor lenders use', 3],
        ['Who won the golf tournament on Tuesday?', 1],
        ['How much did excavator auction prices fall?', 1],
      ]);
      expect(topQuestions[0].variants).toEqual(["What's the catering menu for the gala dinner?"]);
      expect(topQuestions[1].variants).toEqual(["What's the FICO floor lenders use?"]);
    });

    it('reports the helpful share and the "Not helpful" answers with question, answer, sources and comment', async () => {
      const { feedback } = (await admin.get('/api/admin/insights').expect(200)).body;
      expect(feedback).toMatchObject({ rated: 2, helpful: 1, notHelpful: 1, helpfulShare: 0.5 });
      const catering = await answerTo("What's the catering menu for the gala dinner?");
      expect(feedback.notHelpfulAnswers).toEqual([
        {
          messageId: catering.id,
          question: "What's the catering menu for the gala dinner?",
          answer: NOT_COVERED,
          sources: [],
          comment: 'Nothing about the dinner',
          ratedAt: expect.any(String),
        },
      ]);
    });

    it('filters by session', async () => {
      const res = await admin.get(`/api/admin/insights?sessionId=${lenders.id}`).expect(200);
      expect(res.body).toMatchObject({ sessionId: lenders.id, totals: { questions: 3, unanswered: 0 } });
      expect(res.body.questionsBySession).toEqual([{ sessionId: lenders.id, sessionTitle: lenders.title, questions: 3 }]);
      expect(res.body.unanswered).toEqual([]);
      expect(res.body.topQuestions).toHaveLength(1);
      expect(res.body.feedback).toMatchObject({ rated: 1, helpful: 1, notHelpfulAnswers: [] });
      const r = (await admin.get(`/api/admin/insights?sessionId=${residuals.id}`).expect(200)).body;
      expect(r.unanswered.map((u: { question: string }) => u.question)).toEqual([
        "What's the catering menu for the gala dinner?",
        'Who won the golf tournament on Tuesday?',
      ]);
    });

    it('counts only the chosen range: 7, 30 or 90 days', async () => {
      // The golf question (and its answer) asked 20 days ago, the first FICO question 60 days ago.
      const list = await messages();
      const golf = list.findIndex((m) => m.content === 'Who won the golf tournament on Tuesday?');
      const fico = list.findIndex((m) => m.content === 'What is the FICO floor lenders use?');
      const move = (ids: string[], days: number) =>
        db.query(`UPDATE chat_messages SET created_at = now() - make_interval(days => $2) WHERE id = ANY($1::uuid[])`, [ids, days]);
      await move([list[golf].id, list[golf + 1].id], 20);
      await move([list[fico].id, list[fico + 1].id], 60);

      const totals = async (days: number) => (await admin.get(`/api/admin/insights?days=${days}`).expect(200)).body;
      const week = await totals(7);
      expect(week.totals).toEqual({ questions: 6, unanswered: 3 });
      expect(week.feedback).toMatchObject({ rated: 1, helpful: 0 });
      expect(week.unanswered.some((u: { question: string }) => u.question.startsWith('Who won'))).toBe(false);
      expect(Date.parse(week.since)).toBeGreaterThan(Date.now() - 7 * 86_400_000 - 60_000);
      const month = await totals(30);
      expect(month.totals).toEqual({ questions: 7, unanswered: 4 });
      const quarter = await totals(90);
      expect(quarter.totals).toEqual({ questions: 8, unanswered: 4 });
      expect(quarter.feedback).toMatchObject({ rated: 2, helpful: 1 });
      expect(quarter.topQuestions.slice(0, 2).map((q: { count: number }) => q.count)).toEqual([3, 3]);
    });

    it('folds by the same measure as pg_trgm similarity() in the database', async () => {
      const pairs = [
        ['what is the fico floor lenders use', 'what s the fico floor lenders use'],
        ['who won the golf tournament on tuesday', 'what is the catering menu for the gala dinner'],
        ['résumé of the café panel', 'resume of the cafe panel'],
        ['a', 'ab'],
      ];
      for (const [a, b] of pairs) {
        const [row] = await db.query(`SELECT similarity($1, $2) AS s, show_trgm($1) AS ta, show_trgm($2) AS tb`, [a, b]);
        expect(trigramSimilarity(new Set(row.ta), new Set(row.tb))).toBeCloseTo(Number(row.s), 5);
      }
    });

    it('answers 400 with a message for a bad range or session id', async () => {
      for (const days of ['15', 'abc', '0']) {
        const res = await admin.get(`/api/admin/insights?days=${days}`).expect(400);
        expect(res.body.message).toBe(INVALID_INSIGHTS_DAYS_MESSAGE);
      }
      const res = await admin.get('/api/admin/insights?sessionId=nope').expect(400);
      expect(res.body.message).toBe(INVALID_INSIGHTS_SESSION_MESSAGE);
    });
  });
});

describe('insights that keep questions apart and count them where they were answered', () => {
  let t: TestApp;
  let lenders: SeededSession;
  let attendee: TestAgent;
  let admin: TestAgent;
  let threadId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, CHAT_LIMIT_PER_USER: '1000' });
    [lenders] = await seedChunks(t, SAMPLE_CONFERENCE);
    attendee = await signIn(t, { email: 'rooms@insights.test', firstName: 'Rhea' });
    admin = await signInPrivileged(t, ADMIN);
    threadId = (await attendee.post('/api/chat/start').send({ sessionFilter: [] }).expect(200)).body.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const ask = (message: string, sessionIds: string[] = []) =>
    attendee.post('/api/chat/message').send({ threadId, message, sessionIds }).expect(200);

  it('"Top questions" keeps apart questions that differ in a number or a name, and still folds a rewording', async () => {
    await ask('What is in Larimer Room 1?');
    await ask('What is in Larimer Room 1?');
    await ask('What is in Larimer Room 3?');
    await ask('Where does Maria Lopez speak?');
    await ask('Where does Mario Lopez speak?');
    await ask('what is in larimer room 3');
    const { topQuestions } = (await admin.get('/api/admin/insights').expect(200)).body;
    const lines = topQuestions.map((q: { question: string; count: number; variants: string[] }) => [q.question, q.count, q.variants]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['What is in Larimer Room 1?', 2, []],
        ['what is in larimer room 3', 2, []],
        ['Where does Maria Lopez speak?', 1, []],
        ['Where does Mario Lopez speak?', 1, []],
      ]),
    );
    expect(lines).toHaveLength(4);
  });

  it('"Questions by session" counts a question asked of all sessions under the session its answer cited', async () => {
    const answer = (await ask('What is the FICO floor lenders use?')).body;
    expect(answer.content).toContain('680');
    expect(answer.sources.map((s: { sessionId: string }) => s.sessionId)).toContain(lenders.id);
    const res = (await admin.get('/api/admin/insights').expect(200)).body;
    expect(res.totals.questions).toBe(7);
    expect(res.questionsBySession).toEqual([
      { sessionId: null, sessionTitle: 'All sessions', questions: 6 },
      { sessionId: lenders.id, sessionTitle: lenders.title, questions: 1 },
    ]);
    // The session's own view holds it too.
    const one = (await admin.get(`/api/admin/insights?sessionId=${lenders.id}`).expect(200)).body;
    expect(one.totals.questions).toBe(1);
    expect(one.topQuestions.map((q: { question: string }) => q.question)).toEqual(['What is the FICO floor lenders use?']);
  });
});

describe('the insights migration on messages stored before it', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await startTestApp();
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  it('backfills the question filter, the answer’s question and unanswered, and its down/up round-trips', async () => {
    const runner = db.createQueryRunner();
    const migration = new Insights1735000014000();
    try {
      await migration.down(runner);
      const [{ id: sessionId }] = await db.query(`INSERT INTO sessions (title) VALUES ('Old Session') RETURNING id`);
      const [{ id: userId }] = await db.query(`INSERT INTO users (email, first_name) VALUES ('old@insights.test', 'Old') RETURNING id`);
      const [{ id: threadId }] = await db.query(
        `INSERT INTO chat_threads (user_id, session_filter) VALUES ($1, ARRAY[$2::uuid]) RETURNING id`,
        [userId, sessionId],
      );
      // One second apart, as a question and its answer are: the embedded clock can give two quick
      // inserts the same timestamp, and the order must not depend on the random ids then.
      let second = 0;
      const insert = async (role: string, content: string, sources: unknown[] = []) =>
        (
          await db.query(
            `INSERT INTO chat_messages (thread_id, role, content, sources, created_at)
             VALUES ($1, $2, $3, $4::jsonb, now() - interval '1 hour' + make_interval(secs => $5)) RETURNING id`,
            [threadId, role, content, JSON.stringify(sources), second++],
          )
        )[0].id as string;
      const q1 = await insert('user', 'Where is the gala?');
      const a1 = await insert('assistant', NOT_COVERED);
      const q2 = await insert('user', 'What FICO floor?');
      const a2 = await insert('assistant', 'A floor of 680 [p. 2]', [{ marker: '[p. 2]' }]);
      const q3 = await insert('user', 'And the PAYDEX?');
      const a3 = await insert('assistant', 'Nothing cited here.');

      await migration.up(runner);
      const rows = await db.query(
        `SELECT id, session_ids::text[] AS "sessionIds", question_id AS "questionId", unanswered, question_norm AS norm
           FROM chat_messages WHERE thread_id = $1 ORDER BY created_at, id`,
        [threadId],
      );
      expect(rows).toEqual([
        { id: q1, sessionIds: [sessionId], questionId: null, unanswered: true, norm: 'where is the gala' },
        { id: a1, sessionIds: null, questionId: q1, unanswered: null, norm: null },
        { id: q2, sessionIds: [sessionId], questionId: null, unanswered: false, norm: 'what fico floor' },
        { id: a2, sessionIds: null, questionId: q2, unanswered: null, norm: null },
        { id: q3, sessionIds: [sessionId], questionId: null, unanswered: true, norm: 'and the paydex' },
        { id: a3, sessionIds: null, questionId: q3, unanswered: null, norm: null },
      ]);
    } finally {
      await runner.release();
    }
  });

  it('the cited-sessions migration reads the answers stored before it, and keeps later ones by trigger; its down/up round-trips', async () => {
    const runner = db.createQueryRunner();
    const migration = new CitedSessions1735000034700();
    try {
      const [{ id: cited }] = await db.query(`INSERT INTO sessions (title) VALUES ('Cited Session') RETURNING id`);
      const [{ id: asked }] = await db.query(`INSERT INTO sessions (title) VALUES ('Asked Session') RETURNING id`);
      const [{ id: userId }] = await db.query(`INSERT INTO users (email, first_name) VALUES ('cite@insights.test', 'Cy') RETURNING id`);
      const [{ id: threadId }] = await db.query(`INSERT INTO chat_threads (user_id) VALUES ($1) RETURNING id`, [userId]);
      const question = async (filter: string[]) =>
        (
          await db.query(
            `INSERT INTO chat_messages (thread_id, role, content, session_ids) VALUES ($1, 'user', 'Q', $2::uuid[]) RETURNING id`,
            [threadId, filter],
          )
        )[0].id as string;
      const answer = (questionId: string, sources: unknown[]) =>
        db.query(
          `INSERT INTO chat_messages (thread_id, role, content, sources, question_id) VALUES ($1, 'assistant', 'A', $2::jsonb, $3)`,
          [threadId, JSON.stringify(sources), questionId],
        );
      const citedOf = async (id: string) =>
        (await db.query(`SELECT cited_session_ids::text[] AS ids FROM chat_messages WHERE id = $1`, [id]))[0].ids as string[] | null;
      const sources = [
        { sessionId: cited, marker: '[p. 1]' },
        { sessionId: asked, marker: '[p. 2]' },
        { sessionId: '', marker: '[p. 3]' },
      ];

      await migration.down(runner);
      const before = await question([asked]);
      await answer(before, sources);
      await migration.up(runner);
      // The filter's own session is not repeated; an id that names no session is ignored.
      expect(await citedOf(before)).toEqual([cited]);

      const after = await question([]);
      await answer(after, sources);
      expect([...(await citedOf(after))!].sort()).toEqual([cited, asked].sort());
      const none = await question([]);
      await answer(none, []);
      expect(await citedOf(none)).toBeNull();
    } finally {
      await runner.release();
    }
  });
});
