import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ChatRepository } from '../src/chat/chat.repository';
import { DeferredWrites } from '../src/database/deferred-writes';
import { CITATION_MARKER_PATTERN } from '../src/text/citation-grammar';
import { SeededSession, seedChunks, startSampleConferenceApp } from './utils/chunk-fixture';
import { postSse, sessionCookie, SseEvent } from './utils/sse-client';
import { signIn, TestApp } from './utils/test-app';

/** The markers the apps show as badges (the one citation grammar). */
const MARKER = new RegExp(CITATION_MARKER_PATTERN, 'g');

describe('chat API (local provider)', () => {
  let t: TestApp;
  let db: DataSource;
  let sessions: SeededSession[];
  let cookie: string;

  beforeAll(async () => {
    ({ app: t, sessions } = await startSampleConferenceApp());
    db = t.app.get(DataSource);
    cookie = await sessionCookie(t, 'streamer@example.com', 'Sam');
  });
  afterAll(async () => {
    await t.close();
  });

  async function startThread(c = cookie, sessionFilter: string[] = []): Promise<string> {
    const res = await request(t.url).post('/api/chat/start').set('Cookie', c).send({ sessionFilter }).expect(200);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    return res.body.id;
  }

  async function messagesOf(threadId: string, c = cookie) {
    return (await request(t.url).get(`/api/chat/messages/${threadId}`).set('Cookie', c).expect(200)).body;
  }

  it('needs a signed-in user', async () => {
    await request(t.url).post('/api/chat/start').send({ sessionFilter: [] }).expect(401);
    await request(t.url).post('/api/chat/stream').send({ threadId: 'x', message: 'hi' }).expect(401);
  });

  it('streams statuses, content deltas, the sources and [DONE], in that order, with unbuffered SSE headers', async () => {
    const threadId = await startThread();
    const res = await postSse(t.url, '/api/chat/stream', cookie, {
      threadId,
      message: 'What FICO score floor do lenders use?',
      sessionIds: [],
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(res.headers['x-accel-buffering']).toBe('no');
    expect(res.headers['connection']).toBe('keep-alive');
    // Wire format: only `data: …` lines separated by blank lines, [DONE] last.
    expect(res.raw).toMatch(/^(data: [^\n]+\n\n)+$/);
    expect(res.raw.endsWith('data: [DONE]\n\n')).toBe(true);

    const kinds = res.events.map((e) => (e === '[DONE]' ? 'done' : Object.keys(e)[0]));
    expect(kinds.slice(0, 3)).toEqual(['status', 'status', 'status']);
    expect(res.events.slice(0, 3)).toEqual([
      { status: 'Searching conference documents' },
      { status: 'Analyzing relevant content' },
      { status: 'Generating comprehensive answer' },
    ]);
    const firstContent = kinds.indexOf('content');
    const lastContent = kinds.lastIndexOf('content');
    expect(firstContent).toBe(3);
    expect(kinds.slice(firstContent, lastContent + 1).every((k) => k === 'content')).toBe(true);
    expect(lastContent - firstContent).toBeGreaterThan(3); // streamed in several deltas
    expect(kinds.slice(lastContent + 1)).toEqual(['sources', 'done']);

    const content = res.events
      .filter((e): e is { content: string } => e !== '[DONE]' && 'content' in e)
      .map((e) => e.content)
      .join('');
    expect(content).toContain('680');
    const { sources } = res.events[lastContent + 1] as { sources: any[] };
    const markers = content.match(MARKER) ?? [];
    expect(markers.length).toBeGreaterThan(0);
    for (const m of markers) expect(sources.filter((s) => s.marker === m)).toHaveLength(1);
    for (const s of sources) expect(content).toContain(s.marker);
    expect(sources[0]).toEqual({
      documentId: expect.any(String),
      sessionId: sessions[0].id,
      sessionTitle: 'What Lenders Want: Credit Criteria in a Tighter Market',
      kind: expect.stringMatching(/^(pdf|transcript)$/),
      ...(sources[0].kind === 'pdf' ? { page: expect.any(Number) } : { startTime: expect.any(Number) }),
      marker: expect.any(String),
      snippet: expect.any(String),
      score: expect.any(Number),
    });
    // A document still being processed is never cited.
    expect(sources.map((s) => s.documentId)).not.toContain(sessions[0].documentIds[2]);

    // Both messages stored, oldest first, the answer with its sources.
    const messages = await messagesOf(threadId);
    expect(messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[0]).toMatchObject({ content: 'What FICO score floor do lenders use?', sources: [] });
    expect(messages[1].content).toBe(content.trim());
    expect(messages[1].sources).toEqual(sources);
    expect(new Date(messages[1].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(messages[0].createdAt).getTime());
  });

  it("writes a question's rows after the first words while another answer's first words are awaited, and all of them by the end", async () => {
    const threadId = await startThread();
    const message = 'Which FICO score floor and DSCR do lenders want for a deferred write?';
    const count = async (sql: string) => (await db.query(sql, [threadId]))[0].n as number;
    const questionRows = () =>
      Promise.all([
        count(`SELECT count(*)::int AS n FROM chat_messages WHERE thread_id = $1`),
        count(`SELECT count(*)::int AS n FROM user_actions WHERE metadata->>'threadId' = $1`),
      ]);
    const embeddingRows = async () =>
      (await db.query(`SELECT count(*)::int AS n FROM ai_usage WHERE kind = 'embedding' AND provider = 'local'`))[0].n as number;
    const embeddingsBefore = await embeddingRows();
    // Another attendee's question waits for its first words.
    const otherWaits = t.app.get(DeferredWrites).wait();
    let atFirstWords: Promise<number[]> | undefined;
    const res = await postSse(t.url, '/api/chat/stream', cookie, { threadId, message, sessionIds: [] }, (e) => {
      if (atFirstWords || e === '[DONE]' || !('content' in e)) return;
      atFirstWords = questionRows().finally(otherWaits);
    });
    expect(res.events.at(-1)).toBe('[DONE]');
    // Nothing of the question written while the other answer's first words were awaited...
    expect(await atFirstWords).toEqual([0, 0]);
    // ...and everything once they went out: the question before its answer, the activity, the embedding's usage.
    const messages = await messagesOf(threadId);
    expect(messages.map((m: any) => [m.role, m.role === 'user' ? m.content : expect.any(String)])).toEqual([
      ['user', message],
      ['assistant', expect.any(String)],
    ]);
    expect(await questionRows()).toEqual([2, 1]);
    for (let i = 0; i < 50 && (await embeddingRows()) === embeddingsBefore; i++) await sleep(20);
    expect(await embeddingRows()).toBe(embeddingsBefore + 1);
  });

  it("lists a thread's messages in the order they were written, even when the clock gives two of them one time", async () => {
    const threadId = await startThread();
    const repo = t.app.get(ChatRepository);
    // Back to back, as a question and its answer are stored: the embedded database's clock counts milliseconds.
    for (let i = 0; i < 20; i++) {
      await repo.insertMessage(threadId, 'user', `question ${i}`, []);
      await repo.insertMessage(threadId, 'assistant', `answer ${i}`, []);
    }
    const listed = (await messagesOf(threadId)).map((m: { content: string }) => m.content);
    expect(listed).toEqual(Array.from({ length: 20 }, (_, i) => [`question ${i}`, `answer ${i}`]).flat());
  });

  it('records a chat_message action with the preview cut at 500 characters', async () => {
    const threadId = await startThread();
    const long = `What do lenders require for time in business? ${'Please be specific. '.repeat(40)}`.trim();
    await request(t.url).post('/api/chat/message').set('Cookie', cookie).send({ threadId, message: long }).expect(200);
    const [row] = await db.query(
      `SELECT a.action_type, a.metadata FROM user_actions a JOIN users u ON u.id = a.user_id
        WHERE u.email = 'streamer@example.com' AND a.action_type = 'chat_message' ORDER BY a.created_at DESC LIMIT 1`,
    );
    expect(row.metadata.messagePreview).toBe(long.slice(0, 500));
    expect(row.metadata.messagePreview).toHaveLength(500);
  });

  it('answers through the non-streaming fallbacks: /message → {content, sources} and /simple → {content, sources}', async () => {
    const threadId = await startThread();
    const message = await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId, message: 'How do hours of use affect residual values?', sessionIds: [] })
      .expect(200);
    expect(message.body).toEqual({ content: expect.stringContaining('hours'), sources: expect.any(Array) });
    expect(message.body.sources.length).toBeGreaterThan(0);
    expect(message.body.sources.every((s: any) => s.sessionId === sessions[1].id)).toBe(true);

    const simple = await request(t.url)
      .post('/api/chat/simple')
      .set('Cookie', cookie)
      .send({ threadId, message: 'What red flags send a credit file to decline?', sessionIds: [] })
      .expect(200);
    expect(simple.body.content).toMatch(/tax liens|PAYDEX/);
    for (const m of simple.body.content.match(MARKER) ?? []) {
      expect(simple.body.sources.map((s: any) => s.marker)).toContain(m);
    }
    const messages = await messagesOf(threadId);
    expect(messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[3].sources).toEqual(simple.body.sources);
  });

  it('limits retrieval to the chosen sessions (request, else the thread filter)', async () => {
    const threadId = await startThread(cookie, [sessions[1].id]);
    const res = await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId, message: 'What FICO floor and residual values did speakers mention?' })
      .expect(200);
    expect(res.body.sources.length).toBeGreaterThan(0);
    expect(res.body.sources.every((s: any) => s.sessionId === sessions[1].id)).toBe(true);
    const other = await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId, message: 'What FICO floor did lenders mention?', sessionIds: [sessions[0].id] })
      .expect(200);
    expect(other.body.sources.every((s: any) => s.sessionId === sessions[0].id)).toBe(true);
  });

  it("says the materials don't cover a question they do not cover, with no sources", async () => {
    const threadId = await startThread();
    const res = await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId, message: 'Who won the Super Bowl last year?' })
      .expect(200);
    expect(res.body).toEqual({ content: "The conference materials don't cover this.", sources: [] });
  });

  it("says so in the language of the question: Spanish, French and German refusals, English the spec's text", async () => {
    const asked = {
      '¿Quién ganó la Super Bowl el año pasado?': 'Los materiales de la conferencia no tratan este tema.',
      "Qui a gagné le Super Bowl l'année dernière ?": 'Les documents de la conférence ne couvrent pas ce sujet.',
      'Wer hat letztes Jahr den Super Bowl gewonnen?': 'Die Unterlagen der Konferenz behandeln das nicht.',
      'Who won the Super Bowl last year?': "The conference materials don't cover this.",
    };
    for (const [message, refusal] of Object.entries(asked)) {
      const threadId = await startThread();
      const res = await request(t.url).post('/api/chat/message').set('Cookie', cookie).send({ threadId, message }).expect(200);
      expect(res.body).toEqual({ content: refusal, sources: [] });
    }
  });

  it('rewrites a follow-up into a standalone question using the previous turn', async () => {
    const threadId = await startThread();
    await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId, message: 'How are residual values for excavators holding up?' })
      .expect(200);
    // On its own this question names nothing the materials hold; with the previous turn it is about residuals.
    const res = await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId, message: 'What numbers did they give?' })
      .expect(200);
    expect(res.body.content).toMatch(/8 percent|2,000 hours|10 to 15 percent/);
    expect(res.body.sources.length).toBeGreaterThan(0);
    expect(res.body.sources.every((s: any) => s.sessionId === sessions[1].id)).toBe(true);

    // The same question in a fresh thread has no previous turn to lean on.
    const fresh = await startThread();
    const alone = await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId: fresh, message: 'What numbers did they give?' })
      .expect(200);
    expect(alone.body).toEqual({ content: "The conference materials don't cover this.", sources: [] });
  });

  it('answers 400 with a clear message for a blank message, an unknown thread and a thread still answering', async () => {
    const threadId = await startThread();
    for (const path of ['/api/chat/stream', '/api/chat/message', '/api/chat/simple']) {
      const blank = await request(t.url).post(path).set('Cookie', cookie).send({ threadId, message: '   ' }).expect(400);
      expect(blank.body).toEqual({ message: 'Please enter a message.' });
      const unknown = await request(t.url)
        .post(path)
        .set('Cookie', cookie)
        .send({ threadId: '00000000-0000-4000-8000-000000000000', message: 'Hello?' })
        .expect(400);
      expect(unknown.body).toEqual({ message: 'This conversation was not found. Please start a new conversation.' });
    }

    let busy: request.Response | undefined;
    const stream = await postSse(t.url, '/api/chat/stream', cookie, { threadId, message: 'What FICO floor do lenders use?' }, (e) => {
      if (e !== '[DONE]' && 'content' in e && !busy) {
        // While the answer streams, a second question in the same thread is refused.
        void request(t.url)
          .post('/api/chat/message')
          .set('Cookie', cookie)
          .send({ threadId, message: 'Another question' })
          .then((r) => (busy = r));
      }
    });
    expect(stream.events.at(-1)).toBe('[DONE]');
    for (let i = 0; i < 50 && !busy; i++) await sleep(20);
    expect(busy?.status).toBe(400);
    expect(busy?.body).toEqual({ message: 'A question is still being answered in this conversation. Please wait for it to finish.' });
    // Once the answer is done the thread takes questions again.
    await request(t.url).post('/api/chat/message').set('Cookie', cookie).send({ threadId, message: 'What FICO floor?' }).expect(200);
  });

  it('stops generating when the client disconnects: no answer is stored and the thread is free again', async () => {
    const threadId = await startThread();
    const seen: SseEvent[] = [];
    const res = await postSse(
      t.url,
      '/api/chat/stream',
      cookie,
      { threadId, message: 'How do lenders look at time in business, FICO and DSCR?' },
      (e) => {
        seen.push(e);
        return e !== '[DONE]' && 'content' in e ? 'abort' : undefined;
      },
    );
    expect(res.aborted).toBe(true);
    expect(seen.some((e) => e !== '[DONE]' && 'content' in e)).toBe(true);
    // The server notices the closed socket and releases the thread without storing an answer.
    let released = false;
    for (let i = 0; i < 100 && !released; i++) {
      const [row] = await db.query(`SELECT active_request_at FROM chat_threads WHERE id = $1`, [threadId]);
      released = row.active_request_at === null;
      if (!released) await sleep(20);
    }
    expect(released).toBe(true);
    await sleep(300); // longer than the rest of the answer would have taken to stream
    const messages = await messagesOf(threadId);
    expect(messages.map((m: any) => m.role)).toEqual(['user']);
  });

  it("keeps threads private: another user's thread is 404 to read and 400 to post into", async () => {
    const threadId = await startThread();
    await request(t.url).post('/api/chat/message').set('Cookie', cookie).send({ threadId, message: 'What FICO floor?' }).expect(200);
    const other = await signIn(t, { email: 'other@example.com', firstName: 'Olive' });
    const read = await other.get(`/api/chat/messages/${threadId}`).expect(404);
    expect(read.body).toEqual({ message: 'Chat thread not found' });
    await other.get('/api/chat/messages/not-a-uuid').expect(404);
    const post = await other.post('/api/chat/message').send({ threadId, message: 'Let me in' }).expect(400);
    expect(post.body.message).toBe('This conversation was not found. Please start a new conversation.');
    expect(await messagesOf(threadId)).toHaveLength(2);
  });

  it('validates session ids', async () => {
    const res = await request(t.url)
      .post('/api/chat/start')
      .set('Cookie', cookie)
      .send({ sessionFilter: ['nope'] })
      .expect(400);
    expect(res.body).toEqual({ message: 'Session ids must be a list of session ids.' });
  });

  it("cites through the answer's sources only: a footnote or a marker quoted from a slide stays text or goes", async () => {
    const [filing] = await seedChunks(t, [
      {
        title: 'Fleet Residuals Report',
        documents: [
          {
            kind: 'pdf',
            chunks: [
              {
                page: 4,
                text: 'The residual value haircut on electric excavators is 22 percent [1], the highest of any fleet class this year. Auction depth for electric excavators stays thin, see [p. 9] for the survey.',
              },
            ],
          },
        ],
      },
    ]);
    const threadId = await startThread(cookie, [filing.id]);
    const res = await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId, message: 'What residual value haircut applies to electric excavators?' })
      .expect(200);
    expect(res.body.content).toContain('22 percent [1], the highest of any fleet class this year. [p. 4]');
    expect(res.body.content).not.toContain('[p. 9]');
    expect(res.body.sources.map((s: any) => s.marker)).toEqual(['[p. 4]']);
  });

  it('records usage of every chat call (local provider: cost 0)', async () => {
    const [row] = await db.query(
      `SELECT count(*)::int AS n, sum(cost_usd)::float AS cost, min(completion_tokens) AS min_completion
         FROM ai_usage WHERE kind = 'chat' AND provider = 'local' AND model = 'local-extractive-v1'`,
    );
    expect(row.n).toBeGreaterThan(5);
    expect(row.cost).toBe(0);
  });
});
