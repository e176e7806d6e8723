#!/usr/bin/env node
/**
 * What counting a question's new words costs the database: the word statistics count, once per word
 * and content version, the searchable chunks holding each word. The BUILT app (backend/dist, or
 * BENCH_BACKEND_DIST) in this process on a database that holds chunks (e.g. bench:chat's, with
 * --data-dir), its `RetrievalRepository.countWords` (5 words a statement, as a question asks) against
 * the same count made over the chunks themselves (`SELECT count(*) … WHERE tsv @@ word`, what every
 * word cost before per-document word counts, and still costs for documents stored without them),
 * alternating, each round with words neither has counted yet. Prints the database's CPU per word
 * (the PostgreSQL backend's, or the embedded database's thread) and checks both give the same counts.
 * Usage: node bench/word-counts.mjs [--database-url=URL] --data-dir=DIR [--words=400] [--rounds=2]
 */
import { benchArgs, cpuSecondsOf, deploymentOf, inProcessApp, loadAverage, machine, threadCpuSecondsOf } from './server.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BACKEND_DIST } from './server.mjs';

const args = benchArgs();
const deployment = deploymentOf(args);
const WORDS = Number(args.get('words') ?? 400);
const ROUNDS = Number(args.get('rounds') ?? 2);
const PER_STATEMENT = 5;
const require = createRequire(import.meta.url);
const { RetrievalRepository } = require(path.join(BACKEND_DIST, 'retrieval', 'retrieval.repository.js'));

const host = inProcessApp(args, deployment, 'ca-word-counts-');
const { app, db } = await host.start();
const repository = app.get(RetrievalRepository);
const runner = db.createQueryRunner();
await runner.connect();
const [{ pid }] = await runner.query(`SELECT pg_backend_pid() AS pid`);
// The server's backend of this connection, or the embedded database's thread in this process.
const cpu = () => (deployment.server ? cpuSecondsOf(pid) : threadCpuSecondsOf(process.pid, 'embedded-postgres'));
const pinned = { query: (sql, params) => runner.query(sql, params) };
const viaRepository = Object.assign(Object.create(Object.getPrototypeOf(repository)), repository, { db: pinned });

const overChunks = (words) =>
  runner.query(
    `SELECT w AS word, CASE WHEN numnode(tq) = 0 THEN -1 ELSE (SELECT count(*)::int FROM chunks c WHERE c.tsv @@ tq) END AS df
       FROM unnest($1::text[]) AS w, websearch_to_tsquery('english', w) AS tq`,
    [words],
  );
const methods = { 'per-document counts (countWords)': (w) => viaRepository.countWords(w), 'over the chunks': overChunks };

// Words of the stored chunks (letters only, 4+ characters) as they occur, in a fixed shuffled order and
// each kept at its first place: a common word is likely to come early, as in questions.
const rows = await runner.query(
  `SELECT lower(m[1]) AS w FROM (SELECT text FROM chunks ORDER BY id LIMIT 5000) c, regexp_matches(c.text, '([A-Za-z]{4,})', 'g') AS m`,
);
let seed = 7;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const tokens = rows.map((r) => r.w);
for (let i = tokens.length - 1; i > 0; i--) {
  const j = Math.floor(rand() * (i + 1));
  [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
}
const vocabulary = [...new Set(tokens)];
const needed = WORDS * ROUNDS * Object.keys(methods).length;
if (vocabulary.length < needed) throw new Error(`only ${vocabulary.length} distinct words; ask for fewer`);

const figures = Object.fromEntries(Object.keys(methods).map((k) => [k, []]));
let next = 0;
let mismatches = 0;
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, count] of Object.entries(methods)) {
    const words = vocabulary.slice(next, next + WORDS);
    next += WORDS;
    const before = cpu();
    const t0 = performance.now();
    const got = [];
    for (let i = 0; i < words.length; i += PER_STATEMENT) got.push(...(await count(words.slice(i, i + PER_STATEMENT))));
    const wall = performance.now() - t0;
    figures[name].push({ cpuMs: ((cpu() - before) * 1000) / words.length, wallMs: wall / words.length });
    // Both give the same counts for these words.
    const other = Object.entries(methods).find(([k]) => k !== name)[1];
    const check = new Map((await other(words.slice(0, 50))).map((r) => [r.word, r.df]));
    mismatches += got.filter((r) => check.has(r.word) && check.get(r.word) !== r.df).length;
  }
}
const [{ chunks }] = await runner.query(`SELECT count(*)::int AS chunks FROM chunks`);
console.log(`${chunks} chunks, ${deployment.server ? 'PostgreSQL server' : 'embedded database'}; ${machine()}; load ${loadAverage()}`);
for (const [name, runs] of Object.entries(figures)) {
  console.log(
    `${name}: database CPU per word ${runs.map((r) => r.cpuMs.toFixed(2)).join(', ')} ms; wall per word ${runs.map((r) => r.wallMs.toFixed(2)).join(', ')} ms`,
  );
}
console.log(`counts that differ between the two: ${mismatches}`);
await runner.release();
await app.close();
if (mismatches > 0) process.exitCode = 1;
