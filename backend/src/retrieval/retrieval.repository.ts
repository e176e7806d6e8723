import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { efSearchOf } from '../database/session-settings';
import type { CorpusCounts } from './bm25';
import type { DocumentProfile, DocumentWordCount } from './document-routing';
import type { HybridQuery, Passage, TermWeight } from './retrieval.types';

/**
 * The hybrid search statement's inputs, the ranking policy already applied (`HybridSearch`): the words
 * the text side scores with their weights, the tsquery that selects its candidates, exact or HNSW.
 */
export interface SearchStatement extends Omit<HybridQuery, 'words' | 'expansionWords' | 'terms' | 'sessionChunks' | 'exact'> {
  textTerms: TermWeight[];
  candidateFilter: string;
  exact: boolean;
}

/** Reciprocal rank fusion constant: score = Σ 1 / (RRF_K + rank) over the vector and full-text rankings. */
export const RRF_K = 60;
export { LOCAL_EF_SEARCH, MODEL_EF_SEARCH } from '../database/session-settings';
/** Candidates each ranking contributes to the fusion. */
export const DEFAULT_CANDIDATES = 40;
/** Share of `ts_rank_cd` (cover density: query words close together) added to the IDF sum of the text rank. */
const TS_RANK_WEIGHT = 0.5;

/** Added to the text rank of a chunk per expansion phrase it holds (about the IDF of a rare word). */
export const PHRASE_BONUS = 2;

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
 * The candidates of the two rankings, as CTEs of the search statement: `vec` (the nearest chunks,
 * HNSW or exact), `txt_matches` (chunks the candidate filter selects, by the IDF of the words they
 * hold) and `txt` (the best of those refined by cover density).
 */
function candidateCtes(query: SearchStatement, p: (value: unknown) => string, vector: string, candidates: string): string {
  const { textTerms: terms, candidateFilter: filter, exact } = query;
  // Phrases of the pages that answer such questions ('consolidated balance sheets') are rare
  // together: chunks holding one are candidates even when their words are too common for the budget.
  const phrases = (query.phrases ?? []).filter((ph) => ph.includes(' ')).map((ph) => `phraseto_tsquery('english', ${p(ph)})`);
  const phraseClause = phrases.map((q) => ` || ${q}`).join('');
  const phraseRank = phrases.map((q) => ` + CASE WHEN m.tsv @@ ${q} THEN ${PHRASE_BONUS} ELSE 0 END`).join('');
  const sessionClause = query.sessionIds.length > 0 ? `AND c.session_id = ANY(${p(query.sessionIds)}::uuid[])` : '';
  // Chunks of documents not (or no longer) embedded are left out. Written as a filter on an array
  // computed once, so the planner never turns it into a join that bypasses the HNSW and GIN indexes.
  const embedded = `c.document_id <> ALL (ARRAY(SELECT d.id FROM documents d WHERE d.status <> 'embedded'))`;
  // `+ 0` hides the distance from the planner's index matching: an exact scan, for recall checks.
  const vectorOrder = exact ? `(c.embedding <=> ${vector}::vector) + 0` : `c.embedding <=> ${vector}::vector`;
  // Text rank: the IDF of each query word the chunk contains, plus cover density (words close together).
  // Each word's tsquery goes in as a constant, so the GIN index serves the filter and nothing is parsed per row.
  const idfSum = terms.length
    ? terms.map((t) => `CASE WHEN m.tsv @@ ${p(t.tsquery)}::tsquery THEN ${p(t.idf)}::float8 ELSE 0 END`).join(' + ')
    : '0';
  const anyWord = terms.map((t) => `(${t.tsquery})`).join(' | ');
  return `vec AS MATERIALIZED (
        SELECT c.id, c.document_id, c.embedding <=> ${vector}::vector AS dist
          FROM chunks c
         WHERE ${embedded} ${sessionClause}
         ORDER BY ${vectorOrder}
         LIMIT ${candidates}
      ), txt_matches AS MATERIALIZED (
        SELECT m.id, m.document_id, m.tsv, (${idfSum}${phraseRank}) AS idf_rank
          FROM (
            -- Each candidate's tsvector read once (|| '' gives the same vector, in memory): a long chunk's is
            -- stored out of line (TOAST), and every word's test below would otherwise fetch it again.
            SELECT c.id, c.document_id, c.tsv || ''::tsvector AS tsv
              FROM chunks c
             WHERE c.tsv @@ (${p(filter)}::tsquery${phraseClause}) AND ${embedded} ${sessionClause}
            OFFSET 0
          ) m
         ORDER BY idf_rank DESC, m.id
         LIMIT ${candidates} * 2
      ), txt AS MATERIALIZED (
        -- Cover density (ts_rank_cd: query words close together) refines the best IDF matches only.
        SELECT id, document_id, idf_rank + ${TS_RANK_WEIGHT} * ts_rank_cd(tsv, ${p(anyWord)}::tsquery, 1) AS rank
          FROM txt_matches
         ORDER BY rank DESC, id
         LIMIT ${candidates}
      )`;
}

/**
 * The search statement: the two rankings' candidates (`candidateCtes`) fused by reciprocal rank, at
 * most `perDocument` passages of one document, with what a passage needs and the content version.
 * The `k` passages are chosen on the candidates' ids and scores alone (`top`); only those are joined
 * with their chunk, and their document's kind and session's title are read by subqueries, so the
 * planner has one join to order instead of five (planning was about a sixth of the statement).
 */
function searchStatementSql(query: SearchStatement, p: (value: unknown) => string): string {
  const vector = p(toVectorLiteral(query.embedding));
  const candidates = p(query.candidates ?? DEFAULT_CANDIDATES);
  const rrfK = p(RRF_K);
  return `
    WITH ${candidateCtes(query, p, vector, candidates)}, fused AS (
      -- A vector candidate's distance is the one already computed (its embedding, stored out of line, not read again).
      SELECT id, document_id, sum(rrf) AS score, max(text_rank) AS text_rank, min(dist) AS dist
        FROM (
          SELECT id, document_id, ${p(query.vectorWeight ?? 1)}::float8 / (${rrfK} + row_number() OVER (ORDER BY dist, id)) AS rrf,
                 0::float8 AS text_rank, dist
            FROM vec
          UNION ALL
          SELECT id, document_id, ${p(query.textWeight ?? 1)}::float8 / (${rrfK} + row_number() OVER (ORDER BY rank DESC, id)), rank,
                 NULL::float8
            FROM txt
        ) ranked
       GROUP BY id, document_id
    ), top AS (
      SELECT id, score, text_rank, dist
        FROM (SELECT id, score, text_rank, dist,
                     row_number() OVER (PARTITION BY document_id ORDER BY score DESC, id) AS nth
                FROM fused) capped
       WHERE nth <= ${p(query.perDocument)}
       ORDER BY score DESC, id
       LIMIT ${p(query.k)}
    )
    SELECT c.id::text AS "chunkId", c.document_id AS "documentId", c.session_id AS "sessionId",
           (SELECT s.title FROM sessions s WHERE s.id = c.session_id) AS "sessionTitle",
           (SELECT d.kind FROM documents d WHERE d.id = c.document_id) AS kind,
           c.chunk_index AS "chunkIndex", c.text, c.page,
           c.start_time AS "startTime", c.speaker,
           c.line_start AS "lineStart", c.line_end AS "lineEnd", c.turn_lines AS "turnLines", c.turn_times AS "turnTimes",
           (SELECT n.start_time FROM chunks n
             WHERE n.document_id = c.document_id AND n.chunk_index = c.chunk_index + 1) AS "endTime",
           p.score::float8 AS score, (1 - coalesce(p.dist, c.embedding <=> ${vector}::vector))::float8 AS similarity,
           p.text_rank::float8 AS "textRank",
           (SELECT v.version::text FROM content_version v WHERE v.id = 1) AS "contentVersion"
      FROM top p
      JOIN chunks c ON c.id = p.id
     ORDER BY p.score DESC, p.id`;
}

/**
 * Hybrid search over `chunks`: pgvector cosine distance on the HNSW index and PostgreSQL full-text
 * search (`websearch_to_tsquery` on the GIN index; ranked by the IDF of the matched words plus
 * `ts_rank_cd`), fused by reciprocal rank in SQL,
 * filtered by session in SQL, only documents whose status is 'embedded', at most `perDocument`
 * passages of one document.
 */
@Injectable()
export class RetrievalRepository implements CorpusCounts {
  /** The HNSW candidate list size every database session searches with (`efSearchOf`). */
  readonly efSearch: number;

  constructor(
    private readonly db: DataSource,
    config: AppConfig,
  ) {
    this.efSearch = efSearchOf(config);
  }

  /**
   * The search statement (one round trip): the passages, best first, with the content version
   * (`readContentVersion`) they were found at, read in the same statement (so in the same snapshot);
   * null when nothing was found.
   */
  async hybridSearchAtVersion(query: SearchStatement): Promise<{ passages: Passage[]; contentVersion: string | null }> {
    const params: unknown[] = [];
    const sql = searchStatementSql(query, (value: unknown) => `$${params.push(value)}`);
    const rows: (PassageRow & { contentVersion: string })[] = await this.inSearchTransaction(query, (m) => m.query(sql, params));
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

  /** Searchable chunks per session, and the content version they were counted at (one statement). */
  async chunksPerSession(): Promise<{ version: string; sessionChunks: Map<string, number> }> {
    const rows: { version: string; sessionId: string | null; n: number }[] = await this.db.query(
      `SELECT (SELECT v.version::text FROM content_version v WHERE v.id = 1) AS version, s."sessionId", coalesce(s.n, 0) AS n
         FROM (SELECT 1) one
         LEFT JOIN (SELECT c.session_id AS "sessionId", count(*)::int AS n FROM chunks c
                     WHERE c.document_id IN (SELECT d.id FROM documents d WHERE d.status = 'embedded')
                     GROUP BY c.session_id) s ON true`,
    );
    return { version: rows[0].version, sessionChunks: new Map(rows.filter((r) => r.sessionId).map((r) => [r.sessionId!, r.n])) };
  }

  /**
   * What document routing knows of each embedded document (`DocumentProfile`: its session, its
   * searchable chunks, its session's program entry and file name), and the content version it was
   * read at (one statement).
   */
  async documentProfilesAtVersion(): Promise<{ version: string; profiles: DocumentProfile[] }> {
    const rows: { version: string; documentId: string | null; sessionId: string; chunks: number; entry: string }[] = await this.db.query(
      `SELECT (SELECT v.version::text FROM content_version v WHERE v.id = 1) AS version,
              p."documentId", p."sessionId", p.chunks, p.entry
         FROM (SELECT 1) one
         LEFT JOIN (SELECT d.id AS "documentId", d.session_id AS "sessionId",
                           (SELECT count(*)::int FROM chunks c WHERE c.document_id = d.id) AS chunks,
                           concat_ws(' ', s.title, s.description, array_to_string(s.speakers, ' '), d.original_filename) AS entry
                      FROM documents d JOIN sessions s ON s.id = d.session_id
                     WHERE d.status = 'embedded') p ON true`,
    );
    return {
      version: rows[0].version,
      profiles: rows
        .filter((r) => r.documentId)
        .map((r) => ({ documentId: r.documentId!, sessionId: r.sessionId, chunks: Number(r.chunks), entry: r.entry ?? '' })),
    };
  }

  /**
   * Per word of `words`, per lexeme of it (`to_tsvector('english')`) and per embedded document: the
   * document's chunks holding the lexeme, in one statement. Read from the counts written when each
   * document's run became searchable (`document_words`, by its primary key); an embedded document whose
   * run is not counted (stored by other means than ingestion) is counted over its chunks.
   */
  documentWordCounts(words: string[]): Promise<(DocumentWordCount & { asked: string })[]> {
    return this.db.query(
      `WITH lx AS MATERIALIZED (
              SELECT DISTINCT w AS asked, t.lexeme FROM unnest($1::text[]) AS w CROSS JOIN LATERAL unnest(to_tsvector('english', w)) AS t),
            docs AS MATERIALIZED (
              SELECT d.id, coalesce(d.words_run = d.attempts, false) AS counted FROM documents d WHERE d.status = 'embedded')
       SELECT lx.asked, dw.document_id AS "documentId", dw.word, dw.chunks
         FROM lx JOIN document_words dw ON dw.word = lx.lexeme
        WHERE dw.document_id IN (SELECT id FROM docs WHERE counted)
       UNION ALL
       SELECT lx.asked, c.document_id, lx.lexeme, count(*)::int
         FROM lx JOIN chunks c ON c.tsv @@ quote_literal(lx.lexeme)::tsquery
        WHERE c.document_id IN (SELECT id FROM docs WHERE NOT counted)
        GROUP BY lx.asked, c.document_id, lx.lexeme`,
      [words],
    );
  }

  /**
   * Per word: its tsquery and the searchable chunks holding it (-1: a word the English configuration
   * ignores), in one statement. A word of one lexeme is read from the counts written when each
   * document's run became searchable (`document_words`: an index-only range over the documents holding
   * the word), leaving out the rows of every document but the embedded ones whose current run they
   * count (`words_run`); the chunks of embedded documents whose run is not counted (stored by other
   * means than ingestion) are counted directly. A word of several lexemes ('e-mail', "don't") is counted
   * over the chunks. No join with `documents` per word: its statistics may be stale (the embedded
   * database never analyses it), and a join planned on them probed every document for every word.
   */
  countWords(words: string[]): Promise<{ word: string; df: number; tsquery: string }[]> {
    return this.db.query(
      `WITH docs AS MATERIALIZED (
              SELECT coalesce(array_agg(d.id) FILTER (WHERE NOT d.counted), '{}') AS excluded,
                     coalesce(array_agg(d.id) FILTER (WHERE NOT d.counted AND d.status = 'embedded'), '{}') AS uncounted
                FROM (SELECT id, status, coalesce(status = 'embedded' AND words_run = attempts, false) AS counted FROM documents) d)
       SELECT w AS word, tq::text AS tsquery,
              CASE WHEN numnode(tq) = 0 THEN -1
                   WHEN numnode(tq) = 1 AND cardinality(lx.lexemes) = 1 THEN
                     (SELECT coalesce(sum(dw.chunks), 0)::int FROM document_words dw
                       WHERE dw.word = lx.lexemes[1] AND dw.document_id <> ALL (x.excluded))
                     + CASE WHEN cardinality(x.uncounted) = 0 THEN 0
                            ELSE (SELECT count(*)::int FROM chunks c WHERE c.document_id = ANY (x.uncounted) AND c.tsv @@ tq) END
                   ELSE (SELECT count(*)::int FROM chunks c WHERE c.tsv @@ tq AND c.document_id <> ALL (x.excluded)) END AS df
         FROM unnest($1::text[]) AS w
        CROSS JOIN websearch_to_tsquery('english', w) AS tq
        CROSS JOIN LATERAL (SELECT array_agg(t.lexeme) AS lexemes FROM unnest(to_tsvector('english', w)) AS t) AS lx
        CROSS JOIN docs x`,
      [words],
    );
  }

  /**
   * Which of `words` (lower-case letters only) the embedded documents write in lower case in their
   * running text, in one statement: the full-text index finds the chunks holding the word (its parser
   * reads a web address or an e-mail address as one token, so 'boeing' of 'www.boeing.com' is not among
   * them), and a case-sensitive match of the word between spaces or punctuation reads only those until
   * one matches. Whether a speaker label holds the word is `speakersAtVersion`'s (read once per content
   * version: proving that no label of thousands of chunks holds a common word cost a scan per question).
   */
  async writtenInLowerCase(words: string[]): Promise<string[]> {
    const plain = [...new Set(words)].filter((w) => /^[a-z]+$/.test(w));
    if (plain.length === 0) return [];
    const rows: { word: string }[] = await this.db.query(
      `SELECT w AS word
         FROM unnest($1::text[]) AS w, websearch_to_tsquery('english', w) AS tq
        WHERE numnode(tq) > 0
          AND EXISTS (SELECT 1 FROM chunks c
                       WHERE c.tsv @@ tq AND c.text ~ ('(^|[[:space:]("“‘])' || w || '([[:space:],;:!?)"”’]|\\.([[:space:]]|$)|$)')
                         AND c.document_id IN (SELECT d.id FROM documents d WHERE d.status = 'embedded'))`,
      [plain],
    );
    return rows.map((r) => r.word);
  }

  /** The transcripts' speaker labels (each once), and the content version they were read at (one statement). */
  async speakersAtVersion(): Promise<{ version: string; speakers: string[] }> {
    const rows: { version: string; speaker: string | null }[] = await this.db.query(
      `SELECT (SELECT v.version::text FROM content_version v WHERE v.id = 1) AS version, s.speaker
         FROM (SELECT 1) one
         LEFT JOIN (SELECT DISTINCT c.speaker FROM chunks c WHERE c.speaker IS NOT NULL) s ON true`,
    );
    return { version: rows[0].version, speakers: rows.flatMap((r) => (r.speaker ? [r.speaker] : [])) };
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
   * Runs `work` with the HNSW candidate list size asked for. The deployment's own (`efSearch`) is a setting
   * of every database session (`sessionSettings`): one statement, no transaction. Another size (recall measurements) is
   * `SET LOCAL` in a transaction of its own, so it applies to these queries only.
   */
  private inSearchTransaction<T>(opts: { efSearch?: number }, work: (m: EntityManager) => Promise<T>): Promise<T> {
    const ef = Math.max(1, Math.min(1000, Math.round(opts.efSearch ?? this.efSearch)));
    if (ef === this.efSearch) return work(this.db.manager);
    return this.db.transaction(async (m) => {
      await m.query(`SET LOCAL hnsw.ef_search = ${ef}`);
      return work(m);
    });
  }
}
