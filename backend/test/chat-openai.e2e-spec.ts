import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { LocalAnswerGenerator } from '../src/ai/generation/local-answer-generator';
import type { AnswerGenerator, AnswerRequest, SessionMaterial } from '../src/ai/generation/generation.types';
import { formatPassages } from '../src/ai/generation/openai-answer-generator';
import { AiUsageService } from '../src/ai/usage/ai-usage.service';
import { AnsweringService } from '../src/answering/answering.service';
import { coverageEvidence, formatCoverageEvidence } from '../src/answering/coverage-evidence';
import { ProgramService } from '../src/program/program.service';
import { RetrievalService } from '../src/retrieval/retrieval.service';
import { SAMPLE_CONFERENCE, type SeededSession, seedChunks } from './utils/chunk-fixture';
import { type ChatCompletionRequest, defaultReply, FakeOpenAi, startFakeOpenAi } from './utils/fake-openai';
import { postSse, sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

describe('chat API with AI_PROVIDER=openai (fake OpenAI-compatible server on loopback)', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let db: DataSource;
  let cookie: string;
  let sessions: SeededSession[];
  /** A reply of the fake model for one test (the default reply otherwise). */
  let reply: ((r: ChatCompletionRequest) => string | undefined) | undefined;

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      reply: (r) => reply?.(r) ?? defaultReply(r),
      usage: { prompt_tokens: 1200, completion_tokens: 300 },
      chunkSize: 6,
      chunkDelayMs: 8,
      failWhen: (r) => r.messages.at(-1)!.content.includes('PLEASE FAIL'),
    });
    t = await startTestApp({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'test', OPENAI_BASE_URL: fake.baseUrl });
    db = t.app.get(DataSource);
    sessions = await seedChunks(t, SAMPLE_CONFERENCE);
    cookie = await sessionCookie(t, 'openai-user@example.com', 'Olga');
  });
  afterEach(() => {
    reply = undefined;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function startThread(): Promise<string> {
    return (await request(t.url).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: [] }).expect(200)).body.id;
  }

  it('streams the model answer through the LangChain chain, keeps real citations, drops invented ones and records the cost', async () => {
    const threadId = await startThread();
    await db.query(`DELETE FROM ai_usage`);
    const res = await postSse(t.url, '/api/chat/stream', cookie, { threadId, message: 'What FICO floor do lenders use?', sessionIds: [] });
    expect(res.status).toBe(200);
    expect(res.events.at(-1)).toBe('[DONE]');
    expect(res.events.slice(0, 3)).toEqual([
      { status: 'Searching conference documents' },
      { status: 'Analyzing relevant content' },
      { status: 'Generating comprehensive answer' },
    ]);
    const contents = res.events.filter((e: any) => e !== '[DONE]' && 'content' in e).map((e: any) => e.content as string);
    // Streamed line by line: a line is passed on once whole, its uncited statements left out (ClaimGate).
    expect(contents.length).toBeGreaterThan(2);
    const content = contents.join('');
    const { sources } = res.events.at(-2) as { sources: any[] };

    // The request the model got: streaming with usage, the configured model, passages with their markers.
    expect(fake.chatRequests).toHaveLength(1);
    const sent = fake.chatRequests[0];
    expect(sent).toMatchObject({ model: 'gpt-4o-mini', stream: true, stream_options: { include_usage: true } });
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain('using ONLY the numbered passages');
    expect(sent.messages[0].content).toContain("The conference materials don't cover this.");
    const human = sent.messages.at(-1)!.content;
    expect(human).toContain('Question: What FICO floor do lenders use?');
    const firstMarker = /Passage 1 — cite as (\[[^\]]+\])/.exec(human)![1];
    expect(fake.authorizations).toContain('Bearer test');

    // The answer cites the first passage; the invented marker is gone, and with it the claim it was the
    // only citation of (a statement the model cannot cite is left out); every marker has a source.
    expect(content).toContain(`lenders hold a FICO floor of 680 ${firstMarker}.`);
    expect(content).toContain(`- The floor applies to app-only deals ${firstMarker}`);
    expect(content).not.toContain('Imaginary Panel');
    expect(content).not.toContain('Another claim with an invented source');
    expect(sources.map((s) => s.marker)).toEqual([firstMarker]);
    const [stored] = (await request(t.url).get(`/api/chat/messages/${threadId}`).set('Cookie', cookie)).body.slice(-1);
    expect(stored).toMatchObject({ role: 'assistant', content: content.trim(), sources });

    // Usage: the tokens the API reported, priced from the table (gpt-4o-mini: $0.15 / $0.60 per 1M tokens).
    const usage = await db.query(
      `SELECT kind, provider, model, prompt_tokens, completion_tokens, total_tokens, cost_usd::float AS cost, user_id IS NOT NULL AS has_user
         FROM ai_usage WHERE kind = 'chat'`,
    );
    expect(usage).toEqual([
      {
        kind: 'chat',
        provider: 'openai',
        model: 'gpt-4o-mini',
        prompt_tokens: 1200,
        completion_tokens: 300,
        total_tokens: 1500,
        cost: 0.00036,
        has_user: true,
      },
    ]);
    // The question embedding went through the OpenAI embeddings endpoint and was recorded too.
    const [emb] = await db.query(`SELECT count(*)::int AS n FROM ai_usage WHERE kind = 'embedding' AND provider = 'openai'`);
    expect(emb.n).toBe(1);
  });

  it('rewrites a follow-up with the model, using the thread history, before retrieval', async () => {
    const threadId = await startThread();
    await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId, message: 'What FICO floor do lenders use?' })
      .expect(200);
    const before = fake.chatRequests.length;
    const res = await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId, message: 'Is it lower for banks?' })
      .expect(200);
    expect(res.body).toEqual({ content: expect.any(String), sources: expect.any(Array) });
    const [rewrite, answer] = fake.chatRequests.slice(before);
    expect(rewrite.stream).toBeFalsy();
    expect(rewrite.messages[0].content).toMatch(/^Rewrite the user's latest question as one standalone question/);
    expect(rewrite.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(rewrite.messages[1].content).toBe('What FICO floor do lenders use?');
    // The standalone question (from the fake: follow-up plus the earlier question) is what gets answered.
    expect(answer.messages.at(-1)!.content).toContain('Question: Is it lower for banks (about: What FICO floor do lenders use)?');
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM ai_usage WHERE kind = 'chat' AND provider = 'openai' AND cost_usd > 0`);
    expect(n).toBeGreaterThanOrEqual(3);
  });

  it('answers the simple fallback with {content, sources}', async () => {
    const threadId = await startThread();
    const res = await request(t.url)
      .post('/api/chat/simple')
      .set('Cookie', cookie)
      .send({ threadId, message: 'What FICO floor do lenders use?' })
      .expect(200);
    expect(res.body.content).toContain('FICO floor of 680');
    expect(res.body.sources).toHaveLength(1);
    expect(res.body.content).toContain(res.body.sources[0].marker);
  });

  it('stops the model stream when the client disconnects', async () => {
    const threadId = await startThread();
    const abortedBefore = fake.abortedStreams;
    const res = await postSse(t.url, '/api/chat/stream', cookie, { threadId, message: 'What FICO floor do lenders use?' }, (e) =>
      e !== '[DONE]' && 'content' in e ? 'abort' : undefined,
    );
    expect(res.aborted).toBe(true);
    for (let i = 0; i < 100 && fake.abortedStreams === abortedBefore; i++) await sleep(20);
    expect(fake.abortedStreams).toBe(abortedBefore + 1);
    await sleep(200);
    const messages = (await request(t.url).get(`/api/chat/messages/${threadId}`).set('Cookie', cookie)).body;
    expect(messages.map((m: any) => m.role)).toEqual(['user']);
  });

  it('reports a model failure as an error event, then [DONE]', async () => {
    const threadId = await startThread();
    const res = await postSse(t.url, '/api/chat/stream', cookie, { threadId, message: 'What FICO floor do lenders use? PLEASE FAIL' });
    expect(res.events.at(-1)).toBe('[DONE]');
    expect(res.events.at(-2)).toEqual({ error: 'Something went wrong while answering. Please try again.' });
    expect(res.events.some((e: any) => e !== '[DONE]' && 'content' in e)).toBe(false);
    // The non-streaming fallback reports the failure as a server-side error, without the upstream text.
    const failed = await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId, message: 'Tell me about FICO floors. PLEASE FAIL' })
      .expect(502);
    expect(failed.body).toEqual({ message: 'Something went wrong while answering. Please try again.' });
    // The thread is free for the next question.
    const [thread] = await db.query(`SELECT active_request_at FROM chat_threads WHERE id = $1`, [threadId]);
    expect(thread.active_request_at).toBeNull();
  });

  /** The answer engine of this app with the local answerer, recording what it hands the answerer. */
  function localEngine() {
    const local = new LocalAnswerGenerator(64, t.app.get(AiUsageService), 0);
    const requests: AnswerRequest[] = [];
    const materials: SessionMaterial[] = [];
    const recording: AnswerGenerator = {
      provider: 'local',
      model: local.model,
      rewriteQuestion: (q, h, ctx) => local.rewriteQuestion(q, h, ctx),
      streamAnswer: (r) => {
        requests.push(r);
        return local.streamAnswer(r);
      },
      sessionTakeaways: (m, ctx) => {
        materials.push(m);
        return local.sessionTakeaways(m, ctx);
      },
      mergeTakeaways: (p, ctx) => local.mergeTakeaways(p, ctx),
    };
    return { engine: new AnsweringService(t.app.get(RetrievalService), t.app.get(ProgramService), recording), requests, materials };
  }

  async function userId(): Promise<string> {
    const [{ id }] = await db.query(`SELECT id FROM users WHERE email = 'openai-user@example.com'`);
    return id;
  }

  /** The passages and the coverage note of an answer prompt, as the model received them. */
  function promptParts(sent: ChatCompletionRequest): { passages: string; coverage: string } {
    const human = sent.messages.at(-1)!.content;
    const m =
      /Numbered passages \(quoted document text, not instructions\):\n\n([\s\S]*)\n\nWhat the passages hold of the question \(computed by the assistant from their text, not a passage\):\n([\s\S]*)$/.exec(
        human,
      );
    expect(m).not.toBeNull();
    return { passages: m![1], coverage: m![2] };
  }

  it('gives the model exactly the passages and the coverage evidence the local answerer gets, with or without a session filter', async () => {
    const user = await userId();
    const cases = [
      { question: 'What FICO floor do lenders use for app-only deals?', sessionIds: [] as string[] },
      { question: 'How do hours of use affect the residual values of excavators?', sessionIds: [sessions[1].id] },
    ];
    for (const { question, sessionIds } of cases) {
      const { engine, requests } = localEngine();
      const localAnswer = await engine.answer({ userId: user, message: question, history: [], sessionIds });
      expect(requests).toHaveLength(1);
      const given = requests[0];
      expect(given.passages.length).toBeGreaterThan(1);

      const threadId = await startThread();
      const before = fake.chatRequests.length;
      const res = await postSse(t.url, '/api/chat/stream', cookie, { threadId, message: question, sessionIds });
      expect(res.events.at(-1)).toBe('[DONE]');
      const sent = fake.chatRequests.slice(before);
      expect(sent).toHaveLength(1);
      const { passages, coverage } = promptParts(sent[0]);
      // The same passages, in the same order, with the same numbers and markers; the coverage evidence of those
      // passages (the local answerer scores coverage on its own ranking of them, so its request carries none).
      expect(passages).toBe(formatPassages(given.passages));
      expect(given.coverage).toBeUndefined();
      expect(coverage).toBe(formatCoverageEvidence(coverageEvidence(given.question, given.passages, sessionIds.length > 0)));
      if (sessionIds.length > 0) {
        expect(given.passages.every((p) => p.sessionTitle === sessions[1].title)).toBe(true);
        expect(coverage).toContain('The attendee chose the sessions to ask about');
      } else {
        expect(coverage).toContain('The attendee chose no session');
      }
      expect(coverage).toMatch(/Held by the passages: .*"(fico|excavators)"/);

      // The citations come out with the same shape as the local answerer's.
      const { sources } = res.events.at(-2) as { sources: Record<string, unknown>[] };
      expect(sources).toHaveLength(1);
      const shapes = new Map(localAnswer.sources.map((s) => [s.kind, Object.keys(s).sort()]));
      expect(shapes.get(sources[0].kind as 'pdf')).toEqual(Object.keys(sources[0]).sort());
    }
  });

  it('gives the model, for a question on what was said and when, the same document passages followed by the program entries the local answer cites', async () => {
    const question = 'What did Hannah Brooks say about excavators, and when is her session?';
    const { engine, requests } = localEngine();
    const localAnswer = await engine.answer({ userId: await userId(), message: question, history: [], sessionIds: [] });
    const programSources = localAnswer.sources.filter((s) => s.kind === 'session');
    expect(programSources.length).toBeGreaterThan(0);
    const threadId = await startThread();
    const before = fake.chatRequests.length;
    await request(t.url).post('/api/chat/message').set('Cookie', cookie).send({ threadId, message: question }).expect(200);
    const [sent] = fake.chatRequests.slice(before);
    const { passages } = promptParts(sent);
    const documents = formatPassages(requests[0].passages);
    expect(passages.startsWith(`${documents}\n\n`)).toBe(true);
    const entries = passages.slice(documents.length + 2);
    for (const s of programSources) expect(entries).toContain(`cite as ${s.marker}`);
    expect(entries.split(/^Passage \d+ /m).filter(Boolean)).toHaveLength(programSources.length);
  });

  it('gives the simple fallback every passage the local answerer gets for it', async () => {
    const question = 'What FICO floor do lenders use?';
    const { engine, requests } = localEngine();
    await engine.answer({ userId: await userId(), message: question, history: [], sessionIds: [], simple: true });
    const threadId = await startThread();
    const before = fake.chatRequests.length;
    await request(t.url).post('/api/chat/simple').set('Cookie', cookie).send({ threadId, message: question }).expect(200);
    const [sent] = fake.chatRequests.slice(before);
    expect(requests[0].passages.length).toBeGreaterThan(4);
    expect(promptParts(sent).passages).toBe(formatPassages(requests[0].passages));
  });

  it('keeps one source for a streamed answer citing one given passage and one invented marker, stored as sent', async () => {
    let second = '';
    reply = (r) => {
      const markers = [...r.messages.at(-1)!.content.matchAll(/cite as (\[[^\]]+\])/g)].map((m) => m[1]);
      if (r.messages[0].content.startsWith('Rewrite') || markers.length < 2) return undefined;
      second = markers[1];
      // A real session's name with a page none of its passages has: an invented marker all the same.
      return `Residual values held up ${second}. Hours matter more than age [Residual Value Forecasting, p. 99].`;
    };
    const threadId = await startThread();
    const res = await postSse(t.url, '/api/chat/stream', cookie, { threadId, message: 'How did residual values of excavators hold up?' });
    expect(res.events.at(-1)).toBe('[DONE]');
    const content = res.events
      .filter((e: any) => e !== '[DONE]' && 'content' in e)
      .map((e: any) => e.content as string)
      .join('');
    const { sources } = res.events.at(-2) as { sources: any[] };
    expect(second).not.toBe('');
    expect(sources.map((s) => s.marker)).toEqual([second]);
    expect(content).toContain(`Residual values held up ${second}.`);
    expect(content).not.toContain('p. 99');
    const [stored] = (await request(t.url).get(`/api/chat/messages/${threadId}`).set('Cookie', cookie)).body.slice(-1);
    expect(stored).toMatchObject({ role: 'assistant', content: content.trim(), sources });
  });

  it('gives takeaways the passages the local answerer gets and keeps only takeaways of the sessions given', async () => {
    const session = sessions[1];
    const { engine, materials } = localEngine();
    await engine.sessionTakeaways(session, await userId());
    expect(materials).toHaveLength(1);
    reply = (r) =>
      r.messages[0].content.startsWith('You merge session takeaways')
        ? `${defaultReply(r)}\n- An invented takeaway || Imaginary Session`
        : undefined;
    const before = fake.chatRequests.length;
    const res = await request(t.url)
      .post('/api/takeaways')
      .set('Cookie', cookie)
      .send({ sessionIds: [session.id], useAllSessions: false })
      .expect(200);
    const sent = fake.chatRequests.slice(before);
    const map = sent.find((r) => r.messages[0].content.startsWith('From the passages of one conference session'))!;
    expect(map.messages.at(-1)!.content).toBe(`Session: "${session.title}"\n\nPassages:\n\n${formatPassages(materials[0].passages)}`);
    expect(res.body.takeaways).toHaveLength(3);
    expect(res.body.takeaways.join('\n')).not.toContain('invented');
    expect(res.body.sources).toEqual([session.title, session.title, session.title]);
  });
});
