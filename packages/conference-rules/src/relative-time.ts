import { zoneDateKey } from './zone';

/**
 * How long ago something happened, the one rule of both apps (PRODUCT.md §2): under a minute 'Just now',
 * then minutes under 60, hours under 24; the activity log also counts days under 7. Past that, the date
 * (the chat's message times) or the date and time (the activity log), in `timeZone` when one is given:
 * the conference's, not the viewer's.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RelativeTimeOptions {
  now?: Date;
  /** The conference's zone for the date past the relative range; the runtime's own when left out. */
  timeZone?: string;
  /** The largest unit counted: 'hours' (chat message times) or 'days' (the activity log, under 7 days). */
  upTo?: 'hours' | 'days';
}

/** 'N minutes ago', 'N hours ago', 'N days ago' (PRODUCT.md §2), '1 minute ago' and so on for one. */
function ago(n: number, unit: 'minute' | 'hour' | 'day'): string {
  if (n === 1) return `1 ${unit} ago`;
  if (unit === 'minute') return `${n} minutes ago`;
  if (unit === 'hour') return `${n} hours ago`;
  return `${n} days ago`;
}

export function relativeTime(at: string | Date, { now = new Date(), timeZone, upTo = 'hours' }: RelativeTimeOptions = {}): string {
  const then = new Date(at);
  const diff = now.getTime() - then.getTime();
  if (Number.isNaN(diff) || diff < MINUTE) return 'Just now';
  if (diff < HOUR) return ago(Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return ago(Math.floor(diff / HOUR), 'hour');
  if (upTo === 'days') {
    if (diff < 7 * DAY) return ago(Math.floor(diff / DAY), 'day');
    return then.toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short', hour12: true });
  }
  return then.toLocaleDateString('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * A conversation's date in a list: 'Today, 2:05 PM', 'Yesterday, 9:10 AM' or 'Sep 7, 2025, 9:10 AM', the
 * days and the time in `timeZone` (the conference's; the runtime's own when left out).
 */
export function conversationDate(at: string | Date, now: Date = new Date(), timeZone?: string): string {
  const d = new Date(at);
  const time = d.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const dayNumber = (x: Date) => Date.parse(`${zoneDateKey(x, zone)}T00:00:00Z`) / DAY;
  const days = Math.round(dayNumber(now) - dayNumber(d));
  if (days === 0) return `Today, ${time}`;
  if (days === 1) return `Yesterday, ${time}`;
  return `${d.toLocaleDateString('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' })}, ${time}`;
}
