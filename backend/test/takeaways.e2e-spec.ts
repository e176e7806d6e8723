import request from 'supertest';
import { DataSource } from 'typeorm';
import { SAMPLE_CONFERENCE, SeededSession, startSampleConferenceApp } from './utils/chunk-fixture';
import { FakeOpenAi, startFakeOpenAi } from './utils/fake-openai';
import { sessionCookie } from './utils/sse-client';
import { TestApp } from './utils/test-app';

const TITLES = SAMPLE_CONFERENCE.map((s) => s.title);

async function takeawayUsage(db: DataSource): Promise<number> {
  const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM ai_usage WHERE kind = 'takeaway'`);
  return n;
}

describe('takeaways (local provider)', () => {
  let t: TestApp;
  let db: DataSource;
  let sessions: SeededSession[];
  let cookie: string;

  beforeAll(async () => {
    ({ app: t, sessions } = await startSampleConferenceApp());
    db = t.app.get(DataSource);
    cookie = await sessionCookie(t, 'takeaways@example.com', 'Tara');
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (body: unknown) =>
    request(t.url)
      .post('/api/takeaways')
      .set('Cookie', cookie)
      .send(body as object);

  it('needs a signed-in user', async () => {
    await request(t.url).post('/api/takeaways').send({ useAllSessions: true }).expect(401);
  });

  it("asks for a session in 'selected' mode with none selected", async () => {
    const res = await post({ sessionIds: [], useAllSessions: false }).expect(400);
    expect(res.body).toEqual({ message: 'Please select at least one session to generate takeaways.' });
    await post({}).expect(400);
  });

  it('merges 5–10 concrete takeaways from all sessions, each with its session title as source', async () => {
    const before = await takeawayUsage(db);
    const res = await post({ sessionIds: [sessions[0].id], useAllSessions: true }).expect(200);
    const { takeaways, sources } = res.body as { takeaways: string[]; sources: string[] };
    expect(takeaways.length).toBeGreaterThanOrEqual(5);
    expect(takeaways.length).toBeLessThanOrEqual(10);
    expect(sources).toHaveLength(takeaways.length);
    for (const s of sources) expect(TITLES).toContain(s);
    expect(new Set(sources).size).toBe(2); // both sessions contribute
    expect(new Set(takeaways).size).toBe(takeaways.length);
    // Concrete: sentences from the materials, with their numbers.
    expect(takeaways.join(' ')).toMatch(/680|1\.25|2,000 hours|8 percent|10 to 15 percent/);
    for (const [i, text] of takeaways.entries()) {
      expect(text.length).toBeGreaterThan(40);
      const session = SAMPLE_CONFERENCE.find((s) => s.title === sources[i])!;
      const material = session.documents
        .filter((d) => d.status !== 'chunked')
        .flatMap((d) => d.chunks.map((c) => c.text))
        .join(' ');
      // Each takeaway comes from its session's embedded documents (the draft still processing is never used);
      // a transcript's opens with its speaker's name ('Hannah Brooks: …'), then the speaker's words.
      const quote = text.replace(/^[^:]{1,60}: /, '');
      expect(material).toContain(quote.slice(5, 35));
    }
    expect(takeaways.join(' ')).not.toContain('Draft slides');
    expect(takeaways.filter((text) => text.startsWith('Hannah Brooks: ')).length).toBeGreaterThan(0);
    // Map (one call per session) and reduce (one merge) were each recorded as 'takeaway' usage.
    expect((await takeawayUsage(db)) - before).toBe(3);
  });

  it('summarises only the selected sessions', async () => {
    const res = await post({ sessionIds: [sessions[1].id], useAllSessions: false }).expect(200);
    expect(res.body.takeaways.length).toBeGreaterThan(0);
    expect(new Set(res.body.sources)).toEqual(new Set([TITLES[1]]));
  });

  it('answers a repeat request from the cache, and regenerates after a document of the set changes version', async () => {
    const first = await post({ sessionIds: [sessions[0].id], useAllSessions: false }).expect(200);
    const usageAfterFirst = await takeawayUsage(db);
    const [{ n: cachedRows }] = await db.query(`SELECT count(*)::int AS n FROM takeaway_cache`);

    const again = await post({ sessionIds: [sessions[0].id], useAllSessions: false }).expect(200);
    expect(again.body).toEqual(first.body);
    expect(await takeawayUsage(db)).toBe(usageAfterFirst); // no generation at all

    // Re-ingesting a document of the session bumps its version: the cached result no longer applies.
    await db.query(`UPDATE documents SET version = version + 1 WHERE id = $1`, [sessions[0].documentIds[0]]);
    const regenerated = await post({ sessionIds: [sessions[0].id], useAllSessions: false }).expect(200);
    expect(regenerated.body).toEqual(first.body); // same material, same deterministic result
    expect(await takeawayUsage(db)).toBeGreaterThan(usageAfterFirst);
    const [{ n: rowsNow }] = await db.query(`SELECT count(*)::int AS n FROM takeaway_cache`);
    expect(rowsNow).toBe(cachedRows + 1);
  });

  it('returns no takeaways for sessions without processed documents', async () => {
    const [{ id }] = await db.query(`INSERT INTO sessions (title) VALUES ('Empty Session') RETURNING id`);
    const res = await post({ sessionIds: [id], useAllSessions: false }).expect(200);
    expect(res.body).toEqual({ takeaways: [], sources: [] });
  });
});

describe('takeaways with AI_PROVIDER=openai (fake server)', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ usage: { prompt_tokens: 2000, completion_tokens: 100 } });
    ({ app: t } = await startSampleConferenceApp({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'test', OPENAI_BASE_URL: fake.baseUrl }));
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('maps each session through the model, merges the results, and records the cost as takeaway usage', async () => {
    const cookie = await sessionCookie(t, 'openai-takeaways@example.com', 'Omar');
    const res = await request(t.url).post('/api/takeaways').set('Cookie', cookie).send({ useAllSessions: true }).expect(200);
    const maps = fake.chatRequests.filter((r) => r.messages[0].content.startsWith('From the passages of one conference session'));
    const reduces = fake.chatRequests.filter((r) => r.messages[0].content.startsWith('You merge session takeaways'));
    expect(maps).toHaveLength(2);
    expect(reduces).toHaveLength(1);
    for (const title of TITLES) expect(maps.some((m) => m.messages[1].content.includes(`Session: "${title}"`))).toBe(true);
    // The merge prompt lists every session's takeaways with its title; the reply is parsed back.
    expect(reduces[0].messages[1].content).toContain(`- First takeaway of ${TITLES[0]} || ${TITLES[0]}`);
    expect(res.body.takeaways.length).toBe(6);
    expect(res.body.takeaways[0]).toMatch(/^First merged takeaway of /);
    for (const [i, text] of (res.body.takeaways as string[]).entries()) expect(text).toContain(res.body.sources[i]);

    const usage = await db.query(
      `SELECT provider, model, prompt_tokens, completion_tokens, cost_usd::float AS cost FROM ai_usage WHERE kind = 'takeaway'`,
    );
    expect(usage).toHaveLength(3);
    for (const u of usage) {
      expect(u).toEqual({ provider: 'openai', model: 'gpt-4o-mini', prompt_tokens: 2000, completion_tokens: 100, cost: 0.00036 });
    }
  });
});
