/**
 * Where the pool's meeting questions miss with the session filter: the built app (BACKEND_DIST) in this process on
 * each fold's data directory of `npm run eval -- --pool --reuse DIR` (DIR/fold-N), every QMSum question asked of
 * `RetrievalService.retrieve` limited to its meeting the way GET /api/search asks it (k 20, 5 per document), the top
 * five judged by line overlap with the gold lines as `judgeResults` does. For each miss: the rank of the first
 * passage that overlaps the gold lines (6-20, or absent), the line distance from the gold lines to the nearest top-5
 * passage, and whether a top-5 passage is the gold chunk's neighbour; then the counts of each cause, and the top-5
 * passages' mean size (lines of the file and characters: a longer passage overlaps more lines by itself).
 *
 *   node bench/pool-misses.mjs --reuse=../pool-data [--folds=0,1,2,3] [--near=3] [--list] [--out=FILE.json]
 *
 * Prints only; `--out` keeps each question's rank for comparing two builds (BENCH_BACKEND_DIST=backend/dist-before).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { BACKEND_DIST, benchArgs } from './server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = benchArgs();
const reuse = args.get('reuse');
if (!reuse) throw new Error('--reuse=DIR (the data directories of `npm run eval -- --pool --reuse DIR`) is needed');
const folds = (args.get('folds') ?? '0,1,2,3').split(',').map(Number);
const NEAR = Number(args.get('near') ?? 3);
const TOP = 5;
const manifest = JSON.parse(fs.readFileSync(path.resolve(root, '..', 'shared', 'eval-dev', 'pool', 'manifest.json'), 'utf8'));
const require = createRequire(path.join(root, 'backend', 'package.json'));
const { loadConfig } = require(path.join(BACKEND_DIST, 'config', 'app-config.js'));
const { createApp } = require(path.join(BACKEND_DIST, 'bootstrap.js'));
const { RetrievalService } = require(path.join(BACKEND_DIST, 'retrieval', 'retrieval.service.js'));
const { DataSource } = require('typeorm');

const overlaps = (a, b) => a[0] <= b[1] && b[0] <= a[1];
/** Lines between two ranges (0 when they overlap). */
const gap = (a, b) => (overlaps(a, b) ? 0 : a[1] < b[0] ? b[0] - a[1] : a[0] - b[1]);

const rows = [];
const sizes = { lines: 0, chars: 0, n: 0 };
for (const fold of folds) {
  const dataDir = path.join(path.resolve(reuse), `fold-${fold}`);
  const app = await createApp(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false', AI_PROVIDER: 'local' }, { dataDir }));
  app.useLogger(['error']);
  const db = app.get(DataSource);
  const retrieval = app.get(RetrievalService);
  const byTitle = new Map((await db.query(`SELECT id::text AS id, title FROM sessions`)).map((r) => [r.title, r.id]));
  const sessions = new Map(manifest.sessions.filter((s) => s.fold === fold).map((s) => [s.id, byTitle.get(s.title)]));
  for (const q of manifest.questions.filter((x) => x.fold === fold && x.source === 'qmsum' && x.gold_lines)) {
    const uuid = sessions.get(q.session);
    if (!uuid) continue;
    const passages = await retrieval.retrieve(q.question.slice(0, 500), { sessionIds: [uuid], k: 20, perDocument: 5 });
    const located = passages.map((p) => ({ loc: p.lineStart != null ? [p.lineStart, p.lineEnd ?? p.lineStart] : null, p }));
    const rank = located.findIndex((x) => x.loc && q.gold_lines.some((g) => overlaps(x.loc, g))) + 1;
    const top = located.slice(0, TOP);
    for (const { loc, p } of top) {
      if (!loc) continue;
      sizes.lines += loc[1] - loc[0] + 1;
      sizes.chars += p.text.length;
      sizes.n++;
    }
    const distance = Math.min(Infinity, ...top.filter((x) => x.loc).flatMap((x) => q.gold_lines.map((g) => gap(x.loc, g))));
    const goldChunks = located.filter((x) => x.loc && q.gold_lines.some((g) => overlaps(x.loc, g))).map((x) => x.p.chunkIndex);
    const neighbour = top.some((x) => goldChunks.some((c) => Math.abs(c - x.p.chunkIndex) === 1));
    const goldSpan = q.gold_lines.reduce((s, [a, b]) => s + b - a + 1, 0);
    let cause = 'hit';
    if (rank === 0 || rank > TOP) {
      if (distance <= NEAR) cause = neighbour ? 'near: gold chunk next to a top-5 chunk' : `near: top-5 within ${NEAR} lines`;
      else if (rank > 0 && rank <= 10) cause = 'far: gold ranked 6-10';
      else if (rank > 0) cause = 'far: gold ranked 11-20';
      else cause = 'far: gold not in the first 20';
    }
    rows.push({ id: q.id, fold, question: q.question, gold: q.gold_lines, goldSpan, rank, distance, cause, top: top.map((x) => x.loc) });
  }
  await app.close();
}

const counts = new Map();
for (const r of rows) counts.set(r.cause, (counts.get(r.cause) ?? 0) + 1);
const hits = rows.filter((r) => r.cause === 'hit').length;
console.log(
  `backend ${BACKEND_DIST}; folds ${folds.join(',')}: hit@5 with the filter ${hits}/${rows.length} (${(hits / rows.length).toFixed(3)})`,
);
console.log(`top-5 passages: ${(sizes.lines / sizes.n).toFixed(1)} file lines, ${Math.round(sizes.chars / sizes.n)} characters on average`);
for (const [cause, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${cause}`);
const misses = rows.filter((r) => r.cause !== 'hit');
const smallGold = misses.filter((r) => r.goldSpan <= 3).length;
console.log(`misses whose gold is 3 lines or fewer: ${smallGold} of ${misses.length}`);
if (args.has('list'))
  for (const r of misses)
    console.log(
      `${r.id}\t${r.cause}\trank ${r.rank || '-'}\tgold ${JSON.stringify(r.gold)}\ttop ${JSON.stringify(r.top)}\t${r.question.slice(0, 90)}`,
    );
if (args.get('out')) fs.writeFileSync(path.resolve(args.get('out')), JSON.stringify(rows, null, 1));
