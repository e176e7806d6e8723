import { DEFAULT_SESSION_FORMAT, MSG_IMPORT_COMPLETE_TEMPLATE, UNTITLED_SESSION } from '@/constants';
import { localDateStamp } from './format';
import type { Session, SessionPayload } from './types';

/** SPEC §5: comma separated, trimmed, empties dropped. */
export function splitList(value: string | string[] | null | undefined): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** An ISO date as the value of a datetime-local input, in the browser's time zone (SPEC §2 edit dialog). */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO string, or null when empty. */
export function localInputToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export interface SessionFormValues {
  title?: string;
  speakers?: string | string[];
  tags?: string | string[];
  date?: string | null;
  format?: string | null;
}

/** The create/edit form's values as the API payload (SPEC §5 session form rules). */
export function toSessionPayload(values: SessionFormValues): SessionPayload {
  return {
    title: (values.title ?? '').trim(),
    speakers: splitList(values.speakers),
    tags: splitList(values.tags),
    date: localInputToIso(values.date),
    format: values.format?.trim() || DEFAULT_SESSION_FORMAT,
  };
}

/** A session as the create/edit form's initial values (lists joined, date as local datetime). */
export function toSessionFormValues(session: Session): Required<Omit<SessionFormValues, 'date'>> & { date: string } {
  return {
    title: session.title,
    speakers: session.speakers.join(', '),
    tags: session.tags.join(', '),
    date: isoToLocalInput(session.date),
    format: session.format || DEFAULT_SESSION_FORMAT,
  };
}

/** SPEC §7: the admin export file name. */
export function sessionsExportFileName(now: Date = new Date()): string {
  return `sessions_export_${localDateStamp(now)}.json`;
}

export type ImportParseResult = { ok: true; sessions: SessionPayload[] } | { ok: false };

/**
 * SPEC §5 (admin import): the text must be a JSON array; a missing title becomes 'Untitled Session',
 * speakers and tags default empty, date null, format falls back to type, then panel.
 */
export function parseSessionImport(text: string): ImportParseResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  if (!Array.isArray(parsed)) return { ok: false };
  const sessions = parsed.map((raw): SessionPayload => {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const title = typeof item.title === 'string' && item.title.trim() ? item.title.trim() : UNTITLED_SESSION;
    const list = (v: unknown) => (Array.isArray(v) || typeof v === 'string' ? splitList(v as string | string[]) : []);
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    const date = typeof item.date === 'string' && !Number.isNaN(new Date(item.date).getTime()) ? new Date(item.date).toISOString() : null;
    return {
      title,
      speakers: list(item.speakers),
      tags: list(item.tags),
      date,
      format: text(item.format) ?? text(item.type) ?? DEFAULT_SESSION_FORMAT,
    };
  });
  return { ok: true, sessions };
}

/** SPEC §8: 'Successfully imported n of m sessions'. */
export function importCompleteMessage(imported: number, total: number): string {
  return MSG_IMPORT_COMPLETE_TEMPLATE.replace('n of m', `${imported} of ${total}`);
}
