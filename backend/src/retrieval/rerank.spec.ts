import type { Passage } from './retrieval.types';
import { expansionsOf } from './query-expansion';
import { capPerDocument, numberForms, rerank, titleLines } from './rerank';

let id = 0;
const passage = (text: string, over: Partial<Passage> = {}): Passage => ({
  chunkId: String(++id),
  documentId: 'doc-1',
  sessionId: 's',
  sessionTitle: 'Filing',
  kind: 'pdf',
  chunkIndex: id,
  text,
  page: id,
  startTime: null,
  endTime: null,
  speaker: null,
  score: 0,
  similarity: 0,
  textRank: 0,
  ...over,
});

describe('rerank', () => {
  const terms = [
    { stem: 'effect', idf: 2 },
    { stem: 'tax', idf: 1.5 },
    { stem: 'rate', idf: 1 },
  ];

  it('puts the passage with the words close together and the years asked for first', () => {
    const scattered = passage('The rate of growth was effective in reducing the tax burden of our clients over time.');
    const table = passage('TABLE 1: SUMMARY\nEffective tax rate 21.6 % 24.6 % 27.0 %\n2022 2021 2020');
    const ranked = rerank('How did the effective tax rate change between FY2021 and FY2022?', [scattered, table], terms);
    expect(ranked[0].chunkId).toBe(table.chunkId);
    expect(ranked[0].score).toBeGreaterThan(ranked[1].score);
  });

  it('puts first the page whose table holds the line item in the column of the period asked', () => {
    // An invented company: its statement of operations of 2020, its five-year summary ending in 2018
    // (a footnote names 2019), and its balance sheet of 2020.
    const heading = (years: string) => `CONSOLIDATED STATEMENTS OF OPERATIONS\n(In thousands)\nYear Ended December 31,\n${years}`;
    const both = passage(
      `${heading('2020 2019 2018')}\nProduct revenue 1,204,118 986,420 811,002\nService revenue 310,554 255,017 198,774\nTotal revenue 1,514,672 1,241,437 1,009,776`,
      { documentId: 'a' },
    );
    const rowOnly = passage(
      `${heading('2018 2017 2016')}\nTotal revenue 1,009,776 902,115 850,431\nGross profit 369,666 301,520 288,004\n(1) Restated in 2019 for the new lease standard.`,
      { documentId: 'a' },
    );
    const periodOnly = passage(
      `CONSOLIDATED BALANCE SHEETS\n(In thousands)\nDecember 31, 2020 December 31, 2019\nDeferred revenue 6,845 5,120\nTotal liabilities 13,255 11,774`,
      { documentId: 'a' },
    );
    const q = 'What was the total revenue in FY2019?';
    const weighted = [
      { stem: 'total', idf: 1 },
      { stem: 'revenu', idf: 1 },
      { stem: 'fy', idf: 1 },
      { stem: '2019', idf: 1 },
    ];
    // The other two come first from the fused ranking; the row's cell in the period's column lifts the right page.
    const ranked = rerank(q, [rowOnly, periodOnly, both], weighted);
    expect(ranked[0].chunkId).toBe(both.chunkId);
  });

  it('prefers the table of figures (by its layout, whatever its title) holding the line items the question needs', () => {
    const note = passage('Segment results\nOperating income by segment; the totals agree to the net income and the revenue we report.');
    const statement = passage(
      'Statement of results\nYears ended December 31, 2022 2021\nTotal revenue 17,606 15,785\nCost of sales (9,100) (8,200)\nOperating income by segment 6,098 5,802\nNet income 4,000 3,900',
    );
    const q = 'Does the company have an improving operating margin profile?';
    const ranked = rerank(
      q,
      [note, statement],
      [
        { stem: 'oper', idf: 1 },
        { stem: 'margin', idf: 1 },
      ],
      expansionsOf(q),
    );
    expect(ranked[0].chunkId).toBe(statement.chunkId);
  });

  it('without a filter, puts first the passage of the document the question is routed to, between passages alike', () => {
    const a = passage('The kinetic battery was chosen.', { documentId: 'meeting-1', kind: 'transcript', page: null });
    const b = passage('The kinetic battery was chosen.', { documentId: 'meeting-2', kind: 'transcript', page: null });
    const terms = [{ stem: 'kinet', idf: 2 }];
    expect(rerank('kinetic battery', [a, b], terms)[0].chunkId).toBe(a.chunkId);
    const routes = new Map([
      ['meeting-2', 1],
      ['meeting-1', 0.4],
    ]);
    expect(rerank('kinetic battery', [a, b], terms, [], [], routes)[0].chunkId).toBe(b.chunkId);
  });

  it('favours the turns of a speaker the question names', () => {
    const other = passage('PhD D: The vectors of the machine were long.', { kind: 'transcript', page: null });
    const named = passage('Grad A: The vectors of the machine were long.', { kind: 'transcript', page: null });
    const ranked = rerank('What did Grad A explain about his vectors?', [other, named], [{ stem: 'vector', idf: 1 }]);
    expect(ranked[0].chunkId).toBe(named.chunkId);
  });

  it("reads a passage's turns once per text: the same order again, and a changed passage by its own turns", () => {
    const turns = (named: string) =>
      passage(`${named}: The vectors of the machine were long.\nPhD D: And the inputs were short.`, { kind: 'transcript', page: null });
    const other = passage('PhD D: The vectors of the machine were long.', { kind: 'transcript', page: null });
    const question = 'What did Grad A explain about his vectors?';
    const terms = [{ stem: 'vector', idf: 1 }];
    const before = turns('Grad A');
    expect(rerank(question, [other, before], terms)[0].chunkId).toBe(before.chunkId);
    expect(rerank(question, [other, before], terms)[0].chunkId).toBe(before.chunkId);
    // The same chunk once its first turn is another speaker's: Grad A holds no turn of it any more.
    const after = { ...before, text: before.text.replace('Grad A', 'PhD C') };
    expect(rerank(question, [other, after], terms)[0].chunkId).toBe(other.chunkId);
  });

  it('leans to transcripts for questions about what people said or discussed', () => {
    const filing = passage('The remote control market: design trends and button layouts.');
    const meeting = passage('Marketing: The remote control design needs fewer buttons.', {
      kind: 'transcript',
      page: null,
      documentId: 'doc-2',
    });
    const ranked = rerank(
      'What did the team discuss about the remote control design?',
      [filing, meeting],
      [
        { stem: 'remot', idf: 1 },
        { stem: 'design', idf: 1 },
      ],
    );
    expect(ranked[0].chunkId).toBe(meeting.chunkId);
  });

  it('prefers the turns where the speaker the question names holds the floor', () => {
    const aside = passage('Marketing: The buttons were too small, I think.\nUser Interface: Yes.\nMarketing: And the colour was wrong.', {
      kind: 'transcript',
      page: null,
    });
    const presenting = passage('User Interface: The buttons light up.\nUser Interface: The buttons are rubber and large.', {
      kind: 'transcript',
      page: null,
    });
    const ranked = rerank('What did User Interface present about the buttons?', [aside, presenting], [{ stem: 'button', idf: 1 }]);
    expect(ranked[0].chunkId).toBe(presenting.chunkId);
  });

  it('lifts a passage whose neighbouring chunk holds the rest of the discussion', () => {
    const t = { kind: 'transcript' as const, page: null };
    const alone = passage('A: The battery is cheap.', { ...t, chunkIndex: 10 });
    const inTopic = passage('B: The battery is cheap.', { ...t, chunkIndex: 20 });
    const next = passage('C: The battery lasts and the charger is included in the battery cost.', { ...t, chunkIndex: 21 });
    const terms = [
      { stem: 'batteri', idf: 1 },
      { stem: 'charger', idf: 1 },
    ];
    const ranked = rerank('What was said about the battery and the charger?', [alone, inTopic, next], terms);
    expect(ranked.findIndex((p) => p.chunkId === inTopic.chunkId)).toBeLessThan(ranked.findIndex((p) => p.chunkId === alone.chunkId));
  });

  it('without a session filter, prefers the passage of the document that answers the question as a whole', () => {
    const other = passage('The battery is cheap.', { documentId: 'other' });
    const about = passage('The battery is cheap.', { documentId: 'about' });
    const aboutMore = [
      passage('The charger and battery were tested.', { documentId: 'about' }),
      passage('The charger design and its battery.', { documentId: 'about' }),
    ];
    const terms = [
      { stem: 'batteri', idf: 1 },
      { stem: 'charger', idf: 1 },
    ];
    const ranked = rerank('battery charger', [other, about, ...aboutMore], terms);
    expect(ranked.findIndex((p) => p.chunkId === about.chunkId)).toBeLessThan(ranked.findIndex((p) => p.chunkId === other.chunkId));
  });

  it("reads a page's title block by its layout: the short lines before the body", () => {
    expect(
      titleLines('NOTE 5 - ACQUISITIONS\nYear ended June 30\nOn August 1 the company completed the purchase of a plant in the north.'),
    ).toBe('NOTE 5 - ACQUISITIONS\nYear ended June 30');
    expect(
      titleLines('We sell packaging in many markets and to many customers around the world, as described below in detail.\nNext'),
    ).toBe('We sell packaging in many markets and to many customers around the world, as described below in detail.');
  });

  it('reads a short form the search added for a long form the question spells out as that long form', () => {
    const weights = [
      { stem: 'fair', idf: 1.3 },
      { stem: 'market', idf: 0.5 },
      { stem: 'valu', idf: 1 },
      { stem: 'panel', idf: 0.3 },
    ];
    const shortForm = passage('Residual risk. On FMV deals the lessor keeps the residual.', { documentId: 'a', chunkIndex: 10 });
    const distractor = passage('Book value and tax value differ; the panel walked through schedules.', { documentId: 'b', chunkIndex: 20 });
    const question = 'What did the panel say about fair market value?';
    expect(rerank(question, [distractor, shortForm], weights)[0].chunkId).toBe(distractor.chunkId);
    const synonyms = [{ word: 'fmv', standsFor: ['fair', 'market', 'value'] }];
    expect(rerank(question, [distractor, shortForm], weights, [], synonyms)[0].chunkId).toBe(shortForm.chunkId);
  });

  it('reads figures in the forms filings write them', () => {
    expect([...numberForms('revenue of $1.6 billion in FY2022')].sort()).toEqual(['1.6', '1600', '2022']);
  });
});

describe('capPerDocument', () => {
  it('caps passages per document (unless nothing else is left) and halves the score of a neighbour of one taken', () => {
    const a = [0, 1, 2, 5, 9].map((i, n) => passage(`a${i}`, { documentId: 'A', chunkIndex: i, score: 1 - n * 0.1 }));
    const b = [passage('b0', { documentId: 'B', chunkIndex: 0, score: 0.2 })];
    expect(capPerDocument([...a, ...b], 4, 2).map((p) => p.text)).toEqual(['a0', 'a2', 'b0', 'a5']);
    // a1 (0.9) next to a0 counts 0.45: a2 (0.8), a5 and a9 come first.
    const picked = capPerDocument(a, 5, 5);
    expect(picked.map((p) => p.text)).toEqual(['a0', 'a2', 'a5', 'a9', 'a1']);
    const scores = picked.map((p) => p.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
  });
});

describe('capPerDocument on transcripts', () => {
  const chunk = (i: number, score: number, lines: [number, number], over: Partial<Passage> = {}) =>
    passage(`turns ${lines[0]}-${lines[1]}`, {
      documentId: 'M',
      kind: 'transcript',
      page: null,
      chunkIndex: i,
      score,
      lineStart: lines[0],
      lineEnd: lines[1],
      turnLines: Array.from({ length: lines[1] - lines[0] + 1 }, (_, n) => lines[0] + n),
      ...over,
    });

  it('takes in the neighbouring chunk that scores nearly as well, as one passage of both stretches of turns', () => {
    const picked = capPerDocument([chunk(4, 1, [40, 44]), chunk(5, 0.8, [45, 47]), chunk(9, 0.6, [90, 95]), chunk(3, 0.3, [35, 39])], 3, 5);
    expect(picked.map((p) => [p.lineStart, p.lineEnd])).toEqual([
      [40, 47],
      [90, 95],
      [35, 39],
    ]);
    expect(picked[0].text).toBe('turns 40-44\nturns 45-47');
    expect(picked[0].turnLines).toEqual([40, 41, 42, 43, 44, 45, 46, 47]);
  });

  it('keeps each line’s time in a joined passage of a timed transcript', () => {
    const timed = (i: number, score: number, lines: [number, number], times: number[]) =>
      chunk(i, score, lines, { text: times.map((t) => `said at ${t}`).join('\n'), startTime: times[0], turnTimes: times });
    const [joined] = capPerDocument([timed(0, 1, [1, 2], [5, 15]), timed(1, 0.9, [3, 4], [32, 50])], 1, 5);
    expect(joined.text.split('\n')).toHaveLength(4);
    expect(joined.turnTimes).toEqual([5, 15, 32, 50]);
  });

  it('leaves a neighbour that scores well under the passage as a passage of its own', () => {
    const picked = capPerDocument([chunk(4, 1, [40, 44]), chunk(5, 0.5, [45, 47]), chunk(9, 0.4, [90, 95])], 2, 5);
    expect(picked.map((p) => [p.lineStart, p.lineEnd])).toEqual([
      [40, 44],
      [90, 95],
    ]);
  });

  it('counts another piece of a long turn already taken as its neighbour', () => {
    // Chunks 2 and 6 are pieces of the one long turn on line 20 (the splitter's pieces need not be consecutive chunks).
    const picked = capPerDocument([chunk(2, 1, [20, 20]), chunk(6, 0.9, [20, 20]), chunk(9, 0.6, [30, 31])], 2, 5);
    expect(picked.map((p) => p.chunkIndex)).toEqual([2, 9]);
  });
});

describe('capPerDocument on PDF pages', () => {
  it('counts another chunk of a page already taken as its neighbour, so the top passages cover more pages', () => {
    const first = passage('p7 a', { documentId: 'F', chunkIndex: 1, page: 7, score: 1 });
    const samePage = passage('p7 c', { documentId: 'F', chunkIndex: 3, page: 7, score: 0.9 });
    const otherPage = passage('p9', { documentId: 'F', chunkIndex: 8, page: 9, score: 0.6 });
    expect(capPerDocument([first, samePage, otherPage], 2, 5).map((p) => p.text)).toEqual(['p7 a', 'p9']);
  });
});

describe('expansionsOf', () => {
  it("maps a business question to the general line items of the pages that answer it (the lexicon's vocabulary)", () => {
    expect(expansionsOf('What is the FY2020 free cash flow?')).toContain('operating activities');
    expect(expansionsOf("Has AMCOR's quick ratio improved?")).toContain('current liabilities');
    expect(expansionsOf('What did the professor say about the detector?')).toEqual([]);
  });
});
