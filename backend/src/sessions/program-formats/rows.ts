import { parseSessionDate, zonedParts } from '../session-input';
import { clockOf, DATE_KEY, durationMinutes, type ParsedProgram, programFormat, type Talk } from './common';

/**
 * Talks placed in time: each becomes a row of the session import (the export's shape: title, speakers,
 * tags, format, date, day, startTime, endTime, location, description, externalId). Times the file
 * writes with an offset keep their published wall time; local times are wall times in the program's
 * zone; UTC times are shown in it. Days count from the program's first day (Day 1).
 */

export interface DayCount {
  date: string;
  day: number;
  sessions: number;
}

export interface ProgramSummary {
  days: DayCount[];
  rooms: string[];
  noTime: number;
  noRoom: number;
  serviceSessions: string[];
}

export interface PlacedProgram {
  rows: Record<string, unknown>[];
  summary: ProgramSummary;
}

const WALL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

interface Wall {
  date: string;
  minutes: number;
  instant: Date;
}

/** The wall date and time a start shows in `zone`, and its instant; undefined when it has no time. */
function wallOf(value: string | null | undefined, zone: string): Wall | undefined {
  const m = value ? WALL.exec(value.trim()) : null;
  if (!m) return undefined;
  const instant = parseSessionDate(value!.trim().replace(' ', 'T'), zone);
  if (!(instant instanceof Date)) return undefined;
  if (m[4] && m[4].toUpperCase() === 'Z') {
    const p = zonedParts(instant, zone);
    const date = `${p.y}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
    return { date, minutes: p.hour * 60 + p.minute, instant };
  }
  return { date: m[1], minutes: Number(m[2]) * 60 + Number(m[3]), instant };
}

/** Whole days from the first program day (Day 1). */
function dayNumber(date: string, first: string): number {
  const ms = (s: string) => Date.UTC(Number(s.slice(0, 4)), Number(s.slice(5, 7)) - 1, Number(s.slice(8, 10)));
  return Math.round((ms(date) - ms(first)) / 86400000) + 1;
}

function endClock(t: Talk, start: Wall, zone: string): string | null {
  const end = wallOf(t.end, zone);
  if (end) return clockOf(end.minutes);
  const minutes = durationMinutes(t.duration);
  return minutes === undefined ? null : clockOf(start.minutes + minutes);
}

function toRow(t: Talk, w: Wall | undefined, first: string | undefined, zone: string): Record<string, unknown> {
  const programDay = t.programDay ?? w?.date;
  const row: Record<string, unknown> = {
    title: t.title,
    speakers: t.speakers,
    tags: t.tags,
    format: t.service ? 'roundtable' : programFormat(t.type),
    date: w ? w.instant.toISOString() : null,
    day: programDay && first ? dayNumber(programDay, first) : null,
    startTime: w ? clockOf(w.minutes) : null,
    endTime: w ? endClock(t, w, zone) : null,
    location: t.room,
    description: t.description,
  };
  if (t.externalId) row.externalId = t.externalId;
  return row;
}

function summarize(talks: Talk[], rows: Record<string, unknown>[], walls: (Wall | undefined)[]): ProgramSummary {
  const days = new Map<string, DayCount>();
  rows.forEach((row, i) => {
    const date = talks[i].programDay ?? walls[i]?.date;
    if (!date || typeof row.day !== 'number') return;
    const entry = days.get(date) ?? { date, day: row.day, sessions: 0 };
    entry.sessions += 1;
    days.set(date, entry);
  });
  const rooms = [...new Set(talks.map((t) => t.room).filter((r): r is string => !!r))];
  return {
    days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
    rooms,
    noTime: walls.filter((w) => !w).length,
    noRoom: talks.filter((t) => !t.room).length,
    serviceSessions: talks.filter((t) => t.service).map((t) => t.title),
  };
}

/** The program's talks as import rows in `zone` (the program's own, else the conference's), with what they hold. */
export function placeProgram(program: ParsedProgram, zone: string): PlacedProgram {
  const talks = program.talks;
  const walls = talks.map((t) => wallOf(t.start, zone));
  const dates = [
    ...program.dayDates.filter((d) => DATE_KEY.test(d)),
    ...talks.map((t, i) => t.programDay ?? walls[i]?.date).filter((d): d is string => !!d),
  ].sort();
  const rows = talks.map((t, i) => toRow(t, walls[i], dates[0], zone));
  return { rows, summary: summarize(talks, rows, walls) };
}
