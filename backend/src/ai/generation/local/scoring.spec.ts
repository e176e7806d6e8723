import type { AiUsageService } from '../../usage/ai-usage.service';
import { LocalHashEmbeddings } from '../../embeddings/local-hash-embeddings';
import { passage } from '../../../../test/fixtures/generation-passages';
import { hasNumber, SentenceScorer } from './scoring';

describe('sentence scoring', () => {
  it('reads a figure in digits or in words, a date or a duration', () => {
    expect(hasNumber('forty-three percent')).toBe(true);
    expect(hasNumber('no figures here')).toBe(false);
    expect(hasNumber('Revenue was 3.4 million')).toBe(true);
    expect(hasNumber('We met in March')).toBe(true);
    expect(hasNumber('It takes a couple of weeks')).toBe(true);
  });

  it("keeps a passage's word pairs with its analysis: the same coverage again, a reworded passage by its own pairs", () => {
    const scorer = new SentenceScorer(new LocalHashEmbeddings(384, { record: async () => undefined } as unknown as AiUsageService));
    const question = 'What discount did the supplier offer on bulk orders?';
    const held = passage({ text: 'The supplier will offer a discount of 8 percent on bulk orders above 500 units.', similarity: 0.3 });
    const first = scorer.rankSentences(question, [held]).coverage;
    expect(scorer.rankSentences(question, [held]).coverage).toBe(first);
    // The same passage reworded: the same words, none of the question's pairs.
    const reworded = { ...held, text: 'Orders, bulk and small: the offer came late; a discount the supplier gave of 8 percent.' };
    expect(scorer.rankSentences(question, [reworded]).coverage).toBeLessThan(first);
    expect(scorer.rankSentences(question, [held]).coverage).toBe(first);
  });
});
