import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DailyCost } from './dto/billing.response';

export interface DailyCostRow extends DailyCost {
  /** Seconds of audio transcribed that day (the response gives minutes). */
  transcriptionSeconds: number;
  /** Sums over every returned day (the same on each row). */
  rangeCost: number;
  rangeTokens: number;
  rangeRequests: number;
}

/**
 * Daily AI usage from `ai_usage`, grouped by UTC calendar day, for the `days` days ending today
 * (UTC), newest first. Days without usage come from generate_series as zeros; the window sums give
 * the range totals in the same statement.
 */
const DAILY_SQL = `
  WITH bounds AS (
         SELECT (now() AT TIME ZONE 'UTC')::date AS today),
       days AS (
         SELECT generate_series(b.today - ($1::int - 1), b.today, interval '1 day')::date AS day FROM bounds b),
       used AS (
         SELECT (u.created_at AT TIME ZONE 'UTC')::date AS day,
                count(*) FILTER (WHERE u.kind = 'chat')::int AS chat,
                count(*) FILTER (WHERE u.kind = 'embedding')::int AS embedding,
                count(*) FILTER (WHERE u.kind = 'takeaway')::int AS takeaway,
                count(*) FILTER (WHERE u.kind = 'transcription')::int AS transcription,
                sum(u.audio_seconds) FILTER (WHERE u.kind = 'transcription') AS audio_seconds,
                sum(u.cost_usd) FILTER (WHERE u.kind = 'transcription') AS transcription_cost,
                count(*)::int AS requests,
                sum(u.cost_usd) AS cost,
                sum(u.total_tokens)::bigint AS tokens
           FROM ai_usage u, bounds b
          WHERE u.created_at >= ((b.today - ($1::int - 1))::timestamp AT TIME ZONE 'UTC')
          GROUP BY 1)
  SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
         coalesce(x.chat, 0) AS "chatRequests",
         coalesce(x.embedding, 0) AS "embeddingRequests",
         coalesce(x.takeaway, 0) AS "takeawayRequests",
         coalesce(x.transcription, 0) AS "transcriptionRequests",
         coalesce(x.audio_seconds, 0)::float8 AS "transcriptionSeconds",
         coalesce(x.transcription_cost, 0)::float8 AS "transcriptionCost",
         coalesce(x.cost, 0)::float8 AS "totalCost",
         coalesce(x.tokens, 0)::float8 AS "totalTokens",
         (sum(coalesce(x.cost, 0)) OVER ())::float8 AS "rangeCost",
         (sum(coalesce(x.tokens, 0)) OVER ())::float8 AS "rangeTokens",
         (sum(coalesce(x.requests, 0)) OVER ())::float8 AS "rangeRequests"
    FROM days d
    LEFT JOIN used x ON x.day = d.day
   ORDER BY d.day DESC`;

@Injectable()
export class BillingRepository {
  constructor(private readonly db: DataSource) {}

  daily(days: number): Promise<DailyCostRow[]> {
    return this.db.query(DAILY_SQL, [days]);
  }
}
