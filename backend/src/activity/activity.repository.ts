import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export type ActionType = 'login' | 'chat_message' | 'other';
export interface ActionMetadata {
  ip?: string;
  userAgent?: string;
  messagePreview?: string;
  [key: string]: unknown;
}

@Injectable()
export class ActivityRepository {
  constructor(private readonly db: DataSource) {}

  async insert(userId: string | null, type: ActionType, details: string, metadata: ActionMetadata): Promise<void> {
    await this.db.query(`INSERT INTO user_actions (user_id, action_type, details, metadata) VALUES ($1, $2, $3, $4)`, [
      userId,
      type,
      details,
      JSON.stringify(metadata),
    ]);
  }
}
