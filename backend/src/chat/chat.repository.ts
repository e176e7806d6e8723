import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Source } from '../retrieval/dto/source.response';

/**
 * A running request holds its thread by a lease: `active_request_at`, refreshed every
 * REQUEST_HEARTBEAT_MS while the answer is prepared and streamed. A claim not refreshed for
 * STALE_REQUEST_SECONDS belongs to a process that died (killed mid-stream, machine lost): the next
 * question on the thread takes it over. So a thread is usable again at most 15 s after its process
 * died (docs/DEPLOY.md), while a live answer of any length keeps its thread.
 */
export const STALE_REQUEST_SECONDS = 15;
export const REQUEST_HEARTBEAT_MS = 5_000;

export interface ThreadRow {
  id: string;
  userId: string;
  sessionFilter: string[];
  createdAt: Date;
}

export interface MessageRow {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: Date;
  sources: Source[];
  /** The user's rating of an answer, when given. */
  rating: 'up' | 'down' | null;
  feedbackComment: string | null;
}

/** One of a user's conversations, as listed for reopening. */
export interface ThreadSummaryRow {
  id: string;
  /** The thread's first question. */
  firstQuestion: string;
  createdAt: Date;
  updatedAt: Date;
  messageCount: number;
}

export interface ClaimResult {
  id: string;
  sessionFilter: string[];
  /** False: another request of this thread is still running. */
  claimed: boolean;
  history: Pick<MessageRow, 'role' | 'content'>[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class ChatRepository {
  constructor(private readonly db: DataSource) {}

  async createThread(userId: string, sessionFilter: string[]): Promise<string> {
    const [{ id }] = await this.db.query(`INSERT INTO chat_threads (user_id, session_filter) VALUES ($1, $2::uuid[]) RETURNING id`, [
      userId,
      sessionFilter,
    ]);
    return id;
  }

  /** The thread if it exists and belongs to `userId`. */
  async findThread(threadId: string, userId: string): Promise<ThreadRow | undefined> {
    if (!UUID.test(threadId)) return undefined;
    const rows: ThreadRow[] = await this.db.query(
      `SELECT id, user_id AS "userId", session_filter::text[] AS "sessionFilter", created_at AS "createdAt"
         FROM chat_threads WHERE id = $1 AND user_id = $2`,
      [threadId, userId],
    );
    return rows[0];
  }

  /**
   * The user's conversations that hold at least one message, most recently active first, each with
   * its first question (the title the app shows).
   */
  async listThreads(userId: string, limit: number): Promise<ThreadSummaryRow[]> {
    return this.db.query(
      `SELECT t.id, f.content AS "firstQuestion", t.created_at AS "createdAt", t.updated_at AS "updatedAt",
              (SELECT count(*)::int FROM chat_messages c WHERE c.thread_id = t.id) AS "messageCount"
         FROM chat_threads t
         JOIN LATERAL (SELECT m.content FROM chat_messages m WHERE m.thread_id = t.id AND m.role = 'user'
                        ORDER BY m.created_at, m.id LIMIT 1) f ON true
        WHERE t.user_id = $1
        ORDER BY t.updated_at DESC, t.id
        LIMIT $2`,
      [userId, limit],
    );
  }

  /** Deletes one of the user's threads with its messages; false when it is not theirs (or does not exist). */
  async deleteThread(threadId: string, userId: string): Promise<boolean> {
    if (!UUID.test(threadId)) return false;
    const [{ deleted }] = await this.db.query(
      `WITH d AS (DELETE FROM chat_threads WHERE id = $1 AND user_id = $2 RETURNING id) SELECT count(*)::int AS deleted FROM d`,
      [threadId, userId],
    );
    return deleted > 0;
  }

  /** Messages of a thread, oldest first. */
  async messages(threadId: string): Promise<MessageRow[]> {
    return this.db.query(
      `SELECT m.id, m.role, m.content, m.created_at AS "createdAt", m.sources,
              f.rating, f.comment AS "feedbackComment"
         FROM chat_messages m LEFT JOIN chat_feedback f ON f.message_id = m.id
        WHERE m.thread_id = $1 ORDER BY m.created_at, m.id`,
      [threadId],
    );
  }

  /**
   * Stores a message and returns its id. A question keeps the sessions it was asked about
   * (`sessionIds`); an answer keeps its question (`questionId`), on which it records whether the
   * question went `unanswered`. With `release`, the same statement also ends the request's claim on the
   * thread (`release`): an answer is stored and its thread freed in one round trip.
   */
  async insertMessage(
    threadId: string,
    role: 'user' | 'assistant',
    content: string,
    sources: Source[],
    meta: { sessionIds?: string[]; questionId?: string; unanswered?: boolean; release?: boolean } = {},
  ): Promise<string> {
    const [{ id }] = await this.db.query(
      // A thread's messages are listed by created_at: each one is stored after the thread's last, even where
      // the clock gives two statements one time (the embedded database's counts milliseconds). One request
      // writes a thread at a time (its claim), so the last message read here stays the last.
      `WITH m AS (
         INSERT INTO chat_messages (thread_id, role, content, sources, session_ids, question_id, created_at)
         VALUES ($1, $2, $3, $4::jsonb, $5::uuid[], $6,
                 greatest(now(), (SELECT max(created_at) + interval '1 microsecond' FROM chat_messages WHERE thread_id = $1)))
         RETURNING id
       ), t AS (
         UPDATE chat_threads SET updated_at = now(),
                active_request_at = CASE WHEN $8::boolean THEN NULL ELSE active_request_at END
          WHERE id = $1
       ),
       q AS (UPDATE chat_messages SET unanswered = $7 WHERE $6::uuid IS NOT NULL AND id = $6 AND thread_id = $1)
       SELECT id FROM m`,
      [
        threadId,
        role,
        content,
        JSON.stringify(sources),
        meta.sessionIds ?? null,
        meta.questionId ?? null,
        meta.unanswered ?? null,
        meta.release === true,
      ],
    );
    return id;
  }

  /**
   * Stores the user's rating of one of their own answers (replacing an earlier one). False when
   * `messageId` is not an answer in one of the user's threads.
   */
  async saveFeedback(messageId: string, userId: string, rating: 'up' | 'down', comment: string | null): Promise<boolean> {
    if (!UUID.test(messageId)) return false;
    const rows: unknown[] = await this.db.query(
      `INSERT INTO chat_feedback (message_id, user_id, rating, comment, question_id)
       SELECT m.id, t.user_id, $3, $4, m.question_id
         FROM chat_messages m JOIN chat_threads t ON t.id = m.thread_id
        WHERE m.id = $1 AND m.role = 'assistant' AND t.user_id = $2
       ON CONFLICT (message_id) DO UPDATE
          SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, updated_at = now()
       RETURNING message_id`,
      [messageId, userId, rating, comment],
    );
    return rows.length > 0;
  }

  /**
   * One round trip for a new question: the thread if it is the user's, whether this request now holds
   * it (false while another request of the thread runs, in any API process; a claim older than
   * STALE_REQUEST_SECONDS is taken over), its session filter and its last `historyLimit` messages.
   */
  async claimForQuestion(threadId: string, userId: string, historyLimit: number): Promise<ClaimResult | undefined> {
    if (!UUID.test(threadId)) return undefined;
    const rows: ClaimResult[] = await this.db.query(
      `WITH t AS (SELECT id, session_filter FROM chat_threads WHERE id = $1 AND user_id = $2),
       claimed AS (
         UPDATE chat_threads c SET active_request_at = clock_timestamp()
           FROM t
          WHERE c.id = t.id
            AND (c.active_request_at IS NULL OR c.active_request_at < clock_timestamp() - make_interval(secs => $3))
          RETURNING c.id
       )
       SELECT t.id, t.session_filter::text[] AS "sessionFilter", EXISTS (SELECT 1 FROM claimed) AS claimed,
              coalesce((SELECT json_agg(json_build_object('role', r.role, 'content', r.content) ORDER BY r.created_at, r.id)
                          FROM (SELECT role, content, created_at, id FROM chat_messages WHERE thread_id = t.id
                                 ORDER BY created_at DESC, id DESC LIMIT $4) r), '[]'::json) AS history
         FROM t`,
      [threadId, userId, STALE_REQUEST_SECONDS, historyLimit],
    );
    return rows[0];
  }

  /** Refreshes the running request's claim (its lease), while it still holds one. */
  async heartbeat(threadId: string): Promise<void> {
    await this.db.query(`UPDATE chat_threads SET active_request_at = clock_timestamp() WHERE id = $1 AND active_request_at IS NOT NULL`, [
      threadId,
    ]);
  }

  async release(threadId: string): Promise<void> {
    await this.db.query(`UPDATE chat_threads SET active_request_at = NULL WHERE id = $1`, [threadId]);
  }
}
