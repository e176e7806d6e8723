import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { clientIp } from '../http/client-ip';
import { RateLimited } from '../http/rate-limit';
import { type AuthUser, CurrentUser } from '../auth/roles';
import { ApiExtraModels, ApiOkResponse, ApiProduces, getSchemaPath } from '@nestjs/swagger';
import { MessageResponse } from '../http/dto/message.response';
import { ChatService, type RequestContext } from './chat.service';
import {
  AssistantInfoResponse,
  ChatAnswer,
  ChatContentEvent,
  ChatErrorEvent,
  ChatMessageResponse,
  ChatSourcesEvent,
  ChatStatusEvent,
  FeedbackResponse,
  ChatThreadSummary,
  StartChatResponse,
} from './dto/chat.response';
import { EmailChatHistoryDto, FeedbackDto, SendMessageDto, StartChatDto } from './dto/chat.dto';
import { SseStream } from './sse-stream';

function contextOf(req: Request): RequestContext {
  const ua = req.headers['user-agent'];
  return { ip: clientIp(req), userAgent: typeof ua === 'string' ? ua : '' };
}

@Controller('api')
export class ChatController {
  constructor(private readonly chat: ChatService) {}

  @RateLimited('writes')
  @Post('chat/start')
  @HttpCode(200)
  start(@CurrentUser() user: AuthUser, @Body() dto: StartChatDto): Promise<StartChatResponse> {
    return this.chat.start(user, dto);
  }

  @Get('chat/assistant')
  assistant(): AssistantInfoResponse {
    return this.chat.assistant();
  }

  @Get('chat/threads')
  threads(@CurrentUser() user: AuthUser): Promise<ChatThreadSummary[]> {
    return this.chat.threads(user);
  }

  @Delete('chat/threads/:threadId')
  @HttpCode(204)
  deleteThread(@CurrentUser() user: AuthUser, @Param('threadId') threadId: string): Promise<void> {
    return this.chat.deleteThread(user, threadId);
  }

  @Get('chat/messages/:threadId')
  messages(@CurrentUser() user: AuthUser, @Param('threadId') threadId: string): Promise<ChatMessageResponse[]> {
    return this.chat.messages(user, threadId);
  }

  @RateLimited('chat')
  @Post('chat/stream')
  @ApiProduces('text/event-stream')
  @ApiExtraModels(ChatStatusEvent, ChatContentEvent, ChatSourcesEvent, ChatErrorEvent)
  @ApiOkResponse({
    description:
      'Server-Sent Events, one `data: <json>` line per event: statuses, content deltas, then sources (or an error), ' +
      'and always `data: [DONE]` last (docs/API.md gives the order).',
    content: {
      'text/event-stream': {
        schema: {
          oneOf: [
            { $ref: getSchemaPath(ChatStatusEvent) },
            { $ref: getSchemaPath(ChatContentEvent) },
            { $ref: getSchemaPath(ChatSourcesEvent) },
            { $ref: getSchemaPath(ChatErrorEvent) },
          ],
        },
      },
    },
  })
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

  @RateLimited('writes')
  @Post('chat/feedback')
  @HttpCode(200)
  feedback(@CurrentUser() user: AuthUser, @Body() dto: FeedbackDto): Promise<FeedbackResponse> {
    return this.chat.feedback(user, dto);
  }

  @RateLimited('email')
  @Post('email/chat-history')
  @HttpCode(200)
  emailHistory(@CurrentUser() user: AuthUser, @Body() dto: EmailChatHistoryDto): Promise<MessageResponse> {
    return this.chat.emailHistory(user, dto);
  }
}
