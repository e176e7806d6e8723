import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { DocumentKind, DocumentRow } from './document.types';
import type { ExportList } from './dto/document.response';

const SELECT_DOCUMENT = `
  SELECT d.id, d.kind, d.session_id AS "sessionId", s.title AS "sessionTitle",
         d.original_filename AS "originalFilename", d.storage_path AS "storagePath", d.mime_type AS "mimeType",
         d.bytes, d.sha256, d.status, d.error, d.uploader_name AS "uploaderName",
         d.progress_percent AS "progressPercent", d.progress_stage AS "progressStage",
         d.estimated_time_remaining AS "estimatedTimeRemaining", d.total_chunks AS "totalChunks",
         d.processed_chunks AS "processedChunks", d.embedding_model AS "embeddingModel", d.version, d.attempts,
         d.ocr_pages AS "ocrPages",
         d.created_at AS "createdAt", d.updated_at AS "updatedAt"
    FROM documents d
    LEFT JOIN sessions s ON s.id = d.session_id`;

export interface NewDocument {
  id: string;
  sessionId: string;
  kind: DocumentKind;
  originalFilename: string;
  storagePath: string;
  mimeType: string;
  bytes: number;
  sha256: string;
  uploaderId: string | null;
  uploaderName: string | null;
}

/** SQL of the `documents` table for the documents API (ingestion keeps its own progress SQL). */
@Injectable()
export class DocumentsRepository {
  constructor(private readonly db: DataSource) {}

  async sessionExists(sessionId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM sessions WHERE id = $1`, [sessionId]);
    return rows.length > 0;
  }

  async insert(doc: NewDocument): Promise<DocumentRow> {
    await this.db.query(
      `INSERT INTO documents (id, session_id, kind, original_filename, storage_path, mime_type, bytes, sha256,
                              uploader_id, uploader_name, status, progress_stage)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'uploaded', 'Waiting')`,
      [
        doc.id,
        doc.sessionId,
        doc.kind,
        doc.originalFilename,
        doc.storagePath,
        doc.mimeType,
        doc.bytes,
        doc.sha256,
        doc.uploaderId,
        doc.uploaderName,
      ],
    );
    return (await this.findById(doc.id))!;
  }

  async findById(id: string): Promise<DocumentRow | null> {
    const rows: DocumentRow[] = await this.db.query(`${SELECT_DOCUMENT} WHERE d.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Every document (or those of one kind), newest first. */
  async list(kind?: DocumentKind): Promise<DocumentRow[]> {
    return kind
      ? this.db.query(`${SELECT_DOCUMENT} WHERE d.kind = $1 ORDER BY d.created_at DESC, d.id`, [kind])
      : this.db.query(`${SELECT_DOCUMENT} ORDER BY d.created_at DESC, d.id`);
  }

  /**
   * Starts a new run for the document: back to `uploaded` with fresh progress, `attempts` + 1 (the
   * run a queued job must match). Its chunks stay readable until the new ones replace them.
   */
  async startNewRun(id: string): Promise<DocumentRow | null> {
    const result: unknown = await this.db.query(
      `UPDATE documents
          SET status = 'uploaded', error = NULL, attempts = attempts + 1, progress_percent = 0,
              progress_stage = 'Waiting', estimated_time_remaining = NULL, processed_chunks = 0,
              heartbeat_at = NULL, updated_at = now()
        WHERE id = $1
        RETURNING id`,
      [id],
    );
    return rowsOf(result).length ? this.findById(id) : null;
  }

  /** Deletes the row (its chunks go with it); returns the stored file name, or null when absent. */
  async delete(id: string): Promise<string | null> {
    const result: unknown = await this.db.query(`DELETE FROM documents WHERE id = $1 RETURNING storage_path AS "storagePath"`, [id]);
    return (rowsOf(result)[0] as { storagePath: string } | undefined)?.storagePath ?? null;
  }

  /** Deletes a session's documents (their chunks go with them) in the caller's transaction; their stored file names. */
  async deleteOfSession(sessionId: string, m: EntityManager): Promise<string[]> {
    const result: unknown = await m.query(`DELETE FROM documents WHERE session_id = $1 RETURNING storage_path AS "storagePath"`, [
      sessionId,
    ]);
    return (rowsOf(result) as { storagePath: string }[]).map((r) => r.storagePath);
  }

  /** Documents grouped by session, newest first inside each session. */
  async exportList(): Promise<ExportList> {
    const rows: { sessionId: string; sessionTitle: string; documents: ExportList[string]['documents'] }[] = await this.db.query(`
        SELECT d.session_id AS "sessionId", s.title AS "sessionTitle",
               json_agg(json_build_object(
                 'id', d.id, 'filename', d.original_filename, 'kind', d.kind, 'bytes', d.bytes,
                 'createdAt', to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
               ) ORDER BY d.created_at DESC, d.id) AS documents
          FROM documents d
          JOIN sessions s ON s.id = d.session_id
         GROUP BY d.session_id, s.title`);
    const list: ExportList = {};
    for (const row of rows) list[row.sessionId] = { sessionTitle: row.sessionTitle, documents: row.documents };
    return list;
  }

  /** Stored file names of every document (to find files no document refers to). */
  async storagePaths(): Promise<Set<string>> {
    const rows: { storagePath: string }[] = await this.db.query(`SELECT storage_path AS "storagePath" FROM documents`);
    return new Set(rows.map((r) => r.storagePath));
  }

  /** `sessionId/originalFilename` of the documents these sessions hold. */
  async filenamesIn(sessionIds: string[]): Promise<Set<string>> {
    const rows: { key: string }[] = await this.db.query(
      `SELECT session_id || '/' || original_filename AS key FROM documents WHERE session_id = ANY($1::uuid[])`,
      [sessionIds],
    );
    return new Set(rows.map((r) => r.key));
  }
}

/** `UPDATE`/`DELETE … RETURNING` through TypeORM's postgres driver answers `[rows, affected]`. */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as unknown[];
  }
  return Array.isArray(result) ? result : [];
}
