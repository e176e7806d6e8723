import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { GenerationAborted } from '../src/ai/generation/generation.types';
import { AnsweringService } from '../src/answering/answering.service';
import type { AnswerStage } from '../src/answering/answering.types';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { textPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'answering-admin@example.com';

const TRANSCRIPT = [
  '[00:00:05] Dana Whitfield: Welcome, everyone, to the fleet economics session.',
  '[00:00:40] Dana Whitfield: Our trucks now cost $0.18 diesel per mile more than last spring. Fleet leases run 6.1 years on average.',
  '[00:01:30] Lee Park: Delinquencies on those leases rose to 2.5% in the second quarter.',
].join('\n');

const PDF_PAGE = [
  'Late payment policy',
  'If the customer pays more than 30 days late, the fee is 12.50 € per week and we add 0.75 points to the lease rate.',
].join('\n');

/** The answer engine on the real app: one question from the user's words to the answer and its citations as data. */
describe('the answer engine (AnsweringService)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let engine: AnsweringService;
  let cookie: string;
  let userId: string;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Fleet Economics');
    await uploadEmbedded(admin, sessionId, 'transcript', Buffer.from(TRANSCRIPT), 'fleet-economics.txt');
    await uploadEmbedded(admin, sessionId, 'pdf', await textPdf([PDF_PAGE]), 'late-payments.pdf');
    cookie = await sessionCookie(t, 'answering@example.com', 'Ann');
    userId = (await request(t.url).get('/api/auth/user').set('Cookie', cookie).expect(200)).body.id as string;
    engine = t.app.get(AnsweringService);
  });
  afterAll(async () => {
    await t?.close();
  });

  const question = (message: string) => ({ userId, message, history: [], sessionIds: [sessionId] });

  it('reports its stages in order, streams the text it returns, and returns a source for every citation it made', async () => {
    const stages: AnswerStage[] = [];
    const deltas: string[] = [];
    let searched = 0;
    const answer = await engine.answer(question('What fee applies when the customer pays more than 30 days late?'), {
      onStage: (s) => stages.push(s),
      onSearched: () => searched++,
      onContent: (d) => deltas.push(d),
    });
    expect(stages).toEqual(['searching', 'analyzing', 'generating']);
    expect(searched).toBe(1);
    expect(deltas.join('').trim()).toBe(answer.content);
    expect(answer.sources.length).toBeGreaterThan(0);
    for (const s of answer.sources) {
      expect(answer.content).toContain(s.marker);
      expect(s.sessionId).toBe(sessionId);
    }
    const pdf = answer.sources.find((s) => s.kind === 'pdf');
    expect(pdf?.page).toBe(1);
    expect(pdf?.snippet).toContain('the fee is 12.50 € per week');
  });

  it('is what chat sends and stores: the same text and the same sources, as data', async () => {
    const message = 'How much more do the trucks cost in diesel per mile?';
    const { content, sources, coverage } = await engine.answer(question(message));
    // The local answerer scores its coverage (sent on POST /api/chat/simple only).
    expect(coverage).toBeGreaterThan(0);
    const direct = { content, sources };
    const thread = await request(t.url)
      .post('/api/chat/start')
      .set('Cookie', cookie)
      .send({ sessionFilter: [sessionId] })
      .expect(200);
    const sent = await request(t.url)
      .post('/api/chat/message')
      .set('Cookie', cookie)
      .send({ threadId: thread.body.id, message })
      .expect(200);
    expect(sent.body).toEqual(direct);
    const stored = await request(t.url).get(`/api/chat/messages/${thread.body.id}`).set('Cookie', cookie).expect(200);
    const last = stored.body[stored.body.length - 1];
    expect({ content: last.content, sources: last.sources }).toEqual(direct);
  });

  it('stops with GenerationAborted when the client has gone', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.answer(question('How long do fleet leases run?'), { signal: controller.signal })).rejects.toBeInstanceOf(
      GenerationAborted,
    );
  });

  it('answers a question the program reads as its own but cannot answer from the documents, chosen or not', async () => {
    // 'conference' and 'who' make it a program question; no session's title or description holds the delinquencies.
    const asked = 'Who reported the lease delinquencies at the conference?';
    const chosen = await engine.answer(question(asked));
    expect(chosen.content).toMatch(/\*\*Lee Park\*\* — Delinquencies on those leases rose to 2\.5% in the second quarter\. \[/);
    // Each quoted turn cites its own time: sources of the chosen session only.
    expect([...new Set(chosen.sources.map((s) => s.sessionId))]).toEqual([sessionId]);
    // Nothing chosen: all the documents answer it first; the program's refusal stands where they do not cover it.
    const advice = await engine.answer({ ...question('What advice does the speaker give on the late payment fee?'), sessionIds: [] });
    expect(advice.content).toContain('12.50 € per week');
    expect(advice.sources.map((s) => s.kind)).toContain('pdf');
    const uncovered = await engine.answer(question('Who gave the keynote on quantum cryptography at the conference?'));
    expect(uncovered.content).toContain('is not in the program');
    expect(uncovered.sources).toEqual([]);
    const uncoveredAll = await engine.answer({
      ...question('Who gave the keynote on quantum cryptography at the conference?'),
      sessionIds: [],
    });
    expect(uncoveredAll.content).toContain('is not in the program');
    expect(uncoveredAll.sources).toEqual([]);
  });

  it("makes a session's takeaways from its own passages", async () => {
    const takeaways = await engine.sessionTakeaways({ id: sessionId, title: 'Fleet Economics' }, userId);
    expect(takeaways.length).toBeGreaterThan(0);
    for (const k of takeaways) expect(k.sessionTitle).toBe('Fleet Economics');
    const merged = await engine.mergeTakeaways([takeaways], userId);
    expect(merged.map((k) => k.text)).toEqual(expect.arrayContaining([takeaways[0].text]));
  });
});
