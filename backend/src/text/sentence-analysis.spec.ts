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

describe('the stored form of version 1', () => {
  // Stored analyses are read back as they are: a change of the analysis (splitting, tidying, the filler
  // rule, stemming) that changes these must raise SENTENCE_ANALYSIS_VERSION, and then update them.
  it('is what the analysis gives today', () => {
    const transcript = [
      'Dana Whitfield: Um, so thank you all for coming.',
      'Dana Whitfield: Residual values of electric forklifts fell twelve percent in 2024, so lenders now shorten the terms.',
      'Tony Russo: Well, we recommend pulling a second credit bureau for any application above $250,000.',
    ].join('\n');
    const statement = [
      'Consolidated Statements of Income',
      'Years ended December 31, 2022 2021',
      'Net revenue 4,000 3,900',
      'Net income 800 750',
      'The Company’s leasing volume grew in the first half, led by construction. Approx. 12% came from trucking.',
    ].join('\n');
    expect(SENTENCE_ANALYSIS_VERSION).toBe(1);
    expect(storedSentences(transcript, true)).toBe(
      '{"v":1,"s":[["Thank you all for coming.","Dana Whitfield",0,null,0],' +
        '["Residual values of electric forklifts fell twelve percent in 2024, so lenders now shorten the terms.","Dana Whitfield",1,' +
        '["residu","valu","electr","forklift","fell","twelv","percent","2024","lender","shorten","term"],1],' +
        '["We recommend pulling a second credit bureau for any application above $250,000.","Tony Russo",2,' +
        '["recommend","pull","second","credit","bureau","applic","250","000"],1]]}',
    );
    expect(storedSentences(statement, false)).toBe(
      '{"v":1,"s":[["Consolidated Statements of Income",null,0,null,0],["Years ended December 31, 2022 2021",null,1,null,0],' +
        '["Net revenue: 4,000 (2022), 3,900 (2021).",null,2,["net","revenu","4","000","2022","3","900","2021"],1],' +
        '["Net income: 800 (2022), 750 (2021).",null,3,["net","incom","800","2022","750","2021"],1],' +
        '["The Company’s leasing volume grew in the first half, led by construction.",null,4,["compani","leas","volum","grew","first","half","led","construct"],1],' +
        '["Approx. 12% came from trucking.",null,4,["approx","12","came","truck"],1]]}',
    );
  });
});
