import {
  asList,
  clockMinutes,
  DATE_KEY,
  describe,
  frabStart,
  isObj,
  isServiceSession,
  named,
  type Obj,
  type ParsedProgram,
  personNames,
  ProgramFormatError,
  programInfo,
  sourceId,
  tagNames,
  type Talk,
  text,
  wallText,
} from './common';

/**
 * pretalx in the shapes it publishes:
 * - `schedule.json` (frab JSON): `{schedule: {conference: {days: [{rooms: {room: [talks]}}]}}}`;
 * - the talk listing keyed by date, minute and room: `{schedule: {'2025-11-01': {'530': {'12': talk}}}}`,
 *   each talk with a `slots` list or one `slot`, names localized (`{en, fr}`), plus `extra` (meals, breaks);
 * - the API's talks or submissions: `{results: [talk]}`, `{talks: [...]}` or a bare array of talks.
 */

export const PRETALX_SHAPE_MESSAGE = 'The pretalx schedule must hold schedule.conference.days, each with rooms of talks.';

function frabJsonTalk(raw: Obj, roomName: string, dayDate: string, dayChange: number): Talk {
  const type = text(raw.type);
  const title = text(raw.title).trim();
  return {
    externalId: sourceId(text(raw.code).trim(), text(raw.guid).trim(), text(raw.id).trim()),
    title,
    speakers: personNames(raw.persons),
    type,
    tags: tagNames(raw.type, raw.track, raw.tags),
    start: frabStart(raw.date, raw.start, dayDate, dayChange),
    duration: raw.duration,
    programDay: dayDate || null,
    room: text(raw.room).trim() || roomName.trim() || null,
    description: describe(raw.subtitle, raw.abstract, raw.description),
    service: isServiceSession(false, type, title),
  };
}

/** pretalx `schedule.json` (frab JSON). */
export function fromFrabJson(conference: Obj): ParsedProgram {
  const days = conference.days;
  if (!Array.isArray(days)) throw new ProgramFormatError(PRETALX_SHAPE_MESSAGE);
  const talks: Talk[] = [];
  const dayDates: string[] = [];
  const dayChange = clockMinutes(conference.day_change) ?? 0;
  for (const day of days) {
    if (!isObj(day) || !isObj(day.rooms)) throw new ProgramFormatError(PRETALX_SHAPE_MESSAGE);
    const dayDate = text(day.date).trim().slice(0, 10);
    if (dayDate) dayDates.push(dayDate);
    for (const [roomName, list] of Object.entries(day.rooms)) {
      if (!Array.isArray(list)) throw new ProgramFormatError(PRETALX_SHAPE_MESSAGE);
      for (const raw of list) if (isObj(raw)) talks.push(frabJsonTalk(raw, roomName, dayDate, dayChange));
    }
  }
  const info = programInfo(conference.title, conference.start, conference.end, conference.time_zone_name, dayDates);
  return { source: 'pretalx', talks, info, dayDates };
}

/** Names by key, from a top-level list or map of objects (`speakers` by code, `rooms` by id). */
function namesBy(list: unknown, key: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const o of isObj(list) ? Object.values(list) : asList(list)) {
    if (isObj(o) && (typeof o[key] === 'string' || typeof o[key] === 'number')) out.set(String(o[key]), named(o));
  }
  return out;
}

/** What a listing or talk list names beside its talks: speakers by code, rooms by id. */
export interface PretalxLookups {
  speakers: Map<string, string>;
  rooms: Map<string, string>;
}

export function lookupsOf(root: Obj): PretalxLookups {
  return { speakers: namesBy(root.speakers, 'code'), rooms: namesBy(root.rooms, 'id') };
}

/** A slot's room: its name (localized or not), or the name of the room its id names. */
function roomOf(slot: Obj, rooms: Map<string, string>): string | null {
  const ref = slot.room ?? slot.room_id;
  if (typeof ref === 'number' || (typeof ref === 'string' && /^\d+$/.test(ref))) return rooms.get(String(ref)) ?? (named(ref) || null);
  return named(ref) || null;
}

/** The first slot of a talk: `slot` (one object) or `slots` (a list). */
function slotOf(raw: Obj): Obj {
  if (isObj(raw.slot)) return raw.slot;
  return asList(raw.slots).find(isObj) ?? {};
}

/** A pretalx talk or submission (listing or API) → a talk. */
export function pretalxTalk(raw: Obj, lookups: PretalxLookups): Talk {
  const slot = slotOf(raw);
  const type = named(raw.submission_type);
  const track = named(raw.track);
  const title = named(raw.title);
  const start = typeof slot.start === 'string' ? slot.start : null;
  return {
    externalId: sourceId(text(raw.code).trim(), '', ''),
    title,
    speakers: personNames(raw.speakers, lookups.speakers),
    type,
    tags: tagNames(type, track, asList(raw.tags).map(named)),
    start,
    end: typeof slot.end === 'string' ? slot.end : null,
    duration: raw.duration ?? slot.duration,
    room: roomOf(slot, lookups.rooms),
    description: describe(raw.abstract, raw.description),
    service: isServiceSession(false, type, title),
  };
}

/** pretalx `extra` (meals and breaks by date and minute, no room) as service sessions. */
function extras(root: Obj): Talk[] {
  const out: Talk[] = [];
  if (!isObj(root.extra)) return out;
  for (const [date, byMinute] of Object.entries(root.extra)) {
    if (!DATE_KEY.test(date) || !isObj(byMinute)) continue;
    for (const [minute, raw] of Object.entries(byMinute)) {
      const m = /^\d{1,4}$/.test(minute) ? Number(minute) : clockMinutes(minute);
      if (!isObj(raw) || m === undefined || m >= 1440) continue;
      const id = text(raw.id).trim();
      out.push({
        externalId: id ? `pretalx:extra:${id}` : null,
        title: named(raw.title),
        speakers: [],
        type: '',
        tags: [],
        start: wallText(date, m),
        room: named(raw.room) || null,
        description: describe(raw.description),
        service: true,
      });
    }
  }
  return out;
}

/** pretalx talk listing keyed by date, then minute, then room: `schedule{'2025-11-01': {'530': {'12': talk}}}`. */
export function fromPretalxListing(schedule: Obj, root: Obj): ParsedProgram {
  const talks: Talk[] = [];
  const seen = new Set<string>();
  const lookups = lookupsOf(root);
  for (const [date, byMinute] of Object.entries(schedule)) {
    if (!DATE_KEY.test(date) || !isObj(byMinute)) throw new ProgramFormatError(PRETALX_SHAPE_MESSAGE);
    for (const byRoom of Object.values(byMinute)) {
      for (const raw of isObj(byRoom) ? Object.values(byRoom) : []) {
        if (!isObj(raw)) continue;
        const talk = pretalxTalk(raw, lookups);
        const key = talk.externalId ?? `${talk.title}|${talk.start}`;
        if (seen.has(key)) continue;
        seen.add(key);
        talks.push(talk);
      }
    }
  }
  talks.push(...extras(root));
  const dayDates = Object.keys(schedule);
  return { source: 'pretalx', talks, info: programInfo(null, null, null, root.time_zone_name, dayDates), dayDates };
}

/** Whether a list holds pretalx talks: objects with a code or a title, and a `slot` or `slots`. */
export function isPretalxTalkList(list: unknown[]): boolean {
  const objs = list.filter(isObj);
  return objs.length > 0 && objs.length === list.length && objs.some((t) => ('slot' in t || 'slots' in t) && ('code' in t || 'title' in t));
}

/** The API's talks or submissions (`{results}`, `{talks}`, a bare array), scheduled ones placed by their slot. */
export function fromPretalxTalks(list: unknown[], root: Obj): ParsedProgram {
  const lookups = lookupsOf(root);
  const talks = list.filter(isObj).map((raw) => pretalxTalk(raw, lookups));
  return { source: 'pretalx', talks, info: programInfo(root.name ?? root.title, null, null, root.time_zone_name, []), dayDates: [] };
}

/**
 * Whether `{talks}` is pretalx's schedule widget data (`/<event>/widget/v2.json`, `/schedule/widgets/schedule.json`):
 * talks placed by their own `start` and `room` id, beside `rooms`, `tracks` and `speakers` lists and the event's `timezone`.
 */
export function isPretalxWidget(body: Obj): boolean {
  if (!Array.isArray(body.talks)) return false;
  if ('event_start' in body || typeof body.timezone === 'string') return true;
  return body.talks.some((t) => isObj(t) && 'start' in t && 'room' in t && !('slot' in t) && !('slots' in t));
}

/**
 * A widget time as an instant ('…Z', shown in the program's zone): pretalx writes a talk's start in the
 * event's zone and a break's in UTC, both with their offset, so the offset's wall time is not the program's.
 */
function widgetInstant(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const instant = new Date(value);
  return /(?:Z|[+-]\d{2}:?\d{2})$/.test(value) && !Number.isNaN(instant.getTime()) ? instant.toISOString() : value;
}

/** A widget talk: a submission (with a `code`) or a break (no code, its title the slot's description). */
function widgetTalk(raw: Obj, lookups: PretalxLookups, tracks: Map<string, string>): Talk {
  const title = named(raw.title);
  const track = raw.track === null || raw.track === undefined ? '' : (tracks.get(text(raw.track)) ?? '');
  const code = text(raw.code).trim();
  const start = widgetInstant(raw.start);
  return {
    externalId: code ? sourceId(code, '', '') : text(raw.id).trim() ? `pretalx:slot:${text(raw.id).trim()}` : null,
    title,
    speakers: personNames(raw.speakers, lookups.speakers),
    type: '',
    tags: tagNames(track),
    start,
    end: widgetInstant(raw.end),
    duration: raw.duration,
    room: roomOf({ room: raw.room }, lookups.rooms),
    description: describe(raw.abstract),
    service: isServiceSession(!code, '', title),
  };
}

/** pretalx's schedule widget data: talks, breaks, rooms, tracks and speakers, the event's dates and zone. */
export function fromPretalxWidget(root: Obj): ParsedProgram {
  const lookups = lookupsOf(root);
  const tracks = namesBy(root.tracks, 'id');
  const talks = asList(root.talks)
    .filter(isObj)
    .map((raw) => widgetTalk(raw, lookups, tracks));
  return { source: 'pretalx', talks, info: programInfo(null, root.event_start, root.event_end, root.timezone, []), dayDates: [] };
}
