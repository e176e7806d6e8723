import { BudgetStatus } from '../../ai/usage/dto/budget-status.response';

/** PRODUCT.md §3 "Daily cost entry" (date is a UTC calendar day, YYYY-MM-DD). */
export class DailyCost {
  date: string;
  chatRequests: number;
  embeddingRequests: number;
  takeawayRequests: number;
  /** Not in the spec (added with recordings): transcription requests (one per piece of a recording)… */
  transcriptionRequests: number;
  /** …the minutes of audio they sent (two decimals)… */
  transcriptionMinutes: number;
  /** …and what they cost in USD (per minute of audio; included in totalCost). */
  transcriptionCost: number;
  totalCost: number;
  totalTokens: number;
}

/** PRODUCT.md §3 "OpenAI usage summary": the totals cover the same 30 days as `last30Days`. */
export class UsageSummary {
  totalCost: number;
  totalTokens: number;
  totalRequests: number;
  last30Days: DailyCost[];
  /** Not in the spec (added): today's spend against the daily cap, OPENAI_DAILY_BUDGET_USD. */
  budget: BudgetStatus;
}
