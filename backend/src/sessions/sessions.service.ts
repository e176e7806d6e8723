import { ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CoalescedRead } from '../common/coalesced-read';
import { hasRole, Role } from '../common/roles';
import { FILE_STORE, FileStore, isSafeKey } from '../storage/file-store.port';
import { SessionInputDto } from './dto/session-input.dto';
import {
  conferenceDayOf,
  conferenceTimeOf,
  DEFAULT_SESSION_FORMAT,
  hasTimeOfDay,
  importRecord,
  parseSessionDate,
  SessionRecord,
  withDerivedSchedule,
} from './session-input';
import { SessionsRepository } from './sessions.repository';
import { type ImportOutcome, type SessionExportRow, type SessionResponse, toSessionResponse } from './dto/session.response';
import { SESSION_NOT_FOUND } from './dto/sessions.messages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const yes = (v: string | undefined) => v === 'true' || v === '1';

type ListView = 'attendee' | 'includeAll' | 'admin';

@Injectable()
export class SessionsService {
  private readonly logger = new Logger(SessionsService.name);
  /**
   * GET /api/sessions per view, with the content version it was read at. A request checks the version
   * (one primary-key read) and re-reads the list only when a session or document changed, in this
   * process or any other sharing the database, so the list is never stale.
   */
  private readonly listCache = new Map<ListView, { version: string; sessions: SessionResponse[] }>();
  /** Requests arriving together share one version read, each still answered by a read begun after it arrived. */
  private readonly version = new CoalescedRead(() => this.repo.contentVersion());

  constructor(
    private readonly repo: SessionsRepository,
    @Inject(FILE_STORE) private readonly store: FileStore,
  ) {}

  /**
   * GET /api/sessions: sessions with at least one document; every session with `includeAll`;
   * every session with its documents with `admin` (admins only).
   */
  async list(viewer: Role, query: { includeAll?: string; admin?: string }): Promise<SessionResponse[]> {
    const admin = yes(query.admin);
    if (admin && !hasRole(viewer, 'admin')) throw new ForbiddenException('You do not have permission to do this.');
    const view: ListView = admin ? 'admin' : yes(query.includeAll) ? 'includeAll' : 'attendee';
    const cached = this.listCache.get(view);
    if (cached && cached.version === (await this.version.get())) return cached.sessions;
    const { version, rows } = await this.repo.listAtVersion({ withContentOnly: view === 'attendee', withDocuments: admin });
    const sessions = rows.map(toSessionResponse);
    this.listCache.set(view, { version, sessions });
    return sessions;
  }

  async create(dto: SessionInputDto): Promise<SessionResponse> {
    const date = parseSessionDate(dto.date);
    const record = withDerivedSchedule(
      {
        title: dto.title,
        description: dto.description ?? '',
        speakers: dto.speakers ?? [],
        tags: dto.tags ?? [],
        format: dto.format ?? DEFAULT_SESSION_FORMAT,
        date: date === 'invalid' ? null : date,
        day: dto.day ?? null,
        startTime: dto.startTime ?? null,
        endTime: dto.endTime ?? null,
        location: dto.location ?? null,
      },
      hasTimeOfDay(dto.date),
    );
    const [id] = await this.repo.insertMany([record]);
    return this.getForAdmin(id);
  }

  /** Fields left out keep their stored values; a new date re-derives day and start time unless given. */
  async update(id: string, dto: SessionInputDto): Promise<SessionResponse> {
    const current = UUID.test(id) ? await this.repo.findRecord(id) : undefined;
    if (!current) throw new NotFoundException(SESSION_NOT_FOUND);
    const given = <T>(value: T | undefined, stored: T): T => (value === undefined ? stored : value);
    const record: SessionRecord = {
      title: dto.title,
      description: given(dto.description, current.description) ?? '',
      speakers: given(dto.speakers, current.speakers),
      tags: given(dto.tags, current.tags),
      format: given(dto.format, current.format),
      date: current.date,
      day: given(dto.day, current.day),
      startTime: given(dto.startTime, current.startTime),
      endTime: given(dto.endTime, current.endTime),
      location: given(dto.location, current.location),
    };
    if (dto.date !== undefined) {
      const date = parseSessionDate(dto.date);
      record.date = date === 'invalid' ? null : date;
      if (record.date) {
        if (dto.day === undefined) record.day = conferenceDayOf(record.date);
        if (dto.startTime === undefined && hasTimeOfDay(dto.date)) record.startTime = conferenceTimeOf(record.date);
      }
    }
    if (!(await this.repo.update(id, record))) throw new NotFoundException(SESSION_NOT_FOUND);
    return this.getForAdmin(id);
  }

  /** Deletes the session, its documents and chunks, then (after the commit) the uploaded files. */
  async remove(id: string): Promise<void> {
    const files = UUID.test(id) ? await this.repo.delete(id) : undefined;
    if (!files) throw new NotFoundException(SESSION_NOT_FOUND);
    await this.removeFiles(files);
  }

  async exportAll(): Promise<SessionExportRow[]> {
    const rows = await this.repo.listRecords();
    return rows.map((r) => ({ ...r, date: r.date ? new Date(r.date).toISOString() : null }));
  }

  /**
   * Imports rows with SPEC §5's rules (see importRecord). Every row is checked on its own; bad rows
   * are skipped and named, the good ones are inserted together in one statement (all or none).
   */
  async importMany(rows: unknown[]): Promise<ImportOutcome> {
    const records: SessionRecord[] = [];
    const skipped: ImportOutcome['skipped'] = [];
    rows.forEach((raw, index) => {
      const result = importRecord(raw);
      if (result.ok) records.push(result.record);
      else {
        const title = (raw as { title?: unknown } | null)?.title;
        skipped.push({ index, title: typeof title === 'string' ? title : null, reason: result.reason });
      }
    });
    await this.repo.insertMany(records);
    return { imported: records.length, skipped };
  }

  /** For the demo seeder: inserts records with chosen ids inside the caller's transaction. */
  async insertRecords(records: (SessionRecord & { id?: string })[], manager?: EntityManager): Promise<string[]> {
    return this.repo.insertMany(records, manager);
  }

  async count(manager?: EntityManager): Promise<number> {
    return this.repo.count(manager);
  }

  private async getForAdmin(id: string): Promise<SessionResponse> {
    const [row] = await this.repo.list({ id, withDocuments: true });
    if (!row) throw new NotFoundException(SESSION_NOT_FOUND);
    return toSessionResponse(row);
  }

  /** The stored files of deleted documents (keys that are not plain generated names are never touched). */
  private async removeFiles(storagePaths: string[]): Promise<void> {
    await Promise.all(
      storagePaths.map(async (p) => {
        if (!isSafeKey(p)) {
          this.logger.warn(`not deleting ${p}: not a storage key`);
          return;
        }
        try {
          await this.store.remove(p);
        } catch (err) {
          this.logger.warn(`could not delete ${p}: ${(err as Error).message}`);
        }
      }),
    );
  }
}
