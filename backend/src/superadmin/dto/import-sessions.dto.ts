import { ArrayMaxSize, IsArray, IsIn, IsObject, IsOptional, IsString, ValidateIf } from 'class-validator';

export const MAX_IMPORT_ROWS = 5000;
export const IMPORT_MODES = ['create-new', 'upsert'] as const;
export type ImportModeName = (typeof IMPORT_MODES)[number];
export const IMPORT_SHAPE_MESSAGE = 'Import data must be a JSON object with a "sessions" array.';
export const IMPORT_MODE_MESSAGE = "Import mode must be 'create-new' (add every session as new) or 'upsert' (update matching sessions).";
export const IMPORT_TOO_MANY_MESSAGE = `An import can hold at most ${MAX_IMPORT_ROWS} sessions.`;

/**
 * Body of POST /api/superadmin/import-sessions, one of:
 * - `{sessions: [...]}`: the export's rows (PRODUCT.md §7);
 * - `{schedule: {...}}`: a pretalx schedule export (`schedule.json`, or the talk listing keyed by date);
 * - `{xml: '<schedule>…</schedule>'}`: a frab-compatible schedule.xml.
 * `mode`: 'create-new' (the spec's: new copies) or 'upsert' (update the sessions a row names by id or
 * source id, create the others). Left out: create-new for `sessions`, upsert for a published program.
 */
export class ImportSessionsDto {
  /** Rows are checked one by one by the sessions service (bad rows are skipped and reported). */
  @ValidateIf((o: ImportSessionsDto) => o.schedule === undefined && o.xml === undefined)
  @IsArray({ message: IMPORT_SHAPE_MESSAGE })
  @ArrayMaxSize(MAX_IMPORT_ROWS, { message: IMPORT_TOO_MANY_MESSAGE })
  sessions?: unknown[];

  /** A pretalx schedule export, as its file holds it under `schedule`. */
  @IsOptional()
  @IsObject({ message: IMPORT_SHAPE_MESSAGE })
  schedule?: Record<string, unknown>;

  /** A frab-compatible schedule.xml, as text. */
  @IsOptional()
  @IsString({ message: IMPORT_SHAPE_MESSAGE })
  xml?: string;

  @IsOptional()
  @IsIn(IMPORT_MODES, { message: IMPORT_MODE_MESSAGE })
  mode?: ImportModeName;
}
