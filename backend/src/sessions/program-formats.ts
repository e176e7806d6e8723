import { XMLParser } from 'fast-xml-parser';
import { formatClock, MAX_DESCRIPTION_LENGTH, normalizeFormat, type SessionFormat } from './session-input';

/**
 * Published conference programs turned into rows of the session import (the export's shape: title,
 * speakers, tags, format, date, day, startTime, endTime, location, description, externalId):
 * - a pretalx `schedule.json` (frab JSON): `schedule.conference.days[].rooms{room: [talks]}`;
 * - a pretalx talk listing: `schedule{'YYYY-MM-DD': {minute: {roomId: talk with slots[]}}}`;
 * - a frab-compatible `schedule.xml` (pretalx, FOSDEM, frab itself).
 * Times are the wall times the program publishes (its venue's clock), days count from the program's
 * first day. Each row carries the source's own id ('pretalx:VT7MDZ', 'frab:<guid>') so importing the
 * same program again updates the sessions it created.
 */

export type ProgramSource = 'sessions' | 'pretalx' | 'frab';

export interface ProgramInfo {
  title: string | null;
  /** 'YYYY-MM-DD' of the first day. */
  startDate: string | null;
  endDate: string | null;
  /** IANA zone when the program names one. */
  timeZone: string | null;
}

export interface ParsedProgram {
  source: ProgramSource;
  rows: Record<string, unknown>[];
  info: ProgramInfo;
}

export const MAX_PROGRAM_XML_CHARS = 20_000_000;

export const PROGRAM_MESSAGES = {
  xmlShape: 'The schedule XML must have a <schedule> root with <day>, <room> and <event> elements.',
  xmlInvalid: 'The schedule XML could not be read: it is not well-formed XML.',
  xmlDoctype: 'The schedule XML must not contain a DOCTYPE or entity declarations.',
  xmlTooLarge: `The schedule XML can be at most ${MAX_PROGRAM_XML_CHARS.toLocaleString('en-US')} characters.`,
  pretalxShape: 'The pretalx schedule must hold schedule.conference.days, each with rooms of talks.',
} as const;

/** Thrown for a program that cannot be read at all (the controller answers 400 with the message). */
export class ProgramFormatError extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const DATE_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** A localized pretalx name ({en, fr}) or plain text → text ('' when absent). */
function text(value: unknown): string {
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
function describe(...parts: unknown[]): string {
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

const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})/;

/** The published wall date and time of an ISO date-time ('2025-11-01T08:50:00+01:00' → 2025-11-01, 8:50 AM). */
function wall(iso: string): { date: string; clock: string } | undefined {
  const m = LOCAL.exec(iso.trim());
  if (!m) return undefined;
  return { date: m[1], clock: formatClock(Number(m[2]), Number(m[3])) };
}

/** 'HH:MM' or 'HH:MM:SS' or minutes → minutes. */
function durationMinutes(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.round(value);
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{1,3}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  return /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/** The end as the program writes it: the given end's wall time, else start + duration in the start's offset. */
function endClock(startIso: string, endIso: unknown, duration: unknown): string | null {
  if (typeof endIso === 'string') {
    const w = wall(endIso);
    if (w) return w.clock;
  }
  const minutes = durationMinutes(duration);
  const m = LOCAL.exec(startIso.trim());
  if (minutes === undefined || !m) return null;
  const total = (Number(m[2]) * 60 + Number(m[3]) + minutes) % (24 * 60);
  return formatClock(Math.floor(total / 60), total % 60);
}

/** Whole days from the first program day (Day 1). */
function dayNumber(date: string, first: string): number {
  const ms = (s: string) => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)));
  return Math.round((ms(date) - ms(first)) / 86400000) + 1;
}

function tagNames(...lists: unknown[]): string[] {
  const out: string[] = [];
  for (const list of lists) {
    const items = Array.isArray(list) ? list : list === undefined || list === null ? [] : [list];
    for (const item of items) {
      const name = isObj(item) ? text(item.tag ?? item.name ?? item) : text(item);
      const t = name.trim();
      if (t && !out.includes(t) && t.length <= 100) out.push(t);
    }
  }
  return out;
}

function personNames(list: unknown): string[] {
  const items = Array.isArray(list) ? list : list === undefined || list === null ? [] : [list];
  return items
    .map((p) => (isObj(p) ? text(p.public_name ?? p.name ?? p['#text']) : text(p)).trim())
    .filter((n, i, all) => n && all.indexOf(n) === i);
}

interface Talk {
  externalId: string | null;
  title: string;
  speakers: string[];
  type: string;
  tags: string[];
  start: string | null;
  end?: unknown;
  duration?: unknown;
  room: string | null;
  description: string;
}

function toRows(talks: Talk[]): Record<string, unknown>[] {
  const dates = talks.map((t) => (t.start ? wall(t.start)?.date : undefined)).filter((d): d is string => !!d);
  const first = dates.sort()[0];
  return talks.map((t) => {
    const w = t.start ? wall(t.start) : undefined;
    const row: Record<string, unknown> = {
      title: t.title,
      speakers: t.speakers,
      tags: t.tags,
      format: programFormat(t.type),
      date: t.start && w ? t.start : null,
      day: w && first ? dayNumber(w.date, first) : null,
      startTime: w ? w.clock : null,
      endTime: t.start && w ? endClock(t.start, t.end, t.duration) : null,
      location: t.room,
      description: t.description,
    };
    if (t.externalId) row.externalId = t.externalId;
    return row;
  });
}

function programInfo(title: unknown, start: unknown, end: unknown, zone: unknown, dates: string[]): ProgramInfo {
  const d = (v: unknown) => (typeof v === 'string' && DATE_KEY.test(v.slice(0, 10)) ? v.slice(0, 10) : null);
  const sorted = [...dates].sort();
  return {
    title: text(title).trim() || null,
    startDate: d(start) ?? sorted[0] ?? null,
    endDate: d(end) ?? sorted[sorted.length - 1] ?? null,
    timeZone: typeof zone === 'string' && zone.trim() ? zone.trim() : null,
  };
}

/** pretalx `schedule.json` (frab JSON). */
function fromFrabJson(conference: Obj): ParsedProgram {
  const days = conference.days;
  if (!Array.isArray(days)) throw new ProgramFormatError(PROGRAM_MESSAGES.pretalxShape);
  const talks: Talk[] = [];
  const dayDates: string[] = [];
  for (const day of days) {
    if (!isObj(day) || !isObj(day.rooms)) throw new ProgramFormatError(PROGRAM_MESSAGES.pretalxShape);
    if (typeof day.date === 'string') dayDates.push(day.date);
    for (const [roomName, list] of Object.entries(day.rooms)) {
      if (!Array.isArray(list)) throw new ProgramFormatError(PROGRAM_MESSAGES.pretalxShape);
      for (const raw of list) {
        if (!isObj(raw)) continue;
        const code = text(raw.code).trim();
        const guid = text(raw.guid).trim();
        const id = text(raw.id).trim();
        talks.push({
          externalId: code ? `pretalx:${code}` : guid ? `frab:${guid}` : id ? `frab:${id}` : null,
          title: text(raw.title).trim(),
          speakers: personNames(raw.persons),
          type: text(raw.type),
          tags: tagNames(raw.type, raw.track, raw.tags),
          start: typeof raw.date === 'string' ? raw.date : null,
          duration: raw.duration,
          room: text(raw.room).trim() || roomName.trim() || null,
          description: describe(raw.subtitle, raw.abstract, raw.description),
        });
      }
    }
  }
  return {
    source: 'pretalx',
    rows: toRows(talks),
    info: programInfo(conference.title, conference.start, conference.end, conference.time_zone_name, dayDates),
  };
}

/** pretalx talk listing keyed by date, then minute, then room: `schedule{'2025-11-01': {'530': {'12': talk}}}`. */
function fromPretalxListing(schedule: Obj): ParsedProgram {
  const talks: Talk[] = [];
  const seen = new Set<string>();
  for (const [date, byMinute] of Object.entries(schedule)) {
    if (!DATE_KEY.test(date) || !isObj(byMinute)) throw new ProgramFormatError(PROGRAM_MESSAGES.pretalxShape);
    for (const byRoom of Object.values(byMinute)) {
      if (!isObj(byRoom)) continue;
      for (const raw of Object.values(byRoom)) {
        if (!isObj(raw)) continue;
        const code = text(raw.code).trim();
        const slots = Array.isArray(raw.slots) ? raw.slots.filter(isObj) : [];
        const slot = slots[0] ?? {};
        const key = code || `${text(raw.title)}|${text(slot.start)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const type = text(isObj(raw.submission_type) ? raw.submission_type.name : raw.submission_type);
        talks.push({
          externalId: code ? `pretalx:${code}` : null,
          title: text(raw.title).trim(),
          speakers: personNames(raw.speakers),
          type,
          tags: tagNames(type, raw.track && isObj(raw.track) ? raw.track.name : raw.track, raw.tags),
          start: typeof slot.start === 'string' ? slot.start : null,
          end: slot.end,
          duration: raw.duration,
          room: text(isObj(slot.room) ? slot.room.name : slot.room).trim() || null,
          description: describe(raw.abstract, raw.description),
        });
      }
    }
  }
  return { source: 'pretalx', rows: toRows(talks), info: programInfo(null, null, null, null, Object.keys(schedule)) };
}

/** A frab-compatible `schedule.xml`. */
export function parseFrabXml(xml: string): ParsedProgram {
  if (xml.length > MAX_PROGRAM_XML_CHARS) throw new ProgramFormatError(PROGRAM_MESSAGES.xmlTooLarge);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new ProgramFormatError(PROGRAM_MESSAGES.xmlDoctype);
  const list = new Set(['day', 'room', 'event', 'person', 'link', 'attachment', 'tag']);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => list.has(name),
  });
  let doc: Obj;
  try {
    doc = parser.parse(xml, true) as Obj;
  } catch {
    throw new ProgramFormatError(PROGRAM_MESSAGES.xmlInvalid);
  }
  const schedule = doc.schedule;
  if (!isObj(schedule) || !Array.isArray(schedule.day)) throw new ProgramFormatError(PROGRAM_MESSAGES.xmlShape);
  const conference = isObj(schedule.conference) ? schedule.conference : {};
  const talks: Talk[] = [];
  const dayDates: string[] = [];
  for (const day of schedule.day) {
    if (!isObj(day)) continue;
    if (typeof day['@date'] === 'string') dayDates.push(day['@date']);
    for (const room of Array.isArray(day.room) ? day.room : []) {
      if (!isObj(room)) continue;
      const roomName = text(room['@name']).trim();
      for (const ev of Array.isArray(room.event) ? room.event : []) {
        if (!isObj(ev)) continue;
        const code = text(ev['@code']).trim();
        const guid = text(ev['@guid']).trim();
        const id = text(ev['@id']).trim();
        const persons = isObj(ev.persons) ? ev.persons.person : undefined;
        const type = text(ev.type);
        talks.push({
          externalId: code ? `pretalx:${code}` : guid ? `frab:${guid}` : id ? `frab:${id}` : null,
          title: text(ev.title).trim(),
          speakers: personNames(persons),
          type,
          tags: tagNames(type, ev.track, isObj(ev.tags) ? ev.tags.tag : undefined),
          start: typeof ev.date === 'string' ? ev.date : null,
          duration: ev.duration,
          room: text(ev.room).trim() || roomName || null,
          description: describe(ev.subtitle, ev.abstract, ev.description),
        });
      }
    }
  }
  return {
    source: 'frab',
    rows: toRows(talks),
    info: programInfo(conference.title, conference.start, conference.end, conference.time_zone_name, dayDates),
  };
}

/**
 * The program in an import body, by its shape: `{sessions: [...]}` (the export), `{xml: '<schedule>…'}`,
 * `{schedule: {conference: {days}}}` (pretalx schedule.json) or `{schedule: {'YYYY-MM-DD': …}}`
 * (pretalx talk listing). Undefined when none matches.
 */
export function readProgram(body: { sessions?: unknown; xml?: unknown; schedule?: unknown }): ParsedProgram | undefined {
  if (Array.isArray(body.sessions)) {
    return {
      source: 'sessions',
      rows: body.sessions as Record<string, unknown>[],
      info: { title: null, startDate: null, endDate: null, timeZone: null },
    };
  }
  if (typeof body.xml === 'string') return parseFrabXml(body.xml);
  if (isObj(body.schedule)) {
    const s = body.schedule;
    if (isObj(s.conference)) return fromFrabJson(s.conference);
    const keys = Object.keys(s);
    if (keys.length > 0 && keys.every((k) => DATE_KEY.test(k))) return fromPretalxListing(s);
    throw new ProgramFormatError(PROGRAM_MESSAGES.pretalxShape);
  }
  return undefined;
}
