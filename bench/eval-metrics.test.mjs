// Unit tests of the eval's measures and report (`npm run test:bench`, part of `npm test`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkFloors,
  claimText,
  computeFigures,
  contentWords,
  generalisationGaps,
  goldRecall,
  indexTranscript,
  judgeResults,
  locateSnippet,
  markerReport,
  UNSURE_TEXT,
  familyOf,
  pct,
  probePartners,
  unitsOf,
} from './eval-metrics.mjs';
import { figureTable, missReasons } from './eval-report.mjs';

describe('unitsOf', () => {
  it('takes each bullet as a claim and splits other lines into sentences, keeping a marker with its sentence', () => {
    const answer =
      'Revenue grew 12% in 2022. [p. 3]\n\n- **Grad A:** The detector needs more training data here [line 4]\n- Costs fell by a third over the year [p. 5]';
    assert.deepEqual(unitsOf(answer), [
      'Revenue grew 12% in 2022. [p. 3]',
      '**Grad A:** The detector needs more training data here [line 4]',
      'Costs fell by a third over the year [p. 5]',
    ]);
  });
  it('does not end a sentence at the period of a marker or an abbreviation', () => {
    assert.deepEqual(unitsOf('Hon. Steven Blaney asked about the budget [p. 3]. The minister replied at length.'), [
      'Hon. Steven Blaney asked about the budget [p. 3].',
      'The minister replied at length.',
    ]);
  });
  it('leaves out the refusal, an unmarked lead-in ending in a colon and fragments under four words', () => {
    assert.deepEqual(unitsOf("The conference materials don't cover this."), []);
    assert.deepEqual(unitsOf('They discussed this as follows:\n- Too short [p. 1]'), []);
  });
});

describe('markerReport', () => {
  it('counts a claim as located only when one of its markers resolves to a source with a page, time or line', () => {
    const sources = [
      { marker: '[p. 3]', page: 3 },
      { marker: '[Deck]', page: null, startTime: null, line: null },
    ];
    const r = markerReport(
      '- The first claim has its page [p. 3]\n- The second claim has a marker without a place [Deck]\n- The third has no marker at all',
      sources,
    );
    assert.equal(r.units, 3);
    // The note an unsure answer opens with is not a claim.
    assert.equal(markerReport(`${UNSURE_TEXT}\n\nThe claim has its page [p. 3]`, sources).units, 1);
    assert.deepEqual(
      r.unlocated.map((u) => u.slice(0, 16)),
      ['The second claim', 'The third has no'],
    );
  });

  it('judges the line naming the sessions an answer drew on: cited when it carries their passages, a claim without a citation when not', () => {
    const sources = [
      { marker: '[Corpus Review, p. 3]', page: 3 },
      { marker: '[Planning Meeting, 12:34]', startTime: 754 },
      { marker: '[Session: Corpus Review]', page: null, startTime: null, line: null },
    ];
    const answer = (last) => `The review found twelve errors in the minutes [Corpus Review, p. 3].\n\n${last}`;
    const cited = markerReport(
      answer('Drawn from: “Corpus Review” [Corpus Review, p. 3], “Planning Meeting” [Planning Meeting, 12:34].'),
      sources,
    );
    assert.deepEqual([cited.units, cited.unlocated], [2, []]);
    for (const last of ['Drawn from: “Corpus Review”, “Planning Meeting”.', 'Drawn from: “Corpus Review” [Session: Corpus Review].']) {
      assert.deepEqual(markerReport(answer(last), sources).unlocated, [last]);
    }
  });
});

describe('claimText', () => {
  it('drops markers and a bold speaker label', () => {
    assert.equal(claimText('**Grad A:** The detector works [line 4]'), 'The detector works');
  });
});

describe('contentWords and goldRecall', () => {
  it('normalises figures and plurals and ignores stop words and markers', () => {
    assert.deepEqual([...contentWords('The totals were $3,215.00 and 12% [p. 3]')].sort(), ['12', '3215', 'total']);
  });
  it('is the share of the gold answer content words the answer holds', () => {
    assert.equal(goldRecall('Revenue was 3,215 million', 'Revenue: $3215 (2022)'), 2 / 3);
    assert.ok(Number.isNaN(goldRecall('the of and', 'anything')));
  });
});

describe('locateSnippet', () => {
  const index = indexTranscript(
    [
      'A: we should buy a new microphone for the meeting room tomorrow',
      'B: I agree {disfmarker} the old one keeps cutting out during calls',
      'C: something else entirely about the budget for next quarter now',
    ].join('\n'),
  );
  it('finds the lines of a snippet by its six-word runs, corpus annotations and highlights ignored', () => {
    assert.deepEqual(locateSnippet(index, 'I agree the **old** one keeps cutting out during calls'), [2, 2]);
    assert.deepEqual(locateSnippet(index, 'buy a new microphone for the meeting room tomorrow. I agree the old one keeps'), [1, 2]);
  });
  it('is null for a snippet not in the file', () => {
    assert.equal(locateSnippet(index, 'nothing of this text occurs in that meeting at all'), null);
  });
});

describe('judgeResults', () => {
  const session = { id: 'F', uuid: 'u-f', kind: 'pdf' };
  const other = { id: 'G', uuid: 'u-g', kind: 'pdf' };
  const byUuid = new Map([
    ['u-f', session],
    ['u-g', other],
  ]);
  it('counts an evidence page of the question own session only, with its reciprocal rank', () => {
    const results = [
      { sessionId: 'u-g', kind: 'pdf', page: 7 },
      { sessionId: 'u-f', kind: 'pdf', page: 2 },
      { sessionId: 'u-f', kind: 'pdf', page: 7 },
    ];
    const r = judgeResults(results, { evidence_pages: [7] }, session, new Map(), byUuid, true);
    assert.equal(r.hit, true);
    assert.equal(r.rr, 1 / 3);
    assert.deepEqual(
      r.top.map((t) => t.where),
      ['G p. 7', 'F p. 2', 'F p. 7'],
    );
  });
  it('counts a meeting result whose lines overlap a gold range, and nothing past the top 5', () => {
    const meeting = { id: 'M', uuid: 'u-m', kind: 'transcript' };
    const results = [1, 2, 3, 4, 5, 6].map((n) => ({ sessionId: 'u-m', kind: 'transcript', line: n * 10, lineEnd: n * 10 + 2 }));
    const hit = judgeResults(results, { gold_lines: [[41, 45]] }, meeting, new Map(), new Map([['u-m', meeting]]), false);
    assert.equal(hit.rr, 1 / 4);
    const miss = judgeResults(results, { gold_lines: [[61, 62]] }, meeting, new Map(), new Map([['u-m', meeting]]), false);
    assert.equal(miss.hit, false);
    assert.equal(miss.rr, 0);
  });
});

/** A search result judged as `hit` (hit@5, rank 1) or not. */
const search = (hit) => ({ hit, rr: hit ? 1 : 0, top: [] });
/** One question's result as bench/eval.mjs records it: answerable, found, answered and located, unless `over` says otherwise. */
const questionRow = (over) => ({
  expect: 'answer',
  kind: 'transcript',
  split: 'tune',
  refused: false,
  allLocated: true,
  searchFiltered: search(true),
  searchUnfiltered: search(true),
  latencyMs: 10,
  claims: 2,
  fillers: [],
  ...over,
});

describe('computeFigures', () => {
  const row = questionRow;
  const rows = [
    row({}),
    row({ refused: true, searchFiltered: search(false) }),
    row({ split: 'check', fillers: ['Thank you all for coming today'] }),
    row({ split: 'check', kind: 'pdf', evidenceCited: true }),
    row({ split: 'check', expect: 'refusal', refused: true }),
  ];
  const ingestion = [
    { kind: 'transcript', split: 'tune', status: 'embedded', seconds: 1 },
    { kind: 'pdf', split: 'check', status: 'error', seconds: 2 },
  ];
  const f = computeFigures(ingestion, rows);
  it('gives every figure per half, from the questions of that half', () => {
    assert.equal(f.tune.overall.answerable, 2);
    assert.equal(f.tune.overall.falseRefusal, 0.5);
    assert.equal(f.tune.meetings.hitFiltered, 0.5);
    assert.equal(f.check.overall.answerable, 2);
    assert.equal(f.check.overall.falseRefusal, 0);
    assert.equal(f.check.overall.refusedUncovered, 1);
    assert.ok(Number.isNaN(f.tune.overall.refusedUncovered));
    assert.equal(f.check.filings.evidenceCited, 1);
    assert.equal(f.all.overall.answerable, 4);
    assert.equal(f.embedded, 0.5);
    assert.equal(f.check.filings.embedded, 0);
  });
  it('counts filler claims over the claims of answered questions', () => {
    assert.equal(f.check.overall.fillerShare, 1 / 4);
    assert.equal(f.tune.overall.fillerShare, 0);
  });
  it('checks the floors on both halves together and fails a missing value', () => {
    const results = checkFloors(f, [
      { key: 'all.overall.falseRefusal', max: 0.15 },
      { key: 'all.meetings.hitFiltered', min: 0.5 },
      { key: 'all.filings.nothing', min: 0 },
    ]);
    assert.deepEqual(
      results.map((r) => r.ok),
      [false, true, false],
    );
  });
  it('lists the quality figures where check is further than 0.05 from tune', () => {
    const gaps = generalisationGaps(f).filter((g) => g.group === 'overall');
    assert.ok(gaps.some((g) => g.key === 'falseRefusal' && g.tune === 0.5 && g.check === 0));
    assert.ok(!gaps.some((g) => g.key === 'located'));
  });
  it('prints tune and check side by side for meetings, filings and overall, each rate with its 95% interval', () => {
    const [head, , ...body] = figureTable(f).split('\n');
    assert.equal(head, '| Figure | meetings tune | meetings check | filings tune | filings check | overall tune | overall check |');
    assert.ok(
      body.includes('| False refusals (answerable refused) | 50% (9-91%) | 0% (0-79%) | n/a | 0% (0-79%) | 50% (9-91%) | 0% (0-66%) |'),
    );
    assert.ok(
      body.includes(
        '| hit@5, session filter | 0.50 (0.09-0.91) | 1.00 (0.21-1.00) | n/a | 1.00 (0.21-1.00) | 0.50 (0.09-0.91) | 1.00 (0.34-1.00) |',
      ),
    );
  });
  it('keeps each rate’s counts and Wilson interval beside its value', () => {
    const c = f.tune.overall.ci.falseRefusal;
    assert.deepEqual([c.k, c.n, c.value], [1, 2, 0.5]);
    assert.ok(Math.abs(c.lo - 0.0945) < 1e-3 && Math.abs(c.hi - 0.9055) < 1e-3);
    assert.equal(f.check.overall.ci.refusedUncovered.n, 1);
  });
  it('lists a question among the misses with every reason', () => {
    assert.deepEqual(missReasons(rows[1]), ['retrieval', 'refused']);
    assert.deepEqual(missReasons(rows[2]), ['filler']);
    assert.deepEqual(missReasons(rows[4]), []);
  });
});

describe('probePartners', () => {
  const file = (id, title, split, kind = 'transcript') => ({ id, title, split, kind });
  const sessions = [
    file('A1', 'Set A1 (lab meeting)', 'tune'),
    file('A2', 'Set A2 (lab meeting)', 'tune'),
    file('B1', 'Set B1 (board meeting)', 'tune'),
    file('C1', 'Set C1 (lab meeting)', 'check'),
    file('ACME_2020_10K', 'ACME 2020 10K', 'tune', 'pdf'),
    file('ACME_2021_10K', 'ACME 2021 10K', 'tune', 'pdf'),
    file('BETA_2020_10K', 'BETA 2020 10K', 'tune', 'pdf'),
  ];
  it('names a family by the title without the file id, else by the id first part', () => {
    assert.equal(familyOf(sessions[0]), familyOf(sessions[1]));
    assert.notEqual(familyOf(sessions[0]), familyOf(sessions[2]));
    assert.equal(familyOf(sessions[4]), 'acme');
  });
  it('pairs each file with the next of its half and kind from another family, never across halves', () => {
    const p = probePartners(sessions);
    assert.equal(p.get('A1'), 'B1');
    assert.equal(p.get('A2'), 'B1');
    assert.equal(p.get('B1'), 'A1');
    assert.equal(p.has('C1'), false);
    assert.equal(p.get('ACME_2020_10K'), 'BETA_2020_10K');
    assert.equal(p.get('BETA_2020_10K'), 'ACME_2020_10K');
  });
});

describe('probes and takeaways', () => {
  const row = (over) => questionRow({ claims: 3, ...over });
  const rows = [row({ probe: { refused: true } }), row({ probe: { refused: false } }), row({ split: 'check', probe: { refused: true } })];
  const takeaways = [
    { kind: 'transcript', split: 'tune', texts: ['a', 'b', 'c', 'd', 'e'], fillers: ['a'] },
    { kind: 'pdf', split: 'check', texts: ['x'], fillers: [] },
  ];
  const f = computeFigures([], rows, takeaways);
  it('gives the share of cross-file probes refused per half', () => {
    assert.equal(f.tune.overall.probes, 2);
    assert.equal(f.tune.overall.probesRefused, 0.5);
    assert.equal(f.check.meetings.probesRefused, 1);
  });
  it('counts filler takeaways, alone and with the answer claims', () => {
    assert.equal(f.tune.meetings.takeawayFillerShare, 1 / 5);
    assert.equal(f.tune.overall.fillerShareAll, 1 / (6 + 5));
    assert.equal(f.check.filings.takeawayFillerShare, 0);
    assert.ok(Number.isNaN(f.check.filings.fillerShare));
  });
  it('lists an answered probe among the misses', () => {
    assert.deepEqual(missReasons({ ...rows[1], probe: { refused: false, session: 'B1' } }), ['probe answered']);
  });
});

describe('pct', () => {
  it('is the nearest-rank percentile', () => {
    assert.equal(pct([5, 1, 4, 2, 3], 50), 3);
    assert.equal(pct([1, 2, 3, 4, 100], 95), 100);
    assert.ok(Number.isNaN(pct([], 95)));
  });
});
