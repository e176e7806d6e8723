#!/usr/bin/env node
/**
 * Why a meeting question misses without a session filter: for each pool meeting question
 * of the chosen folds whose unfiltered top 5 holds no gold passage, where its own file ranks among the fold's
 * documents under several document scores, what (if anything) sets its file apart from the others, and who
 * took the top 5. Offline: reads the pool's transcripts and an `npm run eval -- --pool --json FILE` run; words
 * are the product's own (`keywords`, `termKey` of backend/dist). Prints counts; `--list` prints every miss.
 *
 *   node bench/route-misses.mjs --json test-results/eval-pool.json [--folds 0,1,2,3] [--data ../shared/eval-dev] [--list]
 *
 * Document scores (each over the fold's files; a "chunk" here is a window of 12 transcript lines):
 * - route: today's routing (document-routing.ts): IDF over documents × saturated share of the document's
 *   chunks holding the word (half at 0.08);
 * - bm25: BM25 over whole-document term frequencies (k1 1.2, b 0.75);
 * - conc: Σ idf × the document's share of the word's occurrences in the fold (a word said 30 times in one
 *   meeting and twice in each sibling gives that meeting most of it).
 * Causes, in this order (a miss gets the first that applies):
 * - filtered-miss: the question misses with its session ticked too (not a routing problem);
 * - routed-first: its file is first by `route` (the passages, not the document, lost);
 * - unique-word: a word of the question occurs in its file and in no other file of the fold;
 * - concentrated: a word of the question with ≥ 3 occurrences in its file and at least twice as many as in any
 *   other file (a topic said many times in it, once in a sibling);
 * - series-only: such a word exists against the other meetings of its own series (the same team's other
 *   meetings), but another series of the same kind says it as often (the scripted scenario's teams all hold
 *   the same meetings);
 * - generic: none of those: every word of the question is as frequent in some other file (usually a sibling
 *   of the same series), so the words cannot tell which meeting is meant.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { keywords } = await import(path.join(root, 'backend/dist/text/keywords.js'));
const { termKey } = await import(path.join(root, 'backend/dist/text/term-key.js'));

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const jsonFile = opt('json');
if (!jsonFile) {
  console.error('usage: node bench/route-misses.mjs --json <eval-pool json> [--folds 0,1,2,3] [--data dir] [--list]');
  process.exit(2);
}
const folds = opt('folds', '0,1,2,3').split(',').map(Number);
const data = path.resolve(root, opt('data', '../shared/eval-dev'));
const list = args.includes('--list');
const WINDOW = 12;

const manifest = JSON.parse(fs.readFileSync(path.join(data, 'pool', 'manifest.json'), 'utf8'));
const run = JSON.parse(fs.readFileSync(path.resolve(root, jsonFile), 'utf8'));
const rows = run.questions.filter((r) => folds.includes(r.fold) && r.kind === 'transcript' && r.searchUnfiltered);

/** A meeting's family (its id's leading letters, as the pool's uncovered questions read it) and series (id less its last letter). */
export const familyOf = (id) => /^[A-Za-z]+/.exec(id)?.[0] ?? id;
export const seriesOf = (id) => (/^[A-Z]{2}\d{4}[a-z]$/.test(id) ? id.slice(0, -1) : familyOf(id));
/** Meetings of one kind: the scripted design scenario's teams (ES, IS, TS: the same roles and product) count as one kind. */
export const kindOf = (id) => (/^[EIT]S\d{4}[a-z]$/.test(id) ? 'scripted scenario' : familyOf(id));

const wordsOf = (text) => keywords(text).map(termKey);

/** Per fold: each file's term frequencies, its chunk counts per word, its length. */
function foldIndex(fold) {
  const files = manifest.sessions.filter((s) => s.fold === fold);
  const docs = [];
  for (const s of files) {
    const file = path.join(data, s.file);
    if (!fs.existsSync(file) || !file.endsWith('.txt')) continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const tf = new Map();
    const chunkTf = new Map();
    let len = 0;
    let chunks = 0;
    for (let i = 0; i < lines.length; i += WINDOW) {
      const seen = new Set();
      for (const line of lines.slice(i, i + WINDOW)) {
        // The speaker label counts as a word of the line ('Marketing: …').
        for (const w of wordsOf(line.replace(/\{[a-z]+\}/g, ' '))) {
          tf.set(w, (tf.get(w) ?? 0) + 1);
          seen.add(w);
          len++;
        }
      }
      for (const w of seen) chunkTf.set(w, (chunkTf.get(w) ?? 0) + 1);
      chunks++;
    }
    docs.push({ id: s.id, tf, chunkTf, len, chunks });
  }
  const df = new Map();
  const total = new Map();
  for (const d of docs)
    for (const [w, c] of d.tf) {
      df.set(w, (df.get(w) ?? 0) + 1);
      total.set(w, (total.get(w) ?? 0) + c);
    }
  const avgLen = docs.reduce((a, d) => a + d.len, 0) / Math.max(1, docs.length);
  return { docs, df, total, avgLen };
}

const idfOf = (df, n) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

const SCORES = {
  route(ix, d, ws) {
    let s = 0;
    for (const w of ws) {
      const c = d.chunkTf.get(w) ?? 0;
      if (!c) continue;
      const share = c / d.chunks;
      s += (idfOf(ix.df.get(w) ?? 0, ix.docs.length) * share) / (share + 0.08);
    }
    return s;
  },
  bm25(ix, d, ws) {
    let s = 0;
    for (const w of ws) {
      const f = d.tf.get(w) ?? 0;
      if (!f) continue;
      s += (idfOf(ix.df.get(w) ?? 0, ix.docs.length) * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.len) / ix.avgLen));
    }
    return s;
  },
  conc(ix, d, ws) {
    let s = 0;
    for (const w of ws) {
      const f = d.tf.get(w) ?? 0;
      if (!f) continue;
      s += idfOf(ix.df.get(w) ?? 0, ix.docs.length) * (f / ix.total.get(w));
    }
    return s;
  },
};

function rankOf(ix, scorer, ws, id) {
  const scored = ix.docs.map((d) => ({ id: d.id, s: SCORES[scorer](ix, d, ws) })).sort((a, b) => b.s - a.s || a.id.localeCompare(b.id));
  return scored.findIndex((x) => x.id === id) + 1;
}

const indexes = new Map(folds.map((f) => [f, foldIndex(f)]));
const count = (m, k) => m.set(k, (m.get(k) ?? 0) + 1);
const causes = new Map();
const ranks = Object.fromEntries(Object.keys(SCORES).map((k) => [k, { all: [0, 0, 0], miss: [0, 0, 0] }]));
const tookTop = new Map();
let n = 0;
let misses = 0;
let ownInTop = 0;
const details = [];
for (const r of rows) {
  const ix = indexes.get(r.fold);
  const own = ix.docs.find((d) => d.id === r.session);
  if (!own) continue;
  n++;
  const ws = [...new Set(wordsOf(r.question))];
  const miss = !r.searchUnfiltered.hit;
  for (const k of Object.keys(SCORES)) {
    const rank = rankOf(ix, k, ws, r.session);
    for (const bucket of miss ? ['all', 'miss'] : ['all']) {
      if (rank === 1) ranks[k][bucket][0]++;
      if (rank <= 3) ranks[k][bucket][1]++;
      if (rank <= 5) ranks[k][bucket][2]++;
    }
  }
  if (!miss) continue;
  misses++;
  const others = ix.docs.filter((d) => d !== own);
  const unique = ws.filter((w) => own.tf.has(w) && others.every((d) => !d.tf.has(w)));
  const concentratedOver = (docs) =>
    ws.filter((w) => {
      const f = own.tf.get(w) ?? 0;
      return f >= 3 && docs.every((d) => 2 * (d.tf.get(w) ?? 0) <= f);
    });
  const concentrated = concentratedOver(others);
  const series = others.filter((d) => seriesOf(d.id) === seriesOf(r.session));
  const inSeries = series.length > 0 ? concentratedOver(series) : [];
  const routeRank = rankOf(ix, 'route', ws, r.session);
  let cause;
  if (!r.searchFiltered?.hit) cause = 'filtered-miss';
  else if (routeRank === 1) cause = 'routed-first';
  else if (unique.length > 0) cause = 'unique-word';
  else if (concentrated.length > 0) cause = 'concentrated';
  else if (inSeries.length > 0) cause = 'series-only';
  else cause = 'generic';
  count(causes, cause);
  // Who took the top 5: the question's own file (wrong lines), a sibling of its series, its family, another file.
  for (const t of r.searchUnfiltered.top) {
    const id = t.where.split(' ')[0];
    const who =
      id === r.session
        ? 'own file, other lines'
        : seriesOf(id) === seriesOf(r.session)
          ? 'same series'
          : kindOf(id) === kindOf(r.session)
            ? 'same kind, other series'
            : 'other kind';
    count(tookTop, who);
  }
  if (r.searchUnfiltered.top.some((t) => t.where.split(' ')[0] === r.session)) ownInTop++;
  details.push({ fold: r.fold, id: r.id, cause, routeRank, unique, concentrated, question: r.question });
}

const pct = (a, b) => (b ? (a / b).toFixed(3) : '–');
console.log(
  `folds ${folds.join(',')}: ${n} meeting questions with gold, ${misses} missed without the filter (hit@5 ${pct(n - misses, n)})`,
);
console.log("\nown file ranked first / top 3 / top 5 among the fold's files (all questions | misses):");
for (const [k, v] of Object.entries(ranks))
  console.log(`  ${k.padEnd(6)} ${v.all.map((x) => pct(x, n)).join(' / ')}  |  ${v.miss.map((x) => pct(x, misses)).join(' / ')}`);
console.log('\ncauses of the misses:');
for (const [k, v] of [...causes].sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(14)} ${String(v).padStart(4)}  ${pct(v, misses)}`);
const words = (causes.get('routed-first') ?? 0) + (causes.get('concentrated') ?? 0);
console.log(
  `  → a document score on words could win at most the routed-first and concentrated ones: hit@5 ${pct(n - misses + words, n)}; with the series-only ones too ${pct(n - misses + words + (causes.get('series-only') ?? 0), n)}`,
);
console.log(`\nmisses whose own file holds one of the top 5 places (other lines): ${ownInTop} (${pct(ownInTop, misses)})`);
console.log('\nwho holds the top-5 places of the misses:');
const places = [...tookTop.values()].reduce((a, b) => a + b, 0);
for (const [k, v] of [...tookTop].sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(22)} ${String(v).padStart(5)}  ${pct(v, places)}`);
const byFamily = new Map();
for (const d of details) count(byFamily, `${kindOf(d.id.replace(/-\d+$/, ''))}: ${d.cause}`);
console.log('\nmisses by kind of meeting and cause:');
for (const [k, v] of [...byFamily].sort()) console.log(`  ${k.padEnd(24)} ${v}`);
if (list)
  for (const d of details)
    console.log(
      `${d.fold} ${d.id.padEnd(12)} ${d.cause.padEnd(13)} route#${d.routeRank} uniq[${d.unique.join(',')}] conc[${d.concentrated.join(',')}] ${d.question}`,
    );
