import { EXACT_SCAN_MAX_CHUNKS } from './bm25';
import { HybridSearch } from './hybrid-search';
import type { RetrievalRepository, SearchStatement } from './retrieval.repository';
import type { HybridQuery } from './retrieval.types';

/** A store of two sessions, `small` and `large` (one past EXACT_SCAN_MAX_CHUNKS), counting its reads. */
function store() {
  const calls = { chunkCounts: 0, statements: [] as SearchStatement[] };
  const repository = {
    chunksPerSession: async () => {
      calls.chunkCounts++;
      return {
        version: '1',
        sessionChunks: new Map([
          ['small', 10],
          ['large', EXACT_SCAN_MAX_CHUNKS + 1],
        ]),
      };
    },
    countWords: async (words: string[]) => words.map((word) => ({ word, df: 1, tsquery: `'${word}'` })),
    hybridSearchAtVersion: async (statement: SearchStatement) => {
      calls.statements.push(statement);
      return { passages: [], contentVersion: '1' };
    },
  } as unknown as RetrievalRepository;
  const definitions = { definitionsAtVersion: async () => ({ version: '1', definitions: [] }) };
  return { repository, definitions, calls };
}

const query = (sessionIds: string[], more: Partial<HybridQuery> = {}): HybridQuery => ({
  embedding: [0, 0],
  words: [],
  terms: { own: [], expansion: [] },
  sessionIds,
  k: 8,
  perDocument: 4,
  ...more,
});

describe(HybridSearch.name, () => {
  it('decides exact scan or HNSW from the count the caller hands down, without counting again', async () => {
    const { repository, definitions, calls } = store();
    const sut = new HybridSearch(repository, definitions);
    await sut.hybridSearchAtVersion(query(['large'], { sessionChunks: 10 }));
    await sut.hybridSearchAtVersion(query(['small'], { sessionChunks: EXACT_SCAN_MAX_CHUNKS + 1 }));
    expect(calls.statements.map((s) => s.exact)).toEqual([true, false]);
    expect(calls.chunkCounts).toBe(0);
    expect(calls.statements[0]).not.toHaveProperty('sessionChunks');
  });

  it('counts the filtered sessions itself when the caller did not', async () => {
    const { repository, definitions, calls } = store();
    const sut = new HybridSearch(repository, definitions);
    await sut.hybridSearchAtVersion(query(['small']));
    await sut.hybridSearchAtVersion(query(['large']));
    expect(calls.statements.map((s) => s.exact)).toEqual([true, false]);
    expect(calls.chunkCounts).toBe(1);
  });

  it('walks HNSW without a filter and follows an explicit choice, counting nothing', async () => {
    const { repository, definitions, calls } = store();
    const sut = new HybridSearch(repository, definitions);
    await sut.hybridSearchAtVersion(query([], { sessionChunks: Infinity }));
    await sut.hybridSearchAtVersion(query([]));
    await sut.hybridSearchAtVersion(query(['small'], { exact: false }));
    await sut.hybridSearchAtVersion(query([], { exact: true }));
    expect(calls.statements.map((s) => s.exact)).toEqual([false, false, false, true]);
    expect(calls.chunkCounts).toBe(0);
  });
});
