import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAnswerMarkdown, type AnswerLook } from './answer-markdown';

const look: AnswerLook = {
  citation: (marker, claim, key) => (
    <mark key={key} data-claim={claim}>
      {marker}
    </mark>
  ),
};
const show = (markdown: string) => render(<div>{renderAnswerMarkdown(markdown, look)}</div>).container;

describe('answer markdown (both apps)', () => {
  it('renders bold, lists and citation markers, each with the sentence it closes', () => {
    const c = show('**Rates rose.** They fell later [p. 3].\n\n- one [12:34]\n- two');
    expect(c.querySelector('strong')?.textContent).toBe('Rates rose.');
    const marks = [...c.querySelectorAll('mark')];
    expect(marks.map((m) => m.textContent)).toEqual(['[p. 3]', '[12:34]']);
    expect(marks[0].dataset.claim).toBe('They fell later');
    expect(marks[1].dataset.claim).toBe('one');
    expect(c.querySelectorAll('li')).toHaveLength(2);
  });

  it('never renders raw HTML, remote links or images', () => {
    const c = show('<img src=x onerror=alert(1)> [site](https://example.com) ![chart](https://example.com/c.png) [here](/search?q=café)');
    expect(c.querySelector('img')).toBeNull();
    expect(c.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(c.querySelector('a[href^="https:"]')).toBeNull();
    expect(c.querySelector('[data-link-text]')?.textContent).toBe('site');
    expect(c.querySelector('[data-image-alt]')?.textContent).toBe('[image: chart]');
    expect(c.querySelector('a')?.getAttribute('href')).toBe('/search?q=caf%C3%A9');
  });

  it('reads underscores inside words and lone stars as text, headings as bold lines', () => {
    const c = show('# Summary\n\nsnake_case_name and 5 * 3 * 2');
    expect(c.querySelector('h1')).toBeNull();
    expect(c.querySelector('p')?.textContent).toBe('Summary');
    expect(c.textContent).toContain('snake_case_name and 5 * 3 * 2');
    expect(c.querySelector('em')).toBeNull();
  });

  it('keeps a link element from one render to the next (an answer streaming in)', () => {
    const look2: AnswerLook = { ...look, className: { link: 'x' } };
    const { container, rerender } = render(<div>{renderAnswerMarkdown('See [search](/search?q=a)', look2)}</div>);
    const link = container.querySelector('a');
    rerender(<div>{renderAnswerMarkdown('See [search](/search?q=a) and more', { ...look2 })}</div>);
    expect(container.querySelector('a')).toBe(link);
  });
});
