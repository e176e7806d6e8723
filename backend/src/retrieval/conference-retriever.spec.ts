import type { EmbeddingsProvider } from '../ai/ai.types';
import { ConferenceRetriever, FILTERED_RERANK_POOL, MIN_RERANK_POOL, WHOLE_SESSION_MAX_CHUNKS } from './conference-retriever';
import type { HybridSearch } from './hybrid-search';
import type { HybridQuery, Passage, QueryTerms } from './retrieval.types';

const embeddings: EmbeddingsProvider = {
  model: 'local-hash-v1-8',
  dimensions: 8,
  embedDocuments: async (texts) => texts.map(() => new Array<number>(8).fill(0)),
  embedQuery: async () => new Array<number>(8).fill(0),
};

const chunk = (chunkIndex: number, text: string): Passage => ({
  chunkId: `c${chunkIndex}`,
  documentId: 'meeting',
  sessionId: 's1',
  sessionTitle: 'Design meeting',
  kind: 'transcript',
  chunkIndex,
  text,
  page: null,
  startTime: null,
  endTime: null,
  speaker: null,
  lineStart: chunkIndex * 10 + 1,
  lineEnd: chunkIndex * 10 + 10,
  score: 0,
  similarity: 0,
  textRank: 0,
});

/**
 * A session of `size` chunks where only chunk `answer` says what was decided about the charger, and
 * a search whose fused ranking (vectors + full text, stood in for here) puts that chunk 90th (or
 * `position`th): the first `candidates` of each ranking are fused, `k` of them returned.
 */
function meetingSearch(size: number, answer: number, position = 90) {
  const chunks = Array.from({ length: size }, (_, i) =>
    chunk(i, i === answer ? 'Marketing: We decided to keep the cheap charger.' : 'Marketing: The remote looks fine to me.'),
  );
  const others = chunks.filter((c) => c.chunkIndex !== answer);
  const fused = [...others.slice(0, position - 1), chunks[answer], ...others.slice(position - 1)];
  const calls: HybridQuery[] = [];
  const counted: string[][] = [];
  const terms: QueryTerms = {
    own: [
      { word: 'decided', tsquery: "'decid'", df: 3, total: size, idf: 3 },
      { word: 'charger', tsquery: "'charger'", df: 1, total: size, idf: 4 },
    ],
    expansion: [],
  };
  const repository = {
    learnedExpansions: async () => ({ phrases: [], shortForms: [] }),
    queryTerms: async () => terms,
    // One meeting among seven: routed first, six others after it.
    routeDocuments: async () => ({
      routed: ['s1', 's2', 's3', 's4', 's5', 's6', 's7'].map((sessionId, i) => ({
        documentId: i === 0 ? 'd1' : `d${i + 1}`,
        sessionId,
        score: 1 - i / 10,
      })),
      sessions: 7,
    }),
    chunksOf: async (ids: string[]) => {
      counted.push(ids);
      return ids.includes('s1') ? size : 0;
    },
    hybridSearchAtVersion: async (q: HybridQuery) => {
      calls.push(q);
      const taken = Math.min(q.k, 2 * (q.candidates ?? 40));
      return { passages: fused.slice(0, taken).map((p, i) => ({ ...p, score: 1 / (60 + i) })), contentVersion: '1' };
    },
  } as unknown as HybridSearch;
  return { repository, calls, counted };
}

describe('ConferenceRetriever', () => {
  it('reranks every chunk of a meeting the filter leaves, so the chunk that answers is found however far down the fused ranking it was', async () => {
    const { repository, calls } = meetingSearch(120, 95);
    const retriever = new ConferenceRetriever({ repository, embeddings, sessionIds: ['s1'], k: 5 });
    const { passages } = await retriever.search('What did they decide about the charger?');
    expect(passages[0].chunkIndex).toBe(95);
    expect(passages[0].text).toContain('cheap charger');
    expect(calls[0].k).toBeGreaterThanOrEqual(120);
  });

  it('keeps the fused pool for a session larger than WHOLE_SESSION_MAX_CHUNKS and without a filter', async () => {
    const large = meetingSearch(WHOLE_SESSION_MAX_CHUNKS + 1, 95);
    await new ConferenceRetriever({ repository: large.repository, embeddings, sessionIds: ['s1'], k: 5 }).search('charger');
    expect(large.calls[0].k).toBe(FILTERED_RERANK_POOL);
    expect(large.calls[0].candidates).toBeUndefined();
    const all = meetingSearch(120, 95);
    await new ConferenceRetriever({ repository: all.repository, embeddings, k: 5 }).search('charger');
    expect(all.calls[0].k).toBe(MIN_RERANK_POOL);
    expect(all.calls[0].candidates).toBeUndefined();
  });

  it('gives a caller asking for five passages of a session the first five of a caller asking for twenty (every fused candidate reranked)', async () => {
    const { repository } = meetingSearch(WHOLE_SESSION_MAX_CHUNKS + 1, 95, 50);
    const large = (k: number) =>
      new ConferenceRetriever({ repository, embeddings, sessionIds: ['s1'], k }).search('What did they decide about the charger?');
    const [five, twenty] = await Promise.all([large(5), large(20)]);
    expect(twenty.passages[0].chunkIndex).toBe(95);
    expect(five.passages.map((p) => p.chunkId)).toEqual(twenty.passages.slice(0, 5).map((p) => p.chunkId));
  });

  it('counts the filtered sessions once per question and hands the count to the hybrid search', async () => {
    const { repository, calls, counted } = meetingSearch(120, 95);
    await new ConferenceRetriever({ repository, embeddings, sessionIds: ['s1'], k: 5 }).search('charger');
    expect(counted).toEqual([['s1']]);
    expect(calls[0].sessionChunks).toBe(120);
    const all = meetingSearch(120, 95);
    await new ConferenceRetriever({ repository: all.repository, embeddings, k: 5 }).search('charger');
    // Without a filter only the sessions the question is routed to are counted, once.
    expect(all.counted).toEqual([['s1', 's2', 's3', 's4', 's5']]);
  });

  it('without a filter also searches the sessions the question is routed to, as if ticked, and tells which they were', async () => {
    const { repository, calls, counted } = meetingSearch(120, 95);
    const result = await new ConferenceRetriever({ repository, embeddings, k: 5 }).search('What did they decide about the charger?');
    expect(calls.map((c) => c.sessionIds)).toEqual([[], ['s1', 's2', 's3', 's4', 's5']]);
    expect(counted).toEqual([['s1', 's2', 's3', 's4', 's5']]);
    expect(result.routedSessionIds).toEqual(['s1', 's2', 's3', 's4', 's5']);
    // The routed search reranks every chunk of the routed sessions: the answer deep in the fused ranking is found.
    expect(result.passages[0].chunkIndex).toBe(95);
    // With one session ticked nothing is routed.
    const ticked = meetingSearch(120, 95);
    const filtered = await new ConferenceRetriever({ repository: ticked.repository, embeddings, sessionIds: ['s1'], k: 5 }).search(
      'charger',
    );
    expect(ticked.calls).toHaveLength(1);
    expect(filtered.routedSessionIds).toEqual([]);
  });
});
