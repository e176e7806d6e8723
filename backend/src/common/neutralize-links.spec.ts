import { LinkNeutralizer, neutralizeLinks } from './neutralize-links';

describe('neutralizeLinks', () => {
  it.each([
    ['See the [official calculator](https://evil.example/phish) [p. 3].', 'See the official calculator [p. 3].'],
    ['Register at <https://evil.example/register> now.', 'Register at https://evil.example/register now.'],
    ['Mail <help@evil.example>.', 'Mail help@evil.example.'],
    ['![logo](https://evil.example/x.png "t")', 'logo'],
    ['[click [here]](http://evil.example/a_(b))', 'click [here]'],
    ['[1]: https://evil.example/ref\nSee [the form][1].', '1: https://evil.example/ref\nSee [the form][1].'],
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

  it('escapes a bracket left open too long, so no later delta can complete the link', () => {
    const long = 'x'.repeat(2100);
    expect(stream(['[', long, '](https://evil.example)'])).toBe(`\\[${long}](https://evil.example)`);
  });

  it('keeps an escaping backslash with what it escapes', () => {
    expect(stream(['a \\', '\\[x](http://evil.example)'])).toBe('a \\\\x');
  });
});
