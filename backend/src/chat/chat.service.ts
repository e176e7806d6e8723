import { BadGatewayException, BadRequestException, HttpException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ActivityService } from '../activity/activity.service';
import { type ChatTurn, GenerationAborted, isRefusal } from '../ai/generation/generation.types';
import { AiUsageService } from '../ai/usage/ai-usage.service';
import { AnsweringService } from '../answering/answering.service';
import type { AnswerStage } from '../answering/answering.types';
import type { AuthUser } from '../auth/roles';
import { normalEmail } from '../email/email-address';
import { isConnectionError } from '../http/connection-errors';
import { cleanText } from '../database/text-sanitize';
import { AppConfig } from '../config/app-config';
import { ConferenceService } from '../conference/conference.service';
import { DeferredWrites } from '../database/deferred-writes';
import { EmailService } from '../email/email.service';
import { type ChatOutcome, MetricsService } from '../metrics/metrics.service';
import type { Source } from '../retrieval/dto/source.response';
import { chatHistoryMail } from './chat-history.mail';
import { HistoryMailLimits } from './history-mail-limits';
import { ChatRepository, REQUEST_HEARTBEAT_MS, STALE_REQUEST_SECONDS } from './chat.repository';
import {
  BLANK_MESSAGE,
  type EmailChatHistoryDto,
  type FeedbackDto,
  MESSAGE_NOT_FOUND_MESSAGE,
  type SendMessageDto,
  type StartChatDto,
  THREAD_BUSY_MESSAGE,
  UNKNOWN_THREAD_MESSAGE,
} from './dto/chat.dto';
import type { SseStream } from './sse-stream';
import {
  NO_ACTIVE_CHAT_MESSAGE,
  STATUS_ANALYZING,
  STATUS_GENERATING,
  STATUS_SEARCHING,
  STREAM_ERROR_MESSAGE,
  THREAD_NOT_FOUND_MESSAGE,
} from './dto/chat.messages';
import {
  type AssistantInfoResponse,
  type ChatAnswer,
  type ChatMessageResponse as MessageResponse,
  type ChatThreadSummary,
  toMessageResponse,
  toThreadSummary,
} from './dto/chat.response';

/** Conversations listed for reopening: the most recent ones. */
export const THREAD_LIST_LIMIT = 50;

/** Turns of the thread used to understand a follow-up question. */
const HISTORY_MESSAGES = 6;
/** How often a failed answer tries again to free its thread while the database is away. */
const RELEASE_RETRY_MS = 500;
/** The status event chat sends as each stage of an answer starts. */
const STATUS_OF: Record<AnswerStage, string> = {
  searching: STATUS_SEARCHING,
  analyzing: STATUS_ANALYZING,
  generating: STATUS_GENERATING,
};

export interface RequestContext {
  ip: string;
  userAgent: string;
}

interface AnswerOptions {
  /** The answer is streamed to a client (deltas paced); otherwise it is returned whole. */
  stream?: boolean;
  simple?: boolean;
  signal?: AbortSignal;
  onStatus?: (status: string) => void;
  onContent?: (delta: string) => void;
  /** The answer's text is complete (before it is stored). */
  onAnswered?: () => void;
}

interface ClaimedRequest {
  user: AuthUser;
  threadId: string;
  message: string;
  sessionIds: string[];
  /** The thread's recent messages before this question, oldest first. */
  history: ChatTurn[];
}

/** An answer the materials did not support: the generators' refusal, or no source cited. */
export function isUnanswered(content: string, sources: Source[]): boolean {
  return isRefusal(content) || sources.length === 0;
}

/**
 * Chat threads, streaming and storage: a question claims its thread, the answer engine
 * (AnsweringService) answers it with its citations as data, and both messages are stored with the
 * sources.
 */
@Injectable()
export class ChatService {
  private readonly logger = new Logger(ChatService.name);

  constructor(
    private readonly repo: ChatRepository,
    private readonly answering: AnsweringService,
    private readonly activity: ActivityService,
    private readonly email: EmailService,
    private readonly usage: AiUsageService,
    private readonly config: AppConfig,
    private readonly conference: ConferenceService,
    private readonly deferred: DeferredWrites,
    private readonly metrics: MetricsService,
    private readonly historyLimits: HistoryMailLimits,
  ) {}

  /** GET /api/chat/assistant: which provider writes the answers. */
  assistant(): AssistantInfoResponse {
    return { provider: this.config.aiProvider };
  }

  /** GET /api/chat/threads: the user's own conversations with at least one message. */
  async threads(user: AuthUser): Promise<ChatThreadSummary[]> {
    return (await this.repo.listThreads(user.id, THREAD_LIST_LIMIT)).map(toThreadSummary);
  }

  /** DELETE /api/chat/threads/:threadId: one of the user's conversations; 404 for anyone else's. */
  async deleteThread(user: AuthUser, threadId: string): Promise<void> {
    if (!(await this.repo.deleteThread(threadId, user.id))) throw new NotFoundException(THREAD_NOT_FOUND_MESSAGE);
  }

  async start(user: AuthUser, dto: StartChatDto): Promise<{ id: string }> {
    const id = await this.repo.createThread(user.id, [...new Set(dto.sessionFilter ?? [])]);
    return { id };
  }

  /** Messages of one of the user's threads, oldest first; 404 for anyone else's. */
  async messages(user: AuthUser, threadId: string): Promise<MessageResponse[]> {
    const thread = await this.repo.findThread(threadId, user.id);
    if (!thread) throw new NotFoundException(THREAD_NOT_FOUND_MESSAGE);
    return (await this.repo.messages(thread.id)).map(toMessageResponse);
  }

  /**
   * Mails one of the user's threads to the recipient they typed: 404 'No active chat to send' for no
   * (or an empty, or another's) thread whatever the recipient; another address than the user's own
   * counts against the history-mail caps (429 past them) and the mail names who sent it.
   */
  async emailHistory(user: AuthUser, dto: EmailChatHistoryDto): Promise<{ message: string }> {
    const thread = await this.repo.findThread(dto.threadId ?? '', user.id);
    const messages = thread ? await this.repo.messages(thread.id) : [];
    if (messages.length === 0) throw new NotFoundException(NO_ACTIVE_CHAT_MESSAGE);
    const to = normalEmail(dto.recipientEmail);
    const own = to === normalEmail(user.email);
    if (!own) await this.historyLimits.take(user.id, to);
    const conference = await this.conference.get();
    const sentBy = own ? undefined : { name: [user.firstName, user.lastName].filter(Boolean).join(' '), email: user.email };
    await this.email.send(chatHistoryMail({ to, firstName: user.firstName, requestedBy: user.email, sentBy }, messages, conference));
    return { message: `Successfully sent to ${to}` };
  }

  /** POST /api/chat/feedback: rates one of the user's answers (again); 404 for anything else. */
  async feedback(user: AuthUser, dto: FeedbackDto): Promise<{ messageId: string; rating: 'up' | 'down'; comment: string | null }> {
    const comment = dto.rating === 'down' && dto.comment?.trim() ? cleanText(dto.comment.trim()) : null;
    const saved = await this.repo.saveFeedback(dto.messageId, user.id, dto.rating, comment);
    if (!saved) throw new NotFoundException(MESSAGE_NOT_FOUND_MESSAGE);
    return { messageId: dto.messageId, rating: dto.rating, comment };
  }

  /** POST /api/chat/stream: validates (400 before any byte is streamed), then streams the answer. */
  async stream(user: AuthUser, dto: SendMessageDto, ctx: RequestContext, sse: SseStream): Promise<void> {
    const started = performance.now();
    // The user waits for the first words: writes nobody waits for go after them (DeferredWrites).
    const firstWords = this.deferred.wait();
    try {
      // Over today's AI budget: 503 {message} before any byte is streamed.
      await this.usage.assertWithinBudget();
      const request = await this.claim(user, dto);
      sse.open();
      let outcome: ChatOutcome = 'answered';
      let waiting = true;
      try {
        const answer = await this.answer(request, ctx, {
          stream: true,
          signal: sse.signal,
          onStatus: (status) => sse.send({ status }),
          onContent: (content) => {
            sse.send({ content });
            if (waiting) {
              waiting = false;
              this.metrics.observeFirstContent('stream', secondsSince(started));
            }
            firstWords();
          },
        });
        sse.send({ sources: answer.sources });
      } catch (err) {
        outcome = 'aborted';
        if (!(err instanceof GenerationAborted) && !sse.signal.aborted) {
          outcome = 'failed';
          this.logger.error(`chat stream failed: ${(err as Error).stack ?? err}`);
          sse.send({ error: STREAM_ERROR_MESSAGE });
        }
      } finally {
        sse.done();
        this.metrics.countAnswer('stream', outcome);
        if (outcome === 'answered') this.metrics.observeStream(secondsSince(started));
      }
    } finally {
      firstWords();
    }
  }

  /** POST /api/chat/message (non-streaming fallback) and /api/chat/simple (simplified fallback). */
  async reply(user: AuthUser, dto: SendMessageDto, ctx: RequestContext, simple = false): Promise<ChatAnswer> {
    const started = performance.now();
    const endpoint = simple ? 'simple' : 'message';
    // The user waits for the answer's text (DeferredWrites); storing it comes after.
    const answered = this.deferred.wait();
    try {
      const request = await this.claim(user, dto);
      const answer = await this.answer(request, ctx, { simple, onAnswered: answered });
      this.metrics.observeFirstContent(endpoint, secondsSince(started));
      this.metrics.countAnswer(endpoint, 'answered');
      return answer;
    } catch (err) {
      // A lost database connection is answered 503 with Retry-After by the exception filter.
      if (err instanceof HttpException || isConnectionError(err)) throw err;
      // A failing model or provider is a server-side failure (the client's fallback chain takes over).
      this.logger.error(`chat ${endpoint} failed: ${(err as Error).stack ?? err}`);
      this.metrics.countAnswer(endpoint, 'failed');
      throw new BadGatewayException(STREAM_ERROR_MESSAGE);
    } finally {
      answered();
    }
  }

  /** 400 for a blank message, a thread that is not the user's, or one still answering a request. */
  private async claim(user: AuthUser, dto: SendMessageDto): Promise<ClaimedRequest> {
    const message = (dto.message ?? '').trim();
    if (!message) throw new BadRequestException(BLANK_MESSAGE);
    const thread = await this.repo.claimForQuestion(dto.threadId, user.id, HISTORY_MESSAGES);
    if (!thread) throw new BadRequestException(UNKNOWN_THREAD_MESSAGE);
    if (!thread.claimed) throw new BadRequestException(THREAD_BUSY_MESSAGE);
    const sessionIds = dto.sessionIds ?? thread.sessionFilter;
    return { user, threadId: thread.id, message, sessionIds: [...new Set(sessionIds)], history: thread.history };
  }

  private async answer(request: ClaimedRequest, ctx: RequestContext, opts: AnswerOptions): Promise<ChatAnswer> {
    const { threadId } = request;
    const record = this.questionRecorder(request, ctx);
    // The thread's claim is a lease: kept fresh while this process works on the answer.
    let released = false;
    const heartbeat = setInterval(() => void this.repo.heartbeat(threadId).catch(() => undefined), REQUEST_HEARTBEAT_MS);
    heartbeat.unref();
    try {
      const { history, message, sessionIds, user } = request;
      const question = { userId: user.id, message, history, sessionIds, simple: opts.simple, stream: opts.stream };
      const { content, sources, coverage } = await this.answering.answer(question, {
        signal: opts.signal,
        onStage: (stage) => opts.onStatus?.(STATUS_OF[stage]),
        onSearched: () => void record(),
        onContent: opts.onContent,
      });
      opts.onAnswered?.();
      const [, questionId] = await record();
      // The answer is stored and the thread released in one statement.
      await this.repo.insertMessage(threadId, 'assistant', content, sources, {
        questionId,
        unanswered: isUnanswered(content, sources),
        release: true,
      });
      released = true;
      // The coverage score is POST /api/chat/simple's extra field; /api/chat/message keeps the spec's shape.
      return coverage == null || !opts.simple ? { content, sources } : { content, sources, coverage };
    } finally {
      clearInterval(heartbeat);
      await record().catch((err: Error) => this.logger.error(`chat message not recorded: ${err.message}`));
      if (!released) await this.releaseThread(threadId);
    }
  }

  /**
   * Frees a thread whose answer failed, at once; when the database is what failed, again every
   * RELEASE_RETRY_MS until it answers (or the lease has run out anyway), so the next question is not
   * refused as 'still being answered' for the lease's whole 15 s after a brief outage. Never throws.
   */
  private async releaseThread(threadId: string, deadline = Date.now() + STALE_REQUEST_SECONDS * 1000): Promise<void> {
    try {
      await this.repo.release(threadId);
    } catch (err) {
      if (Date.now() >= deadline || !isConnectionError(err)) {
        this.logger.warn(`chat thread not released (its lease runs out by itself): ${(err as Error).message}`);
        return;
      }
      setTimeout(() => void this.releaseThread(threadId, deadline), RELEASE_RETRY_MS).unref();
    }
  }

  /**
   * Writes the question and its activity row, once (the first call starts it, every call returns
   * it). The answer starts it once the search has run and awaits it before the answer is stored, so
   * the question stays first. The two writes are deferred (`DeferredWrites`) until no user waits for
   * the first words of an answer: in a burst of questions the searches and answers, which the first
   * words wait for, go ahead of them.
   */
  private questionRecorder(request: ClaimedRequest, ctx: RequestContext): () => Promise<[void, string]> {
    const { user, threadId, message } = request;
    let recorded: Promise<[void, string]> | undefined;
    return () => {
      recorded ??= this.deferred.later(() =>
        Promise.all([
          this.activity.record(user.id, 'chat_message', 'Sent a chat message', {
            ip: ctx.ip,
            userAgent: ctx.userAgent,
            messagePreview: message,
            threadId,
          }),
          this.repo.insertMessage(threadId, 'user', message, [], { sessionIds: request.sessionIds }),
        ]),
      );
      recorded.catch(() => undefined); // handled where it is awaited
      return recorded;
    };
  }
}

/** Seconds from a `performance.now()` reading until now. */
function secondsSince(started: number): number {
  return (performance.now() - started) / 1000;
}
