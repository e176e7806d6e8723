import type { ImportOutcome, ImportSource } from './consoleApi';
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

/** The super admin import takes a JSON file (an export, a pretalx schedule.json) or a frab schedule.xml. */
export function isImportFile(file: Pick<File, 'type' | 'name'>): boolean {
  return isJsonFile(file) || isXmlFile(file);
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

/**
 * What to send for a chosen import file, by its shape: the sessions of an export, a pretalx
 * `schedule.json` (`{schedule: {conference: ...}}`), or the text of a frab `schedule.xml`; null when
 * it is none of them.
 */
export function importSourceOf(file: Pick<File, 'type' | 'name'>, text: string): ImportSource | null {
  if (isXmlFile(file)) return /<schedule[\s>]/.test(text) ? { kind: 'frab', xml: text } : null;
  const sessions = sessionsOfExportFile(text);
  if (sessions) return { kind: 'sessions', sessions };
  const parsed = parseJson(text);
  const schedule = (parsed as { schedule?: unknown } | null)?.schedule;
  if (schedule && typeof schedule === 'object' && !Array.isArray(schedule)) return { kind: 'pretalx', schedule: parsed as object };
  return null;
}

/** 'Created 3, updated 25, skipped 0.': what an import did. */
export function importSummary(outcome: Pick<ImportOutcome, 'created' | 'updated' | 'skipped'>): string {
  return `Created ${outcome.created}, updated ${outcome.updated}, skipped ${outcome.skipped}.`;
}
