import { Injectable } from '@nestjs/common';
import { AiUsageService } from '../ai/usage/ai-usage.service';
import { BillingRepository, DailyCostRow } from './billing.repository';
import type { DailyCost, UsageSummary } from './dto/billing.response';

/** The window of `GET /api/admin/openai-usage` (its totals and its `last30Days`). */
export const USAGE_SUMMARY_DAYS = 30;

/** Rounds away float noise from numeric → float8 (costs are stored with 8 decimals). */
const money = (n: number): number => Math.round(Number(n) * 1e8) / 1e8;

export function toDailyCost(row: DailyCostRow): DailyCost {
  return {
    date: row.date,
    chatRequests: Number(row.chatRequests),
    embeddingRequests: Number(row.embeddingRequests),
    takeawayRequests: Number(row.takeawayRequests),
    transcriptionRequests: Number(row.transcriptionRequests),
    transcriptionMinutes: Math.round((Number(row.transcriptionSeconds) / 60) * 100) / 100,
    transcriptionCost: money(row.transcriptionCost),
    totalCost: money(row.totalCost),
    totalTokens: Number(row.totalTokens),
  };
}

/** AI usage and cost for the OpenAI Billing tab, from the `ai_usage` records. */
@Injectable()
export class BillingService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly aiUsage: AiUsageService,
  ) {}

  async usage(): Promise<UsageSummary> {
    const rows = await this.repo.daily(USAGE_SUMMARY_DAYS);
    const first = rows[0];
    return {
      totalCost: first ? money(first.rangeCost) : 0,
      totalTokens: first ? Number(first.rangeTokens) : 0,
      totalRequests: first ? Number(first.rangeRequests) : 0,
      last30Days: rows.map(toDailyCost),
      budget: await this.aiUsage.budget(),
    };
  }

  async costs(days: number): Promise<DailyCost[]> {
    const rows = await this.repo.daily(days);
    return rows.map(toDailyCost);
  }
}
