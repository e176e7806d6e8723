import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Source } from '../retrieval/citations';

/** A running request older than this no longer holds its thread (a crashed process cannot lock it forever). */
export const STALE_REQUEST_SECONDS = 180;

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
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class ChatRepository {
  constructor(private readonly db: DataSource) {}

  async createThread(userId: string, sessionFilter: string[]): Promise<string> {
    const [{ id }] = await this.db.query(
      `INSERT INTO chat_threads (user_id, session_filter) VALUES ($1, $2::uuid[]) RETURNING id`,
      [userId, sessionFilter],
    );
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

  /** Messages of a thread, oldest first. */
  async messages(threadId: string): Promise<MessageRow[]> {
    return this.db.query(
      `SELECT id, role, content, created_at AS "createdAt", sources
         FROM chat_messages WHERE thread_id = $1 ORDER BY created_at, id`,
      [threadId],
    );
  }

  /** The last `limit` messages of a thread, oldest first. */
  async recentTurns(threadId: string, limit: number): Promise<Pick<MessageRow, 'role' | 'content'>[]> {
    return this.db.query(
      `SELECT role, content FROM (
         SELECT role, content, created_at, id FROM chat_messages WHERE thread_id = $1
          ORDER BY created_at DESC, id DESC LIMIT $2
       ) recent ORDER BY created_at, id`,
      [threadId, limit],
    );
  }

  async insertMessage(threadId: string, role: 'user' | 'assistant', content: string, sources: Source[]): Promise<void> {
    await this.db.query(
      `WITH m AS (INSERT INTO chat_messages (thread_id, role, content, sources) VALUES ($1, $2, $3, $4::jsonb))
       UPDATE chat_threads SET updated_at = now() WHERE id = $1`,
      [threadId, role, content, JSON.stringify(sources)],
    );
  }

  /**
   * Marks the thread as answering a request; false when another request of it is still running
   * (in any API process). A claim older than STALE_REQUEST_SECONDS is taken over.
   */
  async claim(threadId: string): Promise<boolean> {
    // TypeORM answers an UPDATE with [rows, affected].
    const [rows] = (await this.db.query(
      `UPDATE chat_threads SET active_request_at = clock_timestamp()
        WHERE id = $1
          AND (active_request_at IS NULL OR active_request_at < clock_timestamp() - make_interval(secs => $2))
        RETURNING id`,
      [threadId, STALE_REQUEST_SECONDS],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  async release(threadId: string): Promise<void> {
    await this.db.query(`UPDATE chat_threads SET active_request_at = NULL WHERE id = $1`, [threadId]);
  }
}
