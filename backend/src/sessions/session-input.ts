/**
 * The rules of PRODUCT.md §5 for a session's fields, as pure functions shared by the admin form (DTO),
 * the super admin import and the demo seeder.
 */

import { clockLabel, zoneOffsetMinutes } from 'conference-rules';
import { DEFAULT_CONFERENCE } from '../conference/conference-settings';

export const SESSION_FORMATS = ['keynote', 'panel', 'fireside', 'concurrent', 'roundtable', 'lightning', 'workshop'] as const;
export type SessionFormat = (typeof SESSION_FORMATS)[number];
export const DEFAULT_SESSION_FORMAT: SessionFormat = 'panel';

/** The seeded conference's zone and Day 1: the fallback where no settings are passed. */
export const CONFERENCE_TIME_ZONE = DEFAULT_CONFERENCE.timeZone;
export const CONFERENCE_FIRST_DAY = DEFAULT_CONFERENCE.startDate;

/**
 * Where session times are read and written: the conference's IANA time zone and its first day
 * ('YYYY-MM-DD', Day 1). Callers pass the conference settings; the spec's conference is the default.
 */
export interface ScheduleZone {
  timeZone: string;
  startDate: string;
}
export const DEFAULT_SCHEDULE_ZONE: ScheduleZone = Object.freeze({
  timeZone: CONFERENCE_TIME_ZONE,
  startDate: CONFERENCE_FIRST_DAY,
});

export const UNTITLED_SESSION = 'Untitled Session';
export const MAX_TITLE_LENGTH = 300;
export const MAX_TEXT_LENGTH = 20000;
/** A session's description (its abstract), plain text. */
export const MAX_DESCRIPTION_LENGTH = 10000;
/** A session's id in the program it was imported from ('pretalx:VT7MDZ'). */
export const MAX_EXTERNAL_ID_LENGTH = 200;
export const MAX_LIST_ITEMS = 100;
/** One speaker's name or one tag. */
export const MAX_LIST_ITEM_LENGTH = 200;
/** The room or location. */
export const MAX_LOCATION_LENGTH = 300;

/**
 * The years a session date may fall in (inclusive): a conference program is dated in living memory or
 * a lifetime ahead, and a year like 0100 or 9999 is a typo that would make a calendar file invalid
 * (RFC 5545 wants four-digit years) or slow to build.
 */
export const MIN_SESSION_YEAR = 1970;
export const MAX_SESSION_YEAR = 2100;

export const MESSAGES = {
  titleRequired: 'Title is required.',
  titleTooLong: `Title must be at most ${MAX_TITLE_LENGTH} characters.`,
  speakers: 'Speakers must be a list of names or a comma-separated string.',
  tags: 'Tags must be a list of words or a comma-separated string.',
  date: 'Date must be a valid ISO 8601 date (for example 2025-09-08T09:30:00-06:00) or empty.',
  dateRange: `Date must be between ${MIN_SESSION_YEAR} and ${MAX_SESSION_YEAR}.`,
  format: `Format must be one of: ${SESSION_FORMATS.join(', ')}.`,
  day: 'Day must be a whole number from 1 (Sept 8, 2025).',
  startTime: 'Start time must look like 9:30 AM.',
  endTime: 'End time must look like 10:15 AM.',
  location: 'Location must be text.',
  locationTooLong: `Location must be at most ${MAX_LOCATION_LENGTH} characters.`,
  speakerTooLong: `Each speaker must be at most ${MAX_LIST_ITEM_LENGTH} characters.`,
  tagTooLong: `Each tag must be at most ${MAX_LIST_ITEM_LENGTH} characters.`,
  description: 'Description must be text.',
  descriptionTooLong: 'Description must be at most 10,000 characters.',
  externalId: 'External id must be text of at most 200 characters.',
} as const;

/** A session as stored (without id and derived fields). */
export interface SessionRecord {
  title: string;
  description: string;
  speakers: string[];
  tags: string[];
  format: SessionFormat;
  date: Date | null;
  day: number | null;
  startTime: string | null;
  endTime: string | null;
  location: string | null;
  /** The session's id in the program it was imported from ('pretalx:VT7MDZ'); null when created here. */
  externalId?: string | null;
}

/**
 * A list from an array of strings (each entry kept whole, commas and all: 'Dana Whitfield, Chief
 * Economist' stays one speaker), or from text: one entry per line when it holds line breaks, else
 * comma-separated. Trimmed, empties dropped. `null`/`undefined`/'' give []. Anything else (numbers,
 * objects, arrays holding non-strings) gives undefined.
 */
export function toStringList(value: unknown): string[] | undefined {
  if (value === null || value === undefined) return [];
  const parts = typeof value === 'string' ? value.split(/\r?\n/.test(value) ? /\r?\n/ : ',') : Array.isArray(value) ? value : undefined;
  if (!parts || parts.some((p) => typeof p !== 'string')) return undefined;
  const list = (parts as string[]).map((p) => p.trim()).filter((p) => p.length > 0);
  return list.length > MAX_LIST_ITEMS ? undefined : list;
}

/**
 * A format from a free-text value, by keyword (case-insensitive): 'Keynote Address' → keynote,
 * 'Fireside Chat' → fireside, 'Round Table' → roundtable, 'Lab' / 'Hands-on Workshop' → workshop…
 * Unknown or non-text values give undefined (the caller decides: 400 for the form, fallback on import).
 */
export function normalizeFormat(value: unknown): SessionFormat | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (!v) return undefined;
  if (v.includes('keynote')) return 'keynote';
  if (v.includes('fireside')) return 'fireside';
  if (v.includes('roundtable') || v.includes('round table') || v.includes('round-table')) return 'roundtable';
  if (v.includes('lightning')) return 'lightning';
  if (v.includes('workshop') || /\blab\b/.test(v)) return 'workshop';
  if (v.includes('concurrent') || v.includes('breakout')) return 'concurrent';
  if (v.includes('panel')) return 'panel';
  return undefined;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Whether a session date's written year lies in MIN_SESSION_YEAR..MAX_SESSION_YEAR (true for no or an unreadable date). */
export function sessionDateInRange(value: unknown): boolean {
  const m = typeof value === 'string' ? ISO_DATE.exec(value.trim()) : null;
  if (!m) return true;
  const year = Number(m[1]);
  return year >= MIN_SESSION_YEAR && year <= MAX_SESSION_YEAR;
}

/**
 * A session date: an ISO 8601 string (date, or date and time, with or without offset). A date or
 * date-time without offset is read as conference time (`zone`, the seeded conference's by default), which is
 * what the admin form's local datetime field means. ''/null/undefined give null; anything else
 * invalid gives 'invalid'.
 */
export function parseSessionDate(value: unknown, zone: string = CONFERENCE_TIME_ZONE): Date | null | 'invalid' {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return 'invalid';
  const v = value.trim();
  if (!v) return null;
  const m = ISO_DATE.exec(v);
  if (!m) return 'invalid';
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', offset] = m;
  const year = Number(y),
    month = Number(mo),
    day = Number(d),
    hour = Number(h),
    minute = Number(mi),
    second = Number(s);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, Number(frac.slice(0, 3).padEnd(3, '0')));
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return 'invalid';
  if (hour > 23 || minute > 59 || second > 59) return 'invalid';
  if (offset) {
    if (/^z$/i.test(offset)) return new Date(wall);
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2)),
      om = Number(digits.slice(2, 4));
    if (oh > 14 || om > 59) return 'invalid';
    return new Date(wall - sign * (oh * 60 + om) * 60000);
  }
  return zonedWallTime(wall, zone);
}

/** The instant at which the clocks of `zone` show `wall` (a UTC-encoded wall time). */
export function zonedWallTime(wall: number, zone: string): Date {
  // Correct by the zone's offset, twice to land right around DST changes.
  let instant = wall - zoneOffsetMinutes(wall, zone) * 60000;
  instant = wall - zoneOffsetMinutes(instant, zone) * 60000;
  return new Date(instant);
}

/** True when the ISO string carries a time of day (not a bare date). */
export function hasTimeOfDay(value: unknown): boolean {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value.trim());
}

/** Wall-clock parts of `date` in `zone`. */
export function zonedParts(
  date: Date,
  zone: string = CONFERENCE_TIME_ZONE,
): { y: number; m: number; d: number; hour: number; minute: number; second: number } {
  const local = new Date(date.getTime() + zoneOffsetMinutes(date.getTime(), zone) * 60000);
  return {
    y: local.getUTCFullYear(),
    m: local.getUTCMonth() + 1,
    d: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The conference day of a date (the settings' first day, the seeded conference's by default, = 1); null before it. */
export function conferenceDayOf(date: Date, schedule: ScheduleZone = DEFAULT_SCHEDULE_ZONE): number | null {
  const { y, m, d } = zonedParts(date, schedule.timeZone);
  const [fy, fm, fd] = schedule.startDate.split('-').map(Number);
  const days = Math.round((Date.UTC(y, m - 1, d) - Date.UTC(fy, fm - 1, fd)) / 86400000);
  return days >= 0 ? days + 1 : null;
}

/** '9:30 AM' for a 24-hour time. */
export function formatClock(hour: number, minute: number): string {
  return clockLabel(hour * 60 + minute);
}

/** The conference time of day of a date (the seeded conference's zone by default), as the program writes it: '9:30 AM'. */
export function conferenceTimeOf(date: Date, zone: string = CONFERENCE_TIME_ZONE): string {
  const { hour, minute } = zonedParts(date, zone);
  return formatClock(hour, minute);
}

/**
 * A time of day as '9:30 AM': accepts '9:30 AM', '9:30am', '09:30 pm' and 24-hour '14:05'.
 * ''/null/undefined give null; anything else gives undefined (invalid).
 */
export function normalizeClock(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (!v) return null;
  const twelve = /^(\d{1,2}):(\d{2})\s*([ap])\.?m\.?$/i.exec(v);
  if (twelve) {
    const h = Number(twelve[1]),
      mi = Number(twelve[2]);
    if (h < 1 || h > 12 || mi > 59) return undefined;
    return `${h}:${twelve[2]} ${twelve[3].toUpperCase()}M`;
  }
  const day = /^(\d{1,2}):(\d{2})$/.exec(v);
  if (day) {
    const h = Number(day[1]),
      mi = Number(day[2]);
    if (h > 23 || mi > 59) return undefined;
    return formatClock(h, mi);
  }
  return undefined;
}

/** Trimmed text or null for ''/null/undefined; undefined when not text. */
export function optionalText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  return v ? v : null;
}

/** A conference day: a whole number ≥ 1 (or its digits as text); ''/null/undefined give null; else undefined. */
export function normalizeDay(value: unknown): number | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 366 ? n : undefined;
}

export type ImportResult = { ok: true; record: SessionRecord } | { ok: false; reason: string };

/**
 * One row of a session import (PRODUCT.md §5): missing title → 'Untitled Session'; speakers and tags default
 * empty (arrays or comma-separated strings); date null when missing (invalid → rejected); format by
 * keyword, else from `type`, else panel. A row of the wrong shape is rejected with the reason, never
 * half-written. Day and start time come from the date when missing.
 */
export function importRecord(raw: unknown, schedule: ScheduleZone = DEFAULT_SCHEDULE_ZONE): ImportResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, reason: 'not an object' };
  const row = raw as Record<string, unknown>;
  let title: string;
  if (row.title === undefined || row.title === null) title = UNTITLED_SESSION;
  else if (typeof row.title !== 'string') return { ok: false, reason: 'title must be text' };
  else title = row.title.trim() || UNTITLED_SESSION;
  if (title.length > MAX_TITLE_LENGTH) return { ok: false, reason: MESSAGES.titleTooLong };
  const speakers = toStringList(row.speakers);
  if (!speakers) return { ok: false, reason: MESSAGES.speakers };
  if (speakers.some((s) => s.length > MAX_LIST_ITEM_LENGTH)) return { ok: false, reason: MESSAGES.speakerTooLong };
  const tags = toStringList(row.tags);
  if (!tags) return { ok: false, reason: MESSAGES.tags };
  if (tags.some((s) => s.length > MAX_LIST_ITEM_LENGTH)) return { ok: false, reason: MESSAGES.tagTooLong };
  const date = parseSessionDate(row.date, schedule.timeZone);
  if (date === 'invalid') return { ok: false, reason: 'invalid date' };
  if (!sessionDateInRange(row.date)) return { ok: false, reason: MESSAGES.dateRange };
  for (const key of ['format', 'type'] as const) {
    if (row[key] !== undefined && row[key] !== null && typeof row[key] !== 'string') {
      return { ok: false, reason: `${key} must be text` };
    }
  }
  const format = normalizeFormat(row.format) ?? normalizeFormat(row.type) ?? DEFAULT_SESSION_FORMAT;
  const day = normalizeDay(row.day);
  if (day === undefined) return { ok: false, reason: MESSAGES.day };
  const startTime = normalizeClock(row.startTime);
  if (startTime === undefined) return { ok: false, reason: MESSAGES.startTime };
  const endTime = normalizeClock(row.endTime);
  if (endTime === undefined) return { ok: false, reason: MESSAGES.endTime };
  const location = optionalText(row.location);
  if (location === undefined) return { ok: false, reason: MESSAGES.location };
  if ((location?.length ?? 0) > MAX_LOCATION_LENGTH) return { ok: false, reason: MESSAGES.locationTooLong };
  const description = optionalText(row.description);
  if (description === undefined) return { ok: false, reason: MESSAGES.description };
  if ((description?.length ?? 0) > MAX_DESCRIPTION_LENGTH) return { ok: false, reason: MESSAGES.descriptionTooLong };
  const externalId = optionalText(row.externalId);
  if (externalId === undefined || (externalId?.length ?? 0) > MAX_EXTERNAL_ID_LENGTH) {
    return { ok: false, reason: MESSAGES.externalId };
  }
  const record: SessionRecord = withDerivedSchedule(
    { title, description: description ?? '', speakers, tags, format, date, day, startTime, endTime, location },
    hasTimeOfDay(row.date),
    schedule,
  );
  if (externalId) record.externalId = externalId;
  return { ok: true, record };
}

/** Fills day (and start time, when the date has a time of day) from the date when they are missing. */
export function withDerivedSchedule(
  record: SessionRecord,
  dateHasTime: boolean,
  schedule: ScheduleZone = DEFAULT_SCHEDULE_ZONE,
): SessionRecord {
  if (!record.date) return record;
  return {
    ...record,
    day: record.day ?? conferenceDayOf(record.date, schedule),
    startTime: record.startTime ?? (dateHasTime ? conferenceTimeOf(record.date, schedule.timeZone) : null),
  };
}
