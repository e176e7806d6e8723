import { DataSource } from 'typeorm';
import { HybridSearch } from '../src/retrieval/hybrid-search';
import { RetrievalService } from '../src/retrieval/retrieval.service';
import { SAMPLE_CONFERENCE, seedChunks } from './utils/chunk-fixture';
import { startTestApp, TestApp } from './utils/test-app';

/** The statements of `work` that read the searchable content (chunks, documents, the content version). */
async function contentStatements(t: TestApp, work: () => Promise<unknown>): Promise<string[]> {
  const spy = jest.spyOn(t.app.get(DataSource), 'query');
  try {
    await work();
    return spy.mock.calls.map((c) => String(c[0])).filter((sql) => /\b(chunks|documents|content_version)\b/.test(sql));
  } finally {
    spy.mockRestore();
  }
}

describe('retrieval: one round trip to the database per question', () => {
  let t: TestApp;
  let retrieval: RetrievalService;
  beforeAll(async () => {
    t = await startTestApp();
    await seedChunks(t, SAMPLE_CONFERENCE);
    retrieval = t.app.get(RetrievalService);
    // The word statistics of the corpus and of the words used below are read once.
    await retrieval.retrieve('What FICO floor do lenders hold for guarantors?');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a question whose words are known runs one statement, the search, also long after the statistics were read', async () => {
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    try {
      const sql = await contentStatements(t, () => retrieval.retrieve('What FICO floor do lenders hold for guarantors'));
      expect(sql).toHaveLength(1);
      expect(sql[0]).toContain('WITH vec AS');
    } finally {
      clock.mockRestore();
    }
  });

  it("counts a new question's own words and its expansion words in one statement, their counts per document in another, beside the search", async () => {
    // 'operating margin' brings expansion phrases (consolidated statements of income, gross profit, ...).
    const sql = await contentStatements(t, () => retrieval.retrieve('How did the operating margin of vendor programs change?'));
    expect(sql).toHaveLength(3);
    expect(sql.filter((q) => q.includes('websearch_to_tsquery'))).toHaveLength(1);
    // Without a session filter the question is routed to the documents it is about (`routeDocuments`).
    expect(sql.filter((q) => q.includes('document_words dw ON dw.word = lx.lexeme'))).toHaveLength(1);
    expect(sql[2]).toContain('WITH vec AS');
    // Asked again, its words are known: the search alone.
    const again = await contentStatements(t, () => retrieval.retrieve('How did the operating margin of vendor programs change now?'));
    expect(again.every((q) => q.includes('WITH vec AS'))).toBe(true);
  });

  it('counts a word again once a search has seen a document holding it embedded', async () => {
    const repository = t.app.get(HybridSearch);
    const [before] = await repository.termWeights(['zanzibarite']);
    expect(before.df).toBe(0);
    await seedChunks(t, [
      {
        title: 'Minerals in equipment finance',
        documents: [{ kind: 'pdf', chunks: [{ page: 1, text: 'Zanzibarite mining fleets are financed on five-year terms.' }] }],
      },
    ]);
    // The next search runs at the new content version: the statistics are read again before the one after.
    await retrieval.retrieve('Who finances mining fleets?');
    const [after] = await repository.termWeights(['zanzibarite']);
    expect(after.df).toBe(1);
  });
});
