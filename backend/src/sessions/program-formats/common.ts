import { formatClock, MAX_DESCRIPTION_LENGTH, normalizeFormat, type SessionFormat } from '../session-input';

/**
 * What every program reader shares: the talk each one reads (before times are placed in a zone), the
 * conference info a program names, and the small text helpers (localized names, abstracts, formats).
 */

export type ProgramSource = 'sessions' | 'pretalx' | 'frab' | 'sessionize' | 'ical' | 'csv' | 'xlsx';

export interface ProgramInfo {
  title: string | null;
  /** 'YYYY-MM-DD' of the first day. */
  startDate: string | null;
  endDate: string | null;
  /** IANA zone when the program names one. */
  timeZone: string | null;
}

export const NO_INFO: ProgramInfo = Object.freeze({ title: null, startDate: null, endDate: null, timeZone: null });

/**
 * One session as a program publishes it. `start`/`end` are ISO-like texts: 'YYYY-MM-DDTHH:MM' (a wall
 * time in the program's zone), with an offset ('+01:00': the instant, its wall time as published) or
 * 'Z' (the instant, shown in the program's zone). `programDay` is the day it belongs to when that is
 * not the calendar day of its start (frab's day_change: 00:15 after a day's evening).
 */
export interface Talk {
  externalId: string | null;
  title: string;
  speakers: string[];
  type: string;
  tags: string[];
  start: string | null;
  end?: string | null;
  duration?: unknown;
  programDay?: string | null;
  room: string | null;
  description: string;
  /** A break, a meal, registration: kept in the program, not a talk. */
  service?: boolean;
}

/** CSV/XLSX: the header row, and which column holds each field. */
export const MAPPED_FIELDS = ['title', 'date', 'start', 'end', 'room', 'speakers', 'tags', 'description', 'id'] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];
export type ColumnMapping = Partial<Record<MappedField, string>>;

export interface TableInfo {
  columns: string[];
  mapping: ColumnMapping;
  /** True when the mapping was proposed from the header names (none was given). */
  proposed: boolean;
}

export interface ParsedProgram {
  source: ProgramSource;
  /** The export's own rows (source 'sessions'), passed through as they are. */
  rows?: Record<string, unknown>[];
  talks: Talk[];
  info: ProgramInfo;
  /** The program's days ('YYYY-MM-DD') when it lists them, talks or not: Day 1 is the first. */
  dayDates: string[];
  table?: TableInfo;
}

/** Thrown for a program that cannot be read at all (the service answers 400 with the message). */
export class ProgramFormatError extends Error {}

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** A value as a list: an array as it is, a single value as one item, nothing as none. */
export function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null ? [] : [value];
}

/** A localized name ({en, fr}) or plain text → text ('' when absent). */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (isObj(value)) {
    if ('#text' in value) return text(value['#text']);
    const en = value.en;
    if (typeof en === 'string' && en.trim()) return en;
    const first = Object.values(value).find((v) => typeof v === 'string' && v.trim());
    return typeof first === 'string' ? first : '';
  }
  return '';
}

/** The name of a pretalx object ({id, name: {en, fr}}), a localized name itself, or text; trimmed. */
export function named(value: unknown): string {
  if (isObj(value) && 'name' in value) return text(value.name).trim();
  return text(value).trim();
}

/** Markdown and HTML lightly taken off an abstract: emphasis, headings, links, images, tags; CRLF → LF. */
export function plainText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(p|div|li|ul|ol|h[1-6])\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\(([^)\s]+)(?:\s[^)]*)?\)/g, (_, label: string, url: string) => (label === url ? url : `${label} (${url})`))
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, '$1$2')
    .replace(/`{1,3}([^`]*)`{1,3}/g, '$1')
    .replace(/^\s*[*+]\s+/gm, '- ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Abstract and description as one plain text, cut at the description limit with an ellipsis. */
export function describe(...parts: unknown[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const p of parts) {
    const t = plainText(text(p));
    if (t && !seen.has(t)) {
      seen.add(t);
      kept.push(t);
    }
  }
  const all = kept.join('\n\n');
  return all.length > MAX_DESCRIPTION_LENGTH ? `${all.slice(0, MAX_DESCRIPTION_LENGTH - 1).trimEnd()}…` : all;
}

/**
 * Words that name a service session (a break, a meal, registration) rather than a talk, in English,
 * French, German and Spanish; matched whole, case-insensitively, in the type or in a short title.
 */
const SERVICE_WORDS =
  /\b(?:break|lunch|coffee|tea|breakfast|dinner|snack|registration|check-in|pause|d[ée]jeuner|petit-d[ée]jeuner|go[uû]ter|accueil caf[ée]|inscription|mittagspause|mittagessen|kaffeepause|registrierung|anmeldung|almuerzo|comida|caf[ée]|descanso|registro|acreditaci[óo]n)\b/i;
/** A title of at most this many words can name a service session ('Lunch', 'Afternoon coffee break'). */
const SERVICE_TITLE_WORDS = 4;

/** Whether a session is a break, a meal or registration: said so by the program, or by its type or short title. */
export function isServiceSession(flag: unknown, type: string, title: string): boolean {
  if (flag === true) return true;
  if (type && SERVICE_WORDS.test(type)) return true;
  return title.trim().split(/\s+/).length <= SERVICE_TITLE_WORDS && SERVICE_WORDS.test(title);
}

/** A program's session type → the product's format ('Short talk' → concurrent, 'Plenary' → keynote…). */
export function programFormat(type: string): SessionFormat {
  const byKeyword = normalizeFormat(type);
  if (byKeyword) return byKeyword;
  const t = type.toLowerCase();
  if (/plenary|pl[ée]ni[èe]re|opening|closing|welcome|accueil/.test(t)) return 'keynote';
  if (/tutorial|atelier|hands[- ]on|training/.test(t)) return 'workshop';
  if (/lightning|flash/.test(t)) return 'lightning';
  if (/assembly|assembl[ée]e|bof|birds of a feather|discussion|meetup|lunch|break|social|networking|sprint/.test(t)) {
    return 'roundtable';
  }
  if (/talk|presentation|conf[ée]rence|session|lecture|expos[ée]|keynote/.test(t)) return 'concurrent';
  return 'panel';
}

/** 'HH:MM' or 'HH:MM:SS' or minutes → minutes. */
export function durationMinutes(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.round(value);
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{1,3}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  return /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/** 'HH:MM' → minutes of the day, or undefined. */
export function clockMinutes(value: unknown): number | undefined {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text(value).trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return undefined;
  return Number(m[1]) * 60 + Number(m[2]);
}

/** The calendar day after 'YYYY-MM-DD'. */
export function nextDate(date: string): string {
  const d = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + 1));
  return d.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DDTHH:MM' from a date and minutes of the day. */
export function wallText(date: string, minutes: number): string {
  return `${date}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function clockOf(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return formatClock(Math.floor(m / 60), m % 60);
}

export function tagNames(...lists: unknown[]): string[] {
  const out: string[] = [];
  for (const list of lists) {
    for (const item of asList(list)) {
      const t = (isObj(item) && !('#text' in item) ? named(item.tag ?? item) : text(item)).trim();
      if (t && !out.includes(t) && t.length <= 100) out.push(t);
    }
  }
  return out;
}

export function personNames(list: unknown, byId?: Map<string, string>): string[] {
  return asList(list)
    .map((p) => {
      if (typeof p === 'string' && byId?.has(p)) return byId.get(p)!;
      return (isObj(p) ? text(p.public_name ?? p.fullName ?? p.name ?? p['#text']) : text(p)).trim();
    })
    .filter((n, i, all) => n && all.indexOf(n) === i);
}

/** The conference info a program names, with its first and last day when it names no dates. */
export function programInfo(title: unknown, start: unknown, end: unknown, zone: unknown, dates: string[]): ProgramInfo {
  const d = (v: unknown) => (typeof v === 'string' && DATE_KEY.test(v.slice(0, 10)) ? v.slice(0, 10) : null);
  const sorted = [...dates].sort();
  return {
    title: text(title).trim() || null,
    startDate: d(start) ?? sorted[0] ?? null,
    endDate: d(end) ?? sorted[sorted.length - 1] ?? null,
    timeZone: typeof zone === 'string' && zone.trim() ? zone.trim() : null,
  };
}

/** frab/pretalx ids: the pretalx code, else the frab guid or id. */
export function sourceId(code: string, guid: string, id: string): string | null {
  if (code) return `pretalx:${code}`;
  if (guid) return `frab:${guid}`;
  return id ? `frab:${id}` : null;
}

/**
 * Where a frab event starts: its full `date`, else its `start` ('HH:MM') on its day's date, on the next
 * calendar day when before the conference's day_change (minutes of the day).
 */
export function frabStart(date: unknown, start: unknown, dayDate: string, dayChange: number): string | null {
  if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(date.trim())) return date.trim();
  const minutes = clockMinutes(start);
  if (minutes === undefined || !DATE_KEY.test(dayDate)) return null;
  return wallText(minutes < dayChange ? nextDate(dayDate) : dayDate, minutes);
}
