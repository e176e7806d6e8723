import type { GenerationPassage } from '../generation.types';
import { capitalisedWords, oneEditApart, unknownName } from './coverage';

function passage(over: Partial<GenerationPassage>): GenerationPassage {
  return {
    n: 1,
    marker: '[p. 1]',
    text: '',
    sessionTitle: 'What Lenders Want: Credit Criteria in a Tighter Market',
    kind: 'pdf',
    speaker: null,
    score: 0.03,
    similarity: 0.3,
    ...over,
  };
}

describe('the coverage policy: names the passages never mention', () => {
  const meeting = (text: string, n = 1) =>
    passage({
      n,
      marker: `[line ${n * 10}]`,
      kind: 'transcript',
      speaker: null,
      sessionTitle: 'Product design meeting',
      text,
      similarity: 0.1,
    });

  it('answers about a speaker whose long name the question misspells by one letter, and refuses a name in no passage', () => {
    const passages = [
      meeting('Carol Shillabeer: The community of practice brings the workforce of every health board together each month.'),
    ];
    expect(oneEditApart('dhillabeer', 'shillabeer')).toBe(true);
    expect(oneEditApart('kraft', 'draft')).toBe(true);
    expect(oneEditApart('heinz', 'heinz')).toBe(false);
    expect(unknownName('What did Carol Dhillabeer think about the community of practice?', passages)).toBe(false);
    expect(unknownName('What did Kirsty Williams think about the community of practice?', passages)).toBe(true);
    // A short name is not taken for a misspelling ('Kraft' is not 'draft').
    expect(unknownName('What is the inventory of Kraft?', [meeting('We will draft the inventory plan next week.')])).toBe(true);
  });

  it('offers as ordinary words only the unknown capitalised words English uses as ordinary words', () => {
    const passages = [passage({ text: 'Net sales grew 2% once currency and pass-through costs are excluded.' })];
    // 'Real' between a determiner and a lower-case word: the materials may write it in lower case elsewhere.
    expect(capitalisedWords('How much was the Real change in Sales in 2023?', passages)).toEqual(['real']);
    expect(unknownName('How much was the Real change in Sales in 2023?', passages)).toBe(true);
    expect(unknownName('How much was the Real change in Sales in 2023?', passages, ['real'])).toBe(false);
    // Names stand elsewhere: the subject of a verb, after a preposition, beside another capitalised word.
    expect(capitalisedWords('How much cash did Block (formerly known as Square) generate in 2022?', passages)).toEqual([]);
    expect(capitalisedWords('Summarize the presentation by Marketing.', passages)).toEqual([]);
    expect(capitalisedWords('Has CVS Health paid dividends in 2022?', passages)).toEqual([]);
    expect(capitalisedWords('Did the Sales team grow?', passages)).toEqual([]);
  });

  it('takes a name written with an inner capital for a name', () => {
    const passages = [passage({ text: 'Net revenue grew 8 percent in the year, led by beverages in every region.' })];
    expect(unknownName('What was the revenue growth of PepsiCo?', passages)).toBe(true);
    expect(unknownName('What was the revenue growth?', passages)).toBe(false);
  });
});
