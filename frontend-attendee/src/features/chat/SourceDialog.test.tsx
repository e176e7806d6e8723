import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Source } from '@/lib/types';
import { SourceDialog } from './SourceDialog';

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
});
