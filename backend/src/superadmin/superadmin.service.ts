import { BadRequestException, Injectable } from '@nestjs/common';
import type { ConferenceSettings, ProgramSettingField } from '../conference/conference-settings';
import { ConferenceService, type ProgramAdoption } from '../conference/conference.service';
import { ProgramFormatError, readProgram } from '../sessions/program-formats';
import { SessionsService } from '../sessions/sessions.service';
import {
  IMPORT_SHAPE_MESSAGE,
  IMPORT_TOO_MANY_MESSAGE,
  type ImportModeName,
  type ImportSessionsDto,
  MAX_IMPORT_ROWS,
} from './dto/import-sessions.dto';
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
   * Imports the export's `sessions`, a pretalx schedule or a frab schedule.xml (told apart by shape).
   * Bad rows are skipped and named. Mode left out: create-new for `sessions` (the spec's behaviour),
   * upsert for a published program (importing it again updates the sessions it created).
   * A published program that imported sessions also brings its conference's name, dates and time zone
   * into the settings while they are still the spec's conference; otherwise the message says where
   * they differ (ConferenceService.adoptProgram).
   */
  async importSessions(body: Pick<ImportSessionsDto, 'sessions' | 'schedule' | 'xml' | 'mode'>): Promise<ImportResponse> {
    let program;
    try {
      program = readProgram(body);
    } catch (err) {
      if (err instanceof ProgramFormatError) throw new BadRequestException(err.message);
      throw err;
    }
    if (!program) throw new BadRequestException(IMPORT_SHAPE_MESSAGE);
    const rows = program.rows;
    if (rows.length > MAX_IMPORT_ROWS) throw new BadRequestException(IMPORT_TOO_MANY_MESSAGE);
    const mode: ImportModeName = body.mode ?? (program.source === 'sessions' ? 'create-new' : 'upsert');
    const { imported, created, updated, skipped } = await this.sessions.importMany(rows, mode);
    const noun = rows.length === 1 ? 'session' : 'sessions';
    let message = `Successfully imported ${imported} of ${rows.length} ${noun}: ${created} created, ${updated} updated.`;
    if (skipped.length) {
      const first = skipped
        .slice(0, 5)
        .map((s) => `#${s.index + 1} (${s.reason})`)
        .join(', ');
      message += ` Skipped ${skipped.length}: ${first}${skipped.length > 5 ? ', …' : ''}.`;
    }
    const adoption = imported > 0 ? await this.conference.adoptProgram(program.info) : undefined;
    if (adoption) message += describeAdoption(adoption);
    const conference = adoption ? { outcome: adoption.outcome, fields: adoption.fields, settings: adoption.settings } : null;
    return { message, imported, created, updated, skipped, mode, source: program.source, conference };
  }
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
