import { zoneDateKey } from '@rules/zone';
import type { Conference } from './types';

/**
 * The conference's dates in words, from its settings alone: the range ('Nov 2-3, 2024') and the
 * day headings ('Day 1 - Saturday, Nov 2'). One month rule everywhere: AP style without the period
 * (Jan, Feb, Aug, Sept, Oct, Nov, Dec abbreviated; March to July written out), which gives the
 * spec's date ranges. Dates are the settings' calendar days ('YYYY-MM-DD', already the
 * conference's own days in its time zone), so no viewer's clock enters.
 */

export type ConferenceDays = Pick<Conference, 'startDate' | 'endDate'> & Partial<Pick<Conference, 'timeZone'>>;

const MONTHS = ['Jan', 'Feb', 'March', 'April', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const DAY_MS = 86_400_000;

interface CalendarDay {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  /** 0 = Sunday */
  weekday: number;
}

/** A 'YYYY-MM-DD' day moved by `offset` days, or null when it is not a date. */
function calendarDay(date: string, offset = 0): CalendarDay | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const t = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) + offset * DAY_MS);
  if (Number.isNaN(t.getTime())) return null;
  return { year: t.getUTCFullYear(), month: t.getUTCMonth(), day: t.getUTCDate(), weekday: t.getUTCDay() };
}

/** 'Sept 8' */
function monthDay(d: CalendarDay): string {
  return `${MONTHS[d.month]} ${d.day}`;
}

/** How many days the conference lasts (1 for a one-day event), 0 when its dates are not dates. */
export function conferenceLength(c: ConferenceDays): number {
  const start = calendarDay(c.startDate);
  const end = calendarDay(c.endDate);
  if (!start || !end) return 0;
  const days = Math.round((Date.UTC(end.year, end.month, end.day) - Date.UTC(start.year, start.month, start.day)) / DAY_MS) + 1;
  return Math.max(days, 0);
}

/** 'Sept 14-16, 2026', 'Oct 30 - Nov 2, 2024', 'Dec 30, 2024 - Jan 2, 2025', 'Nov 2, 2024'; '' for no dates. */
export function dateRangeLabel(c: ConferenceDays): string {
  const start = calendarDay(c.startDate);
  const end = calendarDay(c.endDate);
  if (!start || !end) return '';
  if (start.year !== end.year) return `${monthDay(start)}, ${start.year} - ${monthDay(end)}, ${end.year}`;
  if (start.month !== end.month) return `${monthDay(start)} - ${monthDay(end)}, ${end.year}`;
  if (start.day !== end.day) return `${monthDay(start)}-${end.day}, ${end.year}`;
  return `${monthDay(start)}, ${end.year}`;
}

/** The settings' date of the conference's day N ('YYYY-MM-DD'), null outside the conference's days. */
export function conferenceDayKey(c: ConferenceDays, day: number): string | null {
  if (day < 1 || day > conferenceLength(c)) return null;
  const d = calendarDay(c.startDate, day - 1);
  return d && `${d.year}-${String(d.month + 1).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/**
 * A day heading named with its weekday and date ('Day 1 - Saturday, Nov 2'): the date the day's sessions
 * are held on (`heldOn`, 'YYYY-MM-DD' in the conference's zone) when they carry one, so the heading agrees
 * with the sessions even where the settings' dates differ from the program's; otherwise the start date plus
 * N-1 days while that is one of the conference's days; otherwise 'Day N' (also while the settings load).
 * Sessions without a day are 'Unscheduled'.
 */
export function dayLabel(day: number | null, conference?: ConferenceDays, heldOn?: string | null): string {
  if (day == null) return 'Unscheduled';
  const date =
    (heldOn ? calendarDay(heldOn) : null) ??
    (conference && day >= 1 && day <= conferenceLength(conference) ? calendarDay(conference.startDate, day - 1) : null);
  return date ? `Day ${day} - ${WEEKDAYS[date.weekday]}, ${monthDay(date)}` : `Day ${day}`;
}

/** The calendar day ('YYYY-MM-DD') a moment falls on in the conference's zone; null for no date or an unknown zone. */
export function zonedDateKey(iso: string | null | undefined, timeZone: string): string | null {
  const t = iso ? new Date(iso) : null;
  if (!t || Number.isNaN(t.getTime())) return null;
  try {
    return zoneDateKey(t, timeZone);
  } catch {
    return null;
  }
}

/** The year of the conference's first day ('2025'), '' for no date. */
export function conferenceYear(c: ConferenceDays): string {
  return calendarDay(c.startDate)?.year.toString() ?? '';
}

/**
 * A moment's date in the conference's time zone, whatever the viewer's: 'Monday, Sept 8, 2025'.
 * Null for no date, or a zone Intl does not know.
 */
export function zonedDateLabel(iso: string | null, timeZone: string): string | null {
  const date = zonedDateKey(iso, timeZone);
  const day = date && calendarDay(date);
  return day && `${WEEKDAYS[day.weekday]}, ${monthDay(day)}, ${day.year}`;
}
