import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendPreparedJson } from './prepared-json';
import { AuthUser, CurrentUser, Roles } from '../auth/roles';
import { CalendarQueryDto, SessionInputDto, SessionListQueryDto } from './dto/session-input.dto';
import { SessionExportFile, SessionResponse } from './dto/session.response';
import { CALENDAR_IDS_MESSAGE, MAX_CALENDAR_IDS } from './dto/sessions.messages';
import { SessionsService } from './sessions.service';

function sendCalendar(res: Response, file: { ics: string; filename: string }): void {
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.attachment(file.filename);
  res.send(file.ics);
}

@Controller('api')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  /** Attendee view (sessions with documents); `?includeAll=true` every session; `?admin=true` (admins) with documents. */
  @Get('sessions')
  @ApiOkResponse({ type: [SessionResponse] })
  async list(@CurrentUser() user: AuthUser, @Query() query: SessionListQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    // Sent as prepared once per content version (the list is read far more often than it changes).
    sendPreparedJson(req, res, await this.sessions.listPrepared(user.role, query));
  }

  /** The listed sessions (`?ids=a,b,c`, at most 50) as one .ics, in the conference's time zone. */
  @Get('sessions/calendar.ics')
  @ApiProduces('text/calendar')
  async calendarOfMany(@Query() query: CalendarQueryDto, @Res() res: Response): Promise<void> {
    const ids = [
      ...new Set(
        (query.ids ?? '')
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0 || ids.length > MAX_CALENDAR_IDS) throw new BadRequestException(CALENDAR_IDS_MESSAGE);
    sendCalendar(res, await this.sessions.calendar(ids));
  }

  /** One session as an .ics event ("Add to calendar"), in the conference's time zone. */
  @Get('sessions/:id/calendar.ics')
  @ApiProduces('text/calendar')
  async calendarOfOne(@Param('id') id: string, @Res() res: Response): Promise<void> {
    sendCalendar(res, await this.sessions.calendar([id.toLowerCase()]));
  }

  /** One session, documented or not (its documents listed for admins). */
  @Get('sessions/:id')
  getOne(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<SessionResponse> {
    return this.sessions.getOne(user.role, id);
  }

  /** Every session as the JSON attachment sessions_export_YYYY-MM-DD.json: the super admin's export file. */
  @Roles('admin')
  @Get('admin/export-sessions')
  async exportSessions(@Res({ passthrough: true }) res: Response): Promise<SessionExportFile> {
    const { filename, file } = await this.sessions.exportFile(new Date());
    res.attachment(filename);
    return file;
  }

  @Roles('admin')
  @Post('admin/session')
  create(@Body() dto: SessionInputDto): Promise<SessionResponse> {
    return this.sessions.create(dto);
  }

  @Roles('admin')
  @Put('admin/session/:id')
  update(@Param('id') id: string, @Body() dto: SessionInputDto): Promise<SessionResponse> {
    return this.sessions.update(id, dto);
  }

  @Roles('admin')
  @Delete('admin/session/:id')
  @HttpCode(204)
  async remove(@Param('id') id: string): Promise<void> {
    await this.sessions.remove(id);
  }
}
