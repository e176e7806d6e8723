/**
 * Session times in the conference's own time zone (never the browser's): wall-clock parts of an
 * instant, the instant of a wall-clock time, and the labels the admin screens show.
 */

/** The conference's zone until the settings say otherwise (the spec's conference is in Denver). */
export const DEFAULT_CONFERENCE_TIME_ZONE = 'America/Denver';

const pad = (n: number) => String(n).padStart(2, '0');

/** Wall-clock parts of `instant` in `zone`. */
function wallParts(instant: number, zone: string): { y: number; m: number; d: number; hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { y: get('year'), m: get('month'), d: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Minutes to add to UTC to get the wall time of `zone` at `instant`. */
function zoneOffsetMinutes(instant: number, zone: string): number {
  const p = wallParts(instant, zone);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60000);
}

/** An ISO instant as the conference's calendar date ('2025-09-09') and time of day ('14:30'); empty when absent. */
export function isoToZoneParts(iso: string | null | undefined, zone: string): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return { date: '', time: '' };
  const p = wallParts(instant, zone);
  return { date: `${p.y}-${pad(p.m)}-${pad(p.d)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
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

/** '9:30 AM' (the program's clock) as an input's '09:30'; '' when it is not a clock. */
export function clockToInput(clock: string | null | undefined): string {
  const m = /^(\d{1,2}):(\d{2})\s*([AP])M$/i.exec((clock ?? '').trim());
  if (!m) return '';
  const h = (Number(m[1]) % 12) + (m[3].toUpperCase() === 'P' ? 12 : 0);
  return `${pad(h)}:${m[2]}`;
}

/** An input's '14:30' as the program's clock '2:30 PM'; null when empty or not a time. */
export function inputToClock(value: string | null | undefined): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec((value ?? '').trim());
  if (!m) return null;
  const h = Number(m[1]);
  const minute = Number(m[2]);
  if (h > 23 || minute > 59) return null;
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
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

/** Whether `zone` is an IANA time zone this browser knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Every IANA zone the browser knows (for the settings' picker), the default first when missing. */
export function timeZoneChoices(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(DEFAULT_CONFERENCE_TIME_ZONE) ? all : [DEFAULT_CONFERENCE_TIME_ZONE, ...all];
}
