import { clockMinutes } from 'conference-rules';

type Ordered = { day: number | null; date: Date | string | null; startTime: string | null };

const nullsLast = (a: number | null, b: number | null) => (a == null ? (b == null ? 0 : 1) : b == null ? -1 : a - b);
const time = (d: Date | string | null) => (d == null ? null : new Date(d).getTime());

/**
 * Program order: day, date, then the start time read by the one clock rule of the apps (`clockMinutes`:
 * '9:30 AM' and '14:05' alike), missing values last. The sort is stable, so rows the database gave in
 * title order keep it among equals.
 */
export function inProgramOrder<T extends Ordered>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      nullsLast(a.day, b.day) || nullsLast(time(a.date), time(b.date)) || nullsLast(clockMinutes(a.startTime), clockMinutes(b.startTime)),
  );
}
