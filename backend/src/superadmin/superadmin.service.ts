import { Injectable } from '@nestjs/common';
import { SessionsService } from '../sessions/sessions.service';
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

  /** Mode create-new: every valid row becomes a new session; bad rows are skipped and named. */
  async importSessions(rows: unknown[]): Promise<ImportResponse> {
    const { imported, skipped } = await this.sessions.importMany(rows);
    const noun = rows.length === 1 ? 'session' : 'sessions';
    let message = `Successfully imported ${imported} of ${rows.length} ${noun}.`;
    if (skipped.length) {
      const first = skipped
        .slice(0, 5)
        .map((s) => `#${s.index + 1} (${s.reason})`)
        .join(', ');
      message += ` Skipped ${skipped.length}: ${first}${skipped.length > 5 ? ', …' : ''}.`;
    }
    return { message, imported, skipped };
  }
}
