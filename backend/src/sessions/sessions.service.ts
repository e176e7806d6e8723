import { BadRequestException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { prepareJson, type PreparedJson } from './prepared-json';
import { hasRole, Role } from '../auth/roles';
import { ConferenceService } from '../conference/conference.service';
import { ContentVersionWatch } from '../database/content-version';
import { SessionInputDto } from './dto/session-input.dto';
import {
  conferenceDayOf,
  conferenceTimeOf,
  DEFAULT_SESSION_FORMAT,
  hasTimeOfDay,
  importRecord,
  parseSessionDate,
  ScheduleZone,
  SessionRecord,
  withDerivedSchedule,
} from './session-input';
import { SESSION_DOCUMENTS, SessionDocuments } from './session-documents.port';
import { SessionsRepository } from './sessions.repository';
import {
  exportFilename,
  type ImportOutcome,
  type SessionExportFile,
  type SessionExportRow,
  type SessionResponse,
  toSessionResponse,
} from './dto/session.response';
import { CALENDAR_UNSCHEDULED_ALL, CALENDAR_UNSCHEDULED_ONE, SESSION_NOT_FOUND } from './dto/sessions.messages';
import { calendarFilename, sessionsCalendar } from './calendar';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ImportMode = 'create-new' | 'upsert';

/** An import row's `id` when it is a UUID (lower case). */
function fileUuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value.trim()) ? value.trim().toLowerCase() : undefined;
}

/** An import row that passed the checks, with its place in the file. */
interface ImportRow {
  index: number;
  raw: Record<string, unknown>;
  record: SessionRecord;
}

/** What an import writes: new sessions and updates of stored ones. */
interface ImportPlan {
  creates: (SessionRecord & { id?: string })[];
  updates: (SessionRecord & { id: string })[];
}

/** A row's title when it has one (to name a skipped row). */
function titleOf(raw: unknown): string | null {
  const title = (raw as { title?: unknown } | null)?.title;
  return typeof title === 'string' ? title : null;
}

/** Every row checked on its own (importRecord): the good ones, and the others skipped with their reason. */
function checkImportRows(rows: unknown[], schedule: ScheduleZone): { good: ImportRow[]; skipped: ImportOutcome['skipped'] } {
  const good: ImportRow[] = [];
  const skipped: ImportOutcome['skipped'] = [];
  rows.forEach((raw, index) => {
    const result = importRecord(raw, schedule);
    if (result.ok) good.push({ index, raw: raw as Record<string, unknown>, record: result.record });
    else skipped.push({ index, title: titleOf(raw), reason: result.reason });
  });
  return { good, skipped };
}

/** The distinct source ids of the rows. */
function externalIdsOf(good: ImportRow[]): string[] {
  return [...new Set(good.map((g) => g.record.externalId).filter((e): e is string => !!e))];
}

/** The imported record, with the stored value for every field the row leaves out. */
function keepMissing(raw: Record<string, unknown>, record: SessionRecord, stored: SessionRecord): SessionRecord {
  const has = (k: string) => raw[k] !== undefined;
  const dateGiven = has('date');
  return {
    title: has('title') ? record.title : stored.title,
    description: has('description') ? record.description : stored.description,
    speakers: has('speakers') ? record.speakers : stored.speakers,
    tags: has('tags') ? record.tags : stored.tags,
    format: has('format') || has('type') ? record.format : stored.format,
    date: dateGiven ? record.date : stored.date,
    day: has('day') || dateGiven ? record.day : stored.day,
    startTime: has('startTime') || dateGiven ? record.startTime : stored.startTime,
    endTime: has('endTime') ? record.endTime : stored.endTime,
    location: has('location') ? record.location : stored.location,
  };
}

const yes = (v: string | undefined) => v === 'true' || v === '1';

type ListView = 'attendee' | 'includeAll' | 'admin';

@Injectable()
export class SessionsService {
  /**
   * GET /api/sessions per view, with the content version it was read at. A request checks the version
   * (`ContentVersionWatch`: a primary-key read, or none on the embedded database while this process
   * writes nothing) and re-reads the list only when a session or document changed, in this process
   * or any other sharing the database, so the list is never stale.
   */
  private readonly listCache = new Map<ListView, { version: string; prepared: PreparedJson<SessionResponse[]> }>();

  constructor(
    private readonly repo: SessionsRepository,
    @Inject(SESSION_DOCUMENTS) private readonly documents: SessionDocuments,
    private readonly conference: ConferenceService,
    private readonly version: ContentVersionWatch,
  ) {}

  /**
   * GET /api/sessions: sessions with at least one document; every session with `includeAll`;
   * every session with its documents with `admin` (admins only). Serialised once per content version
   * and view; the controller sends the prepared bytes as they are.
   */
  async listPrepared(viewer: Role, query: { includeAll?: string; admin?: string }): Promise<PreparedJson<SessionResponse[]>> {
    const admin = yes(query.admin);
    if (admin && !hasRole(viewer, 'admin')) throw new ForbiddenException('You do not have permission to do this.');
    const view: ListView = admin ? 'admin' : yes(query.includeAll) ? 'includeAll' : 'attendee';
    const cached = this.listCache.get(view);
    if (cached && cached.version === (await this.version.current())) return cached.prepared;
    const { version, rows } = await this.repo.listAtVersion({ withContentOnly: view === 'attendee', withDocuments: admin });
    const prepared = prepareJson(rows.map(toSessionResponse));
    this.listCache.set(view, { version, prepared });
    return prepared;
  }

  async create(dto: SessionInputDto): Promise<SessionResponse> {
    const schedule = await this.scheduleZone();
    const date = parseSessionDate(dto.date, schedule.timeZone);
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
      schedule,
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
      const schedule = await this.scheduleZone();
      const date = parseSessionDate(dto.date, schedule.timeZone);
      record.date = date === 'invalid' ? null : date;
      if (record.date) {
        if (dto.day === undefined) record.day = conferenceDayOf(record.date, schedule);
        if (dto.startTime === undefined && hasTimeOfDay(dto.date)) {
          record.startTime = conferenceTimeOf(record.date, schedule.timeZone);
        }
      }
    }
    if (!(await this.repo.update(id, record))) throw new NotFoundException(SESSION_NOT_FOUND);
    return this.getForAdmin(id);
  }

  /**
   * Deletes the session with its documents and chunks in one transaction (the session locked first, so
   * an upload to it waits and then fails), then, after the commit, the documents' stored files.
   */
  async remove(id: string): Promise<void> {
    const removeFiles = !UUID.test(id)
      ? undefined
      : await this.repo.transaction(async (m) => {
          if (!(await this.repo.lockForDelete(id, m))) return undefined;
          const afterCommit = await this.documents.deleteOfSession(id, m);
          await this.repo.deleteLocked(id, m);
          return afterCommit;
        });
    if (!removeFiles) throw new NotFoundException(SESSION_NOT_FOUND);
    await removeFiles();
  }

  /** The export file of every session at `now`, and its name (the date in the conference's zone). */
  async exportFile(now: Date): Promise<{ filename: string; file: SessionExportFile }> {
    const { timeZone } = await this.scheduleZone();
    return { filename: exportFilename(now, timeZone), file: { exportedAt: now.toISOString(), sessions: await this.exportAll() } };
  }

  async exportAll(): Promise<SessionExportRow[]> {
    const rows = await this.repo.listRecords();
    return rows.map((r) => ({ ...r, externalId: r.externalId ?? null, date: r.date ? new Date(r.date).toISOString() : null }));
  }

  /**
   * Imports rows with PRODUCT.md §5's rules (see importRecord). Every row is checked on its own; bad rows
   * are skipped and named. All writes happen in one transaction (all or none).
   * - `create-new`: every good row becomes a new session (a source id already held stays with its session).
   * - `upsert`: a row whose `id` or `externalId` names a stored session updates it in place (its documents
   *   are kept; fields the row leaves out keep their values); the others are created, with the row's id
   *   when it is a free UUID. Two rows naming the same session: the later one is skipped, never doubled.
   */
  async importMany(rows: unknown[], mode: ImportMode = 'create-new'): Promise<ImportOutcome> {
    const { good, skipped } = checkImportRows(rows, await this.scheduleZone());
    const { created, updated } = await this.repo.transaction(async (m) => {
      const { creates, updates } = mode === 'create-new' ? await this.planNewSessions(good, m) : await this.planUpserts(good, skipped, m);
      await this.repo.updateMany(updates, m);
      const ids = await this.repo.insertMany(creates, m);
      return { created: ids.length, updated: updates.length };
    });
    skipped.sort((a, b) => a.index - b.index);
    return { imported: created + updated, created, updated, skipped };
  }

  /**
   * What importMany would do with the rows, without writing: how many sessions it would create and
   * update, and which rows it would skip (a dry run of the import).
   */
  async previewMany(rows: unknown[], mode: ImportMode = 'create-new'): Promise<Omit<ImportOutcome, 'imported'>> {
    const { good, skipped } = checkImportRows(rows, await this.scheduleZone());
    const { creates, updates } = await this.repo.transaction((m) =>
      mode === 'create-new' ? this.planNewSessions(good, m) : this.planUpserts(good, skipped, m),
    );
    skipped.sort((a, b) => a.index - b.index);
    return { created: creates.length, updated: updates.length, skipped };
  }

  /** `create-new`: every good row is a new session; a source id already held (or earlier in the file) is left out. */
  private async planNewSessions(good: ImportRow[], m: EntityManager): Promise<ImportPlan> {
    const taken = await this.repo.takenExternalIds(externalIdsOf(good), m);
    const externalInFile = new Set<string>();
    const creates = good.map((g) => {
      const ext = g.record.externalId;
      const keep = !!ext && !taken.has(ext) && !externalInFile.has(ext);
      if (ext && keep) externalInFile.add(ext);
      return { ...g.record, externalId: keep ? ext : null };
    });
    return { creates, updates: [] };
  }

  /**
   * `upsert`: a row naming a stored session by `id` or `externalId` updates it, the others are
   * created (with the row's id when it is a free UUID); a second row naming the same session is skipped.
   */
  private async planUpserts(good: ImportRow[], skipped: ImportOutcome['skipped'], m: EntityManager): Promise<ImportPlan> {
    const plan: ImportPlan = { creates: [], updates: [] };
    const fileIds = [...new Set(good.map((g) => fileUuid(g.raw.id)).filter((id): id is string => !!id))];
    const stored = await this.repo.findForImport(fileIds, externalIdsOf(good), m);
    const byId = new Map(stored.map((r) => [r.id, r]));
    const byExternal = new Map(stored.filter((r) => r.externalId).map((r) => [r.externalId as string, r]));
    const externalInFile = new Map<string, number>();
    const claimed = new Map<string, number>();
    for (const g of good) {
      const id = fileUuid(g.raw.id);
      const ext = g.record.externalId ?? undefined;
      const target = (id && byId.get(id)) || (ext && byExternal.get(ext)) || undefined;
      const first = target ? claimed.get(target.id) : ((ext ? externalInFile.get(ext) : undefined) ?? (id ? claimed.get(id) : undefined));
      if (first !== undefined) {
        skipped.push({ index: g.index, title: titleOf(g.raw), reason: `same session as row #${first + 1}` });
        continue;
      }
      if (ext) externalInFile.set(ext, g.index);
      if (target) {
        claimed.set(target.id, g.index);
        const heldElsewhere = ext && byExternal.has(ext) && byExternal.get(ext)!.id !== target.id;
        plan.updates.push({ ...keepMissing(g.raw, g.record, target), id: target.id, externalId: ext && !heldElsewhere ? ext : undefined });
      } else {
        if (id) claimed.set(id, g.index);
        plan.creates.push({ ...g.record, id, externalId: ext ?? null });
      }
    }
    return plan;
  }

  /** The conference's zone and first day: session dates without an offset are read in it. */
  private async scheduleZone(): Promise<ScheduleZone> {
    const c = await this.conference.get();
    return { timeZone: c.timeZone, startDate: c.startDate };
  }

  /** For the demo seeder: inserts records with chosen ids inside the caller's transaction. */
  async insertRecords(records: (SessionRecord & { id?: string })[], manager?: EntityManager): Promise<string[]> {
    return this.repo.insertMany(records, manager);
  }

  /** GET /api/sessions/:id: one session (any signed-in user; with its documents for admins). */
  async getOne(viewer: Role, id: string): Promise<SessionResponse> {
    const [row] = UUID.test(id) ? await this.repo.list({ id, withDocuments: hasRole(viewer, 'admin') }) : [];
    if (!row) throw new NotFoundException(SESSION_NOT_FOUND);
    return toSessionResponse(row);
  }

  /**
   * An .ics file of sessions in the conference's time zone: one session (404 when unknown), or the
   * listed ids (at most 50, unknown ones left out, 404 when none is known). 400 when none is scheduled.
   */
  async calendar(ids: string[]): Promise<{ ics: string; filename: string }> {
    const wanted = ids.filter((id) => UUID.test(id));
    const rows = wanted.length ? await this.repo.listRecordsByIds(wanted) : [];
    if (rows.length === 0) throw new NotFoundException(SESSION_NOT_FOUND);
    const order = new Map(wanted.map((id, i) => [id.toLowerCase(), i]));
    rows.sort(
      (a, b) => (a.date ? +new Date(a.date) : Infinity) - (b.date ? +new Date(b.date) : Infinity) || order.get(a.id)! - order.get(b.id)!,
    );
    const c = await this.conference.get();
    const { ics, events } = sessionsCalendar(
      rows.map((r) => ({ ...r, date: r.date ? new Date(r.date) : null })),
      { timeZone: c.timeZone, calendarName: c.name, venue: c.venue },
    );
    if (events === 0) throw new BadRequestException(ids.length === 1 ? CALENDAR_UNSCHEDULED_ONE : CALENDAR_UNSCHEDULED_ALL);
    return { ics, filename: ids.length === 1 ? calendarFilename(rows[0].title) : 'conference-sessions.ics' };
  }

  async count(manager?: EntityManager): Promise<number> {
    return this.repo.count(manager);
  }

  private async getForAdmin(id: string): Promise<SessionResponse> {
    const [row] = await this.repo.list({ id, withDocuments: true });
    if (!row) throw new NotFoundException(SESSION_NOT_FOUND);
    return toSessionResponse(row);
  }

  /** Of the given session ids, those that still exist (the demo seeding resumes a handoff with them). */
  existingIds(ids: string[]): Promise<Set<string>> {
    return this.repo.existingIds(ids);
  }
}
