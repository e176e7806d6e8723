import type { GenerationPassage } from '../generation.types';
import { termsOf } from '../../../text/keywords';
import { capitalisedWords, coverageEvidence, coverageScore, oneEditApart, unknownName } from './coverage';
import { questionTerms } from './question-terms';
import { passage, meetingPassage } from '../../../../test/fixtures/generation-passages';

describe('the coverage policy: names the passages never mention', () => {
  const meeting = meetingPassage;

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

describe('the coverage score: evidence that the passages cover the question', () => {
  const terms = questionTerms('What discount did the supplier offer on bulk orders?');
  const analysed = (text: string) => {
    const seq = termsOf(text);
    return { stems: new Set(seq), sequences: [seq] };
  };
  const on = (text: string, over: Partial<GenerationPassage> = {}) => passage({ text, ...over });

  it('counts the question words and word pairs of the passage holding most of them, and how scores fall off', () => {
    const held = 'The supplier will offer a discount of 8 percent on bulk orders above 500 units.';
    const other = 'Lunch is served in the main hall after the keynote.';
    const passages = [on(held, { score: 0.05, similarity: 0.3 }), on(other, { score: 0.01, similarity: 0.05 })];
    const e = coverageEvidence(
      terms,
      passages,
      passages.map((p) => analysed(p.text)),
      true,
    );
    expect(e.rule).toBe(true);
    expect(e.words).toBe(1);
    expect(e.phrases).toBeGreaterThan(0);
    expect(e.falloff).toBeCloseTo(0.8, 5);
    expect(e.similarity).toBeCloseTo(0.3 / 0.45, 5);
    expect(e.chosen).toBe(false);
    expect(coverageEvidence(terms, [{ ...passages[0], chosen: true }], [analysed(held)], true).chosen).toBe(true);
    // Scrambled words: the same words, none of the pairs.
    const scrambled = coverageEvidence(terms, passages, [analysed('Orders, bulk: the offer came; discount the supplier.')], true);
    expect(scrambled.words).toBe(1);
    expect(scrambled.phrases).toBeLessThan(e.phrases);
  });

  it('scores in [0, 1], at least 0.5 with the rule-based test and below it without, more evidence higher', () => {
    const none = { rule: false, words: 0, phrases: 0, similarity: 0, falloff: 0, chosen: false };
    const all = { rule: true, words: 1, phrases: 1, similarity: 1, falloff: 1, chosen: true };
    expect(coverageScore(none)).toBe(0);
    expect(coverageScore(all)).toBe(1);
    expect(coverageScore({ ...all, rule: false })).toBeLessThan(0.5);
    expect(coverageScore({ ...none, rule: true })).toBe(0.5);
    const some = { ...none, words: 0.5, phrases: 0.5 };
    expect(coverageScore({ ...some, chosen: true })).toBeGreaterThan(coverageScore(some));
    expect(coverageScore({ ...some, words: 0.8 })).toBeGreaterThan(coverageScore(some));
  });

  it('reads other languages through the language layer (no word lists of its own)', () => {
    const fr = questionTerms('Quelle remise le fournisseur propose-t-il sur les commandes en gros ?');
    const text = 'Le fournisseur propose une remise de 8 % sur les commandes en gros.';
    const e = coverageEvidence(fr, [on(text)], [analysed(text)], false);
    expect(e.words).toBeGreaterThan(0.7);
  });

  it("leaves the question's own language's function words out of its terms", () => {
    const fr = questionTerms("Quel conseil donne l'intervenant aux mainteneurs de paquets ?");
    expect(fr.stems).not.toEqual(expect.arrayContaining(['quel']));
    expect(fr.stems).not.toEqual(expect.arrayContaining(['aux']));
    const text = 'Mon conseil pour les mainteneurs de paquets : testez vos extensions C dès maintenant.';
    expect(coverageEvidence(fr, [on(text)], [analysed(text)], false).words).toBeGreaterThan(0.7);
    const de = questionTerms('Welchen Rat gibt die Referentin den Paketbetreuern zu Erweiterungen?');
    expect(de.stems).not.toEqual(expect.arrayContaining(['die']));
  });
});
