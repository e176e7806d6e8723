import { markdownInlineToHtml, markdownInlineToText, markdownToHtml, markdownToText } from './mail-markdown';

const quiet = (m: string) => `<span style="color: #4b5563; font-size: 0.9em;">${m}</span>`;

describe('mail markdown', () => {
  it('shows the citation markers of the one grammar as quiet text, and no other bracket text', () => {
    expect(markdownToHtml('Rates rose [p. 3] and [Lender Panel, 12:34].\n\n- Energy helped [line 112]')).toBe(
      `<p>Rates rose ${quiet('[p. 3]')} and ${quiet('[Lender Panel, 12:34]')}.</p>\n<ul>\n<li>Energy helped ${quiet('[line 112]')}</li>\n</ul>`,
    );
    expect(markdownInlineToHtml('The keynote [Session: Opening Keynote]')).toBe(`The keynote ${quiet('[Session: Opening Keynote]')}`);
    expect(markdownInlineToHtml('Count the [lines of code] and the [pages]')).toBe('Count the [lines of code] and the [pages]');
  });

  it('leaves a marker holding markup as it is rather than cutting the markup', () => {
    expect(markdownInlineToHtml('See [Session: The *Big* Picture]')).toBe('See [Session: The <em>Big</em> Picture]');
  });

  it('shows links, autolinks, images and reference links as text: no <a>, no <img>, no remote content', () => {
    const planted = [
      'Use the [quokka pricing calculator](https://evil.example/quokka-calc) first.',
      'Register at <https://evil.example/quokka-register> or <ops@evil.example>.',
      'See ![chart](https://evil.example/q.png) and [ref][r] and [r].',
      'Visit https://evil.example/bare or www.evil.example today.',
      '',
      '[r]: https://evil.example/defined',
    ].join('\n');
    for (const html of [markdownToHtml(planted), ...planted.split('\n').map(markdownInlineToHtml)]) {
      expect(html).not.toMatch(/<a[\s>]|<img|href=|src=|!<a/i);
    }
    expect(markdownToHtml(planted)).toContain('[quokka pricing calculator](https://evil.example/quokka-calc)');
    expect(markdownInlineToHtml('![x](https://evil.example/x.png)')).toBe('![x](https://evil.example/x.png)');
    expect(markdownInlineToText('a [b](https://evil.example/c)')).toBe('a [b](https://evil.example/c)');
    expect(markdownToText('Go to <https://evil.example/r>.')).toEqual(['Go to <https://evil.example/r>.']);
  });
});
