import { LANGUAGES } from '../../text/lang';
import { ANSWER_SYSTEM_PROMPT, formatPassages } from './openai-answer-generator';
import { type GenerationPassage, NOT_COVERED_ANSWER } from './generation.types';

const base: GenerationPassage = {
  n: 1,
  marker: '[p. 4]',
  text: 'Revenue grew 12% in fiscal 2022.',
  sessionTitle: 'ADOBE 2022 10K',
  kind: 'pdf',
  speaker: null,
  score: 0.1,
  similarity: 0.4,
};

describe('formatPassages (the OpenAI prompt)', () => {
  it('gives a PDF passage its page marker', () => {
    expect(formatPassages([base])).toBe('Passage 1 — cite as [p. 4] — session "ADOBE 2022 10K" (pdf):\nRevenue grew 12% in fiscal 2022.');
  });

  it('puts its own line marker before every turn of an untimed transcript, without corpus markup', () => {
    const text = formatPassages([
      {
        ...base,
        n: 2,
        kind: 'transcript',
        marker: '[line 40]',
        sessionTitle: 'Research Group Meeting',
        text: 'Professor: Use R-one over R-zero {disfmarker} as the measure.\nGrad E: Training takes a day {vocalsound} .',
        lineMarkers: ['[line 40]', '[line 41]'],
      },
    ]);
    expect(text).toBe(
      'Passage 2 — cite each turn by the marker before it — session "Research Group Meeting" (transcript):\n' +
        '[line 40] Professor: Use R-one over R-zero as the measure.\n[line 41] Grad E: Training takes a day.',
    );
  });
});

describe('the OpenAI prompts', () => {
  it("name no conference's domain, place or date and ask for substance and statement rows", () => {
    expect(ANSWER_SYSTEM_PROMPT).not.toMatch(/equipment|financ|Denver|2025|SEC|10-K|meeting corpus/i);
    expect(ANSWER_SYSTEM_PROMPT).toMatch(/table rows/);
    expect(ANSWER_SYSTEM_PROMPT).toMatch(/Leave out greetings, thanks, self-introductions, headings/);
  });

  it('tell the model to read the coverage note: refuse with the spec text when the topic is in no passage, hedge when partly held', () => {
    expect(ANSWER_SYSTEM_PROMPT).toContain("note, computed from their text, of which of the question's words and phrases they hold");
    expect(ANSWER_SYSTEM_PROMPT).toContain(`say plainly: "${NOT_COVERED_ANSWER}"`);
    // The app's own note, word for word: the claim gate keeps it as a note, not an uncited claim.
    expect(ANSWER_SYSTEM_PROMPT).toContain(`opening with this sentence: "${LANGUAGES.en.mayNotCover}"`);
  });
});
