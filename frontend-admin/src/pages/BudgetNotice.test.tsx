import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BudgetNotice } from './BudgetNotice';

describe('BudgetNotice', () => {
  it('says when the daily budget is reached', () => {
    render(<BudgetNotice budget={{ dailyBudgetUsd: 5, spentTodayUsd: 5.25, reached: true }} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Daily AI budget: $5.00. Spent today (UTC): $5.25.');
    expect(alert).toHaveTextContent('Budget reached: AI answers, takeaways and search are paused until midnight UTC.');
  });

  it('shows the budget and the spend when under it, and says when there is none', () => {
    const { rerender } = render(<BudgetNotice budget={{ dailyBudgetUsd: 5, spentTodayUsd: 1.5, reached: false }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Daily AI budget: $5.00. Spent today (UTC): $1.50.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Budget reached');
    rerender(<BudgetNotice budget={{ dailyBudgetUsd: null, spentTodayUsd: 0, reached: false }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('No daily AI budget is set (OPENAI_DAILY_BUDGET_USD).');
    rerender(<BudgetNotice />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
