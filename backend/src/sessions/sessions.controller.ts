import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { AuthUser, CurrentUser, Roles } from '../common/roles';
import { SessionInputDto, SessionListQueryDto } from './dto/session-input.dto';
import { SessionResponse } from './dto/session.response';
import { SessionsService } from './sessions.service';

@Controller('api')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  /** Attendee view (sessions with documents); `?includeAll=true` every session; `?admin=true` (admins) with documents. */
  @Get('sessions')
  list(@CurrentUser() user: AuthUser, @Query() query: SessionListQueryDto): Promise<SessionResponse[]> {
    return this.sessions.list(user.role, query);
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
