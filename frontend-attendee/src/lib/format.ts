import type { User } from './types';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** PRODUCT.md §2 message times: 'Just now', 'N minutes ago', 'N hours ago', otherwise the date. */
export function messageTimeLabel(createdAt: string | Date, now: Date = new Date()): string {
  const at = new Date(createdAt);
  const diff = now.getTime() - at.getTime();
  if (Number.isNaN(diff) || diff < MINUTE) return 'Just now';
  if (diff < HOUR) {
    const n = Math.floor(diff / MINUTE);
    return `${n} ${n === 1 ? 'minute' : 'minutes'} ago`;
  }
  if (diff < DAY) {
    const n = Math.floor(diff / HOUR);
    return `${n} ${n === 1 ? 'hour' : 'hours'} ago`;
  }
  return at.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** PRODUCT.md §2 welcome text: name, else first name, else 'User'. */
export function welcomeName(user: Pick<User, 'name' | 'firstName'> | null | undefined): string {
  return user?.name?.trim() || user?.firstName?.trim() || 'User';
}

/** Seconds into a recording as m:ss or h:mm:ss. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Where a passage sits in its document: 'Page 3' or 'At 12:34'. */
export function passageLocation(p: {
  page?: number | null;
  startTime?: number | null;
  line?: number | null;
  lineEnd?: number | null;
}): string {
  if (p.page != null) return `Page ${p.page}`;
  if (p.startTime != null) return `At ${formatSeconds(p.startTime)}`;
  if (p.line != null) return p.lineEnd != null && p.lineEnd > p.line ? `Lines ${p.line}–${p.lineEnd}` : `Line ${p.line}`;
  return '';
}

/** A simple {email} pattern (PRODUCT.md §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** A conversation's date in the list: 'Today, 2:05 PM', 'Yesterday, 9:10 AM' or 'Sep 7, 2025, 9:10 AM'. */
export function conversationDate(at: string | Date, now: Date = new Date()): string {
  const d = new Date(at);
  const time = d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  const dayStart = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const days = Math.round((dayStart(now) - dayStart(d)) / DAY);
  if (days === 0) return `Today, ${time}`;
  if (days === 1) return `Yesterday, ${time}`;
  return `${d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}, ${time}`;
}
