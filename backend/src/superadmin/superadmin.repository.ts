import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface UserAnalyticsRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  totalLogins: number;
  totalChatPrompts: number;
  lastLogin: Date | null;
  createdAt: Date;
}

@Injectable()
export class SuperadminRepository {
  constructor(private readonly db: DataSource) {}

  /** Logins and chat prompts per user from user_actions, in one query; most recent login first. */
  async userAnalytics(): Promise<UserAnalyticsRow[]> {
    return this.db.query(
      `SELECT u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email,
              count(a.id) FILTER (WHERE a.action_type = 'login')::int AS "totalLogins",
              count(a.id) FILTER (WHERE a.action_type = 'chat_message')::int AS "totalChatPrompts",
              max(a.created_at) FILTER (WHERE a.action_type = 'login') AS "lastLogin",
              u.created_at AS "createdAt"
         FROM users u
         LEFT JOIN user_actions a ON a.user_id = u.id AND a.action_type IN ('login', 'chat_message')
        GROUP BY u.id
        ORDER BY "lastLogin" DESC NULLS LAST, u.created_at DESC, u.id`,
    );
  }
}
