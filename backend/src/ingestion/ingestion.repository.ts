import type { TranscriptSegment } from './parsing/parsed-document';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { DocumentKind } from '../documents/document.types';
import type { ChunkDraft } from './chunking/chunker';
import { SupersededError } from './parsing/ingest-errors';

/** A document taken by a job. */
export interface ClaimedDocument {
  id: string;
  kind: DocumentKind;
  sessionId: string;
  storagePath: string;
  mimeType: string;
}

export interface ProgressUpdate {
  stage: string;
  percent: number;
  processedChunks: number;
  totalChunks: number;
  etaSeconds: number | null;
}

export interface EmbeddedChunk extends ChunkDraft {
  index: number;
  embedding: number[];
}

/** A document to queue: its id and current run. */
export interface QueueableDocument {
  id: string;
  run: number;
}

/** A `chunked` document whose job has written nothing for this long is taken to be dead. */
export const STALE_AFTER_SECONDS = 30;

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

/** SQL of ingestion: claiming documents, progress, the run's chunks and the final switch. */
@Injectable()
export class IngestionRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Takes the document for run `run` when it waits (`uploaded`) or its previous job is dead (stale
   * heartbeat). Returns null when another run replaced it, it was deleted or a live job holds it.
   */
  async claim(id: string, run: number): Promise<ClaimedDocument | null> {
    const rows: unknown = await this.db.query(
      `UPDATE documents
          SET status = 'chunked', progress_stage = 'Parsing', progress_percent = 0, error = NULL,
              estimated_time_remaining = NULL, heartbeat_at = now(), updated_at = now()
        WHERE id = $1 AND attempts = $2
          AND (status = 'uploaded'
               OR (status = 'chunked' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $3))))
        RETURNING id, kind, session_id AS "sessionId", storage_path AS "storagePath", mime_type AS "mimeType"`,
      [id, run, STALE_AFTER_SECONDS],
    );
    return firstRow<ClaimedDocument>(rows) ?? null;
  }

  /** Writes progress (and the heartbeat); throws SupersededError when the run is no longer current. */
  async progress(id: string, run: number, p: ProgressUpdate): Promise<void> {
    const rows: unknown = await this.db.query(
      `UPDATE documents
          SET progress_stage = $3, progress_percent = $4, processed_chunks = $5, total_chunks = $6,
              estimated_time_remaining = $7, heartbeat_at = now(), updated_at = now()
        WHERE id = $1 AND attempts = $2 AND status = 'chunked'
        RETURNING id`,
      [id, run, p.stage, Math.max(0, Math.min(100, Math.round(p.percent))), p.processedChunks, p.totalChunks, p.etaSeconds],
    );
    if (!firstRow(rows)) throw new SupersededError(`document ${id} run ${run} is no longer current`);
  }

  /** The turns of a recording transcribed by `model` in an earlier run, or null. */
  async savedTranscript(id: string, model: string): Promise<TranscriptSegment[] | null> {
    const [row] = await this.db.query(`SELECT transcript FROM documents WHERE id = $1 AND transcript_model = $2`, [id, model]);
    return (row?.transcript as TranscriptSegment[] | undefined) ?? null;
  }

  /** Keeps a recording's transcription with the document (while `run` is current), for later runs. */
  async saveTranscript(id: string, run: number, model: string, turns: TranscriptSegment[]): Promise<void> {
    await this.db.query(`UPDATE documents SET transcript = $3::jsonb, transcript_model = $4 WHERE id = $1 AND attempts = $2`, [
      id,
      run,
      JSON.stringify(turns),
      model,
    ]);
  }

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

  async heartbeat(id: string, run: number): Promise<void> {
    await this.db.query(`UPDATE documents SET heartbeat_at = now() WHERE id = $1 AND attempts = $2 AND status = 'chunked'`, [id, run]);
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
        `($1, $2, $3, $4, $${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}::vector, $${p + 7}, $${p + 8}, $${p + 9}::int[])`,
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
      );
    }
    // A chunk of a run is written once (unique document_id, run, chunk_index): a batch written
    // again (two processes on one run after a lost lease, a retried INSERT) adds nothing.
    const sql = `INSERT INTO chunks (document_id, session_id, run, embedding_model, chunk_index, text, page, speaker, start_time, embedding,
                                     line_start, line_end, turn_lines)
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

  /**
   * The end of a run, in ONE transaction: the chunks of every other run of the document are deleted
   * and the document becomes `embedded` (version + 1, embedding model recorded), so readers go from
   * the old chunks to the new ones at once. The run's word counts (`document_words`, migration
   * 1735000029000-document-words) are written in it too. Throws SupersededError (and changes nothing) when the
   * run is no longer current. `ocrPages`: the pages whose text this run read by OCR.
   */
  async finish(id: string, run: number, model: string, totalChunks: number, ocrPages: number[] = []): Promise<void> {
    await this.db.transaction(async (m) => {
      const rows: { attempts: number; status: string }[] = await m.query(
        `SELECT attempts, status FROM documents WHERE id = $1 FOR UPDATE`,
        [id],
      );
      if (!rows[0] || rows[0].attempts !== run || rows[0].status !== 'chunked') {
        throw new SupersededError(`document ${id} run ${run} is no longer current`);
      }
      const [{ n }]: { n: number }[] = await m.query(`SELECT count(*)::int AS n FROM chunks WHERE document_id = $1 AND run = $2`, [
        id,
        run,
      ]);
      if (n !== totalChunks) throw new Error(`run ${run} of document ${id} holds ${n} of ${totalChunks} chunks`);
      await m.query(`DELETE FROM chunks WHERE document_id = $1 AND run IS DISTINCT FROM $2`, [id, run]);
      // Every chunk left is this run's: how many hold each word (the search's word weights read these).
      await this.writeWordCounts(id, m);
      await m.query(
        `UPDATE documents
            SET status = 'embedded', error = NULL, version = version + 1, embedding_model = $2,
                total_chunks = $3, processed_chunks = $3, progress_percent = 100, progress_stage = 'Ready',
                estimated_time_remaining = 0, heartbeat_at = NULL, ocr_pages = $4::int[], updated_at = now()
          WHERE id = $1`,
        [id, model, totalChunks, ocrPages],
      );
    });
  }

  /**
   * Writes how many of the document's chunks hold each word (`document_words`, migration
   * 1735000029000-document-words: PostgreSQL's `ts_stat` over their text vectors) in place of any
   * earlier counts, and records its current run as counted (`words_run`). Called when every chunk left
   * is the run's (`finish`).
   */
  async writeWordCounts(id: string, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(`DELETE FROM document_words WHERE document_id = $1`, [id]);
    await m.query(
      `INSERT INTO document_words (word, document_id, chunks)
       SELECT s.word, d.id, s.ndoc FROM documents d, ts_stat(format('SELECT tsv FROM chunks WHERE document_id = %L', $1::uuid)) AS s
        WHERE d.id = $1`,
      [id],
    );
    await m.query(`UPDATE documents SET words_run = attempts WHERE id = $1`, [id]);
  }

  /** Ends the run in `error` with the reason (its partial chunks dropped; those of an earlier run stay hidden). */
  async fail(id: string, run: number, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE documents
          SET status = 'error', error = $3, progress_stage = 'Failed', estimated_time_remaining = NULL,
              heartbeat_at = NULL, updated_at = now()
        WHERE id = $1 AND attempts = $2`,
      [id, run, reason],
    );
    await this.db.query(`DELETE FROM chunks WHERE document_id = $1 AND run = $2`, [id, run]);
  }

  /** Puts the run back to `uploaded` until its next attempt (its chunks kept: it resumes after them). */
  async markRetrying(id: string, run: number, stage: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE documents
          SET status = 'uploaded', progress_stage = $3, error = $4, estimated_time_remaining = NULL,
              heartbeat_at = NULL, updated_at = now()
        WHERE id = $1 AND attempts = $2 AND status = 'chunked'`,
      [id, run, stage, reason],
    );
  }

  /** A run interrupted by a shutdown waits again, so the next process to start takes it at once. */
  async release(id: string, run: number): Promise<void> {
    await this.db.query(
      `UPDATE documents
          SET status = 'uploaded', progress_stage = 'Waiting (interrupted by a restart)', estimated_time_remaining = NULL,
              heartbeat_at = NULL, updated_at = now()
        WHERE id = $1 AND attempts = $2 AND status = 'chunked'`,
      [id, run],
    );
  }

  /**
   * Embedded database, in-process queue: this process owns the database and every job, so
   * documents left `chunked` were left by a dead process and wait again. Never called with a
   * shared database (DATABASE_URL), where a `chunked` document may belong to a live process.
   */
  async releaseAllChunked(): Promise<number> {
    const rows: unknown = await this.db.query(
      `UPDATE documents SET status = 'uploaded', heartbeat_at = NULL, updated_at = now()
        WHERE status = 'chunked' RETURNING id`,
    );
    return rowsOf(rows).length;
  }

  /**
   * Documents embedded with another model than `model` start a new run (their chunks stay
   * readable until the new ones replace them).
   */
  async requeueOtherModels(model: string): Promise<{ id: string; embeddingModel: string | null }[]> {
    const rows: unknown = await this.db.query(
      `UPDATE documents
          SET status = 'uploaded', attempts = attempts + 1, progress_percent = 0, progress_stage = 'Waiting',
              processed_chunks = 0, estimated_time_remaining = NULL, heartbeat_at = NULL, updated_at = now()
        WHERE status = 'embedded' AND embedding_model IS DISTINCT FROM $1
        RETURNING id, embedding_model AS "embeddingModel"`,
      [model],
    );
    return rowsOf(rows) as { id: string; embeddingModel: string | null }[];
  }

  /**
   * Documents that need a job: waiting ones (optionally only those waiting longer than
   * `waitingForSeconds`) and `chunked` ones whose heartbeat is stale.
   */
  async needingWork(waitingForSeconds = 0): Promise<QueueableDocument[]> {
    return this.db.query(
      `SELECT id, attempts AS run FROM documents
        WHERE (status = 'uploaded' AND updated_at <= now() - make_interval(secs => $1))
           OR (status = 'chunked' AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $2)))
        ORDER BY created_at`,
      [waitingForSeconds, STALE_AFTER_SECONDS],
    );
  }
}

/** `UPDATE … RETURNING` through TypeORM's postgres driver answers `[rows, affected]`. */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as unknown[];
  }
  return Array.isArray(result) ? result : [];
}

function firstRow<T>(result: unknown): T | undefined {
  return rowsOf(result)[0] as T | undefined;
}
