import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import MarkdownContent from './MarkdownContent';

describe('MarkdownContent: answers never load remote content', () => {
  it('shows a markdown image as its alt text, with no <img> and no request', () => {
    const { container } = render(
      <MarkdownContent
        content={
          'Revenue grew [p. 3].\n\n![chart](http://images.example.test/pixel.png?who=reader)\n\nInline ![](https://t.example.test/p.gif) too.'
        }
        onOpenSource={() => undefined}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('[image: chart]')).toBeInTheDocument();
    expect(screen.getByText('[image]')).toBeInTheDocument();
    expect(container.innerHTML).not.toContain('images.example.test');
    expect(container.innerHTML).not.toContain('t.example.test');
  });

  it('keeps reference-style images and images inside links inert too', () => {
    const { container } = render(
      <MarkdownContent
        content={'![logo][l] and [![badge](http://b.example.test/b.svg)](https://example.test)\n\n[l]: http://l.example.test/logo.png'}
        onOpenSource={() => undefined}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('[image: logo]')).toBeInTheDocument();
    expect(screen.getByText('[image: badge]')).toBeInTheDocument();
  });

  it('shows a link to another site as plain text; a path inside the app stays a link', () => {
    const { container } = render(
      <MarkdownContent
        content={
          'See [the deck](https://evil.example.test/x), [a trick](javascript:alert(1)), [proto](//evil.example.test) and [search](/search?q=rates).'
        }
        onOpenSource={() => undefined}
      />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/search?q=rates']);
    expect(screen.getByText('the deck').closest('a')).toBeNull();
    expect(screen.getByText('a trick').closest('a')).toBeNull();
    expect(container.innerHTML).not.toContain('evil.example.test');
  });
});
