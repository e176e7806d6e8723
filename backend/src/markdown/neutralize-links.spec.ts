import MarkdownIt from 'markdown-it';
import { compiler } from 'markdown-to-jsx';
import { renderToStaticMarkup } from 'react-dom/server';
import { ConstructWatch, hasLinks, LinkNeutralizer, mayContinueConstruct, mayHoldConstruct, neutralizeLinks } from './neutralize-links';

/** The reference renderer: markdown-it with links, images, autolinks and definitions on (no raw HTML, as the mail). */
const markdownIt = new MarkdownIt('default', { html: false, linkify: false });
/** The attendee app's reader (markdown-to-jsx, raw HTML off; bare URLs are plain text there). */
const attendeeApp = (md: string) =>
  renderToStaticMarkup(compiler(md, { disableParsingRawHTML: true, disableAutoLink: true, forceBlock: true }));

/** The third review's payloads (F2) and every markdown link form. */
const CORPUS = [
  '[zebra `]` residual tool](https://evil.example/phish2)',
  'See [a][r] for details.\n\n> [r]: https://evil.example/quoted-ref',
  'Inline [calc](https://evil.example/a "title") and [rel](/local) and [p. 3](Keynote).',
  'Reference [full][ref], collapsed [ref][] and shortcut [ref].\n\n[ref]: https://evil.example/ref',
  'Autolink <https://evil.example/auto> and mail <ops@evil.example>.',
  'Image ![alt text](https://evil.example/x.png) and ref image ![alt][img]\n\n[img]: https://evil.example/y.png',
  'Nested [![inner](https://evil.example/i.png)](https://evil.example/outer) and [outer [inner](https://evil.example/in)](https://evil.example/out)',
  'Code `[not](https://evil.example/code)` then [real](https://evil.example/real) and ``a ` [b](https://evil.example/c) ``',
  'HTML <a href="https://evil.example/html">click</a> and <img src="https://evil.example/p.png">',
  '- item [one](https://evil.example/1)\n  continued [two](https://evil.example/2)\n- > quoted [three](\n  https://evil.example/3)',
  '[multi\nline label](https://evil.example/ml) and [angle](<https://evil.example/angle dest>)',
  '> [quoted link](https://evil.example/q)\n> > [deeper][d]\n> > [d]: https://evil.example/d',
  '# Heading [h](https://evil.example/h) #\n\nSetext [s](https://evil.example/s)\n===',
  '[p. 3] and [12:34] and [Lender Panel, p. 3] stay; \\[escaped](https://evil.example/e) too.',
];

describe('neutralizeLinks', () => {
  it.each([
    ['See the [official calculator](https://evil.example/phish) [p. 3].', 'See the official calculator [p. 3].'],
    ['Register at <https://evil.example/register> now.', 'Register at https://evil.example/register now.'],
    ['Mail <help@evil.example>.', 'Mail help@evil.example.'],
    ['![logo](https://evil.example/x.png "t")', 'logo'],
    ['[click [here]](http://evil.example/a_(b))', 'click [here]'],
    ['[1]: https://evil.example/ref\nSee [the form][1].', '\\[1]: https://evil.example/ref\nSee the form.'],
    ['Rates fell [p. 3] and [12:34]; see [Lender Panel, p. 3].', 'Rates fell [p. 3] and [12:34]; see [Lender Panel, p. 3].'],
    ['A citation then a word [p. 3](Keynote)', 'A citation then a word [p. 3] (Keynote)'],
    ['Escaped \\[not](a link) stays', 'Escaped \\[not](a link) stays'],
    ['x < y and a<b > c', 'x < y and a<b > c'],
  ])('%j → %j', (input, expected) => {
    expect(neutralizeLinks(input)).toBe(expected);
  });

  it('leaves an unfinished bracket at the end of a whole text as it is', () => {
    expect(neutralizeLinks('[never closed')).toBe('[never closed');
  });
});

describe('neutralizeLinks against the renderers', () => {
  it.each(CORPUS)('%j renders with no <a and no <img', (input) => {
    const out = neutralizeLinks(input);
    expect(markdownIt.render(out)).not.toMatch(/<a[\s>]|<img/);
    expect(attendeeApp(out)).not.toMatch(/<a[\s>]|<img/);
    expect(markdownIt.renderInline(out)).not.toMatch(/<a[\s>]|<img/);
  });

  it("keeps the reviewer's link texts and the citation markers", () => {
    expect(neutralizeLinks(CORPUS[0])).toBe('zebra `]` residual tool');
    expect(neutralizeLinks(CORPUS[1])).not.toContain('](');
    expect(markdownIt.render(neutralizeLinks(CORPUS[1]))).toContain('https://evil.example/quoted-ref');
    expect(neutralizeLinks(CORPUS[13])).toContain('[p. 3] and [12:34] and [Lender Panel, p. 3] stay;');
  });

  it('neutralises every payload however it is streamed', () => {
    for (const input of CORPUS) {
      for (const size of [1, 3, 7, 50]) {
        const sut = new LinkNeutralizer();
        const deltas = input.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
        const out = deltas.map((d) => sut.push(d)).join('') + sut.end();
        expect({ input, size, html: markdownIt.render(out) }).toEqual({ input, size, html: expect.not.stringMatching(/<a[\s>]|<img/) });
        expect({ input, size, html: attendeeApp(out) }).toEqual({ input, size, html: expect.not.stringMatching(/<a[\s>]|<img/) });
      }
    }
  });
});

describe('LinkNeutralizer (streamed)', () => {
  const stream = (deltas: string[]) => {
    const sut = new LinkNeutralizer();
    const parts = deltas.map((d) => sut.push(d));
    parts.push(sut.end());
    expect(parts.join('')).toBe(sut.text);
    return sut.text;
  };

  it('neutralises links split across deltas at any point', () => {
    const answer = 'Use the [official calculator](https://evil.example/phish) or <https://evil.example/register> [p. 3].';
    const expected = neutralizeLinks(answer);
    expect(expected).toBe('Use the official calculator or https://evil.example/register [p. 3].');
    for (let size = 1; size <= 12; size++) {
      const deltas = answer.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(stream(deltas)).toBe(expected);
    }
  });

  it('does not hold plain text back', () => {
    const sut = new LinkNeutralizer();
    expect(sut.push('Rates fell ')).toBe('Rates fell ');
    expect(sut.push('[p. 3')).toBe('');
    expect(sut.push('] and more')).toBe('[p. 3] and more');
  });

  it('a bracket left open too long is sent, and the delta that would close it as a link is escaped', () => {
    const long = 'x'.repeat(2100);
    const out = stream(['[', long, '](https://evil.example)']);
    expect(out).toContain(long);
    expect(markdownIt.render(out)).not.toContain('<a');
  });

  it('keeps an escaping backslash with what it escapes', () => {
    expect(stream(['a \\', '\\[x](http://evil.example)'])).toBe('a \\\\x');
  });
});

describe('LinkNeutralizer: the whole answer parsed only when a piece may close a construct', () => {
  /** An answer as the local answerer writes it: sentences each ending with a citation marker, streamed word by word. */
  const sentences = Array.from(
    { length: 60 },
    (_, i) => `Rates rose ${i % 7} points in ${2000 + i}: see the panel (Q${i % 4}) [Lender Panel, p. ${i + 1}].`,
  );
  const answer = sentences.join(' ');

  it("sends the answer unchanged, and markdown-it reads none of it: no piece holds a link's syntax, only markers", () => {
    const parse = jest.spyOn(MarkdownIt.prototype, 'parse');
    let sent: string | undefined;
    try {
      const sut = new LinkNeutralizer();
      const words = answer.match(/\S+\s*/g)!;
      sent = words.map((w) => sut.push(w)).join('') + sut.end();
      // A citation marker's bracket is followed by neither '(' nor ':' and no piece holds a '<' (`mayHoldConstruct`):
      // no piece is parsed, nor the whole answer so far.
      expect(parse.mock.calls.length).toBe(0);
    } finally {
      parse.mockRestore();
    }
    expect(sent).toBe(answer);
    expect(hasLinks(sent!)).toBe(false);
  });

  it('finds no construct in the whole that it did not find in the parts when it lets the check go (any split of any text)', () => {
    // A seeded walk over pieces of markdown syntax: whenever the sent text holds no link, the next piece (neutralised
    // alone) holds a closer and mayContinueConstruct says no, markdown-it must find no link in the two together.
    const pieces = [
      '[',
      ']',
      '(',
      ')',
      '<',
      '>',
      ':',
      '`',
      '\\',
      '!',
      '\n',
      '\n\n',
      ' \n',
      '> ',
      '- ',
      '    ',
      '# ',
      'a',
      'x y',
      'http://e.example',
      'p. 3',
      '*',
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const text = (n: number) => Array.from({ length: n }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    let skipped = 0;
    for (let i = 0; i < 6000; i++) {
      const written = text(1 + Math.floor(random() * 14));
      if (hasLinks(written)) continue;
      const out = neutralizeLinks(text(1 + Math.floor(random() * 6)));
      if (!/[\]>):]/.test(out) || mayContinueConstruct(written)) continue;
      skipped++;
      expect({ written, out, links: hasLinks(written + out) }).toEqual({ written, out, links: false });
    }
    expect(skipped).toBeGreaterThan(500);
  });

  it('reads a growing text as mayContinueConstruct reads it whole, piece by piece (any pieces of any text)', () => {
    const pieces = ['[', ']', '<', '`', '\\', '\n', '\n\n', ' \n', '\t\n', '  ', '> ', 'a', 'x y', ']:', '[p. 3] ', '\\['];
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const piece = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    for (let run = 0; run < 1500; run++) {
      const watch = new ConstructWatch();
      let text = '';
      for (let k = 0; k < 1 + Math.floor(random() * 12); k++) {
        const next = piece();
        watch.append(next);
        text += next;
        expect({ text, may: watch.mayContinue() }).toEqual({ text, may: mayContinueConstruct(text) });
      }
    }
  });

  it('finds no construct in a text it does not parse (any text of markdown syntax)', () => {
    // A seeded walk over pieces of markdown syntax: whenever `mayHoldConstruct` says no, the reference renderer
    // makes no link, image or autolink of the text, and the attendee app's reader no anchor or image either.
    const pieces = ['[', ']', '(', ')', '!', ':', '`', '\\', '\n', '\n\n', '> ', '- ', '    ', ' ', 'a', 'ref', 'http://e.example', 'p. 3'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const text = (n: number) => Array.from({ length: n }, () => pieces[Math.floor(random() * pieces.length)]).join('');
    const links = (md: string) =>
      markdownIt
        .parse(md, {})
        .flatMap((t) => t.children ?? [])
        .filter((t) => ['link_open', 'image'].includes(t.type)).length;
    let unparsed = 0;
    for (let i = 0; i < 2000; i++) {
      const md = text(1 + Math.floor(random() * 16));
      if (mayHoldConstruct(md)) continue;
      unparsed++;
      expect({ md, links: links(md), hasLinks: hasLinks(md), app: /<a |<img /.test(attendeeApp(md)) }).toEqual({
        md,
        links: 0,
        hasLinks: false,
        app: false,
      });
      expect(neutralizeLinks(md)).toBe(md);
    }
    expect(unparsed).toBeGreaterThan(500);
  });
});
