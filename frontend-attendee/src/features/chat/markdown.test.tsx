import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Markdown from 'react-markdown';
import { describe, expect, it, vi } from 'vitest';
import type { Source } from '@/lib/types';
import { parseMarkdown } from './markdown';
import MarkdownContent, { isInAppLink } from './MarkdownContent';

const noop = () => undefined;

/**
 * Markdown a model or a quoted document may produce. The light reader must read each one as a full
 * CommonMark implementation (react-markdown, which the app used before) does.
 */
const SAMPLES = [
  'Hello **world**',
  '**Credit trends**\n\n- Rates rose\n- Demand held\n\nEnd.',
  '**Key points:**\n- A\n- B',
  'A list:\n- one\n- two',
  '1. one\n2. two\n\n3. three',
  '5) five\n6) six',
  '10. ten\n11. eleven',
  '1. a\n1. b\n1. c',
  '- a\n  - b\n  - c\n- d',
  '1. one\n   - sub\n\n     more\n2. two',
  '- a\n\n- b',
  '- a\n\n\n- b',
  '- a\n\n  para\n- b',
  '* a\n\n  * b\n\n* c',
  '- a\n-\n- c',
  '-\n  foo\n- bar',
  '- a\n - b\n  - c',
  '1. a\n\n   b\n2. c',
  '* star\n+ plus\n- dash',
  '- item\nlazy line\n- next',
  '- a\n    b continuation deeper',
  '   - three space list\n   - two',
  'Para\n1. starts with one\n\nPara\n2. cannot interrupt',
  '# Title\n\nText',
  '#hashtag\n\n## closed ##',
  'Title\n=====\n\nSub\n---',
  'a\n---\nb',
  'x\n\n---\ny',
  '***\n\n---\n\n___',
  '* * *',
  '> quote\ncontinued\n\n> new',
  '> - q list\n> - two\n\nafter',
  '```js\ncode <b>\n```\n\nafter',
  '~~~\ntilde\n~~~',
  '```\nunclosed fence',
  '    indented code\n\npara',
  '    - four spaces make code',
  'foo\n    bar',
  '*em* _em_ **strong** __strong__ ***both*** foo*bar*baz foo_bar_baz',
  '***strong em*** and *in **both***',
  '**bold *nested em* bold**',
  '*foo**bar**baz*',
  '**foo "*bar*" foo**',
  '__a__b and _a_b_ and *a*b*',
  '**a**b and a**b**',
  'a * b * c',
  '_ not em _ and *  spaced*',
  'Price: $5 * 3 = $15 and 2*3*4',
  '**Note:** see _Panel_ 3.',
  'snake_case_name and **unclosed',
  'code `a *b* c` and `` x ` y ``',
  '`code` at start and end `x`',
  '``\nfoo\n``',
  'esc \\*not em\\* and \\[not link\\]',
  '\\\\ backslash and \\a',
  'trailing backslash\\',
  'line one  \nline two\\\nline three\nline four',
  '&amp; &lt;b&gt; &#169; &#x41; &nosuch;',
  'Rates < 5% and x > y & z',
  '[search](/search?q=rates) and [ext](https://x.test "title") and [angle](</a b>)',
  '[ref][r] and [r] and [R][]\n\n[r]: /local',
  '[x]\n\n[x]: <> "t"',
  '[p. 3]: /def\n\nSee [p. 3] now',
  '[not a link] (space) and [a](b c)',
  '[x](foo(bar)) and [y](foo\\)bar)',
  '[**bold link**](/x)',
  '[a [b] c](/x)',
  '[link [inner](/i) outer](/o)',
  '[a](javascript:alert(1)) [b](//evil.test) [a](<javascript:alert(1)>)',
  '![alt](http://x.test/a.png) and ![](y.png)',
  '![img [with] brackets](/i.png) and ![a *b* c](/x.png)',
  '[![badge](http://b.test/b.svg)](https://example.test)',
  '<https://auto.test/x> and <a@b.test>',
  'inline <b>html</b> and <span class="x">span</span> text',
  'text <img src=x onerror=alert(1)> more',
  '<img src=x onerror=alert(1)><script>alert(1)</script>',
  '<div>\nblock html\n</div>\n\npara',
  '<script>alert(1)</script>\n\nafter',
  'Text\n<!-- comment -->\nmore',
];

/** The same HTML up to whitespace between elements, class names and the answer's own wrappers. */
function comparable(html: string): string {
  return html
    .replace(/ class="[^"]*"/g, '')
    .replace(/<span>(.*?)<\/span>/gs, '$1') // a tight list item's paragraph
    .replace(/^<div>|<\/div>$/g, '')
    .replace(/<(\/?)h[1-6]>/g, '<$1p>') // an answer's heading is a bold line
    .replace(/\s+/g, ' ')
    .replace(/> </g, '><')
    .replace(/ <(ul|ol)/g, '<$1') // a line break before a nested list
    .replace(/ <\/code>/g, '</code>') // a code block's closing newline
    .replace(/<br> /g, '<br>')
    .trim();
}

function reference(markdown: string): string {
  return render(
    <div>
      <Markdown
        skipHtml
        components={{
          img: ({ alt }) => <span data-image-alt="">{alt?.trim() ? `[image: ${alt.trim()}]` : '[image]'}</span>,
          a: ({ children, href }) => (isInAppLink(href) ? <a href={href}>{children}</a> : <span data-link-text="">{children}</span>),
        }}
      >
        {markdown}
      </Markdown>
    </div>,
  ).container.innerHTML;
}

describe('the answer markdown reader', () => {
  it.each(SAMPLES)('reads %j as CommonMark does', (markdown) => {
    const ours = render(<MarkdownContent content={markdown} onOpenSource={noop} />).container.innerHTML;
    expect(comparable(ours)).toBe(comparable(reference(markdown)));
  });

  it('shows markup as text: nothing in an answer becomes an element it does not name', () => {
    const { container } = render(
      <MarkdownContent
        content={'&lt;script&gt;alert(1)&lt;/script&gt; and `<img src=x onerror=alert(1)>`\n\n```\n<iframe src="/x"></iframe>\n```'}
        onOpenSource={noop}
      />,
    );
    expect(container.querySelector('script, img, iframe')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script> and <img src=x onerror=alert(1)>');
    expect(container.querySelector('pre')).toHaveTextContent('<iframe src="/x"></iframe>');
  });

  it('never links to a path that leaves the site, however it is written', () => {
    const { container } = render(
      <MarkdownContent content={'[a](/\\evil.test) [b](&#47;&#47;evil.test) [c](/%2F/ok) [d](<java\nscript:x>)'} onOpenSource={noop} />,
    );
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/%2F/ok']);
  });

  it('keeps citation markers inside bold text and list items as badges, and not inside code', () => {
    const blocks = parseMarkdown('- **Rates rose [p. 3]**\n- `[p. 4]` stays code [12:34]');
    expect(blocks).toEqual([
      {
        type: 'list',
        ordered: false,
        start: 1,
        tight: true,
        items: [
          [
            {
              type: 'paragraph',
              children: [
                {
                  type: 'strong',
                  children: [
                    { type: 'text', value: 'Rates rose ' },
                    { type: 'citation', marker: '[p. 3]', claim: 'Rates rose' },
                  ],
                },
              ],
            },
          ],
          [
            {
              type: 'paragraph',
              children: [
                { type: 'code', value: '[p. 4]' },
                { type: 'text', value: ' stays code ' },
                { type: 'citation', marker: '[12:34]', claim: 'stays code' },
              ],
            },
          ],
        ],
      },
    ]);
  });

  it('gives a badge the whole sentence it closes, bold words included', async () => {
    const onOpen = vi.fn();
    const source: Source = {
      documentId: 'd',
      sessionId: 's',
      sessionTitle: 'Lender Panel',
      kind: 'pdf',
      page: 3,
      marker: '[p. 3]',
      snippet: 'Rates rose.',
      score: 1,
    };
    render(<MarkdownContent content={'Intro. **Rates** rose in *the third* quarter [p. 3].'} sources={[source]} onOpenSource={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Source [p. 3]: Lender Panel' }));
    expect(onOpen).toHaveBeenCalledWith(source, 'Rates rose in the third quarter');
  });

  it('keeps the focused badge while the answer streams in', () => {
    const source: Source = {
      documentId: 'd',
      sessionId: 's',
      sessionTitle: 'Panel',
      kind: 'pdf',
      page: 3,
      marker: '[p. 3]',
      snippet: 'x',
      score: 1,
    };
    const { rerender } = render(<MarkdownContent content={'- Rates rose [p. 3]'} sources={[source]} onOpenSource={noop} />);
    const badge = screen.getByRole('button', { name: 'Source [p. 3]: Panel' });
    badge.focus();
    rerender(<MarkdownContent content={'- Rates rose [p. 3]\n- Demand **held'} sources={[source]} onOpenSource={noop} />);
    expect(screen.getByRole('button', { name: 'Source [p. 3]: Panel' })).toBe(badge);
    expect(badge).toHaveFocus();
  });

  it('reads a long answer quickly, and text made to slow a parser down too', () => {
    const line = '- **Rates** rose *sharply* in `Q3` [p. 3]. See [search](/search?q=x) & more_text [Lender Panel, p. 12].\n';
    const started = performance.now();
    parseMarkdown(line.repeat(200));
    parseMarkdown('['.repeat(5000) + ']'.repeat(5000));
    parseMarkdown('*a _b '.repeat(3000));
    parseMarkdown('> '.repeat(1000) + 'deep');
    parseMarkdown('- '.repeat(300) + 'deep');
    parseMarkdown('> '.repeat(20000) + 'deep\n' + '  - '.repeat(20000));
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('renders deeply nested emphasis and brackets without running out of stack', () => {
    const { container } = render(
      <MarkdownContent
        content={'*'.repeat(20000) + 'deep' + '*'.repeat(20000) + '\n\n' + '> '.repeat(20000) + 'quote'}
        onOpenSource={noop}
      />,
    );
    expect(container).toHaveTextContent('deep');
    expect(container).toHaveTextContent('quote');
  });
});
