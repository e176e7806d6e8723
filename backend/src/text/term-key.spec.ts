import { termsOf } from './keywords';
import { fold } from './lang/fold';
import { STOP_WORDS } from './lexicon';
import { porterStem } from './porter-stemmer';
import { contentKey, contentKeysCached, termKey } from './term-key';

/** The content terms as the tokenisers read them before `contentKey`: a stop-word test, then the stem. */
const reference = (word: string) => (STOP_WORDS.has(word) ? null : /^\p{N}/u.test(word) ? word : porterStem(word));

describe(contentKey.name, () => {
  const sample = ['the', 'and', 'financing', 'financed', 'leases', 'residual', '2022', '1.6', '10k', 'of', 'ratio', 'quickly', 'it', 'y'];

  it('is null for a stop word and the term key of any other word, asked once or again', () => {
    for (let round = 0; round < 2; round++)
      for (const word of sample) {
        expect(contentKey(word)).toBe(reference(word));
        if (!STOP_WORDS.has(word)) expect(contentKey(word)).toBe(termKey(word));
      }
  });

  it('stays bounded and keeps answering correctly once its cache was cleared', () => {
    for (let i = 0; i < 50_010; i++) contentKey(`word${i}x`);
    expect(contentKeysCached()).toBeLessThanOrEqual(50_000);
    for (const word of sample) expect(contentKey(word)).toBe(reference(word));
  });

  it('leaves the tokenisers as they were: stop words dropped, stems kept in order', () => {
    const text = "The lessee's financing of the equipment leases, in 2022, was 1.6 times the residual value; they're leasing again.";
    const expected = ['lesse', 'financ', 'equip', 'leas', '2022', '1', '6', 'time', 'residu', 'valu', 'leas'];
    expect(termsOf(text)).toEqual(expected);
    expect(termsOf('Café résumé naïve')).toEqual(['cafe', 'resum', 'naiv']);
  });
});

describe(termsOf.name, () => {
  /**
   * The tokeniser as it was written with regular expressions only (before `asciiTerms`), other text
   * folded by the language layer's `fold`: the reference.
   */
  function referenceTerms(text: string): string[] {
    const ascii = !/[^\p{ASCII}]/u.test(text);
    const normalised = ascii ? text.toLowerCase() : fold(text);
    const pattern = ascii ? /[a-z0-9]+(?:'[a-z]+)?/g : /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
    const out: string[] = [];
    for (const m of normalised.matchAll(pattern)) {
      let word = m[0];
      let apostrophe = word.indexOf("'");
      if (apostrophe < 0 && !ascii) apostrophe = word.indexOf('’');
      if (apostrophe >= 0) word = word.slice(0, apostrophe);
      const key = word ? contentKey(word) : null;
      if (key !== null) out.push(key);
    }
    return out;
  }

  it('reads the words of ASCII text as the regular expressions did: apostrophes, digits, punctuation, case', () => {
    const cases = [
      "don't",
      "o'neil's",
      "x'ab9",
      "abc'def'ghi",
      "it's 10'",
      "'quoted' words''",
      "rock'n'roll",
      "ABC'S",
      "FY2022's",
      '1.6 3,215 10-K h1-2023',
      'e-mail co-op',
      'end.',
      '',
      '   ',
      "'",
      "a'",
      "'a",
      'A\tB\nC',
      "The Lessee's EQUIPMENT",
    ];
    for (const text of cases) expect(termsOf(text)).toEqual(referenceTerms(text));
  });

  it('reads any mix of letters, digits, apostrophes, punctuation and accents as the regular expressions did', () => {
    // A fixed pseudo-random sequence (the same on every run).
    let seed = 42;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const alphabet = ['a', 'e', 's', 't', 'r', 'n', 'Z', 'Q', '0', '7', "'", "'", '’', ' ', ' ', '.', ',', '-', '\n', 'é', 'ß'];
    for (let n = 0; n < 3000; n++) {
      const ascii = n % 2 === 0;
      const letters = ascii ? alphabet.filter((c) => c.charCodeAt(0) < 128) : alphabet;
      const text = Array.from({ length: 1 + Math.floor(next() * 40) }, () => letters[Math.floor(next() * letters.length)]).join('');
      expect(termsOf(text)).toEqual(referenceTerms(text));
    }
  });
});
