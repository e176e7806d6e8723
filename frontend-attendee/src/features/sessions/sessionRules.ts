import { HIDDEN_SESSION_TAGS, MAX_LISTED_SPEAKERS } from '@/constants';
import { type ConferenceDays, conferenceDayKey, dayLabel, zonedDateKey } from '@/lib/conferenceDates';
import type { Session } from '@/lib/types';
import { clockMinutes } from '@rules/clock';

/** Case-insensitive match of the search text on the title or any speaker (PRODUCT.md §2). */
export function matchesSearch(session: Pick<Session, 'title' | 'speakers'>, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return session.title.toLowerCase().includes(q) || session.speakers.some((s) => s.toLowerCase().includes(q));
}

function startKey(s: Session): number {
  const t = clockMinutes(s.startTime);
  if (t != null) return t;
  if (s.date) {
    const d = new Date(s.date);
    return d.getHours() * 60 + d.getMinutes();
  }
  return Number.MAX_SAFE_INTEGER;
}

export interface DayGroup {
  day: number | null;
  label: string;
  sessions: Session[];
}

/**
 * The date a day's sessions are held on, in the conference's zone: the settings' date for that day when one
 * of them is held on it, else the date most of them are held on (null when none carries one).
 */
function heldOn(sessions: Session[], day: number | null, conference: ConferenceDays): string | null {
  if (!conference.timeZone) return null;
  const counts = new Map<string, number>();
  for (const s of sessions) {
    const key = zonedDateKey(s.date, conference.timeZone);
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const settingsDay = day == null ? null : conferenceDayKey(conference, day);
  if (settingsDay && counts.has(settingsDay)) return settingsDay;
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

/**
 * Groups sessions by day (ascending, unscheduled last), each sorted by start time then title; the
 * headings name the conference's own days (`dayLabel`): the date the day's sessions are held on, else
 * the settings' day; plain 'Day N' until its settings are known.
 */
export function groupByDay(sessions: Session[], conference?: ConferenceDays): DayGroup[] {
  const groups = new Map<number | null, Session[]>();
  for (const s of sessions) {
    const list = groups.get(s.day ?? null) ?? [];
    list.push(s);
    groups.set(s.day ?? null, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER))
    .map(([day, list]) => ({
      day,
      label: dayLabel(day, conference, conference && heldOn(list, day, conference)),
      sessions: [...list].sort((a, b) => startKey(a) - startKey(b) || a.title.localeCompare(b.title)),
    }));
}

/** Tags shown on a session: never keynote, panel, workshop or discussion. */
export function visibleTags(tags: string[]): string[] {
  return tags.filter((t) => !(HIDDEN_SESSION_TAGS as readonly string[]).includes(t.trim().toLowerCase()));
}

/** 'A', 'A and B', 'A, B and 3 more'. */
export function speakersLabel(speakers: string[]): string {
  if (speakers.length <= MAX_LISTED_SPEAKERS) return speakers.join(' and ');
  return `${speakers.slice(0, MAX_LISTED_SPEAKERS).join(', ')} and ${speakers.length - MAX_LISTED_SPEAKERS} more`;
}

/** 'Transcript + PDF', 'Transcript', 'PDF' or 'No documents'. */
export function documentBadge(documentTypes: string[]): string {
  const transcript = documentTypes.includes('transcript');
  const pdf = documentTypes.includes('pdf');
  if (transcript && pdf) return 'Transcript + PDF';
  if (transcript) return 'Transcript';
  if (pdf) return 'PDF';
  return 'No documents';
}

export function timeLabel(s: Pick<Session, 'startTime' | 'endTime'>): string {
  if (s.startTime && s.endTime) return `${s.startTime} - ${s.endTime}`;
  return s.startTime ?? '';
}

/** Sessions without content cannot be chosen. */
export function isSelectable(s: Pick<Session, 'contentStatus'>): boolean {
  return s.contentStatus !== 'none';
}

/** The select-all flag: true when every selectable session is selected. */
export function allSelected(sessions: Session[], selected: ReadonlySet<string>): boolean {
  const selectable = sessions.filter(isSelectable);
  return selectable.length > 0 && selectable.every((s) => selected.has(s.id));
}
