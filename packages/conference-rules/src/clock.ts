/**
 * The program's clock: session times are strings such as '9:30 AM' (PRODUCT.md §4, Session), read here
 * and nowhere else in the front ends. A 24-hour '14:05' reads too (programs imported in other languages).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes after midnight of '9:30 AM', '9:30am' or '14:05'; null when it is not a clock time. */
export function clockMinutes(value: string | null | undefined): number | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const twelve = /^(\d{1,2}):(\d{2})\s*([AP])M$/i.exec(text);
  if (twelve) return ((Number(twelve[1]) % 12) + (twelve[3].toUpperCase() === 'P' ? 12 : 0)) * 60 + Number(twelve[2]);
  const plain = /^(\d{1,2}):(\d{2})$/.exec(text);
  return plain ? Number(plain[1]) * 60 + Number(plain[2]) : null;
}

/** '2:00 PM' (twelve-hour, the default) or '14:00' for minutes after midnight. */
export function clockLabel(minutes: number, twelveHour = true): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = pad(minutes % 60);
  if (!twelveHour) return `${h}:${m}`;
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'AM' : 'PM'}`;
}

/** '9:30 AM' (the program's clock) as a time input's '09:30'; '' when it is not a clock. */
export function clockToInput(clock: string | null | undefined): string {
  const minutes = clockMinutes(clock);
  return minutes === null ? '' : `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
}

/** A time input's '14:30' as the program's clock '2:30 PM'; null when empty or not a time of day. */
export function inputToClock(value: string | null | undefined): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec((value ?? '').trim());
  if (!m) return null;
  const h = Number(m[1]);
  const minute = Number(m[2]);
  if (h > 23 || minute > 59) return null;
  return clockLabel(h * 60 + minute);
}
