import { BadRequestException, Injectable } from '@nestjs/common';
import { ProgramFormatError, readProgram } from '../sessions/program-formats';
import { SessionsService } from '../sessions/sessions.service';
import {
  IMPORT_SHAPE_MESSAGE,
  IMPORT_TOO_MANY_MESSAGE,
  type ImportModeName,
  type ImportSessionsDto,
  MAX_IMPORT_ROWS,
} from './dto/import-sessions.dto';
import type { ImportResponse, SessionExportFile, UserAnalytics } from './dto/superadmin.response';
import { SuperadminRepository } from './superadmin.repository';

@Injectable()
export class SuperadminService {
  constructor(
    private readonly repo: SuperadminRepository,
    private readonly sessions: SessionsService,
  ) {}

  async analytics(): Promise<UserAnalytics[]> {
    const rows = await this.repo.userAnalytics();
    return rows.map((r) => ({
      ...r,
      lastLogin: r.lastLogin ? new Date(r.lastLogin).toISOString() : null,
      createdAt: new Date(r.createdAt).toISOString(),
    }));
  }

  async exportSessions(now: Date): Promise<SessionExportFile> {
    return { exportedAt: now.toISOString(), sessions: await this.sessions.exportAll() };
  }

  /**
   * Imports the export's `sessions`, a pretalx schedule or a frab schedule.xml (told apart by shape).
   * Bad rows are skipped and named. Mode left out: create-new for `sessions` (the spec's behaviour),
   * upsert for a published program (importing it again updates the sessions it created).
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
    return { message, imported, created, updated, skipped, mode, source: program.source };
  }
}
