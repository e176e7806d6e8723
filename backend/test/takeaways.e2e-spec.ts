import request from 'supertest';
import { DataSource } from 'typeorm';
import { SAMPLE_CONFERENCE, SeededSession, startSampleConferenceApp } from './utils/chunk-fixture';
import { defaultReply, FakeOpenAi, startFakeOpenAi } from './utils/fake-openai';
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
    // The merge prompt lists every session's takeaways (their markers left out) with its title; the reply is parsed back.
    expect(reduces[0].messages[1].content).toContain(
      `First takeaway of ${TITLES[0]}: lenders hold guarantors to a stricter credit floor. || ${TITLES[0]}`,
    );
    expect(res.body.takeaways.length).toBe(6);
    // A transcript's takeaway names the speaker of the passage it cites.
    expect(res.body.takeaways[0]).toMatch(/^(?:(?:Rebecca Lindqvist|Tomás Echeverría|Hannah Brooks): )?First merged takeaway of /);
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

/** The marker the prompt gives the passage holding `words` ('cite as [What Lenders Want, 01:05]'). */
function markerOf(prompt: string, words: string): string {
  const passage = prompt.split(/\n\n(?=Passage \d+ — )/).find((p) => p.includes(words));
  const marker = passage && /cite as (\[[^\]]+\])/.exec(passage)?.[1];
  if (!marker) throw new Error(`No passage with "${words}" in the prompt.`);
  return marker;
}

describe('takeaways with AI_PROVIDER=openai: the attendee gets only cited statements, with their speakers, once', () => {
  const [LENDERS, RESIDUALS] = TITLES;
  let fake: FakeOpenAi;
  let t: TestApp;

  /** A map reply with, among the good takeaways, a question, a greeting, a bio, a wrong or missing speaker and an uncited line. */
  function mapReply(prompt: string): string {
    if (prompt.includes(`Session: "${LENDERS}"`)) {
      const fico = markerOf(prompt, 'FICO floor of 680 for the guarantor');
      return [
        `- Tomás Echeverría: Guarantors need a FICO score of at least 680 on app-only transactions ${fico}`,
        `- Debt service coverage of at least 1.25 times is required on larger tickets ${markerOf(prompt, 'DSCR of at least 1.25')}`,
        `- Rebecca Lindqvist: Recent tax liens, a PAYDEX under 50 or three NSF items send a file to decline ${markerOf(prompt, 'red flags')}`,
        `- Essential-use equipment with strong secondary markets earns better advance rates ${markerOf(prompt, 'Collateral preferences')}`,
        `- What credit score do lenders want for app-only deals? ${fico}`,
        `- Thank you all for coming to this panel this morning ${fico}`,
        `- Rebecca Lindqvist is the chief credit officer of a regional bank and leads its credit team ${markerOf(prompt, 'time in business')}`,
        '- Lenders expect equipment finance volumes to double next year',
      ].join('\n');
    }
    const hours = markerOf(prompt, 'Hours of use drive residuals');
    return [
      `- Hannah Brooks: Hours of use drive residual values more than the age of the machine ${hours}`,
      `- Auction prices for three-year-old excavators fell about 8 percent this year ${markerOf(prompt, 'Auction prices')}`,
      `- Hannah Brooks: Guarantors need a FICO score of at least 680 on app-only deals ${hours}`,
      `- Hannah Brooks: Thanks for having me [Imaginary Panel, p. 99]`,
    ].join('\n');
  }

  /** The merge keeps every candidate and adds a line with no session and a question. */
  function reduceReply(prompt: string): string {
    const lines = prompt.split('\n').filter((l) => l.startsWith('- '));
    return [...lines, '- Lenders expect volumes to double next year', `- What should lenders ask first? || ${LENDERS}`].join('\n');
  }

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      reply: (r) => {
        const [system, human] = [r.messages[0].content, r.messages.at(-1)!.content];
        if (system.startsWith('From the passages of one conference session')) return mapReply(human);
        if (system.startsWith('You merge session takeaways')) return reduceReply(human);
        return defaultReply(r);
      },
    });
    ({ app: t } = await startSampleConferenceApp({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'test', OPENAI_BASE_URL: fake.baseUrl }));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('drops questions, greetings, biographies, duplicates and uncited lines, and names each transcript speaker', async () => {
    const cookie = await sessionCookie(t, 'openai-filter@example.com', 'Fay');
    const res = await request(t.url).post('/api/takeaways').set('Cookie', cookie).send({ useAllSessions: true }).expect(200);
    const got = (res.body.takeaways as string[]).map((text, i) => [text, res.body.sources[i]]);
    expect(got).toEqual(
      expect.arrayContaining([
        ['Tomás Echeverría: Guarantors need a FICO score of at least 680 on app-only transactions.', LENDERS],
        ['Rebecca Lindqvist: Debt service coverage of at least 1.25 times is required on larger tickets.', LENDERS],
        ['Tomás Echeverría: Recent tax liens, a PAYDEX under 50 or three NSF items send a file to decline.', LENDERS],
        ['Essential-use equipment with strong secondary markets earns better advance rates.', LENDERS],
        ['Hannah Brooks: Hours of use drive residual values more than the age of the machine.', RESIDUALS],
        ['Hannah Brooks: Auction prices for three-year-old excavators fell about 8 percent this year.', RESIDUALS],
      ]),
    );
    expect(got).toHaveLength(6);
  });
});
