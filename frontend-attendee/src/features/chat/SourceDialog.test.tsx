import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { conference, session } from '@/test/factories';
import { json, stubFetch } from '@/test/fetch';
import { renderApp } from '@/test/render';
import type { Source } from '@/lib/types';
import { SourceDialog } from './SourceDialog';

vi.mock('./PdfPage', () => ({
  default: ({ page, highlight }: { page: number; highlight: string }) => (
    <div data-testid="pdf-page">
      page {page}: {highlight}
    </div>
  ),
}));

const base: Source = {
  documentId: 'd',
  sessionId: 's',
  sessionTitle: 'Research Group Meeting',
  kind: 'transcript',
  marker: '[line 5]',
  snippet: 'Grad E: Training takes about a day.',
  score: 1,
};

describe('SourceDialog', () => {
  it('shows an untimed transcript passage by line, the cited turn highlighted', () => {
    render(
      <SourceDialog
        source={{
          ...base,
          line: 5,
          lineEnd: 5,
          excerpt: [
            { line: 4, text: 'PhD D: It is not much better.', cited: false },
            { line: 5, text: 'Grad E: Training takes about a day.', cited: true },
            { line: 6, text: 'Professor: Compare the log spectrum.', cited: false },
          ],
        }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('Line 5')).toBeInTheDocument();
    const turns = within(screen.getByRole('list', { name: 'Transcript passage' })).getAllByRole('listitem');
    expect(turns.map((t) => t.textContent)).toEqual([
      'line 4PhD D: It is not much better.',
      'line 5Grad E: Training takes about a day.',
      'line 6Professor: Compare the log spectrum.',
    ]);
    expect(turns[1]).toHaveAttribute('aria-current', 'true');
    expect(turns[0]).not.toHaveAttribute('aria-current');
  });

  it('shows the snippet of a page citation', () => {
    render(<SourceDialog source={{ ...base, kind: 'pdf', marker: '[p. 3]', page: 3, snippet: 'Rates rose.' }} onClose={() => undefined} />);
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(screen.getByText('Rates rose.')).toBeInTheDocument();
  });

  it('highlights the sentence the answer cites, with the passage around it', () => {
    const snippet = 'The opening keynote sets the tone. Rates rose sharply in the second quarter. Demand held steady.';
    render(
      <SourceDialog
        source={{ ...base, kind: 'transcript', marker: '[12:34]', startTime: 754, snippet }}
        claim="Speakers said rates rose sharply in the second quarter"
        onClose={() => undefined}
      />,
    );
    const passage = screen.getByLabelText('Cited passage');
    expect(passage).toHaveTextContent(snippet);
    expect(passage.querySelector('mark')).toHaveTextContent(/^Rates rose sharply in the second quarter\.$/);
  });

  it('shows the passage exactly, numbers and punctuation intact, the cited sentence highlighted', () => {
    const snippet =
      '…our fleet pays $0.18 diesel per mile. Leases now run 6.1 years, fees are 12.50 € and 25 € and delinquencies 2.5%. That is what we were having.If the customer pays late, we raise the rate.';
    render(
      <SourceDialog
        source={{ ...base, kind: 'pdf', marker: '[p. 4]', page: 4, snippet }}
        claim="Leases run 6.1 years with fees of 12.50 € [p. 4]"
        onClose={() => undefined}
      />,
    );
    const passage = screen.getByLabelText('Cited passage');
    expect(passage.textContent).toBe(snippet);
    expect(passage.querySelector('mark')?.textContent).toBe('Leases now run 6.1 years, fees are 12.50 € and 25 € and delinquencies 2.5%.');
  });

  it('keeps an abbreviation, an initial and a price inside the highlighted sentence', () => {
    const snippet = 'Rates held. Fuel cost approx. $0.18 a mile in the U.S. and J. Ortiz put leases at 6.1 years. Then we stop.';
    render(
      <SourceDialog
        source={{ ...base, kind: 'pdf', marker: '[p. 2]', page: 2, snippet }}
        claim="Fuel cost about $0.18 a mile and leases ran 6.1 years [p. 2]"
        onClose={() => undefined}
      />,
    );
    const passage = screen.getByLabelText('Cited passage');
    expect(passage.textContent).toBe(snippet);
    expect(passage.querySelector('mark')?.textContent).toBe(
      'Fuel cost approx. $0.18 a mile in the U.S. and J. Ortiz put leases at 6.1 years.',
    );
  });

  it("highlights the cited bullet of a slide's list, its figures intact, and no other line", () => {
    const snippet = [
      'Total Cost of Ownership: Electric vs Diesel',
      '• Energy cost per mile: $0.42 electric (depot charging) versus $0.78 diesel',
      '• Maintenance per mile: $0.11 electric versus $0.18 diesel',
      '• Without incentives, the electric truck breaks even after about 6.1 years at 110,000 miles per',
      'year',
      '• With a $120,000 state voucher, breakeven falls to about 3.4 years',
    ].join('\n');
    const open = (claim: string) =>
      render(
        <SourceDialog source={{ ...base, kind: 'pdf', marker: '[p. 3]', page: 3, snippet }} claim={claim} onClose={() => undefined} />,
      );
    const { unmount } = open('Maintenance per mile: $0.11 electric versus $0.18 diesel. [p. 3]');
    expect(screen.getByLabelText('Cited passage').textContent).toBe(snippet);
    expect(screen.getByLabelText('Cited passage').querySelector('mark')?.textContent).toBe(
      'Maintenance per mile: $0.11 electric versus $0.18 diesel',
    );
    unmount();
    open('Without incentives, an electric truck breaks even after about 6.1 years at 110,000 miles per year [p. 3]');
    expect(screen.getByLabelText('Cited passage').querySelector('mark')?.textContent).toBe(
      'Without incentives, the electric truck breaks even after about 6.1 years at 110,000 miles per\nyear',
    );
  });

  it('highlights a sentence that follows another without a space', () => {
    const snippet = 'That is what we were having.If the customer pays late, we raise the rate by $0.18 a mile. Then we stop.';
    render(
      <SourceDialog
        source={{ ...base, marker: '[1:00]', startTime: 60, snippet }}
        claim="customer pays late rate"
        onClose={() => undefined}
      />,
    );
    const passage = screen.getByLabelText('Cited passage');
    expect(passage.textContent).toBe(snippet);
    expect(passage.querySelector('mark')?.textContent).toBe('If the customer pays late, we raise the rate by $0.18 a mile.');
  });

  it('for a PDF renders the cited page with the cited words and links to the document at that page', async () => {
    render(
      <SourceDialog
        source={{ ...base, documentId: 'doc-1', kind: 'pdf', marker: '[p. 3]', page: 3, snippet: 'Intro text. Rates rose sharply. More.' }}
        claim="Rates rose sharply"
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('link', { name: 'Open the document at this page' })).toHaveAttribute(
      'href',
      '/api/documents/doc-1/view#page=3',
    );
    expect(await screen.findByTestId('pdf-page')).toHaveTextContent('page 3: Rates rose sharply.');
  });

  it('a session citation opens the session: speakers, day, date, time, room, description and Add to calendar', async () => {
    stubFetch({
      'GET /api/sessions?includeAll=true': () =>
        json([
          session({
            id: 's9',
            title: 'Opening Keynote',
            format: 'keynote',
            speakers: ['Dana Whitfield', 'Lee Park'],
            day: 1,
            date: '2025-09-08T14:30:00.000Z',
            startTime: '8:30 AM',
            endTime: '9:30 AM',
            location: 'Ballroom A',
            description: 'The state of equipment finance.',
            documentTypes: ['transcript', 'pdf'],
          }),
        ]),
      'GET /api/conference': () => json(conference()),
    });
    renderApp(
      <SourceDialog
        source={{
          ...base,
          sessionId: 's9',
          documentId: '',
          kind: 'session',
          marker: '[Session: Opening Keynote]',
          snippet: 'Day 1, 8:30 AM',
        }}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Research Group Meeting' });
    const entry = await within(dialog).findByTestId('session-entry');
    expect(entry).toHaveTextContent('Dana Whitfield, Lee Park');
    await waitFor(() => expect(entry).toHaveTextContent('Day 1 - Monday, Sept 8'));
    expect(entry).toHaveTextContent('DateMonday, Sept 8, 2025');
    expect(entry).toHaveTextContent('8:30 AM - 9:30 AM');
    expect(entry).toHaveTextContent('Ballroom A');
    expect(entry).toHaveTextContent('The state of equipment finance.');
    expect(entry).toHaveTextContent('Keynote');
    expect(entry).toHaveTextContent('Transcript + PDF');
    expect(within(entry).getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/api/sessions/s9/calendar.ics');
  });
});
