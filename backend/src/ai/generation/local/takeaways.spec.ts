import type { AiUsageService, UsageRecord } from '../../usage/ai-usage.service';
import type { GenerationPassage } from '../generation.types';
import { LocalAnswerGenerator } from '../local-answer-generator';

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

const PASSAGES: GenerationPassage[] = [
  passage({
    n: 1,
    marker: '[What Lenders Want, 06:52]',
    kind: 'transcript',
    speaker: 'Tomás Echeverría',
    text: "Tomás Echeverría: On personal credit we hold a FICO floor of 680 for the guarantor on app-only transactions. Below 650 we almost always decline unless there is substantial collateral.\nWalt Kessler: What's the typical time in business you need?\nTomás Echeverría: Two years at least, three above 250,000 dollars.",
  }),
  passage({
    n: 2,
    marker: '[What Lenders Want, p. 2]',
    text: 'Credit box summary\nMinimum time in business: 2 years (app-only), 3 years (full financials). Guarantor FICO floor: 680.\n• PAYDEX: 50 or higher for every\napplication we approve\nPage 2 of 6 Equipment Finance Conference 2025 | Denver, CO',
  }),
  passage({
    n: 3,
    marker: '[Residual Value Forecasting, p. 4]',
    sessionTitle: 'Residual Value Forecasting for Construction Equipment',
    text: 'Residual forecasting model: start from auction data, adjust for hours and condition, then apply a haircut of 10 to 15 percent.',
  }),
];

describe('local takeaways', () => {
  const records: UsageRecord[] = [];
  const usage = {
    record: async (r: UsageRecord) => void records.push(r),
    recordLater: (r: UsageRecord) => void records.push(r),
  } as unknown as AiUsageService;
  const sut = new LocalAnswerGenerator(384, usage, 0);

  it('makes takeaways from one session, then merges sessions in turn', async () => {
    const takeaways = await sut.sessionTakeaways({ sessionTitle: PASSAGES[0].sessionTitle, passages: PASSAGES.slice(0, 2) });
    expect(takeaways.length).toBeGreaterThan(0);
    for (const t of takeaways) {
      expect(t.sessionTitle).toBe(PASSAGES[0].sessionTitle);
      expect(t.text).toMatch(/[.!?]$/);
      expect(t.text).not.toMatch(/^Page \d/);
    }
    const other = await sut.sessionTakeaways({ sessionTitle: PASSAGES[2].sessionTitle, passages: [PASSAGES[2]] });
    const merged = await sut.mergeTakeaways([takeaways, other]);
    expect(merged.map((t) => t.sessionTitle)).toContain(PASSAGES[2].sessionTitle);
    expect(merged.length).toBeLessThanOrEqual(10);
  });

  it('records the takeaways made as usage at cost 0', async () => {
    records.length = 0;
    await sut.sessionTakeaways({ sessionTitle: PASSAGES[0].sessionTitle, passages: PASSAGES.slice(0, 2) });
    expect(records).toEqual([expect.objectContaining({ kind: 'takeaway', provider: 'local' })]);
    expect(records[0].completionTokens).toBeGreaterThan(0);
  });
});
