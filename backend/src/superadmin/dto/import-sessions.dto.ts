import { ArrayMaxSize, IsArray, IsIn, IsOptional } from 'class-validator';

export const MAX_IMPORT_ROWS = 5000;
export const IMPORT_MODES = ['create-new'] as const;
export const IMPORT_SHAPE_MESSAGE = 'Import data must be a JSON object with a "sessions" array.';

/** Body of POST /api/superadmin/import-sessions. `mode` defaults to create-new, the only mode. */
export class ImportSessionsDto {
  /** Rows are checked one by one by the sessions service (bad rows are skipped and reported). */
  @IsArray({ message: IMPORT_SHAPE_MESSAGE })
  @ArrayMaxSize(MAX_IMPORT_ROWS, { message: `An import can hold at most ${MAX_IMPORT_ROWS} sessions.` })
  sessions!: unknown[];

  @IsOptional()
  @IsIn(IMPORT_MODES, { message: "Only the 'create-new' import mode is supported." })
  mode?: (typeof IMPORT_MODES)[number];
}
