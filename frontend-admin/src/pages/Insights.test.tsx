import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Insights as InsightsData, Session } from '@/lib/types';
import { session } from '@/test/factories';
import { formatShare, Insights } from './Insights';

const sessions: Session[] = [session({ id: 's1', title: 'Lender Panel' }), session({ id: 's2', title: 'Residual Values' })];

const data = (days: number, sessionId: string | null): InsightsData => ({
  days,
  sessionId,
  since: '2026-10-24T00:00:00.000Z',
  totals: { questions: 7, unanswered: 3 },
  questionsBySession: [
    { sessionId: 's2', sessionTitle: 'Residual Values', questions: 4 },
    { sessionId: null, sessionTitle: 'All sessions', questions: 3 },
  ],
  unanswered: [
    {
      sessionId: 's2',
      sessionTitle: 'Residual Values',
      question: 'Where is the gala dinner?',
      count: 2,
      variants: ['where is the gala dinner'],
      lastAskedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  feedback: {
    rated: 3,
    helpful: 2,
    notHelpful: 1,
    helpfulShare: 2 / 3,
    notHelpfulAnswers: [
      {
        messageId: 'm1',
        question: 'What FICO floor do lenders use?',
        answer: '- **Tomás:** A FICO floor of 680. [p. 2]',
        sources: [
          {
            documentId: 'd1',
            sessionId: 's1',
            sessionTitle: 'Lender Panel',
            kind: 'pdf',
            page: 2,
            marker: '[p. 2]',
            snippet: 'FICO floor: 680',
            score: 1,
          },
        ],
        comment: 'Wanted the bank’s view',
        ratedAt: '2026-11-21T10:00:00.000Z',
      },
    ],
  },
  topQuestions: [{ question: 'What FICO floor do lenders use?', count: 5, variants: [], lastAskedAt: '2026-11-22T10:00:00.000Z' }],
});

function renderPage(timeZone?: string) {
  const getInsights = vi.fn(async (query: { days: number; sessionId: string | null }) => data(query.days, query.sessionId));
  const getList = vi.fn(async () => ({ data: sessions, total: sessions.length }));
  const getConference = vi.fn(async () => (timeZone ? { timeZone } : new Promise<never>(() => {})));
  const dataProvider = { getInsights, getList, getConference } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider}>
      <Insights />
    </AdminContext>,
  );
  return { getInsights };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Insights tab', () => {
  it('loads the last 30 days of all sessions and shows the four sections', async () => {
    const { getInsights } = renderPage();
    expect(screen.getByText('Loading insights...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Questions by Session' })).toBeInTheDocument();
    expect(getInsights).toHaveBeenCalledWith({ days: 30, sessionId: null });
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveTextContent('Last 30 days');
    expect(screen.getByRole('combobox', { name: 'Session' })).toHaveTextContent('All sessions');
    for (const title of ['Questions by Session', 'Unanswered Questions', 'Answer Feedback', 'Top Questions']) {
      expect(screen.getByRole('heading', { name: title, level: 3 })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Export ${title} as CSV` })).toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: 'Questions per session, last 30 days' })).toBeInTheDocument();

    const bySession = screen.getByRole('table', { name: 'Questions by Session' });
    expect(
      within(bySession)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['SessionQuestions', 'Residual Values4', 'All sessions3']);

    const unanswered = screen.getByRole('table', { name: 'Unanswered Questions' });
    expect(within(unanswered).getByText('Where is the gala dinner?')).toBeInTheDocument();
    expect(within(unanswered).getByText('Also asked as: “where is the gala dinner”')).toBeInTheDocument();

    expect(screen.getByTestId('helpful-share')).toHaveTextContent('67% of 3 rated answers were helpful (2 Helpful, 1 Not helpful).');
    const notHelpful = screen.getByRole('table', { name: 'Not helpful answers' });
    expect(within(notHelpful).getByText('Wanted the bank’s view')).toBeInTheDocument();
    expect(within(notHelpful).getByText('Lender Panel [p. 2]')).toBeInTheDocument();
    expect(within(notHelpful).getByText('Tomás:')).toBeInTheDocument();

    const top = screen.getByRole('table', { name: 'Top Questions' });
    expect(within(top).getByText('What FICO floor do lenders use?')).toBeInTheDocument();
    expect(within(top).getByText('5')).toBeInTheDocument();
  });

  it("shows every time in the conference's zone, labelled with it, whatever the browser's", async () => {
    renderPage('Asia/Tokyo');
    const top = await screen.findByRole('table', { name: 'Top Questions' });
    expect(await within(top).findByText('Nov 22, 2026, 7:00 PM GMT+9')).toBeInTheDocument();
    const unanswered = screen.getByRole('table', { name: 'Unanswered Questions' });
    expect(within(unanswered).getByText('Nov 20, 2026, 7:00 PM GMT+9')).toBeInTheDocument();
    const notHelpful = screen.getByRole('table', { name: 'Not helpful answers' });
    expect(within(notHelpful).getByText('Nov 21, 2026, 7:00 PM GMT+9')).toBeInTheDocument();
  });

  it('where the settings cannot give the zone, in UTC, labelled (the consoles wait for them: ConferenceZoneGate)', async () => {
    renderPage();
    const top = await screen.findByRole('table', { name: 'Top Questions' });
    expect(within(top).getByText('Nov 22, 2026, 10:00 AM UTC')).toBeInTheDocument();
  });

  it('reloads for another range and for one session', async () => {
    const user = userEvent.setup();
    const { getInsights } = renderPage();
    await screen.findByRole('heading', { name: 'Top Questions' });
    await user.click(screen.getByRole('combobox', { name: 'Time range' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(getInsights).toHaveBeenCalledWith({ days: 7, sessionId: null }));
    await user.click(screen.getByRole('combobox', { name: 'Session' }));
    await user.click(await screen.findByRole('option', { name: 'Residual Values' }));
    await waitFor(() => expect(getInsights).toHaveBeenCalledWith({ days: 7, sessionId: 's2' }));
    expect(screen.getByRole('combobox', { name: 'Time range' })).toHaveTextContent('Last 7 days');
    expect(screen.getByRole('combobox', { name: 'Session' })).toHaveTextContent('Residual Values');
  });

  it('downloads a table as a CSV file', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:csv';
    });
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('download') ?? '');
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Export Top Questions as CSV' }));
    expect(clicked).toEqual(['top-questions_30-days.csv']);
    expect(await blobs[0].text()).toBe(
      'Question,Times asked,Similar wordings,Last asked\r\nWhat FICO floor do lenders use?,5,,2026-11-22T10:00:00.000Z',
    );
  });

  it('formats the helpful share', () => {
    expect(formatShare(null)).toBe('—');
    expect(formatShare(0.5)).toBe('50%');
    expect(formatShare(2 / 3)).toBe('67%');
  });
});
