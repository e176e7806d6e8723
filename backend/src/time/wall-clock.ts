/**
 * What the clocks of a time zone show at an instant (year to second, and the weekday), read with
 * `Intl` once per zone. Times are shown in the conference's time zone (PRODUCT.md §2): the program's
 * "today" and "now" and the sessions' times read and written in conference time both start here.
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
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
  };
}

/** Minutes to add to UTC to get the wall time of `zone` at `instant`. */
export function zoneOffsetMinutes(instant: number, zone: string): number {
  const p = wallClockParts(instant, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}
