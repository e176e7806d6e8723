import { IsIn, IsOptional } from 'class-validator';
import { PROGRAM_FORMATS_READ } from '../../sessions/program-formats';

export const MAX_IMPORT_ROWS = 5000;
export const IMPORT_MODES = ['create-new', 'upsert'] as const;
export type ImportModeName = (typeof IMPORT_MODES)[number];
export const IMPORT_SHAPE_MESSAGE = `Import data must be a JSON object with a "sessions" array, or a program as its organisers publish it. The importer reads: ${PROGRAM_FORMATS_READ}.`;
export const IMPORT_MODE_MESSAGE = "Import mode must be 'create-new' (add every session as new) or 'upsert' (update matching sessions).";
export const IMPORT_TOO_MANY_MESSAGE = `An import can hold at most ${MAX_IMPORT_ROWS} sessions.`;
export const IMPORT_FLAG_MESSAGE = (name: string) => `"${name}" must be true or false.`;

/** CSV/XLSX: which column (by its header) holds each field; only `title` is needed. */
export class ColumnMappingDto {
  title?: string;
  /** 'YYYY-MM-DD' or 'DD/MM/YYYY', or a date and time. */
  date?: string;
  /** '14:05', '2:05 PM', '14h05', or a date and time. */
  start?: string;
  end?: string;
  room?: string;
  /** Names separated by ';', '|', line breaks or commas. */
  speakers?: string;
  /** Track, type or tags, separated the same way. */
  tags?: string;
  description?: string;
  /** The row's own id: re-importing updates the session with the same 'csv:<id>'. */
  id?: string;
}

/**
 * Body of POST /api/superadmin/import-sessions (role superadmin), one of:
 * - `{sessions: [...]}`: the export's rows (PRODUCT.md §7);
 * - a published JSON program as the body itself: pretalx (`{schedule}` schedule.json or talk listing,
 *   `{results}` API talks, a bare array of talks), Sessionize (All data, or the schedule grid's array of days);
 * - a file wrapped as text: `{xml}` (frab/Pentabarf schedule.xml), `{ics}`, `{csv, mapping?}`, `{xlsx: base64, mapping?}`.
 * Raw `text/xml`, `text/calendar`, `text/csv` and XLSX bodies are read too (flags then in the query string).
 * `mode`: 'create-new' (the spec's: new copies) or 'upsert' (update the sessions a row names by id or
 * source id, create the others). Left out: create-new for `sessions`, upsert for a published program.
 */
export class ImportSessionsDto {
  /** The export's rows; checked one by one (bad rows are skipped and reported). */
  sessions?: unknown[];
  /** A pretalx schedule export, as its file holds it under `schedule`. */
  schedule?: Record<string, unknown>;
  /** A frab-compatible schedule.xml, as text. */
  xml?: string;
  /** An iCalendar feed, as text. */
  ics?: string;
  /** A CSV program, as text (header row first). */
  csv?: string;
  /** An XLSX workbook, base64 (its first sheet, header row first). */
  xlsx?: string;
  /** CSV/XLSX: field → column; left out, one is proposed from the header names. */
  mapping?: ColumnMappingDto;
  mode?: ImportModeName;
  /** Read and check the program, write nothing: the answer's `preview` says what the import would do. */
  dryRun?: boolean;
  /** Also set the conference's name, dates and time zone from the program (even when an admin set them). */
  applyConference?: boolean;
}

/**
 * The import's flags in the query string, for a body that cannot carry them: a bare JSON array (the
 * Sessionize grid, pretalx talks) or a raw file (`text/xml`, `text/calendar`, `text/csv`, XLSX).
 * A flag in the body wins over the same flag here.
 */
export class ImportSessionsQuery {
  @IsOptional()
  @IsIn(IMPORT_MODES, { message: IMPORT_MODE_MESSAGE })
  mode?: ImportModeName;

  @IsOptional()
  @IsIn(['true', 'false'], { message: IMPORT_FLAG_MESSAGE('dryRun') })
  dryRun?: 'true' | 'false';

  @IsOptional()
  @IsIn(['true', 'false'], { message: IMPORT_FLAG_MESSAGE('applyConference') })
  applyConference?: 'true' | 'false';
}

/** The import's options, read from a body of any shape. */
export interface ImportOptions {
  mode?: ImportModeName;
  dryRun: boolean;
  applyConference: boolean;
}
