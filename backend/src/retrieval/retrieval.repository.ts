import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { HybridQuery, Passage } from './retrieval.types';

/** Reciprocal rank fusion constant: score = Σ 1 / (RRF_K + rank) over the vector and full-text rankings. */
export const RRF_K = 60;
/**
 * HNSW candidate list size. pgvector's default (40) loses recall on filtered queries; 100 measured
 * at recall@10 ≥ 0.99 against an exact scan on 50,000 chunks (bench/RESULTS.md, "Chat").
 */
export const DEFAULT_EF_SEARCH = 100;
/** Candidates each ranking contributes to the fusion. */
export const DEFAULT_CANDIDATES = 40;
/** Share of `ts_rank_cd` (cover density: query words close together) added to the IDF sum of the text rank. */
const TS_RANK_WEIGHT = 0.5;
/** How long the document-frequency cache is trusted before the set of embedded documents is checked again. */
const STATS_TTL_MS = 2000;

interface CorpusStats {
  /** Changes whenever a document is embedded, re-embedded or removed. */
  signature: string;
  checkedAt: number;
  /** Searchable chunks. */
  total: number;
  /** Chunks containing each word (-1: a word the English configuration ignores). */
  df: Map<string, number>;
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
    const { words, idf } = await this.termWeights(query.words);
    const params: unknown[] = [];
    const p = (value: unknown) => `$${params.push(value)}`;
    const vector = p(toVectorLiteral(query.embedding));
    const candidates = p(query.candidates ?? DEFAULT_CANDIDATES);
    const rrfK = p(RRF_K);
    const sessionClause = query.sessionIds.length > 0 ? `AND c.session_id = ANY(${p(query.sessionIds)}::uuid[])` : '';
    const embedded = `c.document_id IN (SELECT d.id FROM documents d WHERE d.status = 'embedded')`;
    // `+ 0` hides the distance from the planner's index matching: an exact scan, for recall checks.
    const vectorOrder = query.exact ? `(c.embedding <=> ${vector}::vector) + 0` : `c.embedding <=> ${vector}::vector`;
    const sql = `
      WITH vec AS MATERIALIZED (
        SELECT c.id, c.embedding <=> ${vector}::vector AS dist
          FROM chunks c
         WHERE ${embedded} ${sessionClause}
         ORDER BY ${vectorOrder}
         LIMIT ${candidates}
      ), terms AS MATERIALIZED (
        SELECT websearch_to_tsquery('english', t.word) AS tq, t.idf
          FROM unnest(${p(words)}::text[], ${p(idf)}::float8[]) AS t(word, idf)
      ), txt AS MATERIALIZED (
        SELECT c.id,
               (SELECT sum(t.idf) FROM terms t WHERE c.tsv @@ t.tq) + ${TS_RANK_WEIGHT} * ts_rank_cd(c.tsv, tq, 1) AS rank
          FROM chunks c, websearch_to_tsquery('english', ${p(words.join(' or '))}) tq
         WHERE c.tsv @@ tq AND ${embedded} ${sessionClause}
         ORDER BY rank DESC, c.id
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
             (SELECT n.start_time FROM chunks n
               WHERE n.document_id = c.document_id AND n.chunk_index = c.chunk_index + 1) AS "endTime",
             p.score::float8 AS score, (1 - (c.embedding <=> ${vector}::vector))::float8 AS similarity,
             p.text_rank::float8 AS "textRank"
        FROM capped p
        JOIN chunks c ON c.id = p.id
        JOIN documents d ON d.id = c.document_id
        JOIN sessions s ON s.id = c.session_id
       WHERE p.nth <= ${p(query.perDocument)}
       ORDER BY p.score DESC, p.id
       LIMIT ${p(query.k)}`;
    const rows: PassageRow[] = await this.inSearchTransaction(query, (m) => m.query(sql, params));
    return rows.map((r) => ({ ...r, page: r.page ?? null, startTime: r.startTime ?? null, endTime: r.endTime ?? null }));
  }

  /**
   * Inverse document frequency (BM25 form) of each word over the searchable chunks, so a rare word
   * ('Pinecrest', 'PAYDEX') outweighs one every session uses ('equipment'). Document frequencies are
   * cached and the cache is dropped when the set of embedded documents changes (checked at most every
   * STATS_TTL_MS). Words PostgreSQL's English configuration ignores are left out.
   */
  async termWeights(words: string[]): Promise<{ words: string[]; idf: number[] }> {
    if (words.length === 0) return { words: [], idf: [] };
    const stats = await this.corpusStats();
    const missing = words.filter((w) => !stats.df.has(w));
    if (missing.length > 0) {
      const rows: { word: string; df: number; lexemes: number }[] = await this.db.query(
        `SELECT w AS word, numnode(websearch_to_tsquery('english', w)) AS lexemes,
                CASE WHEN numnode(websearch_to_tsquery('english', w)) = 0 THEN 0
                     ELSE (SELECT count(*)::int FROM chunks c WHERE c.tsv @@ websearch_to_tsquery('english', w)) END AS df
           FROM unnest($1::text[]) AS w`,
        [missing],
      );
      for (const r of rows) stats.df.set(r.word, r.lexemes === 0 ? -1 : r.df);
    }
    const n = Math.max(stats.total, 1);
    const kept = words.filter((w) => (stats.df.get(w) ?? -1) >= 0);
    return {
      words: kept,
      idf: kept.map((w) => {
        const df = Math.min(stats.df.get(w)!, n);
        return Math.log(1 + (n - df + 0.5) / (df + 0.5));
      }),
    };
  }

  private stats: CorpusStats = { signature: '', checkedAt: 0, total: 0, df: new Map() };

  private async corpusStats(): Promise<CorpusStats> {
    if (Date.now() - this.stats.checkedAt < STATS_TTL_MS) return this.stats;
    const [row]: { signature: string }[] = await this.db.query(
      `SELECT count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') AS signature
         FROM documents WHERE status = 'embedded'`,
    );
    if (row.signature !== this.stats.signature) {
      // Counted only when the documents changed: a full count of a large table is not per-query work.
      const [{ total }]: { total: number }[] = await this.db.query(
        `SELECT count(*)::int AS total FROM chunks c WHERE c.document_id IN (SELECT d.id FROM documents d WHERE d.status = 'embedded')`,
      );
      this.stats = { signature: row.signature, checkedAt: Date.now(), total, df: new Map() };
    } else {
      this.stats.checkedAt = Date.now();
    }
    return this.stats;
  }

  /** Ids of the `k` nearest chunks by cosine distance alone (HNSW, or exact scan): recall measurement. */
  async nearestChunkIds(embedding: number[], k: number, opts: { exact?: boolean; efSearch?: number } = {}): Promise<string[]> {
    const order = opts.exact ? `(embedding <=> $1::vector) + 0` : `embedding <=> $1::vector`;
    const rows: { id: string }[] = await this.inSearchTransaction(opts, (m) =>
      m.query(`SELECT id::text AS id FROM chunks ORDER BY ${order} LIMIT $2`, [toVectorLiteral(embedding), k]),
    );
    return rows.map((r) => r.id);
  }

  /** Runs `work` in a transaction whose HNSW settings (`SET LOCAL`) apply to its queries only. */
  private inSearchTransaction<T>(opts: { efSearch?: number }, work: (m: EntityManager) => Promise<T>): Promise<T> {
    const ef = Math.max(1, Math.min(1000, Math.round(opts.efSearch ?? DEFAULT_EF_SEARCH)));
    return this.db.transaction(async (m) => {
      // Iterative scans keep filtered HNSW queries (one session's chunks) from coming back short.
      await m.query(`SET LOCAL hnsw.ef_search = ${ef}; SET LOCAL hnsw.iterative_scan = relaxed_order`);
      return work(m);
    });
  }
}
