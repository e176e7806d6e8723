import { XMLParser } from 'fast-xml-parser';
import {
  asList,
  clockMinutes,
  describe,
  frabStart,
  isObj,
  isServiceSession,
  type Obj,
  type ParsedProgram,
  personNames,
  ProgramFormatError,
  programInfo,
  tagNames,
  sourceId,
  type Talk,
  text,
} from './common';

/**
 * A frab/Pentabarf `schedule.xml` (frab, pretalx, FOSDEM): events placed by a full `<date>` or by
 * `<start>HH:MM</start>` within their `<day date>`, where a start before the conference's
 * `<day_change>` falls after midnight, on the next calendar day, but in the same program day.
 */

export const MAX_PROGRAM_XML_CHARS = 20_000_000;

export const XML_MESSAGES = {
  xmlShape: 'The schedule XML must have a <schedule> root with <day>, <room> and <event> elements.',
  xmlInvalid: 'The schedule XML could not be read: it is not well-formed XML.',
  xmlDoctype: 'The schedule XML must not contain a DOCTYPE or entity declarations.',
  xmlTooLarge: `The schedule XML can be at most ${MAX_PROGRAM_XML_CHARS.toLocaleString('en-US')} characters.`,
} as const;

const LISTS = new Set(['day', 'room', 'event', 'person', 'link', 'attachment', 'tag']);

function parseXml(xml: string): Obj {
  if (xml.length > MAX_PROGRAM_XML_CHARS) throw new ProgramFormatError(XML_MESSAGES.xmlTooLarge);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new ProgramFormatError(XML_MESSAGES.xmlDoctype);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: true, // character references (&#233;) and HTML's named entities; DOCTYPE entities are refused above
    isArray: (name) => LISTS.has(name),
  });
  try {
    return parser.parse(xml, true) as Obj;
  } catch {
    throw new ProgramFormatError(XML_MESSAGES.xmlInvalid);
  }
}

/** 'en' → 'English' (the language's English name), '' when absent or unknown. */
function languageName(code: string): string {
  const c = code.trim();
  if (!/^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/i.test(c)) return '';
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(c);
    return name && name !== c ? name : '';
  } catch {
    return '';
  }
}

function eventTalk(ev: Obj, roomName: string, dayDate: string, dayChange: number): Talk {
  const type = text(ev.type);
  const title = text(ev.title).trim();
  return {
    externalId: sourceId(text(ev['@code']).trim(), text(ev['@guid']).trim(), text(ev['@id']).trim()),
    title,
    speakers: personNames(isObj(ev.persons) ? ev.persons.person : undefined),
    type,
    tags: tagNames(type, ev.track, isObj(ev.tags) ? ev.tags.tag : undefined, languageName(text(ev.language))),
    start: frabStart(ev.date, ev.start, dayDate, dayChange),
    duration: ev.duration,
    programDay: dayDate || null,
    room: text(ev.room).trim() || roomName || null,
    description: describe(ev.subtitle, ev.abstract, ev.description),
    service: isServiceSession(false, type, title),
  };
}

/** A frab-compatible `schedule.xml`. */
export function parseFrabXml(xml: string): ParsedProgram {
  const schedule = parseXml(xml).schedule;
  if (!isObj(schedule) || !Array.isArray(schedule.day)) throw new ProgramFormatError(XML_MESSAGES.xmlShape);
  const conference = isObj(schedule.conference) ? schedule.conference : {};
  const dayChange = clockMinutes(conference.day_change) ?? 0;
  const talks: Talk[] = [];
  const dayDates: string[] = [];
  for (const day of schedule.day) {
    if (!isObj(day)) continue;
    const dayDate = text(day['@date']).trim().slice(0, 10);
    if (dayDate) dayDates.push(dayDate);
    for (const room of asList(day.room)) {
      if (!isObj(room)) continue;
      const roomName = text(room['@name']).trim();
      for (const ev of asList(room.event)) if (isObj(ev)) talks.push(eventTalk(ev, roomName, dayDate, dayChange));
    }
  }
  const info = programInfo(conference.title, conference.start, conference.end, conference.time_zone_name, dayDates);
  return { source: 'frab', talks, info, dayDates };
}
