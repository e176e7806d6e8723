import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { readContentVersion } from '../database/content-version';
import { inProgramOrder } from './program-order';
import type { SessionRecord } from './session-input';

export type ContentStatus = 'none' | 'processing' | 'available';
export type DocumentKind = 'transcript' | 'pdf';

export interface SessionDocumentRow {
  id: string;
  kind: DocumentKind;
  originalFilename: string;
  status: 'uploaded' | 'chunked' | 'embedded' | 'error';
}

/** A session with the fields derived from its documents (computed in SQL). */
export interface SessionRow extends SessionRecord {
  id: string;
  documentsCount: number;
  hasDocuments: boolean;
  documentTypes: DocumentKind[];
  contentStatus: ContentStatus;
  /** Only when asked for (`withDocuments`). */
  documents?: SessionDocumentRow[];
}

export interface SessionListOptions {
  /** Only sessions with at least one document (the attendee's default view). */
  withContentOnly?: boolean;
  /** Add each session's documents list (admin view). */
  withDocuments?: boolean;
  /** One session. */
  id?: string;
}

const RECORD_COLUMNS = `s.id, s.title, s.description, s.speakers, s.tags, s.format, s.date, s.day,
  s.start_time AS "startTime", s.end_time AS "endTime", s.location, s.external_id AS "externalId"`;

/** The database's part of program order (day, date, title); the start time is read in `inProgramOrder`. */
const PROGRAM_ORDER = `s.day ASC NULLS LAST, s.date ASC NULLS LAST, s.title ASC, s.id ASC`;

/** TypeORM's postgres driver answers UPDATE/DELETE with `[rows, rowCount]`, other commands with the rows. */
function returnedRows<T>(result: unknown): T[] {
  return Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number'
    ? (result[0] as T[])
    : (result as T[]);
}

/** A session's stored fields as the JSON rows the bulk statements read (`jsonb_to_recordset`). */
function columnsOf(r: SessionRecord) {
  return {
    title: r.title,
    description: r.description,
    speakers: r.speakers,
    tags: r.tags,
    format: r.format,
    date: r.date ? r.date.toISOString() : null,
    day: r.day,
    start_time: r.startTime,
    end_time: r.endTime,
    location: r.location,
    external_id: r.externalId ?? null,
  };
}

@Injectable()
export class SessionsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Sessions with documentsCount, hasDocuments, documentTypes and contentStatus aggregated from the
   * documents table in the same query ('processing' while none of its documents is embedded).
   */
  async list(opts: SessionListOptions = {}, manager?: EntityManager): Promise<SessionRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (opts.id) {
      params.push(opts.id);
      where.push(`s.id = $${params.length}`);
    }
    const documents = opts.withDocuments
      ? `, coalesce(json_agg(json_build_object('id', d.id, 'kind', d.kind, 'originalFilename', d.original_filename,
           'status', d.status) ORDER BY d.created_at, d.id) FILTER (WHERE d.id IS NOT NULL), '[]') AS documents`
      : '';
    const rows: SessionRow[] = await (manager ?? this.db).query(
      `SELECT ${RECORD_COLUMNS},
              count(d.id)::int AS "documentsCount",
              count(d.id) > 0 AS "hasDocuments",
              coalesce(array_agg(DISTINCT d.kind ORDER BY d.kind DESC) FILTER (WHERE d.id IS NOT NULL), '{}') AS "documentTypes",
              CASE WHEN count(d.id) = 0 THEN 'none'
                   WHEN bool_or(d.status = 'embedded') THEN 'available'
                   ELSE 'processing' END AS "contentStatus"
              ${documents}
         FROM sessions s
         LEFT JOIN documents d ON d.session_id = s.id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        GROUP BY s.id
        ${opts.withContentOnly ? 'HAVING count(d.id) > 0' : ''}
        ORDER BY ${PROGRAM_ORDER}`,
      params,
    );
    return inProgramOrder(rows);
  }

  /** The list (as `list`) and the content version it was read at, in one snapshot. */
  async listAtVersion(opts: SessionListOptions): Promise<{ version: string; rows: SessionRow[] }> {
    return this.db.transaction('REPEATABLE READ', async (m) => {
      const version = await readContentVersion(m);
      return { version, rows: await this.list(opts, m) };
    });
  }

  /** Stored fields of every session, in program order (the super admin export). */
  async listRecords(): Promise<(SessionRecord & { id: string })[]> {
    return inProgramOrder(await this.db.query(`SELECT ${RECORD_COLUMNS} FROM sessions s ORDER BY ${PROGRAM_ORDER}`));
  }

  /** Stored fields of the sessions with these ids (any order). */
  async listRecordsByIds(ids: string[]): Promise<(SessionRecord & { id: string })[]> {
    return this.db.query(`SELECT ${RECORD_COLUMNS} FROM sessions s WHERE s.id = ANY($1::uuid[])`, [ids]);
  }

  async findRecord(id: string): Promise<(SessionRecord & { id: string }) | undefined> {
    const [row] = await this.db.query(`SELECT ${RECORD_COLUMNS} FROM sessions s WHERE s.id = $1`, [id]);
    return row;
  }

  async count(manager?: EntityManager): Promise<number> {
    const [{ n }] = await (manager ?? this.db).query(`SELECT count(*)::int AS n FROM sessions`);
    return n;
  }

  /**
   * Inserts many sessions in ONE statement (all or none), with the given ids when set.
   * Pass the transaction's manager when inside a transaction. Returns the ids in input order.
   */
  async insertMany(records: (SessionRecord & { id?: string })[], manager?: EntityManager): Promise<string[]> {
    if (records.length === 0) return [];
    const rows = records.map((r, i) => ({ ord: i, id: r.id ?? null, ...columnsOf(r) }));
    const inserted: { id: string; ord: number }[] = await (manager ?? this.db).query(
      `WITH input AS (
         SELECT r.*, coalesce(r.id, gen_random_uuid()) AS new_id
           FROM jsonb_to_recordset($1::jsonb) AS r(ord int, id uuid, title text, description text, speakers text[],
                tags text[], format text, date timestamptz, day int, start_time text, end_time text, location text,
                external_id text)),
       ins AS (
         INSERT INTO sessions (id, title, description, speakers, tags, format, date, day, start_time, end_time, location,
                               external_id)
         SELECT new_id, title, description, speakers, tags, format, date, day, start_time, end_time, location, external_id
           FROM input ORDER BY ord
         RETURNING id)
       SELECT ins.id, input.ord FROM ins JOIN input ON input.new_id = ins.id ORDER BY input.ord`,
      [JSON.stringify(rows)],
    );
    return inserted.map((r) => r.id);
  }

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Sessions (stored fields) having one of `ids` or `externalIds`, locked for the caller's transaction. */
  async findForImport(
    ids: string[],
    externalIds: string[],
    m: EntityManager,
  ): Promise<(SessionRecord & { id: string; externalId: string | null })[]> {
    if (ids.length === 0 && externalIds.length === 0) return [];
    return m.query(
      `SELECT ${RECORD_COLUMNS} FROM sessions s
        WHERE s.id = ANY($1::uuid[]) OR s.external_id = ANY($2::text[])
        FOR UPDATE`,
      [ids, externalIds],
    );
  }

  /** External ids among `externalIds` already held by a session. */
  async takenExternalIds(externalIds: string[], m: EntityManager): Promise<Set<string>> {
    if (externalIds.length === 0) return new Set();
    const rows: { id: string }[] = await m.query(`SELECT external_id AS id FROM sessions WHERE external_id = ANY($1::text[])`, [
      externalIds,
    ]);
    return new Set(rows.map((r) => r.id));
  }

  /** Replaces the stored fields of many sessions in ONE statement (external id kept when undefined). */
  async updateMany(records: (SessionRecord & { id: string })[], m: EntityManager): Promise<number> {
    if (records.length === 0) return 0;
    const rows = records.map((r) => ({
      id: r.id,
      ...columnsOf(r),
      set_external: r.externalId !== undefined,
    }));
    const result = await m.query(
      `UPDATE sessions s SET title = r.title, description = r.description, speakers = r.speakers, tags = r.tags,
              format = r.format, date = r.date, day = r.day, start_time = r.start_time, end_time = r.end_time,
              location = r.location,
              external_id = CASE WHEN r.set_external THEN r.external_id ELSE s.external_id END, updated_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, title text, description text, speakers text[], tags text[],
              format text, date timestamptz, day int, start_time text, end_time text, location text,
              set_external boolean, external_id text)
        WHERE s.id = r.id
        RETURNING s.id`,
      [JSON.stringify(rows)],
    );
    return returnedRows(result).length;
  }

  /** Replaces the stored fields; false when the session does not exist. */
  async update(id: string, r: SessionRecord): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE sessions SET title = $2, description = $3, speakers = $4, tags = $5, format = $6, date = $7, day = $8,
              start_time = $9, end_time = $10, location = $11, updated_at = now()
        WHERE id = $1 RETURNING id`,
      [id, r.title, r.description, r.speakers, r.tags, r.format, r.date, r.day, r.startTime, r.endTime, r.location],
    );
    return returnedRows(result).length > 0;
  }

  /** Locks the session for the caller's transaction; false when it does not exist. */
  async lockForDelete(id: string, m: EntityManager): Promise<boolean> {
    const found: unknown[] = await m.query(`SELECT id FROM sessions WHERE id = $1 FOR UPDATE`, [id]);
    return found.length > 0;
  }

  /** Deletes the session's row in the caller's transaction (its documents are deleted first, by their owner). */
  async deleteLocked(id: string, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM sessions WHERE id = $1`, [id]);
  }

  /** Of the given session ids, those that still exist. */
  async existingIds(ids: string[]): Promise<Set<string>> {
    const rows: { id: string }[] = await this.db.query(`SELECT id FROM sessions WHERE id = ANY($1::uuid[])`, [ids]);
    return new Set(rows.map((r) => r.id));
  }
}
