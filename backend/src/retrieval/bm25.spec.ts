import { bm25Idf, candidateFilter, DF_CACHE_WORDS, type CorpusCounts, textRanking, WordStatistics } from './bm25';
import type { TermWeight } from './retrieval.types';

const term = (word: string, df: number, total = 1000): TermWeight => ({ word, tsquery: `'${word}'`, df, total, idf: bm25Idf(df, total) });

describe('BM25 ranking policy', () => {
  it('weighs a rare word above a common one', () => {
    expect(bm25Idf(1, 1000)).toBeGreaterThan(bm25Idf(500, 1000));
    expect(bm25Idf(1000, 1000)).toBeGreaterThan(0);
  });

  it('ORs every word while they match few enough chunks, else the rarest up to the budget, else ANDs the rarest', () => {
    expect(candidateFilter([term('fico', 10), term('lender', 50)], 600)).toBe("('fico') | ('lender')");
    expect(candidateFilter([term('equipment', 900), term('fico', 10), term('lender', 300)], 600)).toBe("('fico') | ('lender')");
    expect(candidateFilter([term('equipment', 900), term('finance', 800)], 600)).toBe("('finance') & ('equipment')");
    expect(candidateFilter([])).toBe('');
  });

  it('scores expansion words at half their IDF, and a word the question has only once', () => {
    const own = [term('margin', 20)];
    const { terms, filter } = textRanking({ own, expansion: [term('margin', 20), term('income', 100)] });
    expect(terms.map((t) => [t.word, t.idf])).toEqual([
      ['margin', bm25Idf(20, 1000)],
      ['income', bm25Idf(100, 1000) / 2],
    ]);
    expect(filter).toBe("('margin') | ('income')");
  });
});

describe('WordStatistics', () => {
  function counts(version = '1') {
    const calls = { sessions: 0, words: [] as string[][] };
    const source: CorpusCounts & { version: string } = {
      version,
      chunksPerSession: async () => {
        calls.sessions++;
        return {
          version: source.version,
          sessionChunks: new Map([
            ['s1', 600],
            ['s2', 400],
          ]),
        };
      },
      countWords: async (words) => {
        calls.words.push(words);
        return words.map((word) => ({ word, df: word === 'the' ? -1 : word.length, tsquery: `'${word}'` }));
      },
    };
    return { source, calls };
  }

  it('counts the words not yet known, own and expansion together, once', async () => {
    const { source, calls } = counts();
    const stats = new WordStatistics(source);
    const first = await stats.queryTerms(['fico', 'the', 'floor'], ['floor', 'score']);
    expect(first.own.map((t) => [t.word, t.df, t.total])).toEqual([
      ['fico', 4, 1000],
      ['floor', 5, 1000],
    ]);
    expect(first.expansion.map((t) => t.word)).toEqual(['floor', 'score']);
    await stats.queryTerms(['fico', 'score'], []);
    expect(calls).toEqual({ sessions: 1, words: [['fico', 'the', 'floor', 'score']] });
    expect(await stats.chunksOf(['s1', 'unknown'])).toBe(600);
  });

  it('reads the statistics again, and forgets the words, once a search saw another content version', async () => {
    const { source, calls } = counts();
    const stats = new WordStatistics(source);
    await stats.termWeights(['fico']);
    stats.sawContentVersion('1');
    stats.sawContentVersion(null);
    await stats.termWeights(['fico']);
    expect(calls.sessions).toBe(1);
    source.version = '2';
    stats.sawContentVersion('2');
    await Promise.all([stats.termWeights(['fico']), stats.termWeights(['fico'])]);
    expect(calls.sessions).toBe(2);
    // The word is counted again at the new version (each of the two concurrent callers may count it).
    expect(calls.words.slice(0, 2)).toEqual([['fico'], ['fico']]);
  });

  it('keeps at most DF_CACHE_WORDS words', async () => {
    const stats = new WordStatistics(counts().source);
    for (let n = 0; n < DF_CACHE_WORDS + 100; n += 20) await stats.termWeights(Array.from({ length: 20 }, (_, i) => `w${n + i}`));
    expect(stats.cachedWords).toBe(DF_CACHE_WORDS);
  });
});
