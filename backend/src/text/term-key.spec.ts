import { termsOf } from './keywords';
import { STOP_WORDS } from './lexicon';
import { porterStem } from './lang/porter';
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
