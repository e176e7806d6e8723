import { BadRequestException, Controller, Get, Param, ParseUUIDPipe, Query, Res } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Response } from 'express';
import { Roles } from '../auth/roles';
import { AdminService } from './admin.service';
import { AdminChatThread, UserAction, UserChatSummary } from './dto/admin.response';
import { ListActionsQuery } from './dto/list-actions.query';
import { ListChatUsersQuery } from './dto/list-users.query';
import { INVALID_USER_ID_MESSAGE } from './dto/admin.messages';

// eslint-disable-next-line no-useless-assignment -- false positive: the pipe is read by a parameter decorator below, which the rule does not see
const userIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(INVALID_USER_ID_MESSAGE) });

/** Admin review of users (PRODUCT.md §2 Chat History and User Actions tabs). */
@Controller('api/admin/users')
@Roles('admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('chat-history')
  chatHistory(@Query() query: ListChatUsersQuery): Promise<UserChatSummary[]> {
    return this.admin.chatSummaries(query.q);
  }

  /** The activity log, newest first; `X-Total-Count` carries the number of matching actions. */
  @Get('actions')
  @ApiOkResponse({
    type: [UserAction],
    headers: { 'X-Total-Count': { description: 'How many actions match (all pages).', schema: { type: 'integer' } } },
  })
  async actions(@Query() query: ListActionsQuery, @Res({ passthrough: true }) res: Response): Promise<UserAction[]> {
    const { items, total } = await this.admin.actions(query);
    res.setHeader('X-Total-Count', String(total));
    return items;
  }

  @Get(':userId/chats')
  userChats(@Param('userId', userIdPipe) userId: string): Promise<AdminChatThread[]> {
    return this.admin.userChats(userId);
  }
}
