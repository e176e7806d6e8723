import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Roles } from '../common/roles';
import { ImportSessionsDto } from './dto/import-sessions.dto';
import { SessionExportFile } from '../sessions/dto/session.response';
import { ImportResponse, UserAnalytics } from './dto/superadmin.response';
import { SuperadminService } from './superadmin.service';

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

  @Post('import-sessions')
  @HttpCode(200)
  importSessions(@Body() dto: ImportSessionsDto): Promise<ImportResponse> {
    return this.superadmin.importSessions(dto);
  }
}
