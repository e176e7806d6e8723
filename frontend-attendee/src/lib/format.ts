import type { User } from './types';

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
