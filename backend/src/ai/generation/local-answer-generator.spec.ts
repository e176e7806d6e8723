import type { AiUsageService, UsageRecord } from '../usage/ai-usage.service';
import { type AnswerDelta, type GenerationPassage, NOT_COVERED_ANSWER } from './generation.types';
import { rewriteFollowUp, standaloneQuestion } from './follow-up';
import { capitalisedWords, hasNumber, LocalAnswerGenerator, oneEditApart, unknownName } from './local-answer-generator';
import { splitSentences, tidySentence } from '../../text/sentences';
import { termKey } from '../../text/term-key';

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

describe(LocalAnswerGenerator.name, () => {
  const records: UsageRecord[] = [];
  const usage = {
    record: async (r: UsageRecord) => void records.push(r),
    recordLater: (r: UsageRecord) => void records.push(r),
  } as unknown as AiUsageService;
  const sut = new LocalAnswerGenerator(384, usage, 0);

  it('answers with a lead sentence and bullets quoting the relevant sentences, each with its marker', () => {
    const answer = sut.composeAnswer({ question: 'What FICO floor do lenders require for guarantors?', passages: PASSAGES });
    const [lead, blank, ...bullets] = answer.split('\n');
    // The lead is the sentence holding the question's key words and figure, with its marker.
    expect(lead).toMatch(/680.*\[What Lenders Want, (06:52|p\. 2)\]$/);
    expect(lead.split(' ').length).toBeGreaterThanOrEqual(8);
    expect(blank).toBe('');
    expect(bullets.length).toBeGreaterThanOrEqual(1);
    expect(bullets.length).toBeLessThanOrEqual(6);
    for (const b of bullets) expect(b).toMatch(/^- .+ \[What Lenders Want, (06:52|p\. 2)\]$/);
    expect(answer).toContain('On personal credit we hold a FICO floor of 680');
    expect(answer).not.toContain('Residual');
  });

  it('answers a question asked on stage with what was said after it, and prefers figures for quantity questions', () => {
    const answer = sut.composeAnswer({ question: 'How many years in business do lenders need?', passages: PASSAGES });
    expect(answer).toMatch(/Two years at least, three above 250,000 dollars\.|Minimum time in business: 2 years/);
    expect(answer).not.toContain("What's the typical time in business you need?");
  });

  it("says the materials don't cover an unrelated question, and when nothing was retrieved", () => {
    expect(sut.composeAnswer({ question: 'Who won the Super Bowl last year?', passages: PASSAGES })).toBe(NOT_COVERED_ANSWER);
    expect(sut.composeAnswer({ question: 'What is the capital of France?', passages: PASSAGES })).toBe(NOT_COVERED_ANSWER);
    expect(sut.composeAnswer({ question: 'What FICO floor?', passages: [] })).toBe(NOT_COVERED_ANSWER);
  });

  it('streams the answer in small deltas, records usage at cost 0 and stops when aborted', async () => {
    records.length = 0;
    const deltas: AnswerDelta[] = [];
    for await (const d of sut.streamAnswer({ question: 'What FICO floor do lenders require?', passages: PASSAGES, userId: 'u1' }))
      deltas.push(d);
    expect(deltas.length).toBeGreaterThan(5);
    // Text as composed, citations as data (the passage's number), never written in the text.
    const marker = (n: number) => PASSAGES.find((p) => p.n === n)!.marker;
    const text = deltas.map((d) => (typeof d === 'string' ? d : 'text' in d ? d.text : marker(d.cite))).join('');
    expect(text).toBe(sut.composeAnswer({ question: 'What FICO floor do lenders require?', passages: PASSAGES }));
    expect(deltas.filter((d) => typeof d !== 'string' && 'cite' in d).length).toBeGreaterThan(0);
    expect(deltas.every((d) => typeof d !== 'string' && (!('text' in d) || !/\[/.test(d.text)))).toBe(true);
    expect(records).toEqual([expect.objectContaining({ kind: 'chat', provider: 'local', model: 'local-extractive-v1', userId: 'u1' })]);
    expect(records[0].completionTokens).toBeGreaterThan(0);

    const controller = new AbortController();
    const got: AnswerDelta[] = [];
    await expect(
      (async () => {
        for await (const d of sut.streamAnswer({
          question: 'What FICO floor do lenders require?',
          passages: PASSAGES,
          signal: controller.signal,
        })) {
          got.push(d);
          controller.abort();
        }
      })(),
    ).rejects.toThrow('Generation aborted');
    expect(got).toHaveLength(1);
  });

  it('cites only through its citations: a marker quoted from a passage is not one', async () => {
    const quoting = passage({
      n: 4,
      marker: '[p. 7]',
      text: 'Lenders set a guarantor FICO floor of 700 for every app-only deal [p. 3], the survey says.',
    });
    const deltas: AnswerDelta[] = [];
    for await (const d of sut.streamAnswer({ question: 'What guarantor FICO floor do lenders set?', passages: [quoting] })) deltas.push(d);
    expect(deltas).toContainEqual({ cite: 4 });
    const text = deltas.map((d) => (typeof d !== 'string' && 'text' in d ? d.text : '')).join('');
    expect(text).toContain('for every app-only deal, the survey says.');
    expect(text).not.toContain('[p. 3]');
  });

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
});

describe('a follow-up that asks for a kind of answer', () => {
  const usage = { record: async (_r: UsageRecord) => {} } as unknown as AiUsageService;
  const sut = new LocalAnswerGenerator(384, usage, 0);

  it("answers 'What numbers did they give?' from the previous question's topic, even when its words are common", () => {
    const { text: question, carried } = standaloneQuestion('What numbers did they give?', [
      { role: 'user', content: 'How are residual values for excavators holding up?' },
    ]);
    const passages = [
      passage({
        marker: '[00:10]',
        kind: 'transcript',
        speaker: 'Hannah Brooks',
        text: 'Hannah Brooks: Residual values for excavators held up better than expected. Auction prices for three-year-old excavators fell about 8 percent this year.',
      }),
    ];
    // The topic's words are everywhere in a residuals session; 'numbers' names no topic at all.
    const rarity = { residu: 0.2, valu: 0.2, excav: 0.2, hold: 0.2, number: 1 };
    expect(sut.composeAnswer({ question, carried, passages, rarity })).toMatch(/8 percent/);
  });
});

describe('the words of a question', () => {
  const usage = { record: async (_r: UsageRecord) => {} } as unknown as AiUsageService;
  const sut = new LocalAnswerGenerator(384, usage, 0);

  it('count in full when the question itself ends in parentheses (only words carried from a thread count half)', () => {
    const passages = [passage({ text: 'The guarantor FICO floor is 680 on app-only deals at most banks this year.' })];
    const question = 'What do lenders require from startups and young dealers (guarantor FICO floor)';
    expect(sut.composeAnswer({ question, passages })).toMatch(/FICO floor is 680/);
    expect(sut.composeAnswer({ question, carried: ['guarantor', 'FICO', 'floor'], passages })).toBe(NOT_COVERED_ANSWER);
  });
});

describe('answers weigh rare words above the ones every page repeats', () => {
  const usage = { record: async () => undefined, recordLater: () => undefined } as unknown as AiUsageService;
  const sut = new LocalAnswerGenerator(384, usage, 0);
  const filing = (n: number, text: string) => passage({ n, marker: `[p. ${n}]`, sessionTitle: 'ACME 2022 10K', text });
  const passages = [
    filing(1, 'Acme Holdings changed its name and its subsidiaries in 2022, operating in the United States and Canada.'),
    filing(2, 'The effective tax rate was 21.6 percent and 24.6 percent for the two years, respectively.'),
  ];

  it('leads with the sentence holding the rare words when the materials say how rare each word is', () => {
    const question = 'How did the effective tax rate of Acme Holdings change in 2022?';
    const answer = sut.composeAnswer({
      question,
      passages,
      rarity: { acm: 0.05, hold: 0.1, effect: 0.8, tax: 0.7, rate: 0.6, chang: 0.5, '2022': 0.4 },
    });
    expect(answer.split('\n')[0]).toMatch(/^The effective tax rate was 21\.6 percent.*\[p\. 2\]$/);
    // Without them, the sentence naming the company and the year would lead.
    expect(sut.composeAnswer({ question, passages }).split('\n')[0]).toMatch(/^Acme Holdings changed/);
  });
});

describe('a question word that begins a word of the session title', () => {
  const usage = { record: async () => undefined, recordLater: () => undefined } as unknown as AiUsageService;
  const sut = new LocalAnswerGenerator(384, usage, 0);
  const page = passage({
    marker: '[p. 19]',
    sessionTitle: 'JPMORGAN 2021Q1 10Q',
    text: 'Segment results\nAsset & Wealth Management had the lowest net revenue of the four segments in the first quarter of 2021.',
  });

  it("reads 'JPM' as the 'JPMorgan' of the session's title, whose pages all speak of it", () => {
    const question = "What was JPM's lowest segment?";
    const rarity = { jpm: 1, lowest: 0.2, segment: 0.1 };
    const answer = sut.composeAnswer({ question, passages: [page], rarity });
    expect(answer).toMatch(/^Asset & Wealth Management had the lowest net revenue.*\[p\. 19\]/);
    // A word the title does not begin stays missing: the page does not cover a question about someone else.
    expect(
      sut.composeAnswer({ question: "What was XYZ's lowest segment?", passages: [page], rarity: { xyz: 1, lowest: 0.2, segment: 0.1 } }),
    ).toBe(NOT_COVERED_ANSWER);
  });
});

describe('answers on meeting transcripts (untimed, cited by line)', () => {
  const usage = { record: async () => undefined, recordLater: () => undefined } as unknown as AiUsageService;
  const sut = new LocalAnswerGenerator(384, usage, 0);
  const lines = [
    'Professor: The voice-unvoice detection usually relies on R-one over R-zero as the measure {disfmarker} that is the classic feature.',
    'PhD D: Our voice-unvoice net takes fifteen base features plus three features of R as inputs {vocalsound} .',
    'Grad E: The training of the voice-unvoice nets takes about a day, so we can run more experiments this week.',
    'Professor: I think we should compare the log FFT spectrum with the filter bank for voice-unvoice detection.',
    'PhD D: The variance of the difference between the two spectrums was one of the voice-unvoice features.',
  ];
  const meeting = passage({
    n: 1,
    kind: 'transcript',
    marker: '[line 40]',
    sessionTitle: 'Research Group Meeting',
    documentId: 'doc-m',
    chunkIndex: 3,
    text: lines.join('\n'),
    lineMarkers: ['[line 40]', '[line 41]', '[line 42]', '[line 43]', '[line 44]'],
  });

  it('cites every sentence by the line of its turn, and the lead too', () => {
    const answer = sut.composeAnswer({ question: 'How long does training the voice-unvoice nets take?', passages: [meeting] });
    const units = answer.split('\n').filter(Boolean);
    expect(units[0]).toMatch(/about a day.*\[line 42\]$/);
    for (const u of units) expect(u).toMatch(/\[line 4\d\]$/);
  });

  it('cites both sentences of a figure answer taken from two turns, each by its own line', () => {
    const turns = passage({
      n: 1,
      kind: 'transcript',
      marker: '[line 70]',
      sessionTitle: 'Research Group Meeting',
      text: 'Grad E: The training of the new recogniser nets on the cluster is slow again.\nProfessor: It took about three days last time.',
      lineMarkers: ['[line 70]', '[line 71]'],
    });
    const answer = sut.composeAnswer({ question: 'How long does training the recogniser nets take?', passages: [turns] });
    const lead = answer.split('\n')[0];
    expect(lead).toMatch(/slow again\. \[line 70\] It took about three days last time\. \[line 71\]$/);
  });

  it("keeps to the asked speaker's turns for 'what did X think about Y'", () => {
    const answer = sut.composeAnswer({ question: 'What did the professor think about voice-unvoice detection?', passages: [meeting] });
    expect(answer).toContain('R-one over R-zero');
    expect(answer).toContain('[line 43]');
    expect(answer).not.toMatch(/fifteen base features|about a day/);
  });

  it('summarizes a discussion in meeting order with speakers named, without corpus markup', () => {
    const answer = sut.composeAnswer({ question: 'Summarize the discussion about voice-unvoice detection', passages: [meeting] });
    const cited = [...answer.matchAll(/^- .*\[line (\d+)\]$/gm)].map((m) => Number(m[1]));
    expect(cited.length).toBeGreaterThanOrEqual(3);
    expect(cited).toEqual([...cited].sort((a, b) => a - b));
    expect(answer).toMatch(/\*\*(Professor|PhD D|Grad E):\*\*/);
    expect(answer).not.toMatch(/disfmarker|vocalsound/);
  });

  it('refuses a question about someone the passages never mention', () => {
    expect(sut.composeAnswer({ question: 'What did Kirsty Williams say about voice-unvoice detection?', passages: [meeting] })).toBe(
      NOT_COVERED_ANSWER,
    );
    expect(sut.composeAnswer({ question: 'Has Microsoft increased its voice-unvoice features?', passages: [meeting] })).toBe(
      NOT_COVERED_ANSWER,
    );
  });
});

describe(rewriteFollowUp.name, () => {
  const history = [
    { role: 'user' as const, content: 'What FICO floor do captive lenders like Hartwell Credit use?' },
    { role: 'assistant' as const, content: 'Hartwell Credit holds a floor of 680 [p. 2].' },
  ];

  it('carries the key words of the previous question into a follow-up with pronouns or a short opener', () => {
    expect(rewriteFollowUp('Is it lower for banks?', history)).toBe('Is it lower for banks? (FICO floor captive lenders Hartwell Credit)');
    expect(rewriteFollowUp('And for startups?', history)).toBe('And for startups? (FICO floor captive lenders Hartwell Credit)');
    expect(rewriteFollowUp('What about them?', history)).toContain('Hartwell');
  });

  it('leaves a standalone question, and a first question, as they are', () => {
    expect(rewriteFollowUp('How do residual values of excavators hold up at auction?', history)).toBe(
      'How do residual values of excavators hold up at auction?',
    );
    expect(rewriteFollowUp('What is the capital of France?', history)).toBe('What is the capital of France?');
    expect(rewriteFollowUp('Is it lower for banks?', [])).toBe('Is it lower for banks?');
  });
});

describe('sentences', () => {
  it('splits transcript lines by speaker, keeps abbreviations and decimals together', () => {
    const s = splitSentences(
      'Dana Whitfield: Growth was 3.4% in the U.S. this year. Mr. Smith agreed.\nWalt Kessler: Tomás Echeverría: Thanks.',
    );
    expect(s.map((x) => [x.speaker, x.text])).toEqual([
      ['Dana Whitfield', 'Growth was 3.4% in the U.S. this year.'],
      ['Dana Whitfield', 'Mr. Smith agreed.'],
      ['Tomás Echeverría', 'Thanks.'],
    ]);
  });

  it('joins wrapped PDF lines, marks headings and drops page footers; slide labels are not speakers', () => {
    const s = splitSentences(
      'Budget and Payback\nBudget: build cost $1.2 million, paid back in\n14 months overall and\nwithin plan.\nPage 6 of 6 Conference',
      false,
    );
    expect(s).toEqual([
      { text: 'Budget and Payback', speaker: null, heading: true, lineIndex: 0 },
      {
        text: 'Budget: build cost $1.2 million, paid back in 14 months overall and within plan.',
        speaker: null,
        heading: false,
        lineIndex: 1,
      },
    ]);
  });

  it('tidies spoken sentences', () => {
    expect(tidySentence('So, um, we saw growth of, you know, ten percent.')).toBe('We saw growth of, ten percent.');
    expect(hasNumber('forty-three percent')).toBe(true);
    expect(hasNumber('no figures here')).toBe(false);
  });
});

describe('LocalAnswerGenerator: substance and coverage that carry over to new material', () => {
  const generator = new LocalAnswerGenerator(64, { record: async () => undefined } as unknown as AiUsageService, 0);
  const meeting = (text: string, n = 1) =>
    passage({
      n,
      marker: `[line ${n * 10}]`,
      kind: 'transcript',
      speaker: null,
      sessionTitle: 'Product design meeting',
      text,
      similarity: 0.1,
    });

  it('never refuses to summarize a discussion the meeting holds, even where its words are common there', () => {
    const passages = [
      meeting(
        'Project Manager: The microphone kept cutting out during the last call, so we could not hear the designer.\nIndustrial Designer: We should test the microphones before each meeting and keep a spare one in the room.',
      ),
      meeting('Marketing: The remote control needs fewer buttons and a bigger power button.', 2),
    ];
    const rarity = { microphon: 0.6, spare: 0.7, budget: 1, approv: 1 };
    const answer = generator.composeAnswer({
      question: 'Summarize the discussion about microphone spares, their budget and approval',
      passages,
      rarity,
    });
    expect(answer).not.toBe(NOT_COVERED_ANSWER);
    expect(answer).toMatch(/microphone/i);
  });

  it('summarizes a discussion whose words the whole conference says often, where the meeting says them', () => {
    const passages = [
      meeting(
        'The Chair: Petitions come first today, and the government asked that its priorities be taken after them.\nMember: The petitions on rail service deserve time before the government priorities are debated.',
      ),
    ];
    const rarity = { petit: 0.2, priorit: 0.3, govern: 0.1, order: 1, busi: 1 };
    const question = 'Summarize the discussion about petitions, priorities of government and the order of business';
    expect(generator.composeAnswer({ question, passages, rarity })).toMatch(/Petitions come first/);
  });

  it('does not open an answer with a self-introduction or quote one as a finding', () => {
    const passages = [
      meeting(
        'Audience Member: Tony Russo, Keystone Equipment Finance. Are you worried about electric equipment and its residual values?\nPanelist: Residual values of electric equipment are harder to forecast because the secondary market for used electric machines is still thin.',
      ),
    ];
    const answer = generator.composeAnswer({ question: 'What about residual values of electric equipment?', passages });
    expect(answer).not.toMatch(/Tony Russo/);
    expect(answer).toMatch(/secondary market/);
  });

  it('answers a figure question from the rows of a table of figures with both years, whatever the table is titled', () => {
    const passages = [
      passage({
        marker: '[p. 52]',
        sessionTitle: 'Annual report',
        text: 'Statement of results\nYears ended December 31, 2022 2021\nRevenue 17,606 15,785\nCost of sales 9,100 8,200\nOperating income 6,098 5,802\nNet income 4,000 3,900',
      }),
      passage({
        n: 2,
        marker: '[p. 12]',
        sessionTitle: 'Annual report',
        text: 'Our operating margin reflects our focus on disciplined growth and on our customers.',
      }),
    ];
    const answer = generator.composeAnswer({
      question: 'What was the operating margin in 2022?',
      passages,
      expansions: ['revenue', 'operating income', 'net income', 'cost of sales'],
    });
    expect(answer).toMatch(
      /Operating income: 6,098 \(2022\), 5,802 \(2021\)\. \[p\. 52\]|Revenue: 17,606 \(2022\), 15,785 \(2021\)\. \[p\. 52\]/,
    );
  });

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

  it('does not count the instructions on how to answer among the words the materials must hold', () => {
    const passages = [
      passage({
        marker: '[p. 40]',
        sessionTitle: 'Annual report',
        text: 'Net cash provided by operating activities was 2,100 million in 2017, up from 1,900 million in 2016, as collections improved.',
      }),
    ];
    const question =
      'What was the cash provided by operating activities in 2017? Round your answer to two decimal places and rely on the information outlined within the statement, according to the formula shown.';
    expect(generator.composeAnswer({ question, passages })).toMatch(/2,100 million.*\[p\. 40\]/);
  });

  it('answers a question asking for a measure with the statement rows that hold it, both years, citing their page', () => {
    const prose = (n: number, text: string) => passage({ n, marker: `[p. ${n}]`, sessionTitle: 'Annual report', text });
    const passages = [
      prose(
        12,
        'The largest liability on our balance sheet in 2022 remained the deposits our customers hold with us. We manage the largest liability on the balance sheet with care.',
      ),
      prose(
        13,
        'In 2022 the balance sheet grew, and the largest liability grew with it as customers kept more with us. Our balance sheet liability mix in 2022 stayed stable.',
      ),
      prose(
        14,
        'A liability on the balance sheet in 2022 is measured at cost, the largest one included. The balance sheet of 2022 reflects every liability at its carrying amount.',
      ),
      passage({
        n: 4,
        marker: '[p. 98]',
        sessionTitle: 'Annual report',
        text: 'Consolidated statement\nDecember 31, 2022 2021\nCustomer deposits 110,239 84,382\nAccounts payable 12,133 10,574\nLong-term debt 42,573 38,675\nTotal liabilities 204,742 166,371',
      }),
    ];
    const answer = generator.composeAnswer({
      question: 'What was the largest liability on the balance sheet in 2022?',
      passages,
      simple: true,
    });
    expect(answer).toMatch(/Total liabilities: 204,742 \(2022\), 166,371 \(2021\)\. \[p\. 98\]/);
  });

  it('draws a document answer from more of its pages: two sentences a page', () => {
    const page = (n: number, text: string) => passage({ n, marker: `[p. ${n}]`, sessionTitle: 'Annual report', text });
    const passages = [
      page(
        20,
        'Lease revenue grew in every region this year as demand for equipment leases rose. Lease revenue in the largest region grew fastest. Lease revenue from new customers also grew in the year.',
      ),
      page(
        21,
        'Lease revenue growth came mostly from renewals of equipment leases. Growth of lease revenue was strongest in the second half of the year. Lease revenue growth slowed in the last month before the close.',
      ),
      page(22, 'Lease revenue rose on longer terms for equipment.'),
    ];
    const answer = generator.composeAnswer({ question: 'How did lease revenue growth develop?', passages, simple: true });
    expect(answer).toContain('[p. 22]');
  });

  it('answers a question in colloquial words from a passage in the business terms the materials use for them', () => {
    const passages = [
      passage({
        marker: '[p. 88]',
        sessionTitle: 'Annual report',
        text: 'Legal proceedings. Acme is a defendant in litigation over product claims filed in 2022, and the cases remain pending before the court.',
      }),
    ];
    const rarity = Object.fromEntries(
      Object.entries({ acme: 0.1, legal: 0.3, '2022': 0.2, reported: 0.4, ongoing: 1, battles: 1 }).map(([w, r]) => [termKey(w), r]),
    );
    const expansions = ['legal proceedings', 'litigation', 'contingencies', 'claims'];
    const answer = generator.composeAnswer({
      question: 'Has Acme reported any ongoing legal battles in 2022?',
      passages,
      rarity,
      expansions,
    });
    expect(answer).toMatch(/litigation.*\[p\. 88\]/);
  });

  it("cites every page holding evidence before a page's second sentence (a document's answer)", () => {
    const page = (n: number, text: string) => passage({ n, marker: `[p. ${n}]`, text, sessionTitle: 'Annual Report' });
    const passages = [
      page(
        1,
        'Residual values of electric equipment are uncertain because battery wear is hard to measure. Residual values of electric equipment are uncertain where charging networks grow slowly. Residual values of electric equipment are uncertain with each new battery chemistry.',
      ),
      page(
        2,
        'Residual values of electric equipment are uncertain while auction data stays scarce. Residual values of electric equipment are uncertain when a new model doubles the range. Residual values of electric equipment are uncertain where diesel bans come into force.',
      ),
      page(3, 'Lessors shorten terms to three years because residual values of electric fleets are hard to forecast.'),
      page(4, 'Electric equipment loses value faster in secondary markets that remain thin.'),
    ];
    const answer = generator.composeAnswer({
      question: 'Why are residual values of electric equipment uncertain?',
      passages,
      simple: true,
    });
    for (const n of [1, 2, 3, 4]) expect(answer).toContain(`[p. ${n}]`);
  });

  it('reads the topic of a question in its asking sentences, not in its instructions on how to answer', () => {
    const passages = [
      passage({ n: 1, marker: '[p. 7]', text: 'Fleet utilisation reached 87 percent in 2024, up from 81 percent a year earlier.' }),
    ];
    const question =
      'Answer the following question as if you were an equity research analyst who lost internet connection and cannot access market data providers. What was the fleet utilisation in 2024? If utilisation is not a useful metric for a business like this, then state that and explain why.';
    const answer = generator.composeAnswer({ question, passages, simple: true });
    expect(answer).toContain('Fleet utilisation reached 87 percent in 2024');
    expect(answer).toContain('[p. 7]');
  });

  it('reads a word the passages write as two words (cashflow, cash flow) as those two words', () => {
    const passages = [
      passage({ n: 1, marker: '[p. 2]', text: 'The clinic improved its parking and its waiting room signage during the spring.' }),
      passage({ n: 2, marker: '[p. 9]', text: 'Cash flow from clinic operations improved to 4 million dollars over the year.' }),
    ];
    const answer = generator.composeAnswer({ question: 'Is the cashflow of the clinic improving?', passages, simple: true });
    expect(answer.split('\n')[0]).toBe('Cash flow from clinic operations improved to 4 million dollars over the year. [p. 9]');
  });
});
