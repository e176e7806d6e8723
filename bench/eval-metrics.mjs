/**
 * The measures of `npm run eval` (bench/eval.mjs): pure functions over the app's answers and search
 * results and the dev set's gold, unit-tested in bench/eval-metrics.test.mjs (`npm run test:bench`).
 * A wrong measure makes every figure wrong, so none of them talks to the app.
 */

export const REFUSAL_TEXT = "The conference materials don't cover this.";
/** What an unsure answer says before its closest passages (the app's `mayNotCover`): a note on the answer, not a claim. */
export const UNSURE_TEXT = 'These are the closest passages the conference materials hold; they may not answer the question.';
/** Search results judged per question (hit@5, MRR@5). */
export const TOP = 5;
/** The halves of the dev set (manifest `split`): weights are chosen on `tune`, `check` says whether they generalise. */
export const SPLITS = ['tune', 'check'];
/** A figure of `check` further than this from `tune` does not generalise. */
export const GENERALISATION_GAP = 0.05;

/** Floors of --check: a little under the issue's targets (applied to every file run, both halves). */
export const FLOORS = [
  { key: 'embedded', label: 'files embedded (share)', min: 1 },
  { key: 'all.meetings.hitFiltered', label: 'meetings hit@5, session filter', min: 0.85 },
  // Filings: the issue's targets on the `check` half. On `tune` the figures fell when the SEC statement
  // titles left the query expansion (bench/EVAL.md): a guard under today's level keeps them from falling further.
  { key: 'check.filings.hitFiltered', label: 'filings hit@5, session filter (check)', min: 0.8 },
  { key: 'tune.filings.hitFiltered', label: 'filings hit@5, session filter (tune)', min: 0.4 },
  // Without a filter the local embeddings' near-ties are ordered by the HNSW graph, which each fresh ingestion builds
  // anew: the same code gave 18 and 17 of the subset's 24 meeting questions (0.75, 0.71) in two CI runs on 2026-11-26.
  // The guard lets the lower of the two pass and fails one question under it, instead of sitting on the value a run
  // reaches about half the time.
  { key: 'all.meetings.hitUnfiltered', label: 'meetings hit@5, no filter', min: 0.7 },
  { key: 'all.overall.falseRefusal', label: 'false refusals (answerable refused)', max: 0.15 },
  { key: 'all.overall.refusedUncovered', label: 'uncovered questions refused', min: 0.75 },
  { key: 'all.overall.located', label: 'answers with every unit located', min: 0.9 },
  { key: 'check.filings.evidenceCited', label: 'filing answers citing evidence (check)', min: 0.7 },
  { key: 'tune.filings.evidenceCited', label: 'filing answers citing evidence (tune)', min: 0.3 },
];

// ---------- cross-file probes ----------
/**
 * The family of a manifest file: its title without the file's own id (the kind of meeting, e.g.
 * 'QMSum (academic meeting)'), else the id's first part (the company of a filing). Files of one
 * family may share a topic, so a probe never pairs them.
 */
export function familyOf(session) {
  const idWords = new Set(session.id.toLowerCase().split(/[_\s-]+/));
  const rest = (session.title ?? '')
    .split(/\s+/)
    .filter((w) => w && !idWords.has(w.toLowerCase()))
    .join(' ')
    .toLowerCase();
  return rest || session.id.split(/[_-]/)[0].toLowerCase();
}

/**
 * The file each file's questions are asked in as cross-file probes: the next file in manifest order
 * (cyclically) of the same half and kind and of another family. A question of X asked with the
 * session filter set to that file is uncovered by construction (its material is in X only), so the
 * share refused measures the refusal on each half, `tune` included, where the dev set holds no
 * uncovered question of its own. Files without such a partner among those run get none.
 */
export function probePartners(sessions) {
  const out = new Map();
  sessions.forEach((s, i) => {
    for (let k = 1; k < sessions.length; k++) {
      const t = sessions[(i + k) % sessions.length];
      if (t.split === s.split && t.kind === s.kind && familyOf(t) !== familyOf(s)) {
        out.set(s.id, t.id);
        break;
      }
    }
  });
  return out;
}

// ---------- numbers ----------
export const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
export const share = (xs) => (xs.length ? xs.filter(Boolean).length / xs.length : NaN);
/** The p-th percentile (nearest rank). */
export function pct(xs, p) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

// ---------- intervals ----------
/** z of a two-sided 95% interval. */
export const Z95 = 1.959964;
/**
 * The Wilson score interval of k successes in n trials (95% by default): `{ lo, hi }`, both NaN when n is 0.
 * Unlike value ± z·se it stays inside [0, 1] and is not empty at 0 or n successes.
 */
export function wilson(k, n, z = Z95) {
  if (!(n > 0)) return { lo: NaN, hi: NaN };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}
/** A rate over yes/no outcomes: successes, trials, the share and its Wilson 95% interval. */
export function rateOf(outcomes) {
  const n = outcomes.length;
  const k = outcomes.filter(Boolean).length;
  return { k, n, value: n ? k / n : NaN, ...wilson(k, n) };
}
/** A rate from counts (`k` of `n`), as `rateOf`. */
export const rateOfCounts = (k, n) => ({ k, n, value: n ? k / n : NaN, ...wilson(k, n) });
/**
 * A mean of scores in [0, 1] (MRR, word recall) with a normal 95% interval (mean ± z·sd/√n, kept in [0, 1]):
 * not a share of yes/no outcomes, so not a Wilson interval.
 */
export function meanOf(xs) {
  const v = xs.filter(Number.isFinite);
  const n = v.length;
  if (!n) return { n, value: NaN, lo: NaN, hi: NaN };
  const m = v.reduce((a, b) => a + b, 0) / n;
  // One score has no spread to measure: no interval.
  if (n < 2) return { n, value: m, lo: NaN, hi: NaN };
  const sd = Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1));
  const half = (Z95 * sd) / Math.sqrt(n);
  return { n, value: m, lo: Math.max(0, m - half), hi: Math.min(1, m + half) };
}

// ---------- text matching ----------
const STOP = new Set(
  (
    'a an the and or but if then else of to in on at by for with from as is are was were be been being it its this that these those ' +
    'there their they them he she his her we our us you your i me my do does did done have has had having not no yes so such than ' +
    'too very can could would should will shall may might must about into over under also what which who whom whose when where why how ' +
    'all any each both few more most other some own same just only up down out off again further once here s t'
  ).split(/\s+/),
);
/** Fillers a cleaned display may drop: left out on both sides when placing a snippet. */
const FILLERS = new Set(['uh', 'um', 'mm', 'hmm', 'mmm', 'hm', 'eh', 'ah']);
/** Words of a text: lowercase, braced corpus annotations, highlight marks and fillers dropped. */
export function words(text) {
  return (
    (text ?? '')
      .toLowerCase()
      .replace(/\{[a-z_]+\}/g, ' ')
      .replace(/\*\*/g, '')
      .replace(/…/g, ' ')
      .match(/[a-z0-9]+/g) ?? []
  ).filter((w) => !FILLERS.has(w));
}
/** Content words of a gold answer or an answer: numbers normalised (3,215 → 3215, $3215.00 → 3215). */
export function contentWords(text) {
  const tokens =
    (text ?? '')
      .toLowerCase()
      .replace(/\[[^\]]*\]/g, ' ')
      .match(/\$?\d[\d,]*(?:\.\d+)?%?|[a-z]+(?:['’][a-z]+)?/g) ?? [];
  const out = new Set();
  for (let t of tokens) {
    if (/\d/.test(t)) {
      t = t.replace(/[$,%]/g, '').replace(/\.0+$/, '');
    } else {
      t = t.replace(/['’]s$/, '');
      if (STOP.has(t) || t.length < 2) continue;
      if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss')) t = t.slice(0, -1);
    }
    out.add(t);
  }
  return out;
}
/** Share of the gold answer's content words the answer holds (NaN for a gold answer without any). */
export function goldRecall(gold, answer) {
  const g = contentWords(gold);
  if (!g.size) return NaN;
  const a = contentWords(answer);
  let n = 0;
  for (const w of g) if (a.has(w)) n++;
  return n / g.size;
}

/**
 * Words of a short fact: the content words above, plus each anonymisation tag (`PERSON3`, `[ORGANIZATION5]`:
 * capitals then digits, with or without brackets) as one word, where content words would split it or drop it
 * as a citation marker.
 */
export function factWords(text) {
  const tags = [];
  const rest = (text ?? '').replace(/\[?\b([A-Z]{3,}\d+)\b\]?/g, (_, tag) => {
    tags.push(tag.toLowerCase());
    return ' ';
  });
  return new Set([...tags, ...contentWords(rest)]);
}
/** A short fact counts as held when the answer holds at least this share of the gold answer's words. */
export const HOLDS_FACT = 0.5;
/** Share of a short gold fact's words (`factWords`) the answer holds (NaN for a gold fact without any). */
export function shortFactScore(gold, answer) {
  const g = factWords(gold);
  if (!g.size) return NaN;
  const a = factWords(answer);
  let n = 0;
  for (const w of g) if (a.has(w)) n++;
  return n / g.size;
}

/** A transcript file indexed for locating snippets: the 6-word runs of each line. */
const RUN = 6;
export function indexTranscript(text) {
  const lines = text.split(/\r?\n/);
  const runs = new Map(); // run → line numbers (1-based)
  lines.forEach((line, i) => {
    const w = words(line);
    for (let j = 0; j + RUN <= w.length; j++) {
      const key = w.slice(j, j + RUN).join(' ');
      if (!runs.has(key)) runs.set(key, new Set());
      runs.get(key).add(i + 1);
    }
  });
  return { lines: lines.length, runs };
}
/** The lines a snippet comes from (by 6-word runs), as [first, last], or null. */
export function locateSnippet(index, snippet) {
  const w = words(snippet);
  const found = new Set();
  for (let j = 0; j + RUN <= w.length; j++) {
    const hit = index.runs.get(w.slice(j, j + RUN).join(' '));
    if (hit && hit.size <= 3) for (const l of hit) found.add(l);
  }
  if (!found.size) return null;
  const sorted = [...found].sort((a, b) => a - b);
  // The largest cluster of nearby lines (a run repeated elsewhere in the meeting must not stretch it).
  let best = [sorted[0], sorted[0]];
  let cur = [sorted[0], sorted[0]];
  let bestN = 1;
  let curN = 1;
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] - cur[1] <= 15) {
      cur[1] = sorted[i];
      curN++;
    } else {
      cur = [sorted[i], sorted[i]];
      curN = 1;
    }
    if (curN > bestN) {
      best = [...cur];
      bestN = curN;
    }
  }
  return best;
}
export const overlaps = ([a, b], ranges) => ranges.some(([c, d]) => a <= d && c <= b);

// ---------- answers: units and markers ----------
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;
const MARKERS = /\[[^\][]+\]/g;
/** The claims of an answer: each bullet line; other lines split into sentences. */
export function unitsOf(content) {
  const units = [];
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (BULLET.test(line)) {
      units.push(line.replace(BULLET, ''));
      continue;
    }
    // Markers are masked while splitting: the period of '[p. 3]' does not end a sentence.
    const kept = [];
    // So is the period of an abbreviation ('Hon. Steven Blaney', 'Adobe Inc. and').
    const masked = line
      .replace(MARKERS, (m) => `\u0001${kept.push(m) - 1}\u0002`)
      .replace(/\b(?:Mr|Mrs|Ms|Dr|Prof|Hon|Inc|Co|Corp|Ltd|Jr|Sr|St|No|vs|U\.S|e\.g|i\.e)\./gi, (m) => `\u0001${kept.push(m) - 1}\u0002`);
    // eslint-disable-next-line no-control-regex -- \u0001/\u0002 are the sentinels the masking above inserts around kept markers
    for (const part of masked.split(/(?<=[.!?](?:\s*\u0001\d+\u0002)*)\s+(?=[^\s\u0001])/)) {
      // eslint-disable-next-line no-control-regex -- the same sentinels, restored
      const s = part.replace(/\u0001(\d+)\u0002/g, (_, i) => kept[Number(i)]);
      // A marker standing alone after a sentence belongs to that sentence.
      if (units.length && s.replace(MARKERS, '').trim() === '') units[units.length - 1] += ` ${s}`;
      else units.push(s);
    }
  }
  return units.filter((u) => {
    const text = u.replace(MARKERS, '').trim();
    if (text.includes(REFUSAL_TEXT) || text === REFUSAL_TEXT.replace(/\.$/, '')) return false;
    if (text === UNSURE_TEXT) return false;
    if (/:\s*$/.test(text) && !u.match(MARKERS)) return false;
    return words(text).length >= 4;
  });
}
/** The claim's text without its citation markers and a leading bold speaker label. */
export const claimText = (unit) =>
  unit
    .replace(MARKERS, '')
    .replace(/^\*\*[^*]{1,80}:\*\*\s*/, '')
    .trim();
const located = (s) => s.page != null || s.startTime != null || s.line != null;
/** The answer's claims and those without a marker that resolves to a located source. */
export function markerReport(content, sources) {
  const good = new Set((sources ?? []).filter(located).map((s) => s.marker));
  const units = unitsOf(content);
  const unlocated = units.filter((u) => !(u.match(MARKERS) ?? []).some((m) => good.has(m)));
  return { units: units.length, unlocated };
}

/**
 * The top 5 of a search judged against a question's gold: a filing result counts on an evidence page of
 * the question's own session, a meeting result when its lines (given, else found from its snippet)
 * overlap a gold range.
 */
export function judgeResults(results, q, session, transcriptIndex, sessionByUuid, filtered) {
  const top = results.slice(0, TOP).map((r) => {
    let loc = null;
    let where;
    const rs = sessionByUuid.get(r.sessionId);
    const label = rs ? rs.id : r.sessionTitle;
    if (r.kind === 'pdf') where = `${label} p. ${r.page ?? '?'}`;
    else {
      if (r.line != null) loc = [r.line, r.lineEnd ?? r.line];
      else if (rs && transcriptIndex.has(rs.id)) loc = locateSnippet(transcriptIndex.get(rs.id), r.snippet);
      where = `${label} ${loc ? (loc[0] === loc[1] ? `line ${loc[0]}` : `lines ${loc[0]}-${loc[1]}`) : 'line ?'}`;
    }
    let hit = false;
    if (rs && rs.uuid === session.uuid) {
      if (session.kind === 'pdf') hit = r.page != null && q.evidence_pages.includes(r.page);
      else hit = loc != null && overlaps(loc, q.gold_lines);
    }
    return { where, hit, marker: r.marker, line: r.line ?? null, lineEnd: r.lineEnd ?? null, snippet: r.snippet };
  });
  const rank = top.findIndex((t) => t.hit) + 1;
  return { hit: rank > 0, rr: rank > 0 ? 1 / rank : 0, top, filtered };
}

// ---------- figures ----------
/** The figures of one group of questions (and the ingestion of its files). */
export function groupFigures(rows, ingestion, takeaways = []) {
  const answerable = rows.filter((r) => r.expect === 'answer');
  const uncovered = rows.filter((r) => r.expect === 'refusal');
  const answered = answerable.filter((r) => !r.refused);
  const pdfs = ingestion.filter((i) => i.kind === 'pdf');
  const pdfOk = pdfs.filter((i) => i.status === 'embedded' && i.pages && Number.isFinite(i.seconds));
  const lat = rows.map((r) => r.latencyMs);
  const fillers = answered.flatMap((r) => r.fillers ?? []);
  const claims = answered.reduce((a, r) => a + (r.claims ?? 0), 0);
  const probes = answerable.filter((r) => r.probe);
  const measuredTakeaways = takeaways.filter((t) => t.fillers);
  const takeawayCount = measuredTakeaways.reduce((a, t) => a + t.texts.length, 0);
  const takeawayFillers = measuredTakeaways.reduce((a, t) => a + t.fillers.length, 0);
  const fillerMeasured = answered.some((r) => r.fillers);
  const measuredUnits = (fillerMeasured ? claims : 0) + takeawayCount;
  return {
    files: ingestion.length,
    embedded: ingestion.filter((i) => i.status === 'embedded').length,
    ingestSeconds: ingestion.reduce((a, i) => a + (Number.isFinite(i.seconds) ? i.seconds : 0), 0),
    pages: pdfOk.reduce((a, i) => a + i.pages, 0),
    appPagesPerSecond: pdfOk.length ? pdfOk.reduce((a, i) => a + i.pages, 0) / pdfOk.reduce((a, i) => a + i.seconds, 0) : NaN,
    parsePagesPerSecond: pdfOk.length ? pdfOk.reduce((a, i) => a + i.pages, 0) / pdfOk.reduce((a, i) => a + i.parseSeconds, 0) : NaN,
    answerable: answerable.length,
    uncovered: uncovered.length,
    hitFiltered: share(answerable.map((r) => r.searchFiltered.hit)),
    mrrFiltered: mean(answerable.map((r) => r.searchFiltered.rr)),
    hitUnfiltered: share(answerable.map((r) => r.searchUnfiltered.hit)),
    mrrUnfiltered: mean(answerable.map((r) => r.searchUnfiltered.rr)),
    falseRefusal: share(answerable.map((r) => r.refused)),
    refusedUncovered: share(uncovered.map((r) => r.refused)),
    located: share(answered.map((r) => r.allLocated)),
    evidenceCited: share(answerable.filter((r) => r.kind === 'pdf').map((r) => r.evidenceCited)),
    goldRecall: mean(answerable.map((r) => r.goldRecall).filter(Number.isFinite)),
    // NaN when the build measured has no filler rule (an older commit).
    fillerShare: claims > 0 && fillerMeasured ? fillers.length / claims : NaN,
    probes: probes.length,
    probesRefused: share(probes.map((r) => r.probe.refused)),
    takeaways: takeawayCount,
    takeawayFillerShare: takeawayCount > 0 ? takeawayFillers / takeawayCount : NaN,
    // The issue's filler figure: answer claims and takeaways together.
    fillerShareAll: measuredUnits > 0 ? ((fillerMeasured ? fillers.length : 0) + takeawayFillers) / measuredUnits : NaN,
    p50: pct(lat, 50),
    p95: pct(lat, 95),
    // Each quality figure with its counts and 95% interval (Wilson for shares, normal for means).
    ci: {
      hitFiltered: rateOf(answerable.map((r) => r.searchFiltered.hit)),
      mrrFiltered: meanOf(answerable.map((r) => r.searchFiltered.rr)),
      hitUnfiltered: rateOf(answerable.map((r) => r.searchUnfiltered.hit)),
      mrrUnfiltered: meanOf(answerable.map((r) => r.searchUnfiltered.rr)),
      falseRefusal: rateOf(answerable.map((r) => r.refused)),
      refusedUncovered: rateOf(uncovered.map((r) => r.refused)),
      located: rateOf(answered.map((r) => r.allLocated)),
      evidenceCited: rateOf(answerable.filter((r) => r.kind === 'pdf').map((r) => r.evidenceCited)),
      goldRecall: meanOf(answerable.map((r) => r.goldRecall)),
      probesRefused: rateOf(probes.map((r) => r.probe.refused)),
    },
  };
}

/** Meetings, filings and overall figures of some questions (and the takeaways of their files). */
function byKind(rows, ingestion, takeaways) {
  const of = (kind) => (x) => x.kind === kind;
  return {
    meetings: groupFigures(rows.filter(of('transcript')), ingestion.filter(of('transcript')), takeaways.filter(of('transcript'))),
    filings: groupFigures(rows.filter(of('pdf')), ingestion.filter(of('pdf')), takeaways.filter(of('pdf'))),
    overall: groupFigures(rows, ingestion, takeaways),
  };
}

/**
 * Every figure per half of the dev set (`tune`, `check`: a question's own split, a file's split for
 * ingestion and takeaways) and over both (`all`), each for meetings, filings and overall. `takeaways`:
 * per file `{kind, split, texts, fillers}` (the takeaways the app made for that file's session alone).
 */
export function computeFigures(ingestion, rows, takeaways = []) {
  const out = { all: byKind(rows, ingestion, takeaways) };
  for (const split of SPLITS) {
    const inSplit = (x) => x.split === split;
    out[split] = byKind(rows.filter(inSplit), ingestion.filter(inSplit), takeaways.filter(inSplit));
  }
  out.embedded = ingestion.length ? ingestion.filter((i) => i.status === 'embedded').length / ingestion.length : NaN;
  return out;
}

export const valueAt = (figures, key) => key.split('.').reduce((o, k) => o?.[k], figures);

/** Each floor with its value and whether it holds (a missing value fails). */
export function checkFloors(figures, floors = FLOORS) {
  return floors.map((f) => {
    const value = valueAt(figures, f.key);
    const ok = Number.isFinite(value) ? (f.min !== undefined ? value >= f.min : value <= f.max) : false;
    return { ...f, value, ok };
  });
}

/** Shares compared between the halves: the quality figures (not counts, seconds or latency). */
export const QUALITY_KEYS = [
  'hitFiltered',
  'mrrFiltered',
  'hitUnfiltered',
  'mrrUnfiltered',
  'falseRefusal',
  'refusedUncovered',
  'located',
  'evidenceCited',
  'goldRecall',
  'fillerShare',
  'probesRefused',
  'takeawayFillerShare',
  'fillerShareAll',
];

/** Quality figures whose `check` value is further than `gap` from `tune` (both measured), per group. */
export function generalisationGaps(figures, gap = GENERALISATION_GAP) {
  const out = [];
  for (const group of ['meetings', 'filings', 'overall']) {
    for (const key of QUALITY_KEYS) {
      const tune = figures.tune?.[group]?.[key];
      const check = figures.check?.[group]?.[key];
      if (Number.isFinite(tune) && Number.isFinite(check) && Math.abs(check - tune) > gap + 1e-9) {
        out.push({ group, key, tune, check, diff: check - tune });
      }
    }
  }
  return out;
}
