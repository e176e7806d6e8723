/**
 * The program's clock on the server: session times are strings such as '9:30 AM' (PRODUCT.md §4,
 * Session), read and written here for the program's answers, the calendar files and the session input.
 * The front ends apply the same rule (packages/conference-rules/src/clock.ts); the SQL of the program order reads it too
 * (sessions.repository.ts), as the database must sort by it.
 */

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
  const m = String(minutes % 60).padStart(2, '0');
  if (!twelveHour) return `${h}:${m}`;
  return `${h % 12 === 0 ? 12 : h % 12}:${m} ${h < 12 ? 'AM' : 'PM'}`;
}
