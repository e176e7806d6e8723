import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { clientIp } from '../common/client-ip';
import { RateLimited } from '../common/rate-limit';
import { type AuthUser, CurrentUser } from '../common/roles';
import { type ChatAnswer, ChatService, type MessageResponse, type RequestContext } from './chat.service';
import { EmailChatHistoryDto, FeedbackDto, SendMessageDto, StartChatDto } from './dto/chat.dto';
import { SseStream } from './sse-stream';

function contextOf(req: Request): RequestContext {
  const ua = req.headers['user-agent'];
  return { ip: clientIp(req), userAgent: typeof ua === 'string' ? ua : '' };
}

@Controller('api')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @Post('chat/start')
  @HttpCode(200)
  start(@CurrentUser() user: AuthUser, @Body() dto: StartChatDto): Promise<{ id: string }> {
    return this.chat.start(user, dto);
  }

  @Get('chat/messages/:threadId')
  messages(@CurrentUser() user: AuthUser, @Param('threadId') threadId: string): Promise<MessageResponse[]> {
    return this.chat.messages(user, threadId);
  }

  @RateLimited('chat')
  @Post('chat/stream')
  stream(@CurrentUser() user: AuthUser, @Body() dto: SendMessageDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.chat.stream(user, dto, contextOf(req), new SseStream(res));
  }

  @RateLimited('chat')
  @Post('chat/message')
  @HttpCode(200)
  message(@CurrentUser() user: AuthUser, @Body() dto: SendMessageDto, @Req() req: Request): Promise<ChatAnswer> {
    return this.chat.reply(user, dto, contextOf(req));
  }

  @RateLimited('chat')
  @Post('chat/simple')
  @HttpCode(200)
  simple(@CurrentUser() user: AuthUser, @Body() dto: SendMessageDto, @Req() req: Request): Promise<ChatAnswer> {
    return this.chat.reply(user, dto, contextOf(req), true);
  }

  @Post('chat/feedback')
  @HttpCode(200)
  feedback(@CurrentUser() user: AuthUser, @Body() dto: FeedbackDto) {
    return this.chat.feedback(user, dto);
  }

  @RateLimited('email')
  @Post('email/chat-history')
  @HttpCode(200)
  emailHistory(@CurrentUser() user: AuthUser, @Body() dto: EmailChatHistoryDto): Promise<{ message: string }> {
    return this.chat.emailHistory(user, dto);
  }
}
