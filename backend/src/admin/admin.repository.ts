import type { Source } from '../retrieval/dto/source.response';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ActionTypeFilter } from './dto/list-actions.query';

/** `%text%` for ILIKE, with the pattern characters of the user's text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ChatSummaryRow {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  threadCount: number;
  messageCount: number;
  lastActivity: Date | null;
}

export interface ThreadRow {
  id: string;
  sessionFilter: string[];
  createdAt: Date;
  messages: { id: string; role: 'user' | 'assistant'; content: string; createdAt: string; sources: Source[] }[];
}

export interface ActionRow {
  id: string;
  userId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  actionType: ActionTypeFilter;
  details: string;
  timestamp: Date;
  metadata: Record<string, unknown>;
  total: number;
}

/** The admin review queries: one SQL statement per screen, aggregated by PostgreSQL. */
@Injectable()
export class AdminRepository {
  constructor(private readonly db: DataSource) {}

  /** Every user with at least one chat thread, with thread and message counts, most recently active first. */
  chatSummaries(q?: string): Promise<ChatSummaryRow[]> {
    return this.db.query(
      `SELECT u.id AS "userId", u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.company,
              count(DISTINCT t.id)::int AS "threadCount",
              count(m.id)::int AS "messageCount",
              greatest(max(t.created_at), max(m.created_at)) AS "lastActivity"
         FROM users u
         JOIN chat_threads t ON t.user_id = u.id
         LEFT JOIN chat_messages m ON m.thread_id = t.id
        WHERE $1::text IS NULL
           OR u.email ILIKE $1 OR u.company ILIKE $1
           OR (u.first_name || ' ' || u.last_name) ILIKE $1
        GROUP BY u.id
        ORDER BY "lastActivity" DESC NULLS LAST, u.email`,
      [q ? containsPattern(q) : null],
    );
  }

  async userExists(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(`SELECT 1 FROM users WHERE id = $1`, [userId]);
    return rows.length > 0;
  }

  /** A user's threads, newest first, each with its messages oldest first. */
  userThreads(userId: string): Promise<ThreadRow[]> {
    return this.db.query(
      `SELECT t.id, t.session_filter::text[] AS "sessionFilter", t.created_at AS "createdAt",
              coalesce(
                json_agg(json_build_object('id', m.id, 'role', m.role, 'content', m.content,
                                           'createdAt', m.created_at, 'sources', m.sources)
                         ORDER BY m.created_at, m.id) FILTER (WHERE m.id IS NOT NULL),
                '[]'::json) AS messages
         FROM chat_threads t
         LEFT JOIN chat_messages m ON m.thread_id = t.id
        WHERE t.user_id = $1
        GROUP BY t.id
        ORDER BY t.created_at DESC, t.id`,
      [userId],
    );
  }

  /** One page of the activity log, newest first, with the number of matching rows in `total`. */
  actions(filter: { type?: ActionTypeFilter; q?: string; limit: number; offset: number }): Promise<ActionRow[]> {
    return this.db.query(
      `SELECT a.id::text AS id, a.user_id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName",
              u.email, a.action_type AS "actionType", a.details, a.created_at AS "timestamp", a.metadata,
              count(*) OVER ()::int AS total
         FROM user_actions a
         LEFT JOIN users u ON u.id = a.user_id
        WHERE ($1::text IS NULL OR a.action_type = $1)
          AND ($2::text IS NULL
               OR (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ILIKE $2
               OR u.email ILIKE $2
               OR a.details ILIKE $2
               OR a.metadata->>'messagePreview' ILIKE $2)
        ORDER BY a.created_at DESC, a.id DESC
        LIMIT $3 OFFSET $4`,
      [filter.type ?? null, filter.q ? containsPattern(filter.q) : null, filter.limit, filter.offset],
    );
  }

  /** The number of matching rows when the requested page is past the end (the window count is then absent). */
  async countActions(filter: { type?: ActionTypeFilter; q?: string }): Promise<number> {
    const [row] = await this.db.query(
      `SELECT count(*)::int AS n
         FROM user_actions a
         LEFT JOIN users u ON u.id = a.user_id
        WHERE ($1::text IS NULL OR a.action_type = $1)
          AND ($2::text IS NULL
               OR (coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) ILIKE $2
               OR u.email ILIKE $2
               OR a.details ILIKE $2
               OR a.metadata->>'messagePreview' ILIKE $2)`,
      [filter.type ?? null, filter.q ? containsPattern(filter.q) : null],
    );
    return (row as { n: number }).n;
  }
}
