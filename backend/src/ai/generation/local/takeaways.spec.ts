import type { AiUsageService, UsageRecord } from '../../usage/ai-usage.service';
import { LocalAnswerGenerator } from '../local-answer-generator';
import { LENDER_PASSAGES as PASSAGES } from '../../../../test/fixtures/generation-passages';

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

  it('keeps no first-person sentence whose speaker the transcript does not name', async () => {
    const passage = {
      ...PASSAGES[0],
      kind: 'transcript' as const,
      speaker: null,
      text: [
        "I don't expect the ten-year yield to go below about three and three-quarters percent in 2026, even with cuts.",
        'The term premium kept the ten-year yield from falling last year even as the central bank cut by a full point.',
        'Lenders should price new equipment loans off the five-year swap rate plus a spread of about two points in 2026.',
      ].join(' '),
    };
    const takeaways = await sut.sessionTakeaways({ sessionTitle: passage.sessionTitle, passages: [passage] });
    expect(takeaways.length).toBeGreaterThan(0);
    for (const t of takeaways) expect(t.text).not.toMatch(/^I\b/);
  });

  it('records the takeaways made as usage at cost 0', async () => {
    records.length = 0;
    await sut.sessionTakeaways({ sessionTitle: PASSAGES[0].sessionTitle, passages: PASSAGES.slice(0, 2) });
    expect(records).toEqual([expect.objectContaining({ kind: 'takeaway', provider: 'local' })]);
    expect(records[0].completionTokens).toBeGreaterThan(0);
  });
});
