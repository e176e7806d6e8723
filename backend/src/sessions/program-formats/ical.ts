import ICAL from 'ical.js';
import { canonicalTimeZone } from '../../conference/conference-settings';
import { parseSessionDate } from '../session-input';
import { describe, isServiceSession, type ParsedProgram, ProgramFormatError, programInfo, type Talk } from './common';

/**
 * An iCalendar feed (`.ics`): each VEVENT a session. DTSTART with a TZID is a wall time in that zone
 * (an IANA name, or a name the feed defines in its own VTIMEZONE, as Outlook writes 'W. Europe Standard
 * Time'), a UTC time (…Z) an instant, a floating time a wall time in the feed's X-WR-TIMEZONE (else the
 * conference's zone); an all-day event (VALUE=DATE) belongs to its day with no time. Speakers are the
 * events' ATTENDEE names, tags their CATEGORIES.
 */

export const MAX_ICS_CHARS = 20_000_000;
export const ICS_MESSAGES = {
  invalid: 'The iCalendar file could not be read: it must be a VCALENDAR with VEVENT entries.',
  tooLarge: `The iCalendar file can be at most ${MAX_ICS_CHARS.toLocaleString('en-US')} characters.`,
} as const;

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Zone = InstanceType<typeof ICAL.Timezone>;

/** The zones the feed defines in VTIMEZONE blocks under names that are not IANA names ('W. Europe Standard Time'). */
function definedZones(cal: Component): Map<string, Zone> {
  const out = new Map<string, Zone>();
  for (const vtz of cal.getAllSubcomponents('vtimezone')) {
    const tzid = vtz.getFirstPropertyValue('tzid');
    if (typeof tzid !== 'string' || canonicalTimeZone(tzid)) continue;
    try {
      out.set(tzid, new ICAL.Timezone(vtz));
    } catch {
      // A VTIMEZONE ical.js cannot read: its events' times stay wall times in the feed's zone.
    }
  }
  return out;
}

/** An all-day event's day ('YYYY-MM-DD'); null for a timed one. */
const allDay = (time: Time | null): string | null => (time?.isDate ? `${time.year}-${pad(time.month)}-${pad(time.day)}` : null);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The event's time as the reader's start text: a wall time in the feed's zone, or an instant ending in Z
 * (UTC, or a TZID other than the feed's); null for an all-day date.
 */
function timeText(time: Time | null, tzid: unknown, feed: string | null, defined: Map<string, Zone>): string | null {
  if (!time || time.isDate) return null;
  const wall = `${time.year}-${pad(time.month)}-${pad(time.day)}T${pad(time.hour)}:${pad(time.minute)}`;
  if (time.zone?.tzid === 'UTC') return `${wall}Z`;
  const zone = canonicalTimeZone(tzid);
  const own = !zone && typeof tzid === 'string' ? defined.get(tzid) : undefined;
  if (own) {
    const local = time.clone();
    local.zone = own;
    return local.toJSDate().toISOString();
  }
  if (!zone || zone === feed) return wall;
  const instant = parseSessionDate(wall, zone);
  return instant instanceof Date ? instant.toISOString() : wall;
}

function firstTime(ev: Component, name: string): Time | null {
  const value = ev.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? value : null;
}

function textValue(ev: Component, name: string): string {
  const value = ev.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim() : '';
}

function eventTalk(ev: Component, feed: string | null, defined: Map<string, Zone>): Talk {
  const title = textValue(ev, 'summary');
  const categories = ev.getAllProperties('categories').flatMap((p) => p.getValues().map((v) => String(v).trim()));
  const attendees = ev.getAllProperties('attendee').map((p) => String(p.getParameter('cn') ?? '').trim());
  const start = firstTime(ev, 'dtstart');
  let end = firstTime(ev, 'dtend');
  const duration = ev.getFirstPropertyValue('duration');
  if (!end && start && duration instanceof ICAL.Duration) {
    end = start.clone();
    end.addDuration(duration);
  }
  const uid = textValue(ev, 'uid');
  return {
    externalId: uid ? `ical:${uid}`.slice(0, 200) : null,
    title,
    speakers: [...new Set(attendees.filter(Boolean))],
    type: categories.join(' '),
    tags: [...new Set(categories.filter((c) => c && c.length <= 100))],
    start: timeText(start, ev.getFirstProperty('dtstart')?.getParameter('tzid'), feed, defined),
    end: timeText(end, (ev.getFirstProperty('dtend') ?? ev.getFirstProperty('dtstart'))?.getParameter('tzid'), feed, defined),
    programDay: allDay(start),
    room: textValue(ev, 'location') || null,
    description: describe(textValue(ev, 'description')),
    service: isServiceSession(false, categories.join(' '), title),
  };
}

/** The zone an event's wall times are in: its TZID when all events share one, else the feed's X-WR-TIMEZONE. */
function feedZone(cal: Component, events: Component[]): string | null {
  const zones = new Set(
    events.map((ev) => ev.getFirstProperty('dtstart')?.getParameter('tzid')).filter((z): z is string => typeof z === 'string'),
  );
  if (zones.size === 1 && canonicalTimeZone([...zones][0])) return [...zones][0];
  const named = cal.getFirstPropertyValue('x-wr-timezone');
  return typeof named === 'string' && named.trim() ? named.trim() : null;
}

/** An iCalendar feed. */
export function parseIcs(ics: string): ParsedProgram {
  if (ics.length > MAX_ICS_CHARS) throw new ProgramFormatError(ICS_MESSAGES.tooLarge);
  let cal: Component;
  try {
    cal = new ICAL.Component(ICAL.parse(ics));
  } catch {
    throw new ProgramFormatError(ICS_MESSAGES.invalid);
  }
  if (cal.name !== 'vcalendar') throw new ProgramFormatError(ICS_MESSAGES.invalid);
  const events = cal.getAllSubcomponents('vevent');
  const zone = feedZone(cal, events);
  const defined = definedZones(cal);
  const talks = events.map((ev) => eventTalk(ev, canonicalTimeZone(zone) ?? null, defined));
  const name = cal.getFirstPropertyValue('x-wr-calname');
  const info = programInfo(typeof name === 'string' ? name : null, null, null, zone, []);
  return { source: 'ical', talks, info, dayDates: [] };
}
