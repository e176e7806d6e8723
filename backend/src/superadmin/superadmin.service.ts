import { BadRequestException, Injectable } from '@nestjs/common';
import type { ConferenceSettings, ProgramSettingField } from '../conference/conference-settings';
import { ConferenceService, type ProgramAdoption } from '../conference/conference.service';
import {
  detect,
  type ImportPlanRows,
  importRows,
  type ParsedProgram,
  PROGRAM_FORMATS_READ,
  ProgramFormatError,
  type ProgramInfo,
  readProgram,
} from '../sessions/program-formats';
import { SessionsService } from '../sessions/sessions.service';
import {
  IMPORT_SHAPE_MESSAGE,
  IMPORT_TOO_MANY_MESSAGE,
  type ImportModeName,
  type ImportSessionsQuery,
  MAX_IMPORT_ROWS,
} from './dto/import-sessions.dto';
import { buildPreview, dryRunMessage, importOptions } from './import-preview';
import type { SessionExportFile } from '../sessions/dto/session.response';
import type { ImportResponse, UserAnalytics } from './dto/superadmin.response';
import { SuperadminRepository } from './superadmin.repository';

@Injectable()
export class SuperadminService {
  constructor(
    private readonly repo: SuperadminRepository,
    private readonly sessions: SessionsService,
    private readonly conference: ConferenceService,
  ) {}

  async analytics(): Promise<UserAnalytics[]> {
    const rows = await this.repo.userAnalytics();
    return rows.map((r) => ({
      ...r,
      lastLogin: r.lastLogin ? new Date(r.lastLogin).toISOString() : null,
      createdAt: new Date(r.createdAt).toISOString(),
    }));
  }

  /** The same file as the admin export (SessionsService.exportFile). */
  exportSessions(now: Date): Promise<{ filename: string; file: SessionExportFile }> {
    return this.sessions.exportFile(now);
  }

  /**
   * Imports a program of any shape it reads (the export's `sessions`, pretalx, frab/Pentabarf XML,
   * Sessionize, iCalendar, CSV/XLSX with a column mapping), told apart by shape. Bad rows are skipped
   * and named. Mode left out: create-new for `sessions` (the spec's behaviour), upsert for a published
   * program (importing it again updates the sessions it created, by the source's own ids).
   * A published program that imported sessions also brings its conference's name, dates and time zone
   * into the settings while they are still the spec's conference (or always, with `applyConference`);
   * otherwise the message says where they differ (ConferenceService.adoptProgram).
   * `dryRun`: nothing is written; the answer's `preview` says what would happen.
   */
  async importSessions(body: unknown, query: ImportSessionsQuery = {}): Promise<ImportResponse> {
    const options = importOptions(body, query);
    const program = await readBody(body);
    const settings = await this.conference.get();
    const plan = placeRows(program, settings.timeZone);
    const rows = plan.rows;
    if (rows.length > MAX_IMPORT_ROWS) throw new BadRequestException(IMPORT_TOO_MANY_MESSAGE);
    const mode: ImportModeName = options.mode ?? (program.source === 'sessions' ? 'create-new' : 'upsert');
    if (options.dryRun) {
      const outcome = await this.sessions.previewMany(rows, mode);
      const preview = buildPreview(program, plan, outcome, settings);
      const message = dryRunMessage(program.source, preview, outcome.skipped.length);
      return {
        message,
        imported: 0,
        created: 0,
        updated: 0,
        skipped: outcome.skipped,
        mode,
        source: program.source,
        conference: null,
        dryRun: true,
        preview,
      };
    }
    const { imported, created, updated, skipped } = await this.sessions.importMany(rows, mode);
    let message = importMessage(rows.length, imported, created, updated, skipped);
    const adoption = imported > 0 ? await this.adopt(plan.info, options.applyConference) : undefined;
    if (adoption) message += describeAdoption(adoption);
    const conference = adoption ? { outcome: adoption.outcome, fields: adoption.fields, settings: adoption.settings } : null;
    return { message, imported, created, updated, skipped, mode, source: program.source, conference };
  }

  private adopt(info: ProgramInfo, apply: boolean): Promise<ProgramAdoption | undefined> {
    return apply ? this.conference.applyProgram(info) : this.conference.adoptProgram(info);
  }
}

/** The program in a body, or 400: the shape is not one it reads, or the file cannot be read. */
async function readBody(body: unknown): Promise<ParsedProgram> {
  let program: ParsedProgram | undefined;
  try {
    program = await readProgram(body);
  } catch (err) {
    if (err instanceof ProgramFormatError) throw new BadRequestException(err.message);
    throw new BadRequestException(unreadable(detect(body)));
  }
  if (!program) throw new BadRequestException(IMPORT_SHAPE_MESSAGE);
  return program;
}

/** The program's rows placed in time; a file that breaks the reader is a 400, never a 500. */
function placeRows(program: ParsedProgram, zone: string): ImportPlanRows {
  try {
    return importRows(program, zone);
  } catch {
    throw new BadRequestException(unreadable(program.source));
  }
}

function unreadable(source: string | undefined): string {
  return `The file looks like ${source ?? 'a program'} but could not be read. The importer reads: ${PROGRAM_FORMATS_READ}.`;
}

/** 'Successfully imported 3 of 4 sessions: 1 created, 2 updated. Skipped 1: #2 (invalid date).' */
function importMessage(total: number, imported: number, created: number, updated: number, skipped: ImportResponse['skipped']): string {
  const noun = total === 1 ? 'session' : 'sessions';
  let message = `Successfully imported ${imported} of ${total} ${noun}: ${created} created, ${updated} updated.`;
  if (skipped.length) {
    const first = skipped
      .slice(0, 5)
      .map((s) => `#${s.index + 1} (${s.reason})`)
      .join(', ');
    message += ` Skipped ${skipped.length}: ${first}${skipped.length > 5 ? ', …' : ''}.`;
  }
  return message;
}

const FIELD_LABEL: Record<ProgramSettingField, string> = { name: 'name', dates: 'dates', timeZone: 'time zone' };

function fieldValue(field: ProgramSettingField, s: Partial<ConferenceSettings>): string {
  if (field === 'dates') return s.startDate === s.endDate ? `${s.startDate}` : `${s.startDate} to ${s.endDate}`;
  return `${field === 'name' ? s.name : s.timeZone}`;
}

function joinAnd(parts: string[]): string {
  return parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The sentence the import message gets for what the program did to the conference settings. */
export function describeAdoption(a: ProgramAdoption): string {
  if (a.outcome === 'same') return '';
  if (a.outcome === 'applied') {
    const set = a.fields.map((f) => `${FIELD_LABEL[f]} ${fieldValue(f, a.program)}`).join(', ');
    return ` Conference settings now follow the program: ${set}. The venue (${a.settings.venue}) is unchanged: set it in Conference Settings.`;
  }
  const programs = joinAnd(a.fields.map((f) => `${FIELD_LABEL[f]} (${fieldValue(f, a.program)})`));
  const settings = a.fields.map((f) => fieldValue(f, a.settings)).join(', ');
  return ` The program's ${programs} differ from the conference settings (${settings}), which were left as they are: change them in Conference Settings if the program is right.`;
}
