import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ClaimedDocument } from '../documents/runs/document-runs.port';
import type { ChunkDraft } from './chunking/chunker';

export interface EmbeddedChunk extends ChunkDraft {
  index: number;
  embedding: number[];
}

/**
 * pgvector's binary wire format (int16 dimensions, int16 unused, float4 big-endian each), sent as a
 * binary parameter: the server reads it with `vector_recv` instead of parsing a text literal,
 * which is about ten times cheaper per row on the embedded database.
 */
export function vectorParam(values: number[]): Buffer {
  const buf = Buffer.allocUnsafe(4 + values.length * 4);
  buf.writeInt16BE(values.length, 0);
  buf.writeInt16BE(0, 2);
  for (let i = 0; i < values.length; i++) buf.writeFloatBE(values[i], 4 + i * 4);
  return buf;
}

/** SQL of ingestion: the runs' chunks and their word counts (the documents' run state is asked of DOCUMENT_RUNS). */
@Injectable()
export class IngestionRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Waits (at most `maxMs`) until no connection of this process's pool has been in use for two
   * looks in a row: the embedded database runs one statement at a time, and an INSERT started while
   * an answer's statements come and go would make each of them wait for it.
   */
  async othersIdle(maxMs: number): Promise<number> {
    const pool = (this.db.driver as unknown as { master?: { totalCount: number; idleCount: number; waitingCount: number } }).master;
    if (!pool) return 0;
    const started = performance.now();
    let quietLooks = 0;
    while (quietLooks < 2 && performance.now() - started < maxMs) {
      const busy = pool.totalCount - pool.idleCount + pool.waitingCount;
      quietLooks = busy === 0 ? quietLooks + 1 : 0;
      if (quietLooks < 2) await new Promise<void>((resolve) => setTimeout(resolve, 1));
    }
    return performance.now() - started;
  }

  /**
   * Prepares the run's chunks and tells where to resume: rows this run wrote with another embedding
   * model are dropped; its other rows (indexes 0..n-1, written batch by batch) are kept.
   */
  async resumePoint(id: string, run: number, model: string): Promise<number> {
    await this.db.query(`DELETE FROM chunks WHERE document_id = $1 AND run = $2 AND embedding_model IS DISTINCT FROM $3`, [id, run, model]);
    const [row]: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM chunks WHERE document_id = $1 AND run = $2`, [
      id,
      run,
    ]);
    return row.n;
  }

  /**
   * Inserts one batch of embedded chunks of the run in a single multi-row INSERT. They stay out of
   * readers' sight (which read chunks of `embedded` documents only) until `finish`. With `after`
   * (an INSERT of the run running on another connection), the rows are committed once `after` is,
   * and not at all if it fails: the run's stored chunks stay its first ones.
   */
  async insertChunks(doc: ClaimedDocument, run: number, model: string, chunks: EmbeddedChunk[], after?: Promise<void>): Promise<void> {
    if (!chunks.length) return;
    const values: string[] = [];
    const params: unknown[] = [doc.id, doc.sessionId, run, model];
    for (const c of chunks) {
      const p = params.length;
      values.push(
        `($1, $2, $3, $4, $${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}::vector, $${p + 7}, $${p + 8}, $${p + 9}::int[], $${p + 10}::float8[])`,
      );
      params.push(
        c.index,
        c.text,
        c.page,
        c.speaker,
        c.startTime,
        vectorParam(c.embedding),
        c.lineStart ?? null,
        c.lineEnd ?? null,
        c.turnLines ?? null,
        c.turnTimes ?? null,
      );
    }
    // A chunk of a run is written once (unique document_id, run, chunk_index): a batch written
    // again (two processes on one run after a lost lease, a retried INSERT) adds nothing.
    const sql = `INSERT INTO chunks (document_id, session_id, run, embedding_model, chunk_index, text, page, speaker, start_time, embedding,
                                     line_start, line_end, turn_lines, turn_times)
                 VALUES ${values.join(', ')}
                 ON CONFLICT ON CONSTRAINT chunks_document_run_chunk_key DO NOTHING`;
    if (!after) {
      await this.db.query(sql, params);
      return;
    }
    await this.db.transaction(async (m) => {
      await m.query(sql, params);
      await after;
    });
  }

  /**
   * Merges the full-text index's pending list into the index proper. New rows go to that list (GIN
   * `fastupdate`, cheap per INSERT) and every search scans all of it until it is merged; PostgreSQL
   * merges it only when autovacuum runs or the list is full (4 MB), the embedded database never on
   * its own. Done once per document, before its chunks become searchable: searches right after an
   * upload cost what they cost before it (measured on the dev set's filings: the GIN scan 17.6 → 1.4 ms).
   */
  async mergeTextIndex(): Promise<void> {
    await this.db.query(`SELECT gin_clean_pending_list('chunks_tsv_gin'::regclass)`);
  }

  /** Runs `fn` in one transaction (the end of a run: its chunks, their word counts and the document's state). */
  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /**
   * Makes the run's chunks the document's only ones, in the caller's transaction: throws when the run
   * does not hold all `totalChunks` of them, then deletes the chunks of every other run.
   */
  async keepOnlyRun(id: string, run: number, totalChunks: number, m: EntityManager): Promise<void> {
    const [{ n }]: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM chunks WHERE document_id = $1 AND run = $2`, [id, run]);
    if (n !== totalChunks) throw new Error(`run ${run} of document ${id} holds ${n} of ${totalChunks} chunks`);
    await m.query(`DELETE FROM chunks WHERE document_id = $1 AND run IS DISTINCT FROM $2`, [id, run]);
  }

  /**
   * Writes how many of the document's chunks hold each word (`document_words`, migration
   * 1735000029000-document-words: PostgreSQL's `ts_stat` over their text vectors) in place of any
   * earlier counts. Called when every chunk left is the run's (the end of a run), with the document's
   * run then recorded as counted (`DocumentRuns.markWordsCounted`).
   */
  async writeWordCounts(id: string, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(`DELETE FROM document_words WHERE document_id = $1`, [id]);
    await m.query(
      `INSERT INTO document_words (word, document_id, chunks)
       SELECT s.word, $1::uuid, s.ndoc FROM ts_stat(format('SELECT tsv FROM chunks WHERE document_id = %L', $1::uuid)) AS s`,
      [id],
    );
  }

  /** Drops the chunks a failed run wrote (those of an earlier run stay hidden until a run succeeds). */
  async dropRun(id: string, run: number): Promise<void> {
    await this.db.query(`DELETE FROM chunks WHERE document_id = $1 AND run = $2`, [id, run]);
  }
}
