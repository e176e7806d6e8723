import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource, EntityManager } from 'typeorm';
import { readContentVersion } from '../database/content-version';
import { DEFAULT_EF_SEARCH } from '../database/session-settings';
import type { HybridQuery, Passage, QueryTerms, TermWeight } from './retrieval.types';

/** Reciprocal rank fusion constant: score = Σ 1 / (RRF_K + rank) over the vector and full-text rankings. */
export const RRF_K = 60;
export { DEFAULT_EF_SEARCH } from '../database/session-settings';
/** Candidates each ranking contributes to the fusion. */
export const DEFAULT_CANDIDATES = 40;
/** Share of `ts_rank_cd` (cover density: query words close together) added to the IDF sum of the text rank. */
const TS_RANK_WEIGHT = 0.5;

/** A session filter leaving at most this many chunks is searched by exact distance rather than HNSW. */
export const EXACT_SCAN_MAX_CHUNKS = 4000;
/** Share of its IDF an expansion word (`expansionsOf`) counts for in the text rank. */
export const EXPANSION_WEIGHT = 0.5;
/** Added to the text rank of a chunk per expansion phrase it holds (about the IDF of a rare word). */
export const PHRASE_BONUS = 2;
/** Words whose document frequency is kept (about 100 bytes each). */
export const DF_CACHE_WORDS = 20_000;
/** Words of one query looked up at most (before stop words are known to be dropped). */
export const LOOKUP_TERMS = 24;
const newDfCache = () => new LRUCache<string, { df: number; tsquery: string }>({ max: DF_CACHE_WORDS });
/** Query words used by the text ranking (a longer question keeps its first ones). */
const MAX_TERMS = 12;
/**
 * About how many chunks the full-text side may score per query. Words matching more are still scored
 * but do not select candidates on their own: a rare word, or several common words together, must match.
 */
export const TEXT_CANDIDATE_BUDGET = 600;

/**
 * The tsquery (text) that selects full-text candidates, from the words' `websearch_to_tsquery` forms. All words OR-ed while they match
 * few enough chunks together; otherwise the rarest words OR-ed up to the budget; when even the
 * rarest word matches more, the rarest words AND-ed until the expected matches fit the budget.
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

interface CorpusStats {
  /** The content version the statistics were counted at (moves whenever a document is embedded, re-embedded or removed). */
  version: string;
  /** A search saw another content version: read again before the next one. */
  stale: boolean;
  /** Searchable chunks. */
  total: number;
  /** Searchable chunks per session. */
  sessionChunks: Map<string, number>;
  /** Per word: chunks containing it (-1: a word the English configuration ignores) and its tsquery. */
  /** Bounded (least recently used words go first): every distinct word searched would otherwise stay. */
  df: LRUCache<string, { df: number; tsquery: string }>;
}

/** pgvector's text form of a vector. */
export function toVectorLiteral(v: number[]): string {
  return `[${v.join(',')}]`;
}

interface PassageRow extends Omit<Passage, 'page' | 'startTime' | 'endTime'> {
  page: number | null;
  startTime: number | null;
  endTime: number | null;
}

/**
 * Hybrid search over `chunks`: pgvector cosine distance on the HNSW index and PostgreSQL full-text
 * search (`websearch_to_tsquery` on the GIN index; ranked by the IDF of the matched words plus
 * `ts_rank_cd`), fused by reciprocal rank in SQL,
 * filtered by session in SQL, only documents whose status is 'embedded', at most `perDocument`
 * passages of one document.
 */
@Injectable()
export class RetrievalRepository {
  constructor(private readonly db: DataSource) {}

  async hybridSearch(query: HybridQuery): Promise<Passage[]> {
    return (await this.hybridSearchAtVersion(query)).passages;
  }

  /**
   * `hybridSearch`, with the content version (`readContentVersion`) the passages were found at, read in
   * the same statement (so in the same snapshot); null when nothing was found.
   */
  async hybridSearchAtVersion(query: HybridQuery): Promise<{ passages: Passage[]; contentVersion: string | null }> {
    const params: unknown[] = [];
    const p = (value: unknown) => `$${params.push(value)}`;
    const { own, expansion: expansionTerms } = query.terms ?? (await this.queryTerms(query.words, query.expansionWords ?? []));
    const ownWords = new Set(own.map((t) => t.tsquery));
    const expansion = expansionTerms.filter((t) => !ownWords.has(t.tsquery)).map((t) => ({ ...t, idf: t.idf * EXPANSION_WEIGHT }));
    const terms = [...own, ...expansion];
    const filter = candidateFilter(terms);
    // Phrases of the pages that answer such questions ('consolidated balance sheets') are rare
    // together: chunks holding one are candidates even when their words are too common for the budget.
    const phrases = (query.phrases ?? []).filter((ph) => ph.includes(' ')).map((ph) => `phraseto_tsquery('english', ${p(ph)})`);
    const phraseClause = phrases.map((q) => ` || ${q}`).join('');
    const phraseRank = phrases.map((q) => ` + CASE WHEN c.tsv @@ ${q} THEN ${PHRASE_BONUS} ELSE 0 END`).join('');
    // A few sessions' chunks are compared exactly (their session index, then a sort) instead of walking
    // the HNSW graph past everyone else's: faster and exact below a few thousand chunks.
    const exact = query.exact ?? (query.sessionIds.length > 0 && (await this.filteredChunks(query.sessionIds)) <= EXACT_SCAN_MAX_CHUNKS);
    const vector = p(toVectorLiteral(query.embedding));
    const candidates = p(query.candidates ?? DEFAULT_CANDIDATES);
    const rrfK = p(RRF_K);
    const sessionClause = query.sessionIds.length > 0 ? `AND c.session_id = ANY(${p(query.sessionIds)}::uuid[])` : '';
    // Chunks of documents not (or no longer) embedded are left out. Written as a filter on an array
    // computed once, so the planner never turns it into a join that bypasses the HNSW and GIN indexes.
    const embedded = `c.document_id <> ALL (ARRAY(SELECT d.id FROM documents d WHERE d.status <> 'embedded'))`;
    // `+ 0` hides the distance from the planner's index matching: an exact scan, for recall checks.
    const vectorOrder = exact ? `(c.embedding <=> ${vector}::vector) + 0` : `c.embedding <=> ${vector}::vector`;
    // Text rank: the IDF of each query word the chunk contains, plus cover density (words close together).
    // Each word's tsquery goes in as a constant, so the GIN index serves the filter and nothing is parsed per row.
    const idfSum = terms.length
      ? terms.map((t) => `CASE WHEN c.tsv @@ ${p(t.tsquery)}::tsquery THEN ${p(t.idf)}::float8 ELSE 0 END`).join(' + ')
      : '0';
    const anyWord = terms.map((t) => `(${t.tsquery})`).join(' | ');
    const sql = `
      WITH vec AS MATERIALIZED (
        SELECT c.id, c.embedding <=> ${vector}::vector AS dist
          FROM chunks c
         WHERE ${embedded} ${sessionClause}
         ORDER BY ${vectorOrder}
         LIMIT ${candidates}
      ), txt_matches AS MATERIALIZED (
        SELECT c.id, c.tsv, (${idfSum}${phraseRank}) AS idf_rank
          FROM chunks c
         WHERE c.tsv @@ (${p(filter)}::tsquery${phraseClause}) AND ${embedded} ${sessionClause}
         ORDER BY idf_rank DESC, c.id
         LIMIT ${candidates} * 2
      ), txt AS MATERIALIZED (
        -- Cover density (ts_rank_cd: query words close together) refines the best IDF matches only.
        SELECT id, idf_rank + ${TS_RANK_WEIGHT} * ts_rank_cd(tsv, ${p(anyWord)}::tsquery, 1) AS rank
          FROM txt_matches
         ORDER BY rank DESC, id
         LIMIT ${candidates}
      ), fused AS (
        SELECT id, sum(rrf) AS score, max(text_rank) AS text_rank
          FROM (
            SELECT id, ${p(query.vectorWeight ?? 1)}::float8 / (${rrfK} + row_number() OVER (ORDER BY dist, id)) AS rrf,
                   0::float8 AS text_rank
              FROM vec
            UNION ALL
            SELECT id, ${p(query.textWeight ?? 1)}::float8 / (${rrfK} + row_number() OVER (ORDER BY rank DESC, id)), rank
              FROM txt
          ) ranked
         GROUP BY id
      ), capped AS (
        SELECT f.id, f.score, f.text_rank,
               row_number() OVER (PARTITION BY c.document_id ORDER BY f.score DESC, f.id) AS nth
          FROM fused f JOIN chunks c ON c.id = f.id
      )
      SELECT c.id::text AS "chunkId", c.document_id AS "documentId", c.session_id AS "sessionId",
             s.title AS "sessionTitle", d.kind, c.chunk_index AS "chunkIndex", c.text, c.page,
             c.start_time AS "startTime", c.speaker,
             c.line_start AS "lineStart", c.line_end AS "lineEnd", c.turn_lines AS "turnLines",
             (SELECT n.start_time FROM chunks n
               WHERE n.document_id = c.document_id AND n.chunk_index = c.chunk_index + 1) AS "endTime",
             p.score::float8 AS score, (1 - (c.embedding <=> ${vector}::vector))::float8 AS similarity,
             p.text_rank::float8 AS "textRank",
             (SELECT v.version::text FROM content_version v WHERE v.id = 1) AS "contentVersion"
        FROM capped p
        JOIN chunks c ON c.id = p.id
        JOIN documents d ON d.id = c.document_id
        JOIN sessions s ON s.id = c.session_id
       WHERE p.nth <= ${p(query.perDocument)}
       ORDER BY p.score DESC, p.id
       LIMIT ${p(query.k)}`;
    const rows: (PassageRow & { contentVersion: string })[] = await this.inSearchTransaction(query, (m) => m.query(sql, params));
    this.sawContentVersion(rows[0]?.contentVersion ?? null);
    return {
      passages: rows.map(({ contentVersion: _, ...r }) => ({
        ...r,
        page: r.page ?? null,
        startTime: r.startTime ?? null,
        endTime: r.endTime ?? null,
      })),
      contentVersion: rows[0]?.contentVersion ?? null,
    };
  }

  /**
   * The word statistics of a query's own words and of its expansion words (full IDF): words not in
   * the cache are counted in one statement for both lists.
   */
  async queryTerms(words: string[], expansionWords: string[]): Promise<QueryTerms> {
    const own = [...new Set(words)].slice(0, LOOKUP_TERMS);
    const expansion = [...new Set(expansionWords)].slice(0, LOOKUP_TERMS);
    const stats = await this.corpusStats();
    await this.countWords(stats, [...new Set([...own, ...expansion])]);
    return { own: this.weightsOf(stats, own), expansion: this.weightsOf(stats, expansion) };
  }

  /**
   * Inverse document frequency (BM25 form) of each word over the searchable chunks, so a rare word
   * ('Pinecrest', 'PAYDEX') outweighs one every session uses ('equipment'). Document frequencies are
   * cached until a search sees the content version move (a document embedded, re-embedded or
   * removed). Words PostgreSQL's English configuration ignores are left out.
   */
  async termWeights(words: string[]): Promise<TermWeight[]> {
    // The word list is cut before the lookup: a long question costs at most LOOKUP_TERMS words.
    words = [...new Set(words)].slice(0, LOOKUP_TERMS);
    if (words.length === 0) return [];
    const stats = await this.corpusStats();
    await this.countWords(stats, words);
    return this.weightsOf(stats, words);
  }

  /** Counts the chunks holding each word not yet in the cache (one statement for all of them). */
  private async countWords(stats: CorpusStats, words: string[]): Promise<void> {
    const missing = words.filter((w) => !stats.df.has(w));
    if (missing.length === 0) return;
    const rows: { word: string; df: number; tsquery: string }[] = await this.db.query(
      `SELECT w AS word, tq::text AS tsquery,
              CASE WHEN numnode(tq) = 0 THEN -1
                   ELSE (SELECT count(*)::int FROM chunks c WHERE c.tsv @@ tq) END AS df
         FROM unnest($1::text[]) AS w, websearch_to_tsquery('english', w) AS tq`,
      [missing],
    );
    for (const r of rows) stats.df.set(r.word, { df: r.df, tsquery: r.tsquery });
  }

  private weightsOf(stats: CorpusStats, words: string[]): TermWeight[] {
    const n = Math.max(stats.total, 1);
    return words
      .filter((w) => (stats.df.get(w)?.df ?? -1) >= 0)
      .slice(0, MAX_TERMS)
      .map((word) => {
        const { df: count, tsquery } = stats.df.get(word)!;
        const df = Math.min(count, n);
        return { word, tsquery, df, total: n, idf: Math.log(1 + (n - df + 0.5) / (df + 0.5)) };
      });
  }

  /** The content version (`readContentVersion`): search results are shared per value. */
  contentVersion(): Promise<string> {
    return readContentVersion(this.db);
  }

  /** Searchable chunks of these sessions (from the cached statistics). */
  private async filteredChunks(sessionIds: string[]): Promise<number> {
    const stats = await this.corpusStats();
    return sessionIds.reduce((sum, id) => sum + (stats.sessionChunks.get(id) ?? 0), 0);
  }

  private stats: CorpusStats | null = null;
  /** The statistics being read (callers arriving meanwhile share the read). */
  private loading: Promise<CorpusStats> | null = null;

  /**
   * The cached statistics; read again (chunks per session, at the current content version) once a
   * search saw another content version than theirs. Each search reads the version in its own
   * statement, so checking costs no round trip; the one search after a change (here or in another
   * process) still ranks with the statistics from before it.
   */
  private corpusStats(): Promise<CorpusStats> {
    const stats = this.stats;
    if (stats && !stats.stale) return Promise.resolve(stats);
    this.loading ??= this.loadStats(stats).finally(() => (this.loading = null));
    return this.loading;
  }

  private async loadStats(previous: CorpusStats | null): Promise<CorpusStats> {
    // Counted in one statement with the version they are counted at.
    const perSession: { version: string; sessionId: string | null; n: number }[] = await this.db.query(
      `SELECT (SELECT v.version::text FROM content_version v WHERE v.id = 1) AS version, s."sessionId", coalesce(s.n, 0) AS n
         FROM (SELECT 1) one
         LEFT JOIN (SELECT c.session_id AS "sessionId", count(*)::int AS n FROM chunks c
                     WHERE c.document_id IN (SELECT d.id FROM documents d WHERE d.status = 'embedded')
                     GROUP BY c.session_id) s ON true`,
    );
    const version = perSession[0].version;
    if (previous && previous.version === version) {
      previous.stale = false;
      return previous;
    }
    const sessionChunks = new Map(perSession.filter((r) => r.sessionId).map((r) => [r.sessionId!, r.n]));
    const total = perSession.reduce((sum, r) => sum + r.n, 0);
    this.stats = { version, stale: false, total, sessionChunks, df: newDfCache() };
    return this.stats;
  }

  /** A search ran at `version`: the statistics are read again before the next search if it moved. */
  private sawContentVersion(version: string | null): void {
    if (this.stats && version !== null && version !== this.stats.version) this.stats.stale = true;
  }

  /** Ids of the `k` nearest chunks by cosine distance alone (HNSW, or exact scan): recall measurement. */
  async nearestChunkIds(embedding: number[], k: number, opts: { exact?: boolean; efSearch?: number } = {}): Promise<string[]> {
    const order = opts.exact ? `(embedding <=> $1::vector) + 0` : `embedding <=> $1::vector`;
    const rows: { id: string }[] = await this.inSearchTransaction(opts, (m) =>
      m.query(`SELECT id::text AS id FROM chunks ORDER BY ${order} LIMIT $2`, [toVectorLiteral(embedding), k]),
    );
    return rows.map((r) => r.id);
  }

  /**
   * Runs `work` with the HNSW candidate list size asked for. The default is a setting of every database
   * session (`SESSION_SETTINGS`): one statement, no transaction. Another size (recall measurements) is
   * `SET LOCAL` in a transaction of its own, so it applies to these queries only.
   */
  private inSearchTransaction<T>(opts: { efSearch?: number }, work: (m: EntityManager) => Promise<T>): Promise<T> {
    const ef = Math.max(1, Math.min(1000, Math.round(opts.efSearch ?? DEFAULT_EF_SEARCH)));
    if (ef === DEFAULT_EF_SEARCH) return work(this.db.manager);
    return this.db.transaction(async (m) => {
      await m.query(`SET LOCAL hnsw.ef_search = ${ef}`);
      return work(m);
    });
  }
}
