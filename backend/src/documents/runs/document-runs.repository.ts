import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ClaimedDocument, DocumentRuns, EmbeddedRun, ProgressUpdate, QueueableDocument } from './document-runs.port';

/** A `chunked` document whose job has written nothing for this long is taken to be dead. */
export const STALE_AFTER_SECONDS = 30;

/** SQL of the documents' run state (the DOCUMENT_RUNS port ingestion moves them with). */
@Injectable()
export class DocumentRunsRepository implements DocumentRuns {
  constructor(private readonly db: DataSource) {}

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
    return (rowsOf(rows)[0] as ClaimedDocument | undefined) ?? null;
  }

  async progress(id: string, run: number, p: ProgressUpdate): Promise<boolean> {
    const rows: unknown = await this.db.query(
      `UPDATE documents
          SET progress_stage = $3, progress_percent = $4, processed_chunks = $5, total_chunks = $6,
              estimated_time_remaining = $7, heartbeat_at = now(), updated_at = now()
        WHERE id = $1 AND attempts = $2 AND status = 'chunked'
        RETURNING id`,
      [id, run, p.stage, Math.max(0, Math.min(100, Math.round(p.percent))), p.processedChunks, p.totalChunks, p.etaSeconds],
    );
    return rowsOf(rows).length > 0;
  }

  async heartbeat(id: string, run: number): Promise<void> {
    await this.db.query(`UPDATE documents SET heartbeat_at = now() WHERE id = $1 AND attempts = $2 AND status = 'chunked'`, [id, run]);
  }

  async savedTranscript<T>(id: string, model: string): Promise<T | null> {
    const [row] = await this.db.query(`SELECT transcript FROM documents WHERE id = $1 AND transcript_model = $2`, [id, model]);
    return (row?.transcript as T | undefined) ?? null;
  }

  async saveTranscript(id: string, run: number, model: string, turns: unknown): Promise<void> {
    await this.db.query(`UPDATE documents SET transcript = $3::jsonb, transcript_model = $4 WHERE id = $1 AND attempts = $2`, [
      id,
      run,
      JSON.stringify(turns),
      model,
    ]);
  }

  async lockRun(id: string, run: number, m: EntityManager): Promise<boolean> {
    const rows: { attempts: number; status: string }[] = await m.query(`SELECT attempts, status FROM documents WHERE id = $1 FOR UPDATE`, [
      id,
    ]);
    return !!rows[0] && rows[0].attempts === run && rows[0].status === 'chunked';
  }

  async markEmbedded(id: string, result: EmbeddedRun, m: EntityManager): Promise<void> {
    await m.query(
      `UPDATE documents
          SET status = 'embedded', error = NULL, version = version + 1, embedding_model = $2,
              total_chunks = $3, processed_chunks = $3, progress_percent = 100, progress_stage = 'Ready',
              estimated_time_remaining = 0, heartbeat_at = NULL, ocr_pages = $4::int[], updated_at = now()
        WHERE id = $1`,
      [id, result.model, result.totalChunks, result.ocrPages],
    );
  }

  async markWordsCounted(id: string, m: EntityManager = this.db.manager): Promise<void> {
    await m.query(`UPDATE documents SET words_run = attempts WHERE id = $1`, [id]);
  }

  async fail(id: string, run: number, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE documents
          SET status = 'error', error = $3, progress_stage = 'Failed', estimated_time_remaining = NULL,
              heartbeat_at = NULL, updated_at = now()
        WHERE id = $1 AND attempts = $2`,
      [id, run, reason],
    );
  }

  async markRetrying(id: string, run: number, stage: string, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE documents
          SET status = 'uploaded', progress_stage = $3, error = $4, estimated_time_remaining = NULL,
              heartbeat_at = NULL, updated_at = now()
        WHERE id = $1 AND attempts = $2 AND status = 'chunked'`,
      [id, run, stage, reason],
    );
  }

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

  /** Their chunks stay readable until the new ones replace them. */
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
