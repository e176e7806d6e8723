import request from 'supertest';
import { SeededSession, seedChunks, startSampleConferenceApp } from './utils/chunk-fixture';
import { sessionCookie } from './utils/sse-client';
import { DF_CACHE_WORDS, LOOKUP_TERMS } from '../src/retrieval/bm25';
import { HybridSearch } from '../src/retrieval/hybrid-search';
import { TestApp } from './utils/test-app';

describe('semantic search (GET /api/search)', () => {
  let t: TestApp;
  let sessions: SeededSession[];
  let cookie: string;

  beforeAll(async () => {
    ({ app: t, sessions } = await startSampleConferenceApp());
    cookie = await sessionCookie(t, 'searcher@example.com', 'Sue');
  });
  afterAll(async () => {
    await t.close();
  });

  const search = (query: Record<string, string>) => request(t.url).get('/api/search').query(query).set('Cookie', cookie);
  /** The words a result marks: its highlights' spans of its snippet. */
  const marked = (r: { snippet: string; highlights: { start: number; end: number }[] }) =>
    r.highlights.map((h) => r.snippet.slice(h.start, h.end));

  it('needs a signed-in user', async () => {
    await request(t.url).get('/api/search?q=fico').expect(401);
  });

  it('asks for a query', async () => {
    expect((await search({ q: '  ' }).expect(400)).body).toEqual({ message: 'Please enter a search query.' });
    expect((await search({}).expect(400)).body).toEqual({ message: 'Please enter a search query.' });
  });

  it('ranks passages with session, document, page or time, marked snippet and score', async () => {
    const res = await search({ q: 'guarantor FICO floor' }).expect(200);
    const results = res.body.results as any[];
    expect(results.length).toBeGreaterThan(3);
    const [top] = results;
    expect(top).toEqual({
      sessionId: sessions[0].id,
      sessionTitle: 'What Lenders Want: Credit Criteria in a Tighter Market',
      documentId: expect.any(String),
      kind: expect.stringMatching(/^(pdf|transcript)$/),
      page: top.kind === 'pdf' ? 2 : null,
      startTime: top.kind === 'transcript' ? 412 : null,
      line: null,
      lineEnd: null,
      marker: expect.stringMatching(/^\[.+\]$/),
      snippet: expect.stringContaining('FICO floor'),
      highlights: expect.any(Array),
      score: expect.any(Number),
    });
    expect(marked(top)).toEqual(expect.arrayContaining(['FICO', 'floor']));
    expect(marked(top).map((w) => w.toLowerCase())).toContain('guarantor');
    expect(top.snippet).not.toContain('**');
    const scores = results.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // The document still being processed never appears.
    expect(results.map((r) => r.documentId)).not.toContain(sessions[0].documentIds[2]);
    // Transcript hits carry their time, PDF hits their page.
    for (const r of results) {
      if (r.kind === 'pdf') expect(typeof r.page).toBe('number');
      else expect(typeof r.startTime).toBe('number');
    }
  });

  it('filters by session ids (comma separated)', async () => {
    const res = await search({ q: 'FICO floor residual', sessionIds: sessions[1].id }).expect(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    expect(res.body.results.every((r: any) => r.sessionId === sessions[1].id)).toBe(true);
    const both = await search({ q: 'residual', sessionIds: `${sessions[0].id},${sessions[1].id}` }).expect(200);
    expect(both.body.results.length).toBeGreaterThan(0);
    const bad = await search({ q: 'residual', sessionIds: 'not-an-id' }).expect(400);
    expect(bad.body).toEqual({ message: 'Session ids must be a comma-separated list of session ids.' });
  });

  it('marks matched words in a snippet cut around the best match of a long passage', async () => {
    const res = await search({ q: 'excavators auction prices' }).expect(200);
    const hit = res.body.results.find((r: any) => marked(r).includes('excavators'));
    expect(hit).toBeDefined();
    expect(marked(hit)).toEqual(expect.arrayContaining(['Auction', 'prices']));
  });

  it('gives matched words as spans of a plain snippet: markup in the document is text, never a mark', async () => {
    const [notes] = await seedChunks(t, [
      {
        title: 'Markdown Notes',
        documents: [{ kind: 'pdf', chunks: [{ page: 1, text: '**Note:** telematics data lowers **loss** rates on leased fleets.' }] }],
      },
    ]);
    const res = await search({ q: 'telematics loss', sessionIds: notes.id }).expect(200);
    const [hit] = res.body.results;
    expect(hit.snippet).toBe('**Note:** telematics data lowers **loss** rates on leased fleets.');
    expect(marked(hit)).toEqual(['telematics', 'loss']);
  });
});

describe('search word statistics stay bounded', () => {
  let t: TestApp;
  beforeAll(async () => {
    ({ app: t } = await startSampleConferenceApp());
  });
  afterAll(() => t.close());

  it('looks up at most LOOKUP_TERMS words of one query and keeps at most DF_CACHE_WORDS words', async () => {
    const repository = t.app.get(HybridSearch);
    const stats = () => ({ size: repository.words.cachedWords });
    const long = Array.from({ length: 200 }, (_, i) => `zq${i}word`);
    await repository.termWeights(long);
    expect(stats().size).toBe(LOOKUP_TERMS);
    let n = 0;
    while (n < DF_CACHE_WORDS + 500) {
      await repository.termWeights(Array.from({ length: LOOKUP_TERMS }, () => `w${n++}x`));
    }
    expect(stats().size).toBe(DF_CACHE_WORDS);
    // Still answers, with statistics for words seen long ago looked up again.
    const again = await repository.termWeights(['fico', 'zq0word', 'the']);
    expect(again.map((w) => [w.word, w.df > 0])).toEqual([
      ['fico', true],
      ['zq0word', false],
    ]);
  });
});
