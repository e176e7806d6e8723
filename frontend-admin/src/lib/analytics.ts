import type { ImportOutcome, ImportSource } from './consoleApi';
import type { ColumnMapping } from './types';
import type { AnalyticsEntry } from './types';

/** PRODUCT.md §2 super admin cards: Total Users, Total Logins, Total Chat Prompts. */
export function analyticsTotals(entries: AnalyticsEntry[]): { users: number; logins: number; chatPrompts: number } {
  return entries.reduce(
    (t, e) => ({
      users: t.users + 1,
      logins: t.logins + (Number(e.totalLogins) || 0),
      chatPrompts: t.chatPrompts + (Number(e.totalChatPrompts) || 0),
    }),
    { users: 0, logins: 0, chatPrompts: 0 },
  );
}

/**
 * The super admin import takes a JSON file (an export, a pretalx or Sessionize program), a frab
 * schedule.xml, an iCalendar feed (.ics), a CSV or an XLSX sheet.
 */
export function isImportFile(file: Pick<File, 'type' | 'name'>): boolean {
  return isJsonFile(file) || isXmlFile(file) || isIcsFile(file) || isCsvFile(file) || isXlsxFile(file);
}

/** What the file input accepts. */
export const IMPORT_ACCEPT = '.json,.xml,.ics,.csv,.xlsx';

export function isIcsFile(file: Pick<File, 'type' | 'name'>): boolean {
  return file.type === 'text/calendar' || /\.ics$/i.test(file.name);
}

export function isCsvFile(file: Pick<File, 'type' | 'name'>): boolean {
  return file.type === 'text/csv' || /\.csv$/i.test(file.name);
}

export function isXlsxFile(file: Pick<File, 'type' | 'name'>): boolean {
  return file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' || /\.xlsx$/i.test(file.name);
}

export function isJsonFile(file: Pick<File, 'type'> & Partial<Pick<File, 'name'>>): boolean {
  return file.type === 'application/json' || (!file.type && /\.json$/i.test(file.name ?? ''));
}

export function isXmlFile(file: Pick<File, 'type' | 'name'>): boolean {
  return /^(application|text)\/xml$/.test(file.type) || (!file.type && /\.xml$/i.test(file.name));
}

/** The sessions of an export file (`{sessions: [...]}`; a bare array is accepted too), or null. */
export function sessionsOfExportFile(text: string): unknown[] | null {
  const parsed = parseJson(text);
  if (Array.isArray(parsed)) return parsed;
  const sessions = (parsed as { sessions?: unknown } | null)?.sessions;
  return Array.isArray(sessions) ? sessions : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A bare array that is a published program (Sessionize's grid of days, pretalx talks with slots), not export rows. */
function isProgramArray(list: unknown[]): boolean {
  return list.some((x) => isObject(x) && ((Array.isArray(x.rooms) && 'date' in x) || 'slot' in x || 'slots' in x));
}

/**
 * What to send for a chosen text file, by its shape: the sessions of an export (`{sessions, exportedAt?}`
 * or a bare array of rows), a pretalx `schedule.json` (`{schedule: ...}`), any other JSON program as it is
 * (the server reads pretalx and Sessionize by shape and names what it reads otherwise), the text of a
 * frab `schedule.xml`, an iCalendar feed or a CSV sheet; null when it is none of them.
 */
export function importSourceOf(file: Pick<File, 'type' | 'name'>, text: string): ImportSource | null {
  if (isXmlFile(file)) return /<schedule[\s>]/.test(text) ? { kind: 'frab', xml: text } : null;
  if (isIcsFile(file)) return /BEGIN:VCALENDAR/i.test(text) ? { kind: 'ics', ics: text } : null;
  if (isCsvFile(file)) return text.trim() ? { kind: 'csv', csv: text } : null;
  const parsed = parseJson(text);
  if (Array.isArray(parsed)) return isProgramArray(parsed) ? { kind: 'json', program: parsed } : { kind: 'sessions', sessions: parsed };
  if (!isObject(parsed)) return null;
  if (Array.isArray(parsed.sessions) && Object.keys(parsed).every((k) => k === 'sessions' || k === 'exportedAt')) {
    return { kind: 'sessions', sessions: parsed.sessions };
  }
  if (isObject(parsed.schedule)) return { kind: 'pretalx', schedule: parsed };
  return { kind: 'json', program: parsed };
}

/** An ArrayBuffer as base64 (in chunks, so a large sheet does not overflow the call stack). */
export function base64Of(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** What to send for a chosen file: an XLSX workbook as base64, any other file by its text (importSourceOf). */
export async function readImportSource(file: File): Promise<ImportSource | null> {
  if (isXlsxFile(file)) return { kind: 'xlsx', xlsx: base64Of(await file.arrayBuffer()) };
  return importSourceOf(file, await file.text());
}

/** The fields a CSV/XLSX column mapping sets, as the mapping step names them. */
export const MAPPING_FIELDS: { field: keyof ColumnMapping; label: string }[] = [
  { field: 'title', label: 'Title' },
  { field: 'date', label: 'Date' },
  { field: 'start', label: 'Start time' },
  { field: 'end', label: 'End time' },
  { field: 'room', label: 'Room' },
  { field: 'speakers', label: 'Speakers' },
  { field: 'tags', label: 'Track / tags' },
  { field: 'description', label: 'Description' },
  { field: 'id', label: 'Id (for re-imports)' },
];

/** 'Created 3, updated 25, skipped 0.': what an import did. */
export function importSummary(outcome: Pick<ImportOutcome, 'created' | 'updated' | 'skipped'>): string {
  return `Created ${outcome.created}, updated ${outcome.updated}, skipped ${outcome.skipped}.`;
}
