import { Alert } from '@mui/material';
import { formatUsd } from '@/lib/format';
import type { BudgetStatus } from '@/lib/types';

/** The daily AI spend cap on the Billing tab: whether one is set, today's spend, and whether it is reached. */
export function BudgetNotice({ budget }: { budget?: BudgetStatus }) {
  if (!budget) return null;
  if (budget.dailyBudgetUsd === null) {
    return (
      <Alert severity="info" sx={{ mb: 3 }}>
        No daily AI budget is set (OPENAI_DAILY_BUDGET_USD). Spent today: {formatUsd(budget.spentTodayUsd)}.
      </Alert>
    );
  }
  const line = `Daily AI budget: ${formatUsd(budget.dailyBudgetUsd)}. Spent today (UTC): ${formatUsd(budget.spentTodayUsd)}.`;
  return budget.reached ? (
    <Alert severity="error" sx={{ mb: 3 }}>
      {line} Budget reached: AI answers, takeaways and search are paused until midnight UTC.
    </Alert>
  ) : (
    <Alert severity="success" sx={{ mb: 3 }}>
      {line}
    </Alert>
  );
}
