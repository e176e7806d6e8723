import { Injectable, Logger, OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { DeferredWrites } from '../../database/deferred-writes';
import type { UsageKind } from '../ai.types';
import { costUsd, priceOf, transcriptionCostUsd } from '../pricing';
import { AiUsageRepository } from './ai-usage.repository';
import type { BudgetStatus } from './dto/budget-status.response';
import { AI_BUDGET_REACHED_MESSAGE } from './dto/ai-usage.messages';

export { AI_BUDGET_REACHED_MESSAGE };

/** The daily spend cap of the openai provider, as the Billing tab shows it. */
export type { BudgetStatus };

export interface UsageRecord {
  kind: UsageKind;
  /** 'local' or 'openai'. */
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens?: number;
  /** Transcription: seconds of audio sent (priced per minute). */
  audioSeconds?: number;
  userId?: string | null;
}

/**
 * Records every AI call (chat, embedding, takeaway) with its tokens and its cost from the price
 * table (`../pricing.ts`). A failure to record is logged, never thrown: it must not break the call.
 */
@Injectable()
export class AiUsageService implements OnModuleDestroy {
  private readonly logger = new Logger(AiUsageService.name);
  private readonly unpriced = new Set<string>();
  /** Records started by `recordLater` and not yet written. */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly repository: AiUsageRepository,
    private readonly config: AppConfig,
    private readonly deferred: DeferredWrites,
  ) {}

  /** Today's spend against OPENAI_DAILY_BUDGET_USD. */
  async budget(): Promise<BudgetStatus> {
    const cap = this.config.aiProvider === 'openai' ? (this.config.openaiDailyBudgetUsd ?? null) : null;
    const spent = Math.round((await this.repository.spentTodayUsd('openai')) * 1e8) / 1e8;
    return { dailyBudgetUsd: cap, spentTodayUsd: spent, reached: cap !== null && spent >= cap };
  }

  /** Throws 503 {message} when the openai provider has spent today's budget; nothing without a cap. */
  async assertWithinBudget(): Promise<void> {
    if (this.config.aiProvider !== 'openai' || this.config.openaiDailyBudgetUsd === undefined) return;
    if ((await this.budget()).reached) throw new ServiceUnavailableException(AI_BUDGET_REACHED_MESSAGE);
  }

  /**
   * Records without making the caller wait for the database: a question's embedding is searched at
   * once instead of after its usage row, and the row is written once no user waits for the first
   * words of an answer (`DeferredWrites`), so in a burst of questions it queues behind the others'
   * searches rather than ahead of them. The row is still written before the application shuts down.
   */
  recordLater(usage: UsageRecord): void {
    const written = this.deferred.later(() => this.record(usage)).finally(() => this.inFlight.delete(written));
    this.inFlight.add(written);
  }

  async onModuleDestroy(): Promise<void> {
    this.deferred.flush();
    await Promise.all(this.inFlight);
  }

  async record(usage: UsageRecord): Promise<void> {
    const promptTokens = Math.max(0, Math.round(usage.promptTokens || 0));
    const completionTokens = Math.max(0, Math.round(usage.completionTokens || 0));
    const audioSeconds = Math.max(0, usage.audioSeconds ?? 0);
    const cost =
      usage.kind === 'transcription'
        ? transcriptionCostUsd(usage.provider, usage.model, audioSeconds)
        : priceOf(usage.provider, usage.model) && costUsd(usage.provider, usage.model, promptTokens, completionTokens);
    if (cost === undefined && !this.unpriced.has(usage.model)) {
      this.unpriced.add(usage.model);
      this.logger.warn(`no price for model "${usage.model}" in ai/pricing.ts: its usage is recorded at cost 0`);
    }
    try {
      await this.repository.insert({
        kind: usage.kind,
        provider: usage.provider,
        model: usage.model,
        promptTokens,
        completionTokens,
        audioSeconds,
        costUsd: cost || 0,
        userId: usage.userId ?? null,
      });
    } catch (err) {
      this.logger.error(`could not record AI usage (${usage.kind}, ${usage.model}): ${(err as Error).message}`);
    }
  }
}
