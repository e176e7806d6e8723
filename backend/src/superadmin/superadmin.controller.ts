import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import type { Response } from 'express';
import { Roles } from '../auth/roles';
import { ImportSessionsDto, ImportSessionsQuery } from './dto/import-sessions.dto';
import { SessionExportFile } from '../sessions/dto/session.response';
import { ImportResponse, UserAnalytics } from './dto/superadmin.response';
import { SuperadminService } from './superadmin.service';

/** Any JSON: the shape decides (see ImportSessionsDto). */
type ImportBody = Record<string, unknown> | unknown[];

@Roles('superadmin')
@Controller('api/superadmin')
export class SuperadminController {
  constructor(private readonly superadmin: SuperadminService) {}

  @Get('analytics')
  analytics(): Promise<UserAnalytics[]> {
    return this.superadmin.analytics();
  }

  /** A JSON attachment named sessions_export_YYYY-MM-DD.json (the conference's date). */
  @Get('export-sessions')
  async exportSessions(@Res({ passthrough: true }) res: Response): Promise<SessionExportFile> {
    const { filename, file } = await this.superadmin.exportSessions(new Date());
    res.attachment(filename);
    return file;
  }

  /**
   * Imports a program: the export's `{sessions}`, a published JSON program as the body itself, or a
   * file wrapped as text (`{xml}`, `{ics}`, `{csv}`, `{xlsx}`). The body is read by shape in the
   * service (a DTO would strip a published program's fields), so it is taken as it came. A body that
   * cannot carry the flags (a bare array, a raw file) gives them in the query string.
   */
  @Post('import-sessions')
  @HttpCode(200)
  @ApiBody({ type: ImportSessionsDto })
  importSessions(@Body() body: ImportBody, @Query() query: ImportSessionsQuery): Promise<ImportResponse> {
    return this.superadmin.importSessions(body, query);
  }
}
