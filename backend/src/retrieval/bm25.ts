import { LRUCache } from 'lru-cache';
import type { QueryTerms, TermWeight } from './retrieval.types';
import { VersionedCache } from './versioned-cache';

/** Share of its IDF an expansion word (`expansionsOf`) counts for in the text rank. */
export const EXPANSION_WEIGHT = 0.5;
/** Words whose document frequency is kept (about 100 bytes each). */
export const DF_CACHE_WORDS = 20_000;
/** Words of one query looked up at most (before stop words are known to be dropped). */
export const LOOKUP_TERMS = 24;
/** Query words used by the text ranking (a longer question keeps its first ones). */
const MAX_TERMS = 12;
/**
 * About how many chunks the full-text side may score per query. Words matching more are still scored
 * but do not select candidates on their own: a rare word, or several common words together, must match.
 */
export const TEXT_CANDIDATE_BUDGET = 600;
/** A session filter leaving at most this many chunks is searched by exact distance rather than HNSW. */
export const EXACT_SCAN_MAX_CHUNKS = 4000;

/** Inverse document frequency in BM25's form: a word in `df` of `total` chunks. */
export function bm25Idf(df: number, total: number): number {
  return Math.log(1 + (total - df + 0.5) / (df + 0.5));
}

/**
 * The tsquery (text) that selects full-text candidates, from the words' `websearch_to_tsquery` forms.
 * All words OR-ed while they match few enough chunks together; otherwise the rarest words OR-ed up to
 * the budget; when even the rarest word matches more, the rarest words AND-ed until the expected
 * matches fit the budget.
 */
export function candidateFilter(terms: TermWeight[], budget = TEXT_CANDIDATE_BUDGET): string {
  if (terms.length === 0) return '';
  const q = (t: TermWeight) => `(${t.tsquery})`;
  const byRarity = [...terms].sort((a, b) => a.df - b.df);
  const sum = byRarity.reduce((s, t) => s + t.df, 0);
  if (sum <= budget) return byRarity.map(q).join(' | ');
  const ored: TermWeight[] = [];
  let rows = 0;
  for (const t of byRarity) {
    if (rows + t.df > budget) break;
    ored.push(t);
    rows += t.df;
  }
  if (ored.length > 0) return ored.map(q).join(' | ');
  const anded: TermWeight[] = [];
  let expected = byRarity[0].total;
  for (const t of byRarity) {
    anded.push(t);
    expected *= t.df / Math.max(1, t.total);
    if (expected <= budget) break;
  }
  return anded.map(q).join(' & ');
}

/**
 * The words the text ranking scores, each with the weight it counts for: the question's own words at
 * their IDF, expansion words not among them at EXPANSION_WEIGHT of theirs; and the candidate filter.
 */
export function textRanking({ own, expansion }: QueryTerms): { terms: TermWeight[]; filter: string } {
  const ownWords = new Set(own.map((t) => t.tsquery));
  const weighted = expansion.filter((t) => !ownWords.has(t.tsquery)).map((t) => ({ ...t, idf: t.idf * EXPANSION_WEIGHT }));
  const terms = [...own, ...weighted];
  return { terms, filter: candidateFilter(terms) };
}

/** What the word statistics are read from (SQL: `RetrievalRepository`). */
export interface CorpusCounts {
  /** Searchable chunks per session, and the content version they were counted at. */
  chunksPerSession(): Promise<{ version: string; sessionChunks: Map<string, number> }>;
  /** Per word: its tsquery and the chunks holding it (-1: a word the English configuration ignores). */
  countWords(words: string[]): Promise<{ word: string; df: number; tsquery: string }[]>;
}

interface CorpusStats {
  /** Searchable chunks. */
  total: number;
  /** Searchable chunks per session. */
  sessionChunks: Map<string, number>;
  /**
   * Per word: chunks containing it (-1: a word the English configuration ignores) and its tsquery.
   * Bounded (least recently used words go first): every distinct word searched would otherwise stay.
   */
  df: LRUCache<string, { df: number; tsquery: string }>;
}

/**
 * The corpus's word statistics, cached: chunks per session and, per word, the chunks holding it. Read
 * again once a search saw another content version than theirs (`sawContentVersion`; `VersionedCache`):
 * checking costs no round trip; the one search after a change (here or in another process) still ranks
 * with the statistics from before it.
 */
export class WordStatistics {
  /** Counted at one content version (the words' counts are gathered as searches ask for them). */
  private readonly stats: VersionedCache<{ version: string; sessionChunks: Map<string, number> }, CorpusStats>;

  constructor(private readonly counts: CorpusCounts) {
    this.stats = new VersionedCache(
      () => counts.chunksPerSession(),
      ({ sessionChunks }) => ({
        total: [...sessionChunks.values()].reduce((sum, n) => sum + n, 0),
        sessionChunks,
        df: new LRUCache({ max: DF_CACHE_WORDS }),
      }),
    );
  }

  /** Words in the cache (bounded by DF_CACHE_WORDS). */
  get cachedWords(): number {
    return this.stats.cached?.df.size ?? 0;
  }

  /** A query's own words and expansion words (full IDF); words not in the cache counted in one statement. */
  async queryTerms(words: string[], expansionWords: string[]): Promise<QueryTerms> {
    const own = [...new Set(words)].slice(0, LOOKUP_TERMS);
    const expansion = [...new Set(expansionWords)].slice(0, LOOKUP_TERMS);
    const stats = await this.stats.get();
    await this.count(stats, [...new Set([...own, ...expansion])]);
    return { own: this.weightsOf(stats, own), expansion: this.weightsOf(stats, expansion) };
  }

  /**
   * Inverse document frequency (BM25 form) of each word over the searchable chunks, so a rare word
   * ('Pinecrest', 'PAYDEX') outweighs one every session uses ('equipment'). Words PostgreSQL's English
   * configuration ignores are left out; a long question costs at most LOOKUP_TERMS words.
   */
  async termWeights(words: string[]): Promise<TermWeight[]> {
    words = [...new Set(words)].slice(0, LOOKUP_TERMS);
    if (words.length === 0) return [];
    const stats = await this.stats.get();
    await this.count(stats, words);
    return this.weightsOf(stats, words);
  }

  /** Searchable chunks of these sessions. */
  async chunksOf(sessionIds: string[]): Promise<number> {
    const stats = await this.stats.get();
    return sessionIds.reduce((sum, id) => sum + (stats.sessionChunks.get(id) ?? 0), 0);
  }

  /** A search ran at `version` (null: it found nothing): the statistics are read again if it moved. */
  sawContentVersion(version: string | null): void {
    this.stats.sawContentVersion(version);
  }

  private async count(stats: CorpusStats, words: string[]): Promise<void> {
    const missing = words.filter((w) => !stats.df.has(w));
    if (missing.length === 0) return;
    for (const r of await this.counts.countWords(missing)) stats.df.set(r.word, { df: r.df, tsquery: r.tsquery });
  }

  private weightsOf(stats: CorpusStats, words: string[]): TermWeight[] {
    const n = Math.max(stats.total, 1);
    return words
      .filter((w) => (stats.df.get(w)?.df ?? -1) >= 0)
      .slice(0, MAX_TERMS)
      .map((word) => {
        const { df: count, tsquery } = stats.df.get(word)!;
        const df = Math.min(count, n);
        return { word, tsquery, df, total: n, idf: bm25Idf(df, n) };
      });
  }
}
