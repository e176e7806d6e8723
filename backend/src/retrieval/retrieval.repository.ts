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
 * rank (`websearch_to_tsquery` / `ts_rank_cd` on the GIN index), fused by reciprocal rank in SQL,
 * filtered by session in SQL, only documents whose status is 'embedded', at most `perDocument`
 * passages of one document.
 */
@Injectable()
export class RetrievalRepository {
  constructor(private readonly db: DataSource) {}

  async hybridSearch(query: HybridQuery): Promise<Passage[]> {
    const params: unknown[] = [
      toVectorLiteral(query.embedding),
      query.textQuery,
      query.candidates ?? DEFAULT_CANDIDATES,
      RRF_K,
      query.perDocument,
      query.k,
    ];
    let sessionClause = '';
    if (query.sessionIds.length > 0) {
      params.push(query.sessionIds);
      sessionClause = `AND c.session_id = ANY($${params.length}::uuid[])`;
    }
    // `+ 0` hides the distance from the planner's index matching: an exact scan, for recall checks.
    const vectorOrder = query.exact ? `(c.embedding <=> $1::vector) + 0` : `c.embedding <=> $1::vector`;
    const sql = `
      WITH vec AS MATERIALIZED (
        SELECT c.id, c.embedding <=> $1::vector AS dist
          FROM chunks c
         WHERE c.document_id IN (SELECT d.id FROM documents d WHERE d.status = 'embedded') ${sessionClause}
         ORDER BY ${vectorOrder}
         LIMIT $3
      ), txt AS MATERIALIZED (
        SELECT c.id, ts_rank_cd(c.tsv, tq) AS rank
          FROM chunks c, websearch_to_tsquery('english', $2) tq
         WHERE c.tsv @@ tq
           AND c.document_id IN (SELECT d.id FROM documents d WHERE d.status = 'embedded') ${sessionClause}
         ORDER BY rank DESC, c.id
         LIMIT $3
      ), fused AS (
        SELECT id, sum(rrf) AS score, max(text_rank) AS text_rank
          FROM (
            SELECT id, 1.0 / ($4 + row_number() OVER (ORDER BY dist, id)) AS rrf, 0::real AS text_rank FROM vec
            UNION ALL
            SELECT id, 1.0 / ($4 + row_number() OVER (ORDER BY rank DESC, id)), rank FROM txt
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
             p.score::float8 AS score, (1 - (c.embedding <=> $1::vector))::float8 AS similarity,
             p.text_rank::float8 AS "textRank"
        FROM capped p
        JOIN chunks c ON c.id = p.id
        JOIN documents d ON d.id = c.document_id
        JOIN sessions s ON s.id = c.session_id
       WHERE p.nth <= $5
       ORDER BY p.score DESC, p.id
       LIMIT $6`;
    const rows: PassageRow[] = await this.inSearchTransaction(query, (m) => m.query(sql, params));
    return rows.map((r) => ({ ...r, page: r.page ?? null, startTime: r.startTime ?? null, endTime: r.endTime ?? null }));
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
