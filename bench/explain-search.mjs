#!/usr/bin/env node
/**
 * The hybrid search statement's plan on real chunks: the BUILT app (backend/dist, or
 * BENCH_BACKEND_DIST) in this process on a database that holds documents (e.g. the dev set's filings
 * loaded by `node bench/ingest.mjs --filings-only --database-url=URL`), the dev set's questions asked
 * through the retriever (no session filter), each search statement caught and run again under
 * `EXPLAIN (ANALYZE, BUFFERS)`. Prints the execution and planning time (p50/p95/max), the time of each
 * plan node summed over the questions (where the statement spends it) and the plan of the slowest one.
 * Usage: node bench/explain-search.mjs --database-url=URL [--data-dir=DIR] [--questions=N]
 *        [--eval=PATH] (dev set manifest; default ../shared/eval-dev/manifest.json)
 */
import { benchArgs, deploymentOf, devSetRetriever } from './server.mjs';

const args = benchArgs();
const deployment = deploymentOf(args);
const N = Number(args.get('questions') ?? 60);
const { manifest, db, retrieval, close } = await devSetRetriever(args, deployment, 'ca-explain-');
const [{ chunks }] = await db.query(`SELECT count(*)::int AS chunks FROM chunks`);

// The search statement is the one that reads `WITH vec AS`; every other statement passes through.
const captured = [];
const original = db.query.bind(db);
const manager = db.manager;
const originalManagerQuery = manager.query.bind(manager);
const catchSearch =
  (run) =>
  (sql, params, ...rest) => {
    if (typeof sql === 'string' && /WITH vec AS/.test(sql)) captured.push({ sql, params });
    return run(sql, params, ...rest);
  };
db.query = catchSearch(original);
manager.query = catchSearch(originalManagerQuery);

const questions = manifest.questions.filter((q) => q.question).slice(0, N);
for (const q of questions) await retrieval.retriever({ k: 8 }).invoke(q.question);
db.query = original;
manager.query = originalManagerQuery;

const plans = [];
for (const { sql, params } of captured) {
  const [{ 'QUERY PLAN': plan }] = await db.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
  plans.push(plan[0]);
}
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const exec = plans.map((p) => p['Execution Time']);
const planning = plans.map((p) => p['Planning Time']);
// Exclusive time of each node kind (its total minus its children's), summed over all plans.
const nodes = new Map();
const walk = (node) => {
  const loops = node['Actual Loops'] ?? 1;
  const total = (node['Actual Total Time'] ?? 0) * loops;
  const children = (node.Plans ?? []).reduce((a, c) => a + (c['Actual Total Time'] ?? 0) * (c['Actual Loops'] ?? 1), 0);
  const key = `${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}${node['CTE Name'] ? ` (${node['CTE Name']})` : ''}${node['Subplan Name'] ? ` [${node['Subplan Name']}]` : ''}`;
  nodes.set(key, (nodes.get(key) ?? 0) + Math.max(0, total - children));
  (node.Plans ?? []).forEach(walk);
};
plans.forEach((p) => walk(p.Plan));
console.log(
  `${plans.length} search statements on ${chunks} chunks (${deployment.server ? 'PostgreSQL server' : 'embedded database'}): execution p50 ${pct(exec, 50).toFixed(2)} ms, p95 ${pct(exec, 95).toFixed(2)} ms, max ${Math.max(...exec).toFixed(2)} ms; planning p50 ${pct(planning, 50).toFixed(2)} ms, p95 ${pct(planning, 95).toFixed(2)} ms`,
);
console.log('exclusive time by plan node, mean per statement:');
for (const [k, t] of [...nodes].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`  ${(t / plans.length).toFixed(2).padStart(8)} ms  ${k}`);
const slowest = plans.reduce((a, b) => (b['Execution Time'] > a['Execution Time'] ? b : a));
const i = plans.indexOf(slowest);
const textPlan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${captured[i].sql}`, captured[i].params);
console.log(`\nslowest (${slowest['Execution Time'].toFixed(2)} ms): ${questions[i]?.question ?? ''}`);
console.log(textPlan.map((r) => r['QUERY PLAN']).join('\n'));
await close();
