import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Markdown from 'react-markdown';
import { describe, expect, it, vi } from 'vitest';
import type { Source } from '@/lib/types';
import MarkdownContent, { isInAppLink, literalDelimiters } from './MarkdownContent';

const noop = () => undefined;

const SOURCE: Source = {
  documentId: 'd',
  sessionId: 's',
  sessionTitle: 'Panel',
  kind: 'pdf',
  page: 3,
  marker: '[p. 3]',
  snippet: 'x',
  score: 1,
};

/**
 * Markdown a model or a quoted document may produce. The answer's reader reads each one as a full CommonMark
 * implementation (react-markdown, which the app used before) does, but for the differences listed below.
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

/**
 * Where markdown-to-jsx 7 (the answer's reader) reads a sample otherwise than CommonMark (react-markdown):
 * what it shows instead. Every other sample reads the same.
 */
const DIFFERENCES: Record<string, string> = {
  // Lists: a ')' delimiter, an empty item or a changed bullet character do not make or split a list; an item's looseness is its own; two blank lines end a list; any number may interrupt a paragraph; a one-space indent nests.
  '1. one\n2. two\n\n3. three': '<ol><li>one</li><li><p>two</p></li><li><p>three</p></li></ol>',
  '5) five\n6) six': '<p>5) five 6) six</p>',
  '1. one\n   - sub\n\n     more\n2. two': '<ol><li><p>one</p><ul><li><p>sub</p><p>more</p></li></ul></li><li><p>two</p></li></ol>',
  '- a\n\n\n- b': '<ul><li>a</li></ul><ul><li>b</li></ul>',
  '- a\n-\n- c': '<ul><li>a -</li><li>c</li></ul>',
  '-\n  foo\n- bar': '<p>- foo</p><ul><li>bar</li></ul>',
  '- a\n - b\n  - c': '<ul><li>a<ul><li>b</li><li>c</li></ul></li></ul>',
  '* star\n+ plus\n- dash': '<ul><li>star</li><li>plus</li><li>dash</li></ul>',
  'Para\n1. starts with one\n\nPara\n2. cannot interrupt':
    '<p>Para</p><ol><li>starts with one</li></ol><p>Para</p><ol start="2"><li>cannot interrupt</li></ol>',
  // Headings, rules and code: '#' needs no space after it; '---' before a line of text is not a rule; an indented line after a paragraph starts code.
  '#hashtag\n\n## closed ##': '<p>hashtag</p><p>closed</p>',
  'x\n\n---\ny': '<p>x</p><p>--- y</p>',
  'foo\n    bar': '<p>foo</p><pre><code>bar</code></pre>',
  // Emphasis: nested runs pair differently, and an underscore after a space may close emphasis (literalDelimiters gives CommonMark's reading of an underscore inside a word and of a star or underscore between spaces).
  '***strong em*** and *in **both***': '<p><strong><em>strong em</em></strong> and <em>in *</em>both***</p>',
  '*foo**bar**baz*': '<p><em>foo*</em>bar*<em>baz</em></p>',
  '*em* _em_ **strong** __strong__ ***both*** foo*bar*baz foo_bar_baz':
    '<p><em>em</em><em>em</em><strong>strong</strong><strong>strong</strong><strong><em>both</em></strong> foo<em>bar</em>baz foo_bar_baz</p>',
  '__a__b and _a_b_ and *a*b*': '<p>_<em>a__b and </em>a_b_ and <em>a</em>b*</p>',
  // Code spans keep a leading space; a backslash before a line end is no line break; numeric entities stay as written.
  'code `a *b* c` and `` x ` y ``': '<p>code <code>a *b* c</code> and <code> x ` y</code></p>',
  '``\nfoo\n``': '<p><code> foo</code></p>',
  'line one  \nline two\\\nline three\nline four': '<p>line one<br>line two\\ line three line four</p>',
  '&amp; &lt;b&gt; &#169; &#x41; &nosuch;': '<p>&amp; &lt;b&gt; &amp;#169; &amp;#x41; &amp;nosuch;</p>',
  // Links: no '<…>' destinations, collapsed or shortcut references, empty destinations or nested parentheses; a link inside link text stays text; an image's alt text keeps its markup.
  '[search](/search?q=rates) and [ext](https://x.test "title") and [angle](</a b>)':
    '<p><a href="/search?q=rates">search</a> and <span data-link-text="">ext</span> and [angle](&lt;/a b&gt;)</p>',
  '[ref][r] and [r] and [R][]\n\n[r]: /local': '<p><a href="/local">ref</a> and [r] and [R][]</p>',
  '[x]\n\n[x]: <> "t"': '<p>[x]</p>',
  '[p. 3]: /def\n\nSee [p. 3] now': '<p>See [p. 3] now</p>',
  '[x](foo(bar)) and [y](foo\\)bar)': '<p>[x](foo(bar)) and <span data-link-text="">y</span></p>',
  '[link [inner](/i) outer](/o)': '<p><a href="/o">link [inner](/i) outer</a></p>',
  '![img [with] brackets](/i.png) and ![a *b* c](/x.png)':
    '<p><span data-image-alt="">[image: img [with] brackets]</span> and <span data-image-alt="">[image: a *b* c]</span></p>',
  // Raw HTML is never parsed (disableParsingRawHTML): it shows as the text it is, where react-markdown's skipHtml dropped it; a comment line inside a paragraph is dropped without ending it.
  'inline <b>html</b> and <span class="x">span</span> text': '<p>inline &lt;b&gt;html&lt;/b&gt; and &lt;span&gt;span&lt;/span&gt; text</p>',
  'text <img src=x onerror=alert(1)> more': '<p>text &lt;img src=x onerror=alert(1)&gt; more</p>',
  '<img src=x onerror=alert(1)><script>alert(1)</script>': '<p>&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<div>\nblock html\n</div>\n\npara': '<p>&lt;div&gt; block html &lt;/div&gt;</p><p>para</p>',
  '<script>alert(1)</script>\n\nafter': '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p>after</p>',
  'Text\n<!-- comment -->\nmore': '<p>Text more</p>',
};

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
  it.each(SAMPLES)('reads %j as CommonMark does, or as documented', (markdown) => {
    const ours = comparable(render(<MarkdownContent content={markdown} onOpenSource={noop} />).container.innerHTML);
    const commonMark = comparable(reference(markdown));
    if (markdown in DIFFERENCES) {
      expect(commonMark).not.toBe(DIFFERENCES[markdown]); // a difference that is gone leaves the list
      expect(ours).toBe(DIFFERENCES[markdown]);
    } else expect(ours).toBe(commonMark);
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

  it('shows a task-list box as the text it is, never as a checkbox', () => {
    const { container } = render(<MarkdownContent content={'- [x] Book the hotel\n- [ ] Register\n\n[x] done'} onOpenSource={noop} />);
    expect(container.querySelector('input')).toBeNull();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['[x] Book the hotel', '[ ] Register']);
    expect(container).toHaveTextContent('[x] done');
  });

  it('never links to a path that leaves the site, however it is written', () => {
    const { container } = render(
      <MarkdownContent content={'[a](/\\evil.test) [b](&#47;&#47;evil.test) [c](/%2F/ok) [d](<java\nscript:x>)'} onOpenSource={noop} />,
    );
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/%2F/ok']);
  });

  it('keeps citation markers inside bold text and list items as badges, and not inside code', async () => {
    const onOpen = vi.fn();
    const sources = ['[p. 3]', '[p. 4]', '[12:34]'].map((marker) => ({ ...SOURCE, marker }));
    const { container } = render(
      <MarkdownContent content={'- **Rates rose [p. 3]**\n- `[p. 4]` stays code [12:34]'} sources={sources} onOpenSource={onOpen} />,
    );
    const badges = [...container.querySelectorAll('button')];
    expect(badges.map((b) => [b.textContent, b.closest('strong') !== null, b.closest('li') !== null])).toEqual([
      ['[p. 3]', true, true],
      ['[12:34]', false, true],
    ]);
    expect(container.querySelector('code')).toHaveTextContent('[p. 4]');
    await userEvent.click(badges[0]);
    await userEvent.click(badges[1]);
    expect(onOpen.mock.calls.map(([, claim]: unknown[]) => claim)).toEqual(['Rates rose', 'stays code']);
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
    const source = SOURCE;
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
    for (const content of [
      line.repeat(200),
      '['.repeat(5000) + ']'.repeat(5000),
      '*a _b '.repeat(3000),
      '> '.repeat(1000) + 'deep',
      '- '.repeat(300) + 'deep',
    ]) {
      render(<MarkdownContent content={content} onOpenSource={noop} />).unmount();
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('renders markup nested thousands deep as plain text, without running out of stack', { timeout: 30_000 }, () => {
    for (const content of [
      '*'.repeat(20000) + 'deep' + '*'.repeat(20000) + '\n\n' + '> '.repeat(20000) + 'quote',
      '> '.repeat(20000) + 'deep\n' + '  - '.repeat(20000),
    ]) {
      const { container, unmount } = render(<MarkdownContent content={content} onOpenSource={noop} />);
      expect(container).toHaveTextContent('deep');
      unmount();
    }
  });
});

describe('literalDelimiters', () => {
  it.each([
    ['snake_case_name and FY_2024', 'snake\\_case\\_name and FY\\_2024'],
    ['a * b * c and _ x _', 'a \\* b \\* c and \\_ x \\_'],
    ['* a bullet\n  * a nested bullet', '* a bullet\n  * a nested bullet'],
    ['* * *', '* * *'],
    ['`snake_case` and [doc](/a_b_c) and\n```\nx * y\n```', '`snake_case` and [doc](/a_b_c) and\n```\nx * y\n```'],
    ['**bold** and *em*', '**bold** and *em*'],
  ])('escapes only the runs CommonMark reads as characters: %j', (markdown, escaped) => {
    expect(literalDelimiters(markdown)).toBe(escaped);
  });

  it('shows snake_case names and products of figures as written', () => {
    const { container } = render(<MarkdownContent content={'Call load_config() when 2 * 3 = 6 [p. 3]'} onOpenSource={noop} />);
    expect(container.querySelector('em')).toBeNull();
    expect(container).toHaveTextContent('Call load_config() when 2 * 3 = 6');
  });
});
