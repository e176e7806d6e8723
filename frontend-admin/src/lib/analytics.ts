import type { AnalyticsEntry } from './types';

/** SPEC §2 super admin cards: Total Users, Total Logins, Total Chat Prompts. */
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

/** SPEC §5: the super admin import file must be JSON; its sessions array is sent. */
export function isJsonFile(file: Pick<File, 'type'>): boolean {
  return file.type === 'application/json';
}

/** The sessions of an export file (`{sessions: [...]}`; a bare array is accepted too), or null. */
export function sessionsOfExportFile(text: string): unknown[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (Array.isArray(parsed)) return parsed;
  const sessions = (parsed as { sessions?: unknown } | null)?.sessions;
  return Array.isArray(sessions) ? sessions : null;
}
