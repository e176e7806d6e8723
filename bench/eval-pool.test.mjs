// Unit tests of the pool's measures and report (`npm run test:bench`, part of `npm test`).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { factWords, meanOf, rateOf, shortFactScore, wilson } from './eval-metrics.mjs';
import {
  hash32,
  parseFolds,
  poolFamily,
  poolFigures,
  poolFlag,
  poolFlags,
  poolPlan,
  rarityWeights,
  sampleStratified,
  sharedWords,
  uncoveredTargets,
} from './eval-pool-metrics.mjs';
import {
  measureTable,
  POOL_DETAIL_FILE,
  POOL_END,
  POOL_MEASURES,
  POOL_START,
  renderPool,
  renderPoolDetail,
  writePoolSection,
} from './eval-pool-report.mjs';
import { figuresComment, readFiguresComment, withInterval } from './eval-report.mjs';

const close = (a, b, eps = 5e-4) => assert.ok(Math.abs(a - b) < eps, `${a} is not ${b}`);

describe('wilson', () => {
  it('gives the textbook Wilson score interval', () => {
    // 81 of 263: 0.2553-0.3662 (Wilson 1927, as computed by statsmodels' proportion_confint(method="wilson")).
    const w = wilson(81, 263);
    close(w.lo, 0.2553);
    close(w.hi, 0.3662);
    const half = wilson(5, 10);
    close(half.lo, 0.2366);
    close(half.hi, 0.7634);
  });
  it('stays inside [0, 1] and is not empty at no or every success', () => {
    const none = wilson(0, 20);
    assert.equal(none.lo, 0);
    close(none.hi, 0.1611);
    const all = wilson(20, 20);
    close(all.lo, 0.8389);
    assert.equal(all.hi, 1);
  });
  it('has no interval without trials', () => {
    assert.ok(Number.isNaN(wilson(0, 0).lo));
    assert.ok(Number.isNaN(rateOf([]).value));
  });
  it('narrows as the trials grow', () => {
    const small = wilson(3, 10);
    const large = wilson(300, 1000);
    assert.ok(large.hi - large.lo < small.hi - small.lo);
  });
  it('rateOf counts the true outcomes', () => {
    const r = rateOf([true, false, true, true]);
    assert.deepEqual([r.k, r.n, r.value], [3, 4, 0.75]);
    assert.ok(r.lo < 0.75 && r.hi > 0.75);
  });
  it('meanOf gives mean ± 1.96·sd/√n kept in [0, 1], ignoring what is not a number', () => {
    const m = meanOf([0.4, 0.6, 0.5, 0.5, NaN]);
    assert.equal(m.n, 4);
    close(m.value, 0.5, 1e-12);
    close(m.lo, 0.5 - (1.959964 * Math.sqrt(0.02 / 3)) / 2, 1e-9);
    assert.equal(meanOf([0, 1, 0, 1]).lo, 0);
    assert.equal(meanOf([1, 1, 1]).hi, 1);
  });
});

describe('shortFactScore', () => {
  it('counts an anonymised name as one word, with or without brackets', () => {
    assert.deepEqual([...factWords('[PERSON3], [PERSON6] and [ORGANIZATION5]')].sort(), ['organization5', 'person3', 'person6']);
    assert.equal(shortFactScore('[PERSON14]', '**PERSON14:** I will present plan B. [line 30]'), 1);
    assert.equal(shortFactScore('[PERSON14]', 'PERSON1 presented it. [line 30]'), 0);
  });
  it('is the share of the gold fact held: two of five participants is 0.4, under the 0.5 that holds the fact', () => {
    const gold = '[PERSON3], [PERSON6], [PERSON4], [PERSON10], and [PERSON5]';
    assert.equal(shortFactScore(gold, 'PERSON3 and PERSON6 spoke [line 2]'), 0.4);
    assert.equal(shortFactScore(gold, 'PERSON3, PERSON6, PERSON4 [line 2]'), 0.6);
  });
  it('does not take a citation marker for the fact', () => {
    assert.equal(shortFactScore('3', 'They talked about it at length [line 3]'), 0);
    assert.equal(shortFactScore('3', 'Three? No: 3 people came [line 9]'), 1);
  });
  it('leaves stop words out and reads plurals and numbers as the gold does', () => {
    assert.equal(shortFactScore('By the end of the week', 'The data will be ready at the end of this week [line 4]'), 1);
    assert.equal(shortFactScore('Audio segmentation of the recordings', 'They segment the recording [line 4]'), 1 / 3);
    assert.ok(Number.isNaN(shortFactScore('the', 'anything')));
  });
});

describe('parseFolds', () => {
  it('reads a list of folds, sorted and once each; nothing means all five', () => {
    assert.deepEqual(parseFolds('3,0,3'), [0, 3]);
    assert.deepEqual(parseFolds(undefined), [0, 1, 2, 3, 4]);
  });
  it('refuses a fold that does not exist', () => {
    assert.throws(() => parseFolds('5'), /folds among/);
    assert.throws(() => parseFolds('a'), /folds among/);
    assert.throws(() => parseFolds(','), /no fold/);
  });
});

/** A fold's questions: 60 of one source, 30 of another, 10 of a third. */
function questionsOf(counts) {
  const out = [];
  for (const [source, n] of Object.entries(counts)) for (let i = 0; i < n; i++) out.push({ id: `${source}-${i}`, source });
  return out;
}

describe('sampleStratified', () => {
  const qs = questionsOf({ qmsum: 60, elitr: 30, financebench: 10 });
  it('keeps each source’s share of the fold', () => {
    const s = sampleStratified(qs, 20, 1);
    assert.equal(s.length, 20);
    const count = (src) => s.filter((q) => q.source === src).length;
    assert.deepEqual([count('qmsum'), count('elitr'), count('financebench')], [12, 6, 2]);
  });
  it('keeps a small source with one question when the share rounds to none', () => {
    const s = sampleStratified(questionsOf({ qmsum: 98, financebench: 2 }), 10, 1);
    assert.equal(s.length, 10);
    assert.equal(s.filter((q) => q.source === 'financebench').length, 1);
  });
  it('is the same for the same seed, another for another seed, in manifest order', () => {
    const a = sampleStratified(qs, 20, 1).map((q) => q.id);
    assert.deepEqual(
      sampleStratified(qs, 20, 1).map((q) => q.id),
      a,
    );
    assert.notDeepEqual(
      sampleStratified(qs, 20, 2).map((q) => q.id),
      a,
    );
    const order = qs.map((q) => q.id);
    assert.deepEqual(
      [...a].sort((x, y) => order.indexOf(x) - order.indexOf(y)),
      a,
    );
  });
  it('takes every question when the sample is as large as the fold', () => {
    assert.equal(sampleStratified(qs, 500, 1).length, 100);
  });
  it('hashes strings the same way everywhere (FNV-1a)', () => {
    assert.equal(hash32(''), 0x811c9dc5);
    assert.equal(hash32('a'), 0xe40c292c);
  });
});

describe('poolPlan', () => {
  const manifest = {
    sessions: [
      { id: 'M1', fold: 0, kind: 'transcript' },
      { id: 'M2', fold: 4, kind: 'transcript' },
      { id: 'F1', fold: 0, kind: 'pdf' },
    ],
    questions: [
      { id: 'q1', session: 'M1', source: 'qmsum' },
      { id: 'q2', session: 'M2', source: 'qmsum' },
      { id: 'q3', session: 'F1', source: 'financebench' },
    ],
  };
  it('makes each fold a conference of all its files and their questions', () => {
    const plan = poolPlan(manifest, { folds: [0, 4] });
    assert.deepEqual(
      plan.map((p) => [p.fold, p.split, p.sessions.map((s) => s.id), p.questions.map((q) => q.id)]),
      [
        [0, 'tune', ['M1', 'F1'], ['q1', 'q3']],
        [4, 'check', ['M2'], ['q2']],
      ],
    );
  });
  it('leaves out a file without text and its questions, and says so', () => {
    const withEmpty = {
      sessions: [...manifest.sessions, { id: 'E1', fold: 0, kind: 'transcript', turns: 0 }],
      questions: [...manifest.questions, { id: 'q4', session: 'E1', source: 'elitr' }],
    };
    const [p] = poolPlan(withEmpty, { folds: [0] });
    assert.deepEqual(
      p.sessions.map((s) => s.id),
      ['M1', 'F1'],
    );
    assert.deepEqual(
      p.questions.map((q) => q.id),
      ['q1', 'q3'],
    );
    assert.deepEqual(p.leftOut, [{ session: 'E1', questions: 1 }]);
    const [byDisk] = poolPlan(manifest, { folds: [0], isEmpty: (s) => s.id === 'F1' });
    assert.deepEqual(byDisk.leftOut, [{ session: 'F1', questions: 1 }]);
  });
  it('samples the questions, never the files', () => {
    const [p] = poolPlan(manifest, { folds: [0], sample: 1 });
    assert.equal(p.sessions.length, 2);
    assert.equal(p.questions.length, 1);
    assert.equal(p.available, 2);
  });
});

describe('uncoveredTargets', () => {
  const sessions = [
    { id: 'Bro001', kind: 'transcript' },
    { id: 'Bro002', kind: 'transcript' },
    { id: 'ES2001a', kind: 'transcript' },
    { id: 'IS1001b', kind: 'transcript' },
    { id: 'ACME_2020_10K', kind: 'pdf' },
    { id: 'BETA_2021_10K', kind: 'pdf' },
  ];
  const words = {
    Bro001: new Set(['digit', 'recognizer', 'training', 'meeting']),
    Bro002: new Set(['digit', 'recognizer', 'meeting']),
    ES2001a: new Set(['remote', 'button', 'meeting', 'training']),
    IS1001b: new Set(['remote', 'control', 'button', 'meeting', 'recognizer']),
    ACME_2020_10K: new Set(['revenue', 'acme', '2020']),
    BETA_2021_10K: new Set(['revenue', 'beta', '2021']),
  };
  const wordsOf = (id) => words[id];
  it('names a family by the letters a meeting id starts with, by the company for a filing', () => {
    assert.equal(poolFamily(sessions[0]), poolFamily(sessions[1]));
    assert.notEqual(poolFamily(sessions[2]), poolFamily(sessions[3]));
    assert.equal(poolFamily(sessions[4]), 'acme');
  });
  it('asks a question in a file of the same kind, another family, holding under a third of its words by rarity', () => {
    const t = uncoveredTargets(
      [
        { id: 'q1', session: 'Bro001', question: 'What did they say about the digit recognizer training?' },
        { id: 'q2', session: 'ACME_2020_10K', question: 'What was ACME revenue in 2020?' },
      ],
      sessions,
      wordsOf,
      1,
    );
    // q1's words in its own file: digit (2 of 6 files hold it: ln 3), recognizer (3 files: ln 2), training (2 files: ln 3).
    // Not Bro002 (its series); ES2001a holds training (ln 3 / (2 ln 3 + ln 2) = 0.38, a third or more); IS1001b
    // holds recognizer only (0.24).
    assert.equal(t.get('q1').session, 'IS1001b');
    close(t.get('q1').shared, Math.log(2) / (2 * Math.log(3) + Math.log(2)), 1e-9);
    // ACME's words: acme (1 file: ln 6), revenue (2 files: ln 3), 2020 (ln 6); BETA holds revenue only.
    assert.equal(t.get('q2').session, 'BETA_2021_10K');
    close(t.get('q2').shared, Math.log(3) / (2 * Math.log(6) + Math.log(3)), 1e-9);
  });
  it('makes no uncovered twin of a question that fits any meeting', () => {
    // Two words of weight are needed in its own file: it holds 'meeting' only ('summarize' is in no file).
    const t = uncoveredTargets([{ id: 'q3', session: 'Bro001', question: 'Summarize the meeting' }], sessions, wordsOf, 1);
    assert.equal(t.has('q3'), false);
    assert.ok(Number.isNaN(sharedWords('Who came?', new Set(['meeting']), new Set())));
  });
  it('weighs nothing a word every file holds', () => {
    const weight = rarityWeights([new Set(['a', 'b']), new Set(['a'])]);
    assert.equal(weight('a'), 0);
    close(weight('b'), Math.log(2), 1e-12);
    close(
      sharedWords('alpha beta gamma', new Set(['alpha', 'beta', 'gamma']), new Set(['beta']), () => 1),
      1 / 3,
      1e-12,
    );
  });
  it('picks among the files that qualify by the seed', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ id: `X${String.fromCharCode(65 + i)}1`, kind: 'transcript' }));
    const all = [{ id: 'Own1', kind: 'transcript' }, ...many];
    const w = (id) => (id === 'Own1' ? new Set(['alpha', 'gamma']) : new Set(['beta']));
    const q = [{ id: 'q', session: 'Own1', question: 'alpha gamma?' }];
    const picks = new Set([1, 2, 3, 4, 5, 6].map((seed) => uncoveredTargets(q, all, w, seed).get('q').session));
    assert.ok(picks.size > 1);
    assert.equal(uncoveredTargets(q, all, w, 3).get('q').session, uncoveredTargets(q, all, w, 3).get('q').session);
  });
});

/** Judged rows as eval-pool.mjs makes them. */
function rows() {
  const search = (hit) => ({ hit, rr: hit ? 1 : 0, top: [] });
  const out = [];
  for (let i = 0; i < 40; i++) {
    const fold = i % 5;
    out.push({
      fold,
      source: 'qmsum',
      kind: 'transcript',
      expect: 'answer',
      searchFiltered: search(fold === 4 ? i % 20 !== 4 : true),
      searchUnfiltered: search(i % 2 === 0),
      refused: false,
      allLocated: true,
      goldRecall: 0.5,
      latencyMs: 10,
    });
    out.push({ fold, source: 'qmsum', kind: 'transcript', expect: 'refusal', refused: fold !== 4, latencyMs: 10 });
  }
  out.push({
    fold: 1,
    source: 'elitr',
    kind: 'transcript',
    expect: 'answer',
    refused: false,
    allLocated: true,
    factScore: 1,
    holdsFact: true,
  });
  out.push({ fold: 4, source: 'elitr', kind: 'transcript', expect: 'answer', refused: true, factScore: 0, holdsFact: false });
  out.push({
    fold: 0,
    source: 'financebench',
    kind: 'pdf',
    expect: 'answer',
    searchFiltered: search(true),
    searchUnfiltered: search(false),
    refused: false,
    allLocated: true,
    evidenceCited: true,
    goldRecall: 1,
  });
  return out;
}

describe('poolFigures', () => {
  const f = poolFigures(rows());
  it('puts folds 0-3 in tune and fold 4 in check, per source and overall', () => {
    assert.equal(f.tune.meetings.answerable, 32);
    assert.equal(f.check.meetings.answerable, 8);
    assert.equal(f.tune.meetings.hitFiltered.value, 1);
    assert.equal(f.check.meetings.hitFiltered.value, 0.75);
    assert.equal(f.check.meetings.refusedUncovered.value, 0);
    assert.equal(f.tune.shortFacts.holdsFact.value, 1);
    assert.equal(f.check.shortFacts.falseRefusal.value, 1);
    assert.equal(f.tune.filings.evidenceCited.value, 1);
    assert.equal(f.tune.overall.answerable, 34);
    assert.equal(f.folds[2].meetings.answerable, 8);
  });
  it('searches only the questions with gold passages and recalls gold words only where there is a gold answer text', () => {
    assert.equal(f.tune.shortFacts.hitFiltered.n, 0);
    assert.equal(f.tune.overall.hitFiltered.n, 33);
    assert.equal(f.tune.overall.goldRecall.n, 33);
  });
  it('flags a rate where fold 4 is further than 0.05, or tune lies outside fold 4’s interval', () => {
    const flags = poolFlags(f);
    const hit = flags.find((x) => x.group === 'meetings' && x.key === 'hitFiltered');
    assert.ok(hit.far);
    assert.ok(flags.some((x) => x.group === 'meetings' && x.key === 'refusedUncovered' && x.outside));
    assert.ok(!flags.some((x) => x.key === 'hitUnfiltered' && x.group === 'meetings'));
    const near = poolFlag({ value: 0.5 }, { value: 0.53, lo: 0.3, hi: 0.7 });
    assert.deepEqual([near.far, near.outside, near.flagged], [false, false, false]);
    const narrow = poolFlag({ value: 0.5 }, { value: 0.54, lo: 0.52, hi: 0.56 });
    assert.deepEqual([narrow.far, narrow.outside], [false, true]);
    assert.equal(poolFlag({ value: NaN }, { value: 1 }), null);
  });
});

describe('the pool report', () => {
  const f = poolFigures(rows());
  const v2figures = {
    tune: { meetings: { ci: { hitFiltered: rateOf([true, true, false]), falseRefusal: rateOf([]) } } },
    check: { meetings: { ci: { hitFiltered: rateOf([true, false]) } } },
  };
  it('carries the dev set run’s figures in a comment the pool reads back', () => {
    const text = `## Run\n\n${figuresComment(v2figures)}\n\nmore`;
    const back = readFiguresComment(text);
    assert.equal(back.tune.meetings.hitFiltered.n, 3);
    close(back.tune.meetings.hitFiltered.value, 2 / 3);
    assert.equal(back.tune.meetings.falseRefusal, undefined);
    assert.equal(readFiguresComment('no comment'), null);
  });
  it('prints a measure per group with intervals, the gap flagged, and the dev set beside', () => {
    const v2 = readFiguresComment(figuresComment(v2figures));
    const table = measureTable(
      POOL_MEASURES.find((m) => m.key === 'hitFiltered'),
      f,
      v2,
    ).split('\n');
    assert.match(table[0], /folds 0-3 \(tune\) \| fold 4 \(check\)/);
    const meetings = table.find((l) => l.startsWith('| meetings'));
    assert.match(
      meetings,
      /\| 1\.00 \(0\.89-1\.00\), n 32 \| 0\.75 \(0\.41-0\.93\), n 8 \| \*\*-0\.25 ⚠ > 0\.05, outside fold 4 interval\*\* \| 0\.67 \(0\.21-0\.94\), n 3 \| 0\.50 \(0\.09-0\.91\), n 2 \|/,
    );
    assert.ok(!table.some((l) => l.startsWith('| short facts')));
    assert.equal(withInterval(rateOf([true, false, false, false]), true), '25% (5-70%)');
  });
  it('leaves out the overall row of a measure one source alone has', () => {
    const facts = measureTable(
      POOL_MEASURES.find((m) => m.key === 'holdsFact'),
      f,
      null,
    ).split('\n');
    assert.deepEqual(
      facts.slice(2).map((l) => l.split(' | ')[0]),
      ['| short facts (ELITR)'],
    );
    const refused = measureTable(
      POOL_MEASURES.find((m) => m.key === 'falseRefusal'),
      f,
      null,
    ).split('\n');
    assert.equal(refused.length, 6);
  });
  it('replaces its own section between its markers and leaves the rest of the record', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pool-report-'));
    const file = path.join(dir, 'EVAL.md');
    fs.writeFileSync(file, '# Eval\n\nhead\n\n## Run 2026\n\nrun\n');
    const md = (x) => `${POOL_START}\n## The pool\n${x}\n${POOL_END}`;
    writePoolSection(file, md('first'));
    assert.equal(fs.readFileSync(file, 'utf8'), `# Eval\n\nhead\n\n${md('first')}\n\n## Run 2026\n\nrun\n`);
    writePoolSection(file, md('second'));
    assert.equal(fs.readFileSync(file, 'utf8'), `# Eval\n\nhead\n\n${md('second')}\n\n## Run 2026\n\nrun\n`);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it('states the sample, the folds run and their time', () => {
    const plan = [0, 1, 2, 3, 4].map((fold) => ({
      fold,
      sessions: [{}],
      questions: [{}, {}],
      available: 10,
      leftOut: fold === 4 ? [{ session: 'E1', questions: 13 }] : [],
    }));
    const timings = plan.map((p) => ({
      fold: p.fold,
      files: 1,
      embedded: 1,
      reused: 0,
      errors: [],
      questions: 2,
      available: 10,
      uncovered: 2,
      ingestSeconds: 60,
      askSeconds: 30,
      totalSeconds: 120,
    }));
    const args = () => ({
      started: new Date('2026-11-28T06:00:00Z'),
      commit: 'abc1234',
      command: 'npm run eval -- --pool --sample 2',
      machine: 'test machine',
      load: '1.00',
      provider: 'local',
      sample: 2,
      seed: 1,
      plan,
      timings,
      figures: f,
      v2: null,
    });
    const md = renderPool(args());
    assert.ok(md.startsWith(POOL_START) && md.endsWith(POOL_END));
    assert.match(md, /10 of their 50 questions asked \(a sample of 2 a fold, stratified by source, seed 1\)/);
    assert.match(md, /Time: 10\.0 min in all/);
    assert.match(md, /none holds its figures yet/);
    assert.match(md, /Left out, the file being empty in the pool \(nothing can answer its questions\): E1 \(fold 4, 13 questions\)/);
    assert.match(md, /Rates where fold 4 parts from folds 0-3/);
    const tuneOnly = renderPool({ ...args(), figures: poolFigures(rows().filter((r) => r.fold !== 4)) });
    assert.match(tuneOnly, /Not compared: fold 4 not run\./);
    assert.doesNotMatch(md, /^## Run /m);
    // Each fold's table is the detail file's, which the record names; the record stays within its share of EVAL.md.
    assert.doesNotMatch(md, /^\| Fold \|/m);
    assert.ok(md.includes(`\`${POOL_DETAIL_FILE}\``));
    assert.ok(md.split('\n').length < 120, `the pool section has ${md.split('\n').length} lines`);
    const detail = renderPoolDetail(args());
    assert.equal(detail.split('\n').filter((l) => /^\| \d/.test(l)).length, 5);
    const failed = renderPool({ ...args(), timings: timings.map((t, i) => (i ? t : { ...t, errors: ['a.pdf: no text'] })) });
    assert.match(failed, /\*\*1 file\(s\) not embedded\*\*, listed there/);
  });
});
