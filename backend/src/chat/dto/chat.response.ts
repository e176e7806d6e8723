import { ApiProperty } from '@nestjs/swagger';
import { Source } from '../../retrieval/dto/source.response';
import type { MessageRow } from '../chat.repository';
import { ChatStatus } from './chat.messages';

/** POST /api/chat/message and /api/chat/simple */
export class ChatAnswer {
  content: string;
  /** Only the cited passages, in order of first citation. */
  sources: Source[];
}

/** GET /api/chat/messages/:threadId: one message, oldest first. */
export class ChatMessageResponse {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  sources: Source[];
  /** The user's rating of an answer ('Helpful' up, 'Not helpful' down); only when given. */
  rating?: 'up' | 'down';
  feedbackComment?: string;
}

export function toMessageResponse(row: MessageRow): ChatMessageResponse {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: new Date(row.createdAt).toISOString(),
    sources: row.sources ?? [],
    ...(row.rating ? { rating: row.rating } : {}),
    ...(row.feedbackComment ? { feedbackComment: row.feedbackComment } : {}),
  };
}

/** POST /api/chat/start */
export class StartChatResponse {
  id: string;
}

/** POST /api/chat/feedback: the stored rating (one per answer, a new one replaces it). */
export class FeedbackResponse {
  messageId: string;
  rating: 'up' | 'down';
  /** Kept only with 'down'. */
  comment: string | null;
}

/* The events of POST /api/chat/stream, each sent as `data: <json>` (docs/API.md gives their order). */

export class ChatStatusEvent {
  @ApiProperty({ enum: ChatStatus, enumName: 'ChatStatus' })
  status: ChatStatus;
}

export class ChatContentEvent {
  /** A delta of the answer's text. */
  content: string;
}

export class ChatSourcesEvent {
  sources: Source[];
}

export class ChatErrorEvent {
  /** 'Something went wrong while answering. Please try again.' */
  error: string;
}
