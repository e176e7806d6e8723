import {
  asList,
  describe,
  isObj,
  isServiceSession,
  type Obj,
  type ParsedProgram,
  personNames,
  programInfo,
  type Talk,
  text,
} from './common';

/**
 * Sessionize in its two JSON exports:
 * - "All data": `{sessions, speakers, categories, rooms, questions}`, sessions naming their room, speakers
 *   and category items by id;
 * - the schedule grid: an array of days `{date, rooms: [{id, name, sessions: [...]}], timeSlots: [...]}`,
 *   sessions carrying their room, speakers (`{id, name}`) and categories (`{name, categoryItems}`).
 * `startsAt`/`endsAt` are the venue's wall times without an offset.
 */

/** Whether a list is Sessionize's "Sessions" endpoint: groups (`{groupId, groupName, sessions}`), each of sessions. */
export function isSessionizeGroups(list: unknown[]): boolean {
  return list.length > 0 && list.every((g) => isObj(g) && Array.isArray(g.sessions) && ('groupName' in g || 'groupId' in g));
}

/** Whether a `{sessions: [...]}` body is Sessionize's "All data" rather than the product's own export. */
export function isSessionizeAllData(body: Obj): boolean {
  if (!Array.isArray(body.sessions)) return false;
  if (isSessionizeGroups(body.sessions)) return true;
  if (Array.isArray(body.rooms) || Array.isArray(body.categories) || Array.isArray(body.questions)) return true;
  return body.sessions.some((s) => isObj(s) && ('startsAt' in s || 'isServiceSession' in s || 'roomId' in s));
}

/** Whether a bare array is Sessionize's schedule grid: days with a date and rooms. */
export function isSessionizeGrid(list: unknown[]): boolean {
  return list.length > 0 && list.every((d) => isObj(d) && typeof d.date === 'string' && Array.isArray(d.rooms));
}

const FORMAT_CATEGORY = /format|type/i;

interface Category {
  title: string;
  item: string;
}

function sessionizeTalk(raw: Obj, room: string | null, speakers: string[], categories: Category[]): Talk {
  const title = text(raw.title).trim();
  const service = isServiceSession(raw.isServiceSession, '', title);
  const formatNames = categories.filter((c) => FORMAT_CATEGORY.test(c.title)).map((c) => c.item);
  // A Sessionize session is a talk unless its format category or plenum flag says more ('Workshop', 'Panel').
  const type = [...formatNames, raw.isPlenumSession === true ? 'plenary' : '', 'session'].join(' ').trim();
  const id = text(raw.id).trim();
  return {
    externalId: id ? `sessionize:${id}` : null,
    title,
    speakers,
    type,
    tags: [...new Set(categories.map((c) => c.item).filter((t) => t && t.length <= 100))],
    start: typeof raw.startsAt === 'string' ? raw.startsAt : null,
    end: typeof raw.endsAt === 'string' ? raw.endsAt : null,
    room,
    description: describe(raw.description),
    service,
  };
}

/** The category items of "All data": id → its category's title and its own name. */
function categoryItems(root: Obj): Map<string, Category> {
  const byId = new Map<string, Category>();
  for (const cat of asList(root.categories)) {
    if (!isObj(cat)) continue;
    for (const item of asList(cat.items)) {
      if (isObj(item)) byId.set(text(item.id), { title: text(cat.title), item: text(item.name).trim() });
    }
  }
  return byId;
}

function byIdName(list: unknown, name: (o: Obj) => string): Map<string, string> {
  const out = new Map<string, string>();
  for (const o of asList(list)) if (isObj(o)) out.set(text(o.id), name(o));
  return out;
}

const fullName = (s: Obj) => text(s.fullName).trim() || `${text(s.firstName)} ${text(s.lastName)}`.trim();

/** A session of the grid or of the "Sessions" endpoint: its room by name, speakers as `{id, name}`, categories with their items. */
function listedTalk(s: Obj, roomName: string | null, speakersById: Map<string, string>): Talk {
  const cats = asList(s.categories)
    .filter(isObj)
    .flatMap((c) => asList(c.categoryItems).map((i) => ({ title: text(c.name), item: isObj(i) ? text(i.name).trim() : '' })));
  const names = asList(s.speakers).map((p) =>
    isObj(p) ? text(p.name) || (speakersById.get(text(p.id)) ?? '') : (speakersById.get(text(p)) ?? text(p)),
  );
  return sessionizeTalk(s, text(s.room).trim() || roomName, personNames(names), cats);
}

/**
 * Sessionize's "Sessions" endpoint: groups of sessions (by track or day), every session once; the
 * "Speakers" endpoint, when sent beside it (`{sessions: groups, speakers}`), names speakers given by id.
 */
export function fromSessionizeGroups(groups: unknown[], speakerList: unknown = []): ParsedProgram {
  const speakers = byIdName(speakerList, fullName);
  const seen = new Set<string>();
  const talks: Talk[] = [];
  for (const group of groups.filter(isObj)) {
    for (const s of asList(group.sessions).filter(isObj)) {
      const key = text(s.id) || `${text(s.title)}|${text(s.startsAt)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      talks.push(listedTalk(s, null, speakers));
    }
  }
  return { source: 'sessionize', talks, info: programInfo(null, null, null, null, []), dayDates: [] };
}

/** Sessionize "All data". */
export function fromSessionizeAllData(root: Obj): ParsedProgram {
  if (Array.isArray(root.sessions) && isSessionizeGroups(root.sessions)) return fromSessionizeGroups(root.sessions, root.speakers);
  const rooms = byIdName(root.rooms, (r) => text(r.name).trim());
  const speakers = byIdName(root.speakers, fullName);
  const items = categoryItems(root);
  const talks = asList(root.sessions)
    .filter(isObj)
    .map((s) => {
      const names = asList(s.speakers).map((id) => (isObj(id) ? fullName(id) || text(id.name) : (speakers.get(text(id)) ?? '')));
      const cats = asList(s.categoryItems)
        .map((id) => items.get(text(id)))
        .filter((c): c is Category => !!c);
      return sessionizeTalk(s, rooms.get(text(s.roomId)) || text(s.room).trim() || null, personNames(names), cats);
    });
  return { source: 'sessionize', talks, info: programInfo(null, null, null, null, []), dayDates: [] };
}

/** Sessionize schedule grid: every session once (a plenary session is listed in each room). */
export function fromSessionizeGrid(days: unknown[]): ParsedProgram {
  const talks: Talk[] = [];
  const seen = new Set<string>();
  const dayDates: string[] = [];
  for (const day of days.filter(isObj)) {
    dayDates.push(text(day.date).slice(0, 10));
    for (const room of asList(day.rooms).filter(isObj)) {
      for (const s of asList(room.sessions).filter(isObj)) {
        const key = text(s.id) || `${text(s.title)}|${text(s.startsAt)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        talks.push(listedTalk(s, text(room.name).trim() || null, new Map()));
      }
    }
  }
  return { source: 'sessionize', talks, info: programInfo(null, null, null, null, dayDates), dayDates };
}
