import type { AiUsageService, UsageRecord } from '../usage/ai-usage.service';
import { type AnswerDelta, type GenerationPassage, NOT_COVERED_ANSWER } from './generation.types';
import { rewriteFollowUp, standaloneQuestion } from './follow-up';
import { LocalAnswerGenerator } from './local-answer-generator';
import { SentenceScorer } from './local/scoring';
import { splitSentences, tidySentence } from '../../text/sentences';
import { LANGUAGES } from '../../text/lang';
import { REFUSE_BELOW, UNSURE_BELOW } from '../../answering/knobs';
import { passage, LENDER_PASSAGES as PASSAGES } from '../../../test/fixtures/generation-passages';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
    // The coverage score goes first, as data.
    expect(deltas[0]).toEqual({ coverage: expect.any(Number) });
    const text = deltas.map((d) => (typeof d === 'string' ? d : 'text' in d ? d.text : 'coverage' in d ? '' : marker(d.cite))).join('');
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
    // Carried, the same words weigh half: the page is only the closest one, and the answer says so.
    expect(sut.composeAnswer({ question, carried: ['guarantor', 'FICO', 'floor'], passages })).toMatch(
      new RegExp(`^${escape(LANGUAGES.en.mayNotCover)}\n\nThe guarantor FICO floor is 680`),
    );
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
    // A word the title does not begin stays missing: the page is only the closest one, and the answer says so.
    expect(
      sut.composeAnswer({ question: "What was XYZ's lowest segment?", passages: [page], rarity: { xyz: 1, lowest: 0.2, segment: 0.1 } }),
    ).toMatch(new RegExp(`^${escape(LANGUAGES.en.mayNotCover)}\n\n`));
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
  });
});

describe('the coverage policy of the local answerer: answered, unsure, refused', () => {
  const usage = { record: async () => undefined } as unknown as AiUsageService;
  const sut = new LocalAnswerGenerator(384, usage, 0);
  const fleet = (n: number, text: string, similarity: number, score: number): GenerationPassage =>
    passage({ n, marker: `[p. ${n}]`, text, sessionTitle: 'Fleet Economics', similarity, score, chosen: true });
  const FLEET = [
    fleet(
      1,
      'Delinquencies on fleet leases rose to 2.5 percent in the second quarter, mostly among small carriers that lease tractors.',
      0.3,
      0.05,
    ),
    fleet(
      2,
      'Insurance premiums for long-haul fleets went up again, which squeezes the margins of owner-operators across the region.',
      0.15,
      0.02,
    ),
    fleet(
      3,
      'We expect residual values of used tractors to keep falling through next year as new models arrive in dealer lots.',
      0.1,
      0.02,
    ),
  ];

  it('answers a covered question plainly, with a high score', () => {
    const { coverage, pieces } = sut.answerOf({
      question: 'How much did delinquencies on fleet leases rise in the second quarter?',
      passages: FLEET,
    });
    expect(coverage).toBeGreaterThanOrEqual(UNSURE_BELOW);
    const text = pieces.map((p) => ('text' in p ? p.text : '')).join('');
    // A how-much question: the fact first, then the cited sentence it comes from (no hedge before it).
    expect(text).toMatch(/^\*\*2\.5 percent\*\* — Delinquencies on fleet leases rose to 2\.5 percent/);
    expect(text).not.toContain(LANGUAGES.en.mayNotCover);
  });

  it("refuses an uncovered question with the spec's text alone", () => {
    const { coverage, pieces } = sut.answerOf({
      question: 'What did the speakers recommend for vaccination schedules in primary schools?',
      passages: FLEET,
    });
    expect(coverage).toBeLessThan(REFUSE_BELOW);
    expect(pieces).toEqual([{ text: NOT_COVERED_ANSWER }]);
  });

  it('answers an unsure question with the closest cited passages, saying first that they may not answer it', () => {
    const question = 'Which regions filed the most insurance claims last winter?';
    const { coverage, pieces } = sut.answerOf({ question, passages: FLEET });
    expect(coverage).toBeGreaterThanOrEqual(REFUSE_BELOW);
    expect(coverage).toBeLessThan(UNSURE_BELOW);
    expect(pieces[0]).toEqual({ text: `${LANGUAGES.en.mayNotCover}\n\n` });
    expect(pieces.filter((p) => 'cite' in p).length).toBeGreaterThan(0);
    // In the question's language.
    const fr = sut.answerOf({ question: 'Quelles régions ont déclaré le plus de sinistres d’assurance cet hiver ?', passages: FLEET });
    if (fr.coverage >= REFUSE_BELOW && fr.coverage < UNSURE_BELOW)
      expect(fr.pieces[0]).toEqual({ text: `${LANGUAGES.fr.mayNotCover}\n\n` });
    else expect(fr.pieces).toEqual([{ text: LANGUAGES.fr.notCovered }]);
  });

  it('scores 0 when nothing can answer: no passage, or a name no passage mentions', () => {
    expect(sut.answerOf({ question: 'What did lenders say?', passages: [] }).coverage).toBe(0);
    expect(sut.answerOf({ question: 'What did Kirsty Williams say about fleet leases?', passages: FLEET }).coverage).toBe(0);
  });

  it('ranks the sentences once per answer: the answer and its coverage score come from the same ranking', () => {
    const rank = jest.spyOn(SentenceScorer.prototype, 'rankSentences');
    try {
      const question = 'How much did delinquencies on fleet leases rise in the second quarter?';
      const { coverage, pieces } = sut.answerOf({ question, passages: FLEET });
      expect(rank).toHaveBeenCalledTimes(1);
      expect(coverage).toBe(sut.rankSentences(question, FLEET).coverage);
      expect(pieces.map((p) => ('text' in p ? p.text : '')).join('')).toMatch(/^\*\*2\.5 percent\*\* — /);
    } finally {
      rank.mockRestore();
    }
  });
});
