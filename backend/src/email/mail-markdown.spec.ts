import { markdownInlineToHtml, markdownToHtml } from './mail-markdown';

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
});
