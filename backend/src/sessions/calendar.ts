import { clockMinutes, zoneOffsetMinutes } from 'conference-rules';
import { fold } from '../text/lang/fold';
import { zonedParts } from './session-input';

/**
 * iCalendar (RFC 5545) files for sessions: events in the conference's time zone (`DTSTART;TZID=…`),
 * with a VTIMEZONE built from the platform's time-zone data (Intl), so no download is needed and any
 * calendar reads the local time right. Lines end with CRLF and are folded at 75 octets; text is escaped.
 */

export interface CalendarSession {
  id: string;
  title: string;
  speakers: string[];
  description: string;
  location: string | null;
  date: Date | null;
  /** '9:30 AM' as the program shows it (conference time). */
  startTime: string | null;
  endTime: string | null;
}

export interface CalendarOptions {
  /** IANA zone of the conference. */
  timeZone: string;
  /** The calendar's name: the conference's name from its settings. */
  calendarName: string;
  /** The venue, added after the room in the location ('Room 3, <venue>'). */
  venue?: string;
  now?: Date;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** TEXT value escaping (RFC 5545 §3.3.11). */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n?|\n/g, '\\n');
}

/** Folds a content line at 75 octets without splitting a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

function utcStamp(d: Date): string {
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
}

function localStamp(y: number, m: number, d: number, hour: number, minute: number): string {
  return `${pad(y, 4)}${pad(m)}${pad(d)}T${pad(hour)}${pad(minute)}00`;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const a = Math.abs(minutes);
  return `${sign}${pad(Math.floor(a / 60))}${pad(a % 60)}`;
}

function zoneAbbreviation(instant: number, zone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(new Date(instant))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** Offset changes of `zone` from Jan 1 of `fromYear` to the end of `toYear` (UTC instants, minute precision). */
function transitions(zone: string, fromYear: number, toYear: number): { at: number; from: number; to: number }[] {
  const found: { at: number; from: number; to: number }[] = [];
  const DAY = 86400000;
  let t = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  let offset = zoneOffsetMinutes(t, zone);
  while (t < end) {
    const next = t + DAY;
    const nextOffset = zoneOffsetMinutes(next, zone);
    if (nextOffset !== offset) {
      let lo = t;
      let hi = next;
      while (hi - lo > 60000) {
        const mid = lo + Math.floor((hi - lo) / 120000) * 60000;
        if (zoneOffsetMinutes(mid, zone) === offset) lo = mid;
        else hi = mid;
      }
      found.push({ at: hi, from: offset, to: nextOffset });
    }
    t = next;
    offset = nextOffset;
  }
  return found;
}

const zoneBlocks = new Map<string, string[]>();

/**
 * VTIMEZONE for `zone` covering the years of the events (and the year before each, for early dates):
 * the zone's rules are read for those years only, so two events 8,000 years apart cost four years.
 */
export function vtimezone(zone: string, years: number[]): string[] {
  const covered = [...new Set(years.flatMap((y) => [y - 1, y]))].sort((a, b) => a - b);
  const key = `${zone}|${covered.join(',')}`;
  const known = zoneBlocks.get(key);
  if (known) return known;
  const block = buildVtimezone(zone, covered);
  if (zoneBlocks.size > 100) zoneBlocks.clear();
  zoneBlocks.set(key, block);
  return block;
}

function buildVtimezone(zone: string, years: number[]): string[] {
  const changes = years.flatMap((y) => transitions(zone, y, y));
  const last = years[years.length - 1];
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  if (changes.length === 0) {
    const offset = offsetText(zoneOffsetMinutes(Date.UTC(last, 0, 1), zone));
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${icsText(zoneAbbreviation(Date.UTC(last, 0, 1), zone))}`,
      'END:STANDARD',
    );
  }
  for (const c of changes) {
    const kind = c.to > c.from ? 'DAYLIGHT' : 'STANDARD';
    const local = new Date(c.at + c.from * 60000);
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate(), local.getUTCHours(), local.getUTCMinutes())}`,
      `TZOFFSETFROM:${offsetText(c.from)}`,
      `TZOFFSETTO:${offsetText(c.to)}`,
      `TZNAME:${icsText(zoneAbbreviation(c.at, zone))}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** '9:30 AM' → [9, 30]; undefined when not a program time. */
function clock(value: string | null): [number, number] | undefined {
  const minutes = clockMinutes(value);
  return minutes === null ? undefined : [Math.floor(minutes / 60) % 24, minutes % 60];
}

/**
 * The event of one session; undefined when unscheduled. The start is the session's moment in the
 * conference's zone (its program start time when the date holds only a day, all-day when neither);
 * the end keeps the program's length (start to end time).
 */
function eventLines(s: CalendarSession, o: CalendarOptions, stamp: string): string[] | undefined {
  if (!s.date) return undefined;
  const day = zonedParts(s.date, o.timeZone);
  const programStart = clock(s.startTime);
  const start: [number, number] | undefined = day.hour !== 0 || day.minute !== 0 ? [day.hour, day.minute] : programStart;
  const lines = ['BEGIN:VEVENT', `UID:${s.id}@conference-assistant`, `DTSTAMP:${stamp}`];
  if (start) {
    lines.push(`DTSTART;TZID=${o.timeZone}:${localStamp(day.y, day.m, day.d, start[0], start[1])}`);
    const end = clock(s.endTime);
    if (end) {
      const from = programStart ?? start;
      let minutes = end[0] * 60 + end[1] - (from[0] * 60 + from[1]);
      if (minutes <= 0) minutes += 24 * 60;
      const e = new Date(Date.UTC(day.y, day.m - 1, day.d, start[0], start[1] + minutes));
      lines.push(
        `DTEND;TZID=${o.timeZone}:${localStamp(e.getUTCFullYear(), e.getUTCMonth() + 1, e.getUTCDate(), e.getUTCHours(), e.getUTCMinutes())}`,
      );
    }
  } else {
    const next = new Date(Date.UTC(day.y, day.m - 1, day.d + 1));
    lines.push(
      `DTSTART;VALUE=DATE:${pad(day.y, 4)}${pad(day.m)}${pad(day.d)}`,
      `DTEND;VALUE=DATE:${pad(next.getUTCFullYear(), 4)}${pad(next.getUTCMonth() + 1)}${pad(next.getUTCDate())}`,
    );
  }
  lines.push(`SUMMARY:${icsText(s.title)}`);
  const where = [s.location, o.venue].filter((x): x is string => !!x && !!x.trim()).join(', ');
  if (where) lines.push(`LOCATION:${icsText(where)}`);
  const about = [s.speakers.length ? `Speakers: ${s.speakers.join('; ')}` : '', s.description].filter(Boolean).join('\n\n');
  if (about) lines.push(`DESCRIPTION:${icsText(about)}`);
  lines.push('END:VEVENT');
  return lines;
}

/** One VCALENDAR with an event per scheduled session (unscheduled ones are left out). */
export function sessionsCalendar(sessions: CalendarSession[], o: CalendarOptions): { ics: string; events: number } {
  const stamp = utcStamp(o.now ?? new Date());
  const events = sessions.map((s) => eventLines(s, o, stamp)).filter((e): e is string[] => !!e);
  const years = sessions.filter((s) => s.date).map((s) => zonedParts(s.date as Date, o.timeZone).y);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Conference Assistant//Sessions//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(o.calendarName)}`,
    `X-WR-TIMEZONE:${o.timeZone}`,
    ...(years.length ? vtimezone(o.timeZone, years) : []),
    ...events.flat(),
    'END:VCALENDAR',
  ];
  return { ics: lines.map(foldLine).join('\r\n') + '\r\n', events: events.length };
}

/** A file name from a title: 'Opening Keynote' → 'opening-keynote.ics'. */
export function calendarFilename(title: string): string {
  const slug = fold(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${slug || 'session'}.ics`;
}
