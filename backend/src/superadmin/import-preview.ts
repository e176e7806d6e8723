import { BadRequestException } from '@nestjs/common';
import { canonicalTimeZone, type ConferenceSettings, programSettings, settingDifferences } from '../conference/conference-settings';
import type { ImportPlanRows, ParsedProgram } from '../sessions/program-formats';
import {
  IMPORT_FLAG_MESSAGE,
  IMPORT_MODE_MESSAGE,
  IMPORT_MODES,
  type ImportModeName,
  type ImportOptions,
  type ImportSessionsQuery,
} from './dto/import-sessions.dto';
import type { ImportPreview, ImportPreviewSession } from './dto/superadmin.response';

/** How many sessions a dry run shows as they would be stored. */
export const PREVIEW_EXAMPLES = 5;

function flag(body: Record<string, unknown>, name: string): boolean {
  const value = body[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new BadRequestException(IMPORT_FLAG_MESSAGE(name));
  return value;
}

/**
 * The import's options (`mode`, `dryRun`, `applyConference`) from a body of any shape, else from the
 * query string (checked by its DTO); 400 when one in the body is wrong.
 */
export function importOptions(body: unknown, query: ImportSessionsQuery = {}): ImportOptions {
  const b = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  if (b.mode !== undefined && !(IMPORT_MODES as readonly unknown[]).includes(b.mode)) throw new BadRequestException(IMPORT_MODE_MESSAGE);
  const fromQuery = (name: 'dryRun' | 'applyConference') => (b[name] === undefined ? query[name] === 'true' : flag(b, name));
  return {
    mode: (b.mode as ImportModeName | undefined) ?? query.mode,
    dryRun: fromQuery('dryRun'),
    applyConference: fromQuery('applyConference'),
  };
}

function example(row: Record<string, unknown>): ImportPreviewSession {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return {
    title: str(row.title) ?? 'Untitled Session',
    day: typeof row.day === 'number' ? row.day : null,
    startTime: str(row.startTime),
    endTime: str(row.endTime),
    location: str(row.location),
    speakers: Array.isArray(row.speakers) ? row.speakers.filter((s): s is string => typeof s === 'string') : [],
  };
}

/** What a dry run shows: the program as read, against the current settings and the sessions already stored. */
export function buildPreview(
  program: ParsedProgram,
  plan: ImportPlanRows,
  counts: { created: number; updated: number },
  settings: ConferenceSettings,
): ImportPreview {
  const proposed = programSettings(plan.info);
  const named = Object.keys(proposed).length > 0;
  return {
    sessions: plan.rows.length,
    toCreate: counts.created,
    toUpdate: counts.updated,
    days: plan.summary.days,
    rooms: plan.summary.rooms,
    noTime: plan.summary.noTime,
    noRoom: plan.summary.noRoom,
    serviceSessions: plan.summary.serviceSessions,
    timeZone: plan.timeZone,
    timeZoneFrom: !program.rows && canonicalTimeZone(program.info.timeZone) ? 'program' : 'conference',
    proposedConference: named ? { ...proposed } : null,
    differingFields: named ? settingDifferences(settings, proposed) : [],
    table: program.table ? { columns: program.table.columns, mapping: program.table.mapping, proposed: program.table.proposed } : null,
    examples: plan.rows.slice(0, PREVIEW_EXAMPLES).map((r) => example(typeof r === 'object' && r !== null ? r : {})),
  };
}

/** 'Dry run of a pretalx program: 68 sessions, 60 to create, 8 to update, 0 to skip. Nothing was written.' */
export function dryRunMessage(source: string, p: ImportPreview, skipped: number): string {
  const noun = p.sessions === 1 ? 'session' : 'sessions';
  return `Dry run of ${SOURCE_LABEL[source] ?? source}: ${p.sessions} ${noun}, ${p.toCreate} to create, ${p.toUpdate} to update, ${skipped} to skip. Nothing was written.`;
}

const SOURCE_LABEL: Record<string, string> = {
  sessions: 'a sessions export',
  pretalx: 'a pretalx program',
  frab: 'a frab/Pentabarf schedule.xml',
  sessionize: 'a Sessionize export',
  ical: 'an iCalendar feed',
  csv: 'a CSV sheet',
  xlsx: 'an XLSX sheet',
};
