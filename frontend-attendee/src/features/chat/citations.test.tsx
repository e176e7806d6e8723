import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CITATION_MARKER } from '@contract/api-types';
import type { Source } from '@/lib/types';
import { findSource, splitCitations } from './citations';
import MarkdownContent from './MarkdownContent';

const source = (marker: string, over: Partial<Source> = {}): Source => ({
  documentId: 'd',
  sessionId: 's',
  sessionTitle: 'Lender Panel',
  kind: 'pdf',
  page: 3,
  marker,
  snippet: 'Lenders look at time in business.',
  score: 1,
  ...over,
});

describe('the citation grammar of the contract', () => {
  it.each(CITATION_MARKER.examples)('finds the markers the server finds in "$text"', ({ text, markers }) => {
    const pieces = splitCitations(text);
    expect(pieces.filter((p) => p.kind === 'citation').map((p) => p.value)).toEqual(markers);
    expect(pieces.map((p) => p.value).join('')).toBe(text);
  });
});

describe('citations', () => {
  it('finds [p. 3], [12:34] and [Lender Panel, p. 3] markers', () => {
    const pieces = splitCitations('A [p. 3] b [12:34] c [Lender Panel, p. 3] d [not a cite]');
    expect(pieces.filter((p) => p.kind === 'citation').map((p) => p.value)).toEqual(['[p. 3]', '[12:34]', '[Lender Panel, p. 3]']);
    expect(findSource([source('[p. 3]')], '[p.  3]')?.marker).toBe('[p. 3]');
  });

  it('renders bold, bullets and citation badges; raw HTML is not rendered', () => {
    const { container } = render(
      <MarkdownContent
        content={'**Credit trends**\n\n- Rates rose [p. 3]\n- Demand held [12:34]\n\n<img src=x onerror=alert(1)><script>alert(1)</script>'}
        sources={[source('[p. 3]')]}
        onOpenSource={() => undefined}
      />,
    );
    expect(screen.getByText('Credit trends').tagName).toBe('STRONG');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Source [p. 3]: Lender Panel' })).toHaveTextContent('[p. 3]');
    expect(screen.getByText('[12:34]').tagName).toBe('SPAN'); // no matching source: a plain badge
    expect(container.querySelector('img, script')).toBeNull();
  });

  it('opens the cited passage when a badge is clicked', async () => {
    const onOpen = vi.fn();
    render(<MarkdownContent content="See [Lender Panel, p. 3]." sources={[source('[Lender Panel, p. 3]')]} onOpenSource={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: /Lender Panel, p\. 3/ }));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ marker: '[Lender Panel, p. 3]' }), 'See');
  });
});

describe('line citations of untimed transcripts', () => {
  it('finds [line 112] and [Research Meeting, line 112] markers', () => {
    const pieces = splitCitations('A [line 112] b [Research Meeting, line 7] c [lines of code]');
    expect(pieces.filter((p) => p.kind === 'citation').map((p) => p.value)).toEqual(['[line 112]', '[Research Meeting, line 7]']);
  });
});

describe('program citations', () => {
  it('finds [Session: Title] markers and opens them as a session badge with the sentence they close', async () => {
    const onOpen = vi.fn();
    const s = source('[Session: Opening Keynote]', { kind: 'session', documentId: '', sessionTitle: 'Opening Keynote' });
    render(
      <MarkdownContent
        content="First point. The keynote is at 8:30 AM in Ballroom A [Session: Opening Keynote]."
        sources={[s]}
        onOpenSource={onOpen}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Session: Opening Keynote' }));
    expect(onOpen).toHaveBeenCalledWith(s, 'The keynote is at 8:30 AM in Ballroom A');
  });
});
