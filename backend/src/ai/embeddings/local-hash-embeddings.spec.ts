import type { UsageRecord } from '../usage/ai-usage.service';
import type { AiUsageService } from '../usage/ai-usage.service';
import { termsOf } from '../../text/keywords';
import { LocalHashEmbeddings, estimateTokens } from './local-hash-embeddings';

/** Collects usage records in memory (the database path is covered by the ingestion e2e suite). */
function usageRecorder(): { records: UsageRecord[]; service: AiUsageService } {
  const records: UsageRecord[] = [];
  const service = { recordLater: (r: UsageRecord) => void records.push(r) } as unknown as AiUsageService;
  return { records, service };
}

function cosine(a: number[], b: number[]): number {
  return a.reduce((s, x, i) => s + x * b[i], 0);
}

describe(LocalHashEmbeddings.name, () => {
  const { records, service } = usageRecorder();
  const sut = new LocalHashEmbeddings(384, service);

  it('names its model after the width', () => {
    expect(sut.model).toBe('local-hash-v1-384');
    expect(sut.dimensions).toBe(384);
  });

  it('is deterministic and L2-normalised', async () => {
    const [a, b] = await sut.embedDocuments(['Equipment finance rates rose.', 'Equipment finance rates rose.']);
    expect(a).toHaveLength(384);
    expect(a).toEqual(b);
    expect(Math.sqrt(a.reduce((s, x) => s + x * x, 0))).toBeCloseTo(1, 10);
  });

  it('puts texts sharing stemmed content words closer than unrelated ones', async () => {
    const query = await sut.embedQuery('How do lenders assess credit?');
    const [related, unrelated] = await sut.embedDocuments([
      'The lender assessed the credit profile of each applicant.',
      'Lunch will be served in the ballroom at noon.',
    ]);
    expect(cosine(query, related)).toBeGreaterThan(0.3);
    expect(cosine(query, related)).toBeGreaterThan(cosine(query, unrelated) + 0.2);
  });

  it('gives empty and stop-word-only texts a valid unit vector', async () => {
    const [empty, stop] = await sut.embedDocuments(['', 'and the of']);
    expect(Math.sqrt(empty.reduce((s, x) => s + x * x, 0))).toBeCloseTo(1, 10);
    expect(stop).toEqual(empty);
  });

  it('records one usage row per call with estimated tokens at the local provider', async () => {
    records.length = 0;
    await sut.embedDocuments(['one two three', 'four five'], { userId: 'u1' });
    expect(records).toEqual([
      {
        kind: 'embedding',
        provider: 'local',
        model: 'local-hash-v1-384',
        promptTokens: estimateTokens(['one two three', 'four five']),
        completionTokens: 0,
        userId: 'u1',
      },
    ]);
    expect(estimateTokens(['one two three', 'four five'])).toBe(7);
  });
});

describe("termsOf, the embedder's words", () => {
  it('lower-cases, folds accents, drops stop words and possessives, stems', () => {
    expect(termsOf("The Lender's Café financing of 2025 equipment")).toEqual(['lender', 'cafe', 'financ', '2025', 'equip']);
  });
});
