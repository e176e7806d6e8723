/**
 * The pool's measures (`npm run eval -- --pool`, bench/eval-pool.mjs): pure functions over the pool manifest
 * (folds, the seeded sample, the uncovered questions made from it) and over the judged answers (the figures of
 * folds 0-3 and fold 4 side by side, and where they part). Unit-tested in bench/eval-pool.test.mjs.
 */
import { factWords, GENERALISATION_GAP, meanOf, pct, rateOf } from './eval-metrics.mjs';

/** Folds of the pool: 0-3 are `tune` (choices are made on them), 4 is `check`. */
export const FOLDS = [0, 1, 2, 3, 4];
export const CHECK_FOLD = 4;
export const splitOfFold = (fold) => (fold === CHECK_FOLD ? 'check' : 'tune');

/** The pool's sources and the group each is reported in. */
export const SOURCE_GROUPS = { qmsum: 'meetings', elitr: 'shortFacts', financebench: 'filings' };
export const GROUPS = ['meetings', 'shortFacts', 'filings', 'overall'];
export const GROUP_LABELS = {
  meetings: 'meetings (QMSum)',
  shortFacts: 'short facts (ELITR)',
  filings: 'filings (FinanceBench)',
  overall: 'overall',
};

/** `--folds 0,1`: the folds to run, in order, each once; throws on anything else. */
export function parseFolds(text) {
  if (text === undefined || text === null || text === '') return [...FOLDS];
  const parts = String(text)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const folds = new Set();
  for (const p of parts) {
    if (!/^\d+$/.test(p) || !FOLDS.includes(Number(p))) throw new Error(`--folds takes folds among ${FOLDS.join(',')} (got ${p})`);
    folds.add(Number(p));
  }
  if (!folds.size) throw new Error('--folds names no fold');
  return [...folds].sort((a, b) => a - b);
}

/** A 32-bit FNV-1a hash of a string: the sample's and the pairing's order, the same on every machine. */
export function hash32(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
const bySeed = (seed) => (a, b) => hash32(`${seed}:${a.id}`) - hash32(`${seed}:${b.id}`) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * `n` questions of one fold, stratified by source: each source gets its share of `n` by its count (largest
 * remainders; every source present keeps at least one when n allows), and within a source the questions come
 * in the order of a hash of the seed and their id. Returned in their manifest order. n ≥ the count: all of them.
 */
export function sampleStratified(questions, n, seed = 1) {
  if (!(n > 0) || n >= questions.length) return [...questions];
  const bySource = new Map();
  for (const q of questions) {
    if (!bySource.has(q.source)) bySource.set(q.source, []);
    bySource.get(q.source).push(q);
  }
  const sources = [...bySource.keys()].sort();
  const quota = new Map(sources.map((s) => [s, Math.floor((n * bySource.get(s).length) / questions.length)]));
  if (n >= sources.length) for (const s of sources) if (quota.get(s) === 0) quota.set(s, 1);
  let left = n - [...quota.values()].reduce((a, b) => a + b, 0);
  const remainders = sources
    .map((s) => ({ s, r: (n * bySource.get(s).length) / questions.length - Math.floor((n * bySource.get(s).length) / questions.length) }))
    .sort((a, b) => b.r - a.r || (a.s < b.s ? -1 : 1));
  for (const { s } of remainders) {
    if (left <= 0) break;
    if (quota.get(s) < bySource.get(s).length) {
      quota.set(s, quota.get(s) + 1);
      left--;
    }
  }
  // A source that was given one above its share (the minimum of one) takes it from the largest.
  while (left < 0) {
    const largest = sources.reduce((a, b) => (quota.get(b) > quota.get(a) ? b : a));
    quota.set(largest, quota.get(largest) - 1);
    left++;
  }
  const chosen = new Set();
  for (const s of sources) for (const q of [...bySource.get(s)].sort(bySeed(seed)).slice(0, quota.get(s))) chosen.add(q.id);
  return questions.filter((q) => chosen.has(q.id));
}

/**
 * The run's plan: for each fold asked for, its files (all of them: the fold is one conference) and its questions
 * (all, or `sample` of them stratified by source). A file without text (`isEmpty`: by default the manifest gives it
 * no turns) is left out with its questions, which nothing can answer; each fold lists them in `leftOut`.
 */
export function poolPlan(manifest, { folds = FOLDS, sample, seed = 1, isEmpty = (s) => s.turns === 0 } = {}) {
  return folds.map((fold) => {
    const inFold = manifest.sessions.filter((s) => s.fold === fold);
    const sessions = inFold.filter((s) => !isEmpty(s));
    const ids = new Set(sessions.map((s) => s.id));
    const all = manifest.questions.filter((q) => ids.has(q.session));
    const leftOut = inFold
      .filter((s) => isEmpty(s))
      .map((s) => ({ session: s.id, questions: manifest.questions.filter((q) => q.session === s.id).length }));
    return {
      fold,
      split: splitOfFold(fold),
      sessions,
      leftOut,
      questions: sample ? sampleStratified(all, sample, seed) : all,
      available: all.length,
    };
  });
}

/**
 * The family of a pool file: for a filing the company (the id's first part), for a meeting the letters its id
 * starts with (a meeting series shares them). Files of one family may share a topic, so an uncovered question is
 * never asked in one of its own family.
 */
export function poolFamily(session) {
  if (session.kind === 'pdf') return session.id.split(/[_-]/)[0].toLowerCase();
  return (session.id.match(/^[A-Za-z]+/)?.[0] ?? session.id).toLowerCase();
}

/**
 * How much of a question a file holds: the question's words found in its own file, each weighed by how rare it is
 * among the fold's files (ln(files / files holding it): a word every file holds weighs nothing), and the share of
 * that weight the other file holds too. NaN when fewer than two of the question's words with a weight are in its
 * own file: a question such as `Who were the participants of the meeting?` fits any meeting.
 */
export function sharedWords(question, ownWords, otherWords, weightOf = () => 1) {
  const own = [...factWords(question)].filter((w) => ownWords.has(w) && weightOf(w) > 0);
  if (own.length < UNCOVERED_MIN_WORDS) return NaN;
  const total = own.reduce((a, w) => a + weightOf(w), 0);
  return own.filter((w) => otherWords.has(w)).reduce((a, w) => a + weightOf(w), 0) / total;
}

/** Uncovered questions share less than this of their own file's weighted words with the file they are asked in. */
export const UNCOVERED_MAX_SHARED = 1 / 3;
/** Words with a weight a question needs in its own file to be made uncovered elsewhere. */
export const UNCOVERED_MIN_WORDS = 2;

/** Each word's weight among some files' words: ln(files / files holding it). */
export function rarityWeights(wordSets) {
  const df = new Map();
  for (const set of wordSets) for (const w of set) df.set(w, (df.get(w) ?? 0) + 1);
  const n = wordSets.length;
  return (w) => (df.has(w) ? Math.log(n / df.get(w)) : Math.log(n));
}

/**
 * Uncovered questions made from a fold's own questions, without writing any: each question is asked again with
 * the session filter set to another file of its fold (its conference) of the same kind and another family, which
 * holds less than a third of the question's words found in its own file, weighed by their rarity in the fold
 * (`sharedWords`). That file lacks the question's material, so the right answer is a refusal. A question with
 * fewer than two words of weight in its own file (`Who attended the meeting?`) fits any meeting and gets no twin. Among the
 * files that qualify, one is picked by a hash of the seed and the question's id. `wordsOf(sessionId)`: the
 * words (`factWords`) of a file. Returns question id → { session, shared }.
 */
export function uncoveredTargets(questions, sessions, wordsOf, seed = 1) {
  const byId = new Map(sessions.map((s) => [s.id, s]));
  const weightOf = rarityWeights(sessions.map((s) => wordsOf(s.id)));
  const out = new Map();
  for (const q of questions) {
    const own = byId.get(q.session);
    if (!own) continue;
    const candidates = sessions
      .filter((s) => s.id !== own.id && s.kind === own.kind && poolFamily(s) !== poolFamily(own))
      .map((s) => ({ s, shared: sharedWords(q.question, wordsOf(own.id), wordsOf(s.id), weightOf) }))
      .filter((c) => Number.isFinite(c.shared) && c.shared < UNCOVERED_MAX_SHARED);
    if (!candidates.length) continue;
    candidates.sort((a, b) => hash32(`${seed}:${q.id}:${a.s.id}`) - hash32(`${seed}:${q.id}:${b.s.id}`) || (a.s.id < b.s.id ? -1 : 1));
    out.set(q.id, { session: candidates[0].s.id, shared: candidates[0].shared });
  }
  return out;
}

// ---------- figures ----------
/** The figures of one group of pool rows (answerable questions and their uncovered twins). */
export function poolGroupFigures(rows) {
  const answerable = rows.filter((r) => r.expect === 'answer');
  const uncovered = rows.filter((r) => r.expect === 'refusal');
  const searched = answerable.filter((r) => r.searchFiltered);
  const answered = answerable.filter((r) => !r.refused);
  const facts = answerable.filter((r) => r.source === 'elitr');
  const withGold = answerable.filter((r) => r.source !== 'elitr');
  const lat = rows.map((r) => r.latencyMs).filter(Number.isFinite);
  return {
    answerable: answerable.length,
    uncovered: uncovered.length,
    hitFiltered: rateOf(searched.map((r) => r.searchFiltered.hit)),
    mrrFiltered: meanOf(searched.map((r) => r.searchFiltered.rr)),
    hitUnfiltered: rateOf(searched.map((r) => r.searchUnfiltered.hit)),
    mrrUnfiltered: meanOf(searched.map((r) => r.searchUnfiltered.rr)),
    falseRefusal: rateOf(answerable.map((r) => r.refused)),
    refusedUncovered: rateOf(uncovered.map((r) => r.refused)),
    located: rateOf(answered.map((r) => r.allLocated)),
    evidenceCited: rateOf(answerable.filter((r) => r.kind === 'pdf').map((r) => r.evidenceCited)),
    goldRecall: meanOf(withGold.map((r) => r.goldRecall)),
    holdsFact: rateOf(facts.map((r) => r.holdsFact)),
    factScore: meanOf(facts.map((r) => r.factScore)),
    p50: pct(lat, 50),
    p95: pct(lat, 95),
  };
}

/** Every group's figures: meetings, short facts, filings (by the question's source) and overall. */
function groupsOf(rows) {
  const out = {};
  for (const [source, group] of Object.entries(SOURCE_GROUPS)) out[group] = poolGroupFigures(rows.filter((r) => r.source === source));
  out.overall = poolGroupFigures(rows);
  return out;
}

/** The pool's figures: folds 0-3 together (`tune`), fold 4 (`check`), and each fold's own. */
export function poolFigures(rows) {
  const folds = {};
  for (const fold of FOLDS) {
    const inFold = rows.filter((r) => r.fold === fold);
    if (inFold.length) folds[fold] = groupsOf(inFold);
  }
  return {
    tune: groupsOf(rows.filter((r) => splitOfFold(r.fold) === 'tune')),
    check: groupsOf(rows.filter((r) => splitOfFold(r.fold) === 'check')),
    folds,
  };
}

/** The pool's rates and means compared between tune and check, in the report's order. */
export const POOL_KEYS = [
  'hitFiltered',
  'mrrFiltered',
  'hitUnfiltered',
  'mrrUnfiltered',
  'falseRefusal',
  'refusedUncovered',
  'located',
  'evidenceCited',
  'holdsFact',
  'factScore',
  'goldRecall',
];

/**
 * Where fold 4 parts from folds 0-3 (both measured): further than `gap`, or folds 0-3's value outside fold 4's
 * 95% interval (fold 4 does not agree within its interval). Per group and key: `{ diff, far, outside }`.
 */
export function poolFlag(tune, check, gap = GENERALISATION_GAP) {
  if (!tune || !check || !Number.isFinite(tune.value) || !Number.isFinite(check.value)) return null;
  const diff = check.value - tune.value;
  const far = Math.abs(diff) > gap + 1e-9;
  const outside = Number.isFinite(check.lo) && (tune.value < check.lo - 1e-9 || tune.value > check.hi + 1e-9);
  return { diff, far, outside, flagged: far || outside };
}

/** Every flagged rate: `{ group, key, tune, check, diff, far, outside }`. */
export function poolFlags(figures, gap = GENERALISATION_GAP) {
  const out = [];
  for (const group of GROUPS) {
    for (const key of POOL_KEYS) {
      const f = poolFlag(figures.tune?.[group]?.[key], figures.check?.[group]?.[key], gap);
      if (f?.flagged) out.push({ group, key, tune: figures.tune[group][key].value, check: figures.check[group][key].value, ...f });
    }
  }
  return out;
}
