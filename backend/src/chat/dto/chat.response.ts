import { ApiProperty } from '@nestjs/swagger';
import { Source } from '../../retrieval/dto/source.response';
import type { MessageRow, ThreadSummaryRow } from '../chat.repository';
import { ChatStatus } from './chat.messages';

/** POST /api/chat/message and /api/chat/simple */
export class ChatAnswer {
  content: string;
  /** Only the cited passages, in order of first citation. */
  sources: Source[];
  /**
   * How well the materials cover the question, from 0 to 1 (the local answerer's coverage score): below
   * the refusal threshold the answer is the refusal, a little above it the answer says its passages may
   * not answer the question. POST /api/chat/simple only; absent when the provider does not score it.
   */
  @ApiProperty({ required: false, minimum: 0, maximum: 1 })
  coverage?: number;
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

/** GET /api/chat/threads: one of the user's conversations, most recently active first. */
export class ChatThreadSummary {
  id: string;
  /** The conversation's first question, cut to 120 characters. */
  title: string;
  createdAt: string;
  /** When its last message was stored. */
  updatedAt: string;
  messageCount: number;
}

export const THREAD_TITLE_LENGTH = 120;

export function toThreadSummary(row: ThreadSummaryRow): ChatThreadSummary {
  const question = row.firstQuestion.replace(/\s+/g, ' ').trim();
  return {
    id: row.id,
    title: question.length > THREAD_TITLE_LENGTH ? `${question.slice(0, THREAD_TITLE_LENGTH - 1).trimEnd()}…` : question,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    messageCount: row.messageCount,
  };
}

/**
 * GET /api/chat/assistant: how answers are written. `local`: the offline provider, whose answers
 * quote the conference materials directly; `openai`: a language model summarises them.
 */
export class AssistantInfoResponse {
  provider: 'local' | 'openai';
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
