import { DEFAULT_SESSION_FORMAT, MSG_IMPORT_COMPLETE_TEMPLATE, UNTITLED_SESSION } from '@/constants';
import { clockToInput, inputToClock, isoToZoneParts, zonePartsToIso } from './conferenceTime';
import { localDateStamp } from './format';
import type { Session, SessionPayload } from './types';

/** A list as it is stored: items trimmed, empties dropped. */
function cleanList(items: readonly unknown[]): string[] {
  return items.map((v) => String(v).trim()).filter(Boolean);
}

/** Typed text of a list field (PRODUCT.md §5): comma separated, trimmed, empties dropped. */
export function commaList(value: string | null | undefined): string[] {
  return cleanList(String(value ?? '').split(','));
}

/**
 * A list as the form holds it: the items kept as chips (stored ones, whole, commas and all: 'Dana
 * Whitfield, Chief Economist, Keystone Leasing Research' stays one speaker), then the text typed for
 * new ones, split on commas.
 */
export function formList(kept: readonly string[] | null | undefined, typed: string | null | undefined): string[] {
  return [...cleanList(kept ?? []), ...commaList(typed)];
}

/** The admin import's lists: arrays kept item for item; a bare string (an older file) is split on commas (PRODUCT.md §5). */
export function importList(value: unknown): string[] {
  if (Array.isArray(value)) return cleanList(value);
  if (typeof value === 'string') return cleanList(value.split(','));
  return [];
}

export const MAX_DESCRIPTION_LENGTH = 10_000;

/** The session form's values: every field of a session, as its input holds it. */
export interface SessionFormValues {
  title?: string;
  /** The speakers kept (chips): the stored ones, less those removed. */
  speakers?: string[];
  /** New speakers as typed, comma separated. */
  speakersText?: string;
  /** The tags kept (chips). */
  tags?: string[];
  /** New tags as typed, comma separated. */
  tagsText?: string;
  format?: string | null;
  /** The conference's calendar date, 'YYYY-MM-DD'. */
  date?: string | null;
  /** Conference day from 1, as typed ('' = from the date). */
  day?: string | number | null;
  /** Conference wall-clock time, 'HH:MM'. */
  startTime?: string | null;
  endTime?: string | null;
  location?: string | null;
  description?: string | null;
}

type FormField = Exclude<keyof SessionFormValues, 'speakers' | 'speakersText' | 'tags' | 'tagsText'>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const same = (a: unknown, b: unknown) => text(a).trim() === text(b).trim();

/** A day as typed: a whole number from 1, else null. */
function dayOf(value: unknown): number | null {
  const n = Number(text(value).trim());
  return text(value).trim() && Number.isInteger(n) && n >= 1 ? n : null;
}

/**
 * The form's values as the body of POST (no `initial`) or PUT (with the values the form opened with).
 * On PUT only the fields the user changed are sent besides the title, so an unchanged Update changes
 * nothing, whatever the stored values hold. Date and start time are conference wall time in `zone`;
 * a day left as it was (or empty) is counted from a new date by the server.
 */
export function toSessionPayload(values: SessionFormValues, zone: string, initial?: SessionFormValues): SessionPayload {
  const changed = (...fields: FormField[]) => !initial || fields.some((f) => !same(values[f], initial[f]));
  const payload: SessionPayload = { title: text(values.title).trim() };
  const speakers = formList(values.speakers, values.speakersText);
  const tags = formList(values.tags, values.tagsText);
  const listChanged = (list: string[], kept?: string[], typed?: string) =>
    !initial || JSON.stringify(list) !== JSON.stringify(formList(kept, typed));
  if (listChanged(speakers, initial?.speakers, initial?.speakersText)) payload.speakers = speakers;
  if (listChanged(tags, initial?.tags, initial?.tagsText)) payload.tags = tags;
  if (changed('format')) payload.format = text(values.format).trim() || DEFAULT_SESSION_FORMAT;
  if (changed('date', 'startTime')) {
    payload.date = zonePartsToIso(values.date, values.startTime, zone);
    payload.startTime = inputToClock(values.startTime);
  }
  if (changed('endTime')) payload.endTime = inputToClock(values.endTime);
  const day = dayOf(values.day);
  if (day !== null) {
    if (changed('day')) payload.day = day;
  } else if (!text(values.date).trim()) {
    if (changed('day', 'date')) payload.day = null;
  } else if (changed('day') && payload.date === undefined) {
    // A day emptied on a dated session: the server counts it again from the date it is sent.
    payload.date = zonePartsToIso(values.date, values.startTime, zone);
    payload.startTime = inputToClock(values.startTime);
  }
  if (changed('location')) payload.location = text(values.location).trim() || null;
  if (changed('description')) payload.description = text(values.description).trim();
  return payload;
}

/** A session as the form's initial values: lists as chips, date and times in the conference's `zone`. */
export function toSessionFormValues(session: Session, zone: string): Required<SessionFormValues> {
  const { date, time } = isoToZoneParts(session.date, zone);
  const start = session.date ? (time !== '00:00' || session.startTime ? time : '') : clockToInput(session.startTime);
  return {
    title: session.title,
    speakers: [...session.speakers],
    speakersText: '',
    tags: [...session.tags],
    tagsText: '',
    format: session.format || DEFAULT_SESSION_FORMAT,
    date,
    day: session.day === null ? '' : String(session.day),
    startTime: start,
    endTime: clockToInput(session.endTime),
    location: session.location ?? '',
    description: session.description ?? '',
  };
}

/** The values of a new session's form. */
export const EMPTY_SESSION_FORM: Required<SessionFormValues> = {
  title: '',
  speakers: [],
  speakersText: '',
  tags: [],
  tagsText: '',
  format: DEFAULT_SESSION_FORMAT,
  date: '',
  day: '',
  startTime: '',
  endTime: '',
  location: '',
  description: '',
};

/**
 * PRODUCT.md §7: the export file name, dated in the conference's `timeZone` as the server names its
 * export (the browser's own date when no zone is given: a fallback only).
 */
export function sessionsExportFileName(now: Date = new Date(), timeZone?: string): string {
  const date = timeZone ? new Intl.DateTimeFormat('en-CA', { timeZone }).format(now) : localDateStamp(now);
  return `sessions_export_${date}.json`;
}

/** The rows of an import: a JSON array, or the console's own export file `{exportedAt, sessions: [...]}`. */
function importRows(parsed: unknown): unknown[] | null {
  if (Array.isArray(parsed)) return parsed;
  const file = parsed as { exportedAt?: unknown; sessions?: unknown } | null;
  return file && typeof file === 'object' && typeof file.exportedAt === 'string' && Array.isArray(file.sessions) ? file.sessions : null;
}

/** A row of the admin import: a session's fields and, when it came from an export, its id. */
export type ImportRow = SessionPayload & { id?: string };

export type ImportParseResult = { ok: true; sessions: ImportRow[] } | { ok: false };

/**
 * PRODUCT.md §5 (admin import): the text must be a JSON array; a missing title becomes 'Untitled Session',
 * speakers and tags default empty, date null, format falls back to type, then panel. Every other field
 * of an exported session (day, times, room, description, id) is kept, so an export imports back whole.
 */
export function parseSessionImport(input: string): ImportParseResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(input);
  } catch {
    return { ok: false };
  }
  const rows = importRows(parsed);
  if (!rows) return { ok: false };
  const sessions = rows.map((raw): ImportRow => {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const date = str(item.date);
    const row: ImportRow = {
      title: str(item.title) ?? UNTITLED_SESSION,
      speakers: importList(item.speakers),
      tags: importList(item.tags),
      date: date && !Number.isNaN(new Date(date).getTime()) ? date : null,
      format: str(item.format) ?? str(item.type) ?? DEFAULT_SESSION_FORMAT,
    };
    if (typeof item.day === 'number' && Number.isInteger(item.day) && item.day >= 1) row.day = item.day;
    for (const key of ['startTime', 'endTime', 'location'] as const) {
      const value = str(item[key]);
      if (value) row[key] = value;
    }
    if (typeof item.description === 'string' && item.description.trim()) row.description = item.description.trim();
    const id = str(item.id);
    if (id) row.id = id;
    return row;
  });
  return { ok: true, sessions };
}

/** PRODUCT.md §8: 'Successfully imported n of m sessions', then what became of them when any was updated or skipped. */
export function importCompleteMessage(imported: number, total: number, counts?: { created: number; updated: number }): string {
  const text = MSG_IMPORT_COMPLETE_TEMPLATE.replace('n of m', `${imported} of ${total}`);
  if (!counts || (counts.updated === 0 && imported === total)) return text;
  return `${text} (${counts.created} created, ${counts.updated} updated, ${total - imported} skipped)`;
}

/**
 * How the admin import treats each row: with 'upsert', a row whose id is an existing session updates
 * it (PUT, documents kept); every other row is created (POST).
 */
export function importPlan(rows: ImportRow[], existingIds: ReadonlySet<string>, mode: 'upsert' | 'create-new') {
  return rows.map(({ id, ...payload }) => ({
    payload,
    updateId: mode === 'upsert' && id && existingIds.has(id) ? id : undefined,
  }));
}
