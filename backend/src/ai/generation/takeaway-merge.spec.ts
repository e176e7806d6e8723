import type { AiUsageService } from '../usage/ai-usage.service';
import type { GenerationPassage } from './generation.types';
import { LocalAnswerGenerator } from './local-answer-generator';
import { mergeRoundRobin } from './takeaway-merge';

const turn = (n: number, sessionTitle: string, text: string): GenerationPassage => ({
  n,
  marker: `[${sessionTitle}, 0${n}:00]`,
  text,
  sessionTitle,
  kind: 'transcript',
  speaker: null,
  score: 0.03,
  similarity: 0.3,
});

const RESIDUALS = 'Residual Risk in Used Trucks';
const CREDIT = 'Credit Boxes in 2025';
const RULE = 'our rule of thumb is to keep residual exposure under 30 percent of the original equipment cost';

describe('takeaways an attendee would keep', () => {
  const sut = new LocalAnswerGenerator(384, { record: async () => undefined } as unknown as AiUsageService, 0);
  async function takeaways() {
    const first = await sut.sessionTakeaways({
      sessionTitle: RESIDUALS,
      passages: [
        turn(
          1,
          RESIDUALS,
          [
            'Moderator: Dana Whitfield is the chief credit officer of Keystone Equipment Finance and leads its residual risk team.',
            'Moderator: She has 20 years of experience in equipment lending and residual forecasting at three banks.',
            `Dana Whitfield: So ${RULE}.`,
            'Dana Whitfield: What does that mean for lenders who finance used trucks when auction prices fall this year?',
            'Dana Whitfield: Used truck values fell 18 percent in 2024, so lenders shortened terms to 48 months on older units.',
          ].join('\n'),
        ),
      ],
    });
    const second = await sut.sessionTakeaways({
      sessionTitle: CREDIT,
      passages: [
        turn(
          2,
          CREDIT,
          [
            `Lee Park: Like Dana, ${RULE}, and we review it every quarter with the credit committee and the board of directors.`,
            'Lee Park: Approval rates for app-only deals dropped to 61 percent because banks raised the guarantor FICO floor to 700.',
          ].join('\n'),
        ),
      ],
    });
    return sut.mergeTakeaways([first, second]);
  }

  it('names the speaker of a transcript turn before the quote', async () => {
    const texts = (await takeaways()).map((t) => t.text);
    const rule = texts.filter((t) => t.includes('rule of thumb'));
    expect(rule).toHaveLength(1);
    expect(rule[0]).toMatch(
      /^(?:Dana Whitfield: Our|Lee Park: Like Dana, our) rule of thumb is to keep residual exposure under 30 percent/,
    );
    expect(texts).toContain(
      'Dana Whitfield: Used truck values fell 18 percent in 2024, so lenders shortened terms to 48 months on older units.',
    );
  });

  it('keeps no question and no speaker biography', async () => {
    const texts = (await takeaways()).map((t) => t.text);
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) {
      expect(t).not.toMatch(/\?$/);
      expect(t).not.toMatch(/chief credit officer|years of experience/);
    }
  });

  it('keeps a point made in two sessions once', async () => {
    const merged = await takeaways();
    expect(merged.filter((t) => t.text.includes('rule of thumb'))).toHaveLength(1);
    expect(new Set(merged.map((t) => t.sessionTitle))).toEqual(new Set([RESIDUALS, CREDIT]));
  });

  it('drops questions, greetings, biographies and near-duplicates whichever generator made them', () => {
    const t = (text: string, sessionTitle = RESIDUALS) => ({ text, sessionTitle });
    const merged = mergeRoundRobin([
      [
        t('How should lenders price residual risk on used trucks this year?'),
        t('Thank you all for having me, it is great to be here in Denver.'),
        t('Lee Park is the CEO of Northwind Leasing and previously ran its credit team.'),
        t('Lenders shortened terms to 48 months on older units after values fell 18 percent.'),
      ],
      [t('Lenders shortened terms to 48 months on older units after values fell 18 percent in 2024.', CREDIT)],
    ]);
    expect(merged.map((m) => m.text)).toEqual(['Lenders shortened terms to 48 months on older units after values fell 18 percent.']);
  });
});
