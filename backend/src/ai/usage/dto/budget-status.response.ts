/** Today's AI spend against the daily cap (OPENAI_DAILY_BUDGET_USD). */
export class BudgetStatus {
  /** OPENAI_DAILY_BUDGET_USD; null when there is no cap (or the provider is local). */
  dailyBudgetUsd: number | null;
  /** Cost of the openai provider's calls since midnight UTC. */
  spentTodayUsd: number;
  /** True when a cap is set and today's spend has reached it: AI calls answer 503. */
  reached: boolean;
}
