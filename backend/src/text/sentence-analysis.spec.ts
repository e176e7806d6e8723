import { analyseSentences, readSentences, SENTENCE_ANALYSIS_VERSION, storedSentences } from './sentence-analysis';

const TRANSCRIPT = [
  'Dana Whitfield: Thank you all for coming.',
  'Dana Whitfield: Residual values of electric forklifts fell twelve percent in 2024, so lenders now shorten the terms.',
  'Tony Russo: We recommend pulling a second credit bureau for any application above $250,000.',
].join('\n');
const PAGE =
  'Equipment Finance Outlook\nNew business volume grew 4.1% in the first half, led by construction and trucking. Delinquencies stayed low.';

describe('analyseSentences', () => {
  it('keeps answer sentences with their terms and speaker, and marks headings and small talk as never an answer', () => {
    const sentences = analyseSentences(TRANSCRIPT, true);
    expect(sentences.map((s) => [s.speaker, s.terms !== null])).toEqual([
      ['Dana Whitfield', false],
      ['Dana Whitfield', true],
      ['Tony Russo', true],
    ]);
    expect(sentences[1]).toMatchObject({ lineIndex: 1, number: true });
    expect(sentences[1].terms).toEqual(expect.arrayContaining(['residu', 'forklift', 'lender']));
    expect(analyseSentences(PAGE, false)[0]).toMatchObject({ text: 'Equipment Finance Outlook', terms: null });
  });
});

describe('stored sentences', () => {
  it('read back as they were analysed', () => {
    for (const [text, transcript] of [
      [TRANSCRIPT, true],
      [PAGE, false],
    ] as const) {
      expect(readSentences(storedSentences(text, transcript))).toEqual(analyseSentences(text, transcript));
    }
  });

  it('are ignored when missing, of another analysis version or unreadable', () => {
    const stored = JSON.parse(storedSentences(PAGE, false)) as { v: number };
    expect(stored.v).toBe(SENTENCE_ANALYSIS_VERSION);
    expect(readSentences(JSON.stringify({ ...stored, v: SENTENCE_ANALYSIS_VERSION + 1 }))).toBeNull();
    expect(readSentences(null)).toBeNull();
    expect(readSentences('')).toBeNull();
    expect(readSentences('{"v":1,')).toBeNull();
    expect(readSentences('{"v":1}')).toBeNull();
  });
});
