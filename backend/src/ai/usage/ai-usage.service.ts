import { Injectable, Logger } from '@nestjs/common';
import type { UsageKind } from '../ai.types';
import { costUsd, priceOf } from '../pricing';
import { AiUsageRepository } from './ai-usage.repository';

export interface UsageRecord {
  kind: UsageKind;
  /** 'local' or 'openai'. */
  provider: string;
  model: string;
  promptTokens: number;
  completionTokens?: number;
  userId?: string | null;
}

/**
 * Records every AI call (chat, embedding, takeaway) with its tokens and its cost from the price
 * table (`../pricing.ts`). A failure to record is logged, never thrown: it must not break the call.
 */
@Injectable()
export class AiUsageService {
  private readonly logger = new Logger(AiUsageService.name);
  private readonly unpriced = new Set<string>();

  constructor(private readonly repository: AiUsageRepository) {}

  async record(usage: UsageRecord): Promise<void> {
    const promptTokens = Math.max(0, Math.round(usage.promptTokens || 0));
    const completionTokens = Math.max(0, Math.round(usage.completionTokens || 0));
    if (!priceOf(usage.provider, usage.model) && !this.unpriced.has(usage.model)) {
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
        costUsd: costUsd(usage.provider, usage.model, promptTokens, completionTokens),
        userId: usage.userId ?? null,
      });
    } catch (err) {
      this.logger.error(`could not record AI usage (${usage.kind}, ${usage.model}): ${(err as Error).message}`);
    }
  }
}
