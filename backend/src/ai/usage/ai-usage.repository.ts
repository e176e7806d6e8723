import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UsageKind } from '../ai.types';

export interface AiUsageRow {
  kind: UsageKind;
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** Seconds of audio transcribed (kind 'transcription'; 0 otherwise). */
  audioSeconds: number;
  costUsd: number;
  userId: string | null;
}

/** The `ai_usage` table: one row per AI call. */
@Injectable()
export class AiUsageRepository {
  constructor(private readonly db: DataSource) {}

  async insert(row: AiUsageRow): Promise<void> {
    await this.db.query(
      `INSERT INTO ai_usage (kind, provider, model, prompt_tokens, completion_tokens, total_tokens, cost_usd, user_id, audio_seconds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        row.kind,
        row.provider,
        row.model,
        row.promptTokens,
        row.completionTokens,
        row.promptTokens + row.completionTokens,
        row.costUsd.toFixed(8),
        row.userId,
        row.audioSeconds,
      ],
    );
  }

  /** What one provider's calls cost since midnight UTC. */
  async spentTodayUsd(provider: string): Promise<number> {
    const [row] = await this.db.query(
      `SELECT COALESCE(SUM(cost_usd), 0)::float8 AS spent FROM ai_usage
        WHERE provider = $1 AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [provider],
    );
    return Number(row.spent);
  }
}
