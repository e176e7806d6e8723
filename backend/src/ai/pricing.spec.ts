import { costUsd, priceOf } from './pricing';

describe('pricing', () => {
  it('charges nothing for the local provider', () => {
    expect(costUsd('local', 'local-hash-v1-384', 1_000_000, 0)).toBe(0);
  });

  it('prices OpenAI models per million tokens, dated snapshots included', () => {
    expect(costUsd('openai', 'text-embedding-3-small', 1_000_000, 0)).toBeCloseTo(0.02, 10);
    expect(costUsd('openai', 'gpt-4o-mini-2024-07-18', 1_000_000, 1_000_000)).toBeCloseTo(0.75, 10);
    expect(priceOf('openai', 'gpt-4o-2024-08-06')).toEqual({ input: 2.5, output: 10 });
  });

  it('costs 0 for a model without a price', () => {
    expect(priceOf('openai', 'some-new-model')).toBeUndefined();
    expect(costUsd('openai', 'some-new-model', 1000, 1000)).toBe(0);
  });
});
