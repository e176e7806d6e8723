/**
 * Times in the conference's own time zone, never the viewer's (PRODUCT.md §2): the wall-clock parts of an
 * instant, the instant of a wall-clock time, and how a time names its zone. Both front ends read times
 * only through these, and the backend reads the program's "today" and "now" and the sessions' times through them.
 */

export interface WallClockParts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  /** 0 to 23. */
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday. */
  weekday: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it). */
function zoneFormat(zone: string): Intl.DateTimeFormat {
  let f = zoneFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    if (zoneFormats.size > 50) zoneFormats.clear();
    zoneFormats.set(zone, f);
  }
  return f;
}

/** The wall-clock parts of `instant` (a Date or epoch milliseconds) in `zone`. */
export function wallClockParts(instant: Date | number, zone: string): WallClockParts {
  const parts = zoneFormat(zone).formatToParts(instant);
  const text = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  const get = (t: Intl.DateTimeFormatPartTypes) => Number(text(t));
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
    weekday: WEEKDAYS.indexOf(text('weekday')),
  };
}

/** Minutes to add to UTC to get the wall time of `zone` at `instant`. */
export function zoneOffsetMinutes(instant: number, zone: string): number {
  const p = wallClockParts(instant, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}

/** An instant's calendar day in `zone`, 'YYYY-MM-DD'. */
export function zoneDateKey(instant: Date | number, zone: string): string {
  const p = wallClockParts(instant, zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** An ISO instant as the conference's calendar date ('2025-09-09') and time of day ('14:30'); empty when absent. */
export function isoToZoneParts(iso: string | null | undefined, zone: string): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return { date: '', time: '' };
  const p = wallClockParts(instant, zone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** A wall-clock date ('2025-09-09') and time ('14:30', midnight when empty) in `zone` as an ISO instant; null without a date. */
export function zonePartsToIso(date: string | null | undefined, time: string | null | undefined, zone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec((date ?? '').trim());
  if (!d) return null;
  const t = /^(\d{1,2}):(\d{2})$/.exec((time ?? '').trim());
  const [hour, minute] = t ? [Number(t[1]), Number(t[2])] : [0, 0];
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), hour, minute);
  if (Number.isNaN(wall)) return null;
  // Corrected twice so that a time next to a daylight-saving change lands on the right side.
  let instant = wall - zoneOffsetMinutes(wall, zone) * 60000;
  instant = wall - zoneOffsetMinutes(instant, zone) * 60000;
  return new Date(instant).toISOString();
}

/** The zone's short name at `instant` ('MDT', 'MST', 'GMT+2'). */
export function zoneAbbreviation(zone: string, instant: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

/** 'America/Denver (MDT)': how a screen names the zone its times are in. */
export function zoneLabel(zone: string, instant?: Date): string {
  return `${zone} (${zoneAbbreviation(zone, instant)})`;
}

/** '8:30 AM MDT (America/Denver)': one time, labelled with its zone. */
export function formatZonedTime(iso: string, zone: string): string {
  const d = new Date(iso);
  const time = d.toLocaleTimeString('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: true });
  return `${time} ${zoneAbbreviation(zone, d)} (${zone})`;
}

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
