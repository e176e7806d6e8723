#!/usr/bin/env node
/**
 * Where the main thread's milliseconds of a chat question go: the BUILT app (backend/dist) in this
 * process on a benchmark database (`node bench/chat.bench.mjs --data-dir=DIR` makes one), N questions
 * over POST /api/chat/stream (local provider), profiled with the V8 CPU profiler (node:inspector, the
 * same sampler as `node --cpu-prof`) only while they run. Prints CPU ms per question, self time by
 * package / file and the top functions; writes the .cpuprofile (open it in Chrome DevTools).
 * Also counts the SQL statements per question (by statement, with their time) and the connection
 * pool's queue: the most requests waiting for a connection and the time they waited.
 * Also times the answer's own steps in the app (`rerank`, the local answerer's `composePieces`, ...: synchronous
 * functions, so each timing is their CPU) per question.
 * Before the measured questions (not measured): a search of each, and one chat question of its own, so the program
 * index (built once per content version) and the answer's compiled code are warm, as after bench:scale's warm-up.
 * Usage: node bench/profile-question.mjs --data-dir=DIR [--questions=40] [--gap=150] [--out=FILE] [--sessions=S]
 *        (each question limited to S sessions, the one its words come from first)
 *        [--no-profile] (no V8 profiler: its own cost, about a fifth of the main thread, is left out of every figure)
 *        [--warm-analysis] (each question's passages found and answered once before the questions are measured,
 *        outside the measurement: their analysis, which an answer makes once per passage text, is then cached,
 *        as it would be if ingestion stored it; the searches themselves are not shared with the measured ones)
 *        [--pool=N] (DB_POOL_SIZE) [--database-url=URL] [--redis-url=URL] (or DATABASE_URL / REDIS_URL: a PostgreSQL server
 *        loaded by `node bench/chat.bench.mjs --database-url=URL`; --gap=0 is a burst)
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cookieOf, get, post, questionsFromChunks, stream } from './chat-client.mjs';
import { BACKEND_DIST, benchArgs, cpuSecondsOfCommand, deploymentOf, inProcessApp, minorFaultsOfCommand } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'backend', 'package.json'));
const args = benchArgs();
const N = Number(args.get('questions') ?? 40);
const GAP = Number(args.get('gap') ?? 150);
const SESSIONS = Number(args.get('sessions') ?? 0);
const deployment = deploymentOf(args);
const local = inProcessApp(args, deployment, 'ca-profile-');
const out = args.get('out') ?? path.join(os.tmpdir(), `question-${Date.now()}.cpuprofile`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Every statement of the app, timed from the driver's call to its answer; and the pool's queue.
const pg = require('pg');
const statements = new Map();
let counting = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const result = originalQuery.call(this, config, values, callback);
  if (!counting || typeof config !== 'string' || typeof result?.then !== 'function') return result;
  const key = config.replace(/\s+/g, ' ').trim().slice(0, 70);
  const started = performance.now();
  const count = () => {
    const s = statements.get(key) ?? { n: 0, ms: 0 };
    s.n++;
    s.ms += performance.now() - started;
    statements.set(key, s);
  };
  result.then(count, count);
  return result;
};
const pool = { maxWaiting: 0, waits: [] };

// The answer's synchronous steps, timed while the questions run: each call's wall time is its CPU.
const built = (file) => {
  try {
    return require(path.join(BACKEND_DIST, file));
  } catch {
    return null; // an older build (BENCH_BACKEND_DIST) has the step elsewhere or not at all: not timed
  }
};
const stages = new Map();
function timeStage(owner, name, label = name) {
  const original = owner?.[name];
  if (typeof original !== 'function') return; // an older build (BENCH_BACKEND_DIST) without this step
  owner[name] = function (...callArgs) {
    if (!counting) return original.apply(this, callArgs);
    const started = performance.now();
    try {
      return original.apply(this, callArgs);
    } finally {
      const s = stages.get(label) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += performance.now() - started;
      stages.set(label, s);
    }
  };
}
// Module functions are called through their module's exports (TypeScript's CommonJS output), so wrapping the export counts every call.
const generation = built('ai/generation/local-answer-generator.js');
timeStage(built('program/program-query.js'), 'parseQuestion', 'parseQuestion (program)');
timeStage(built('retrieval/rerank.js'), 'rerank');
timeStage(built('retrieval/rerank.js'), 'capPerDocument');
timeStage(generation?.LocalAnswerGenerator.prototype, 'composePieces', 'composePieces (local answer)');
timeStage(built('answering/citations/cited-snippet.js'), 'focusSnippets', 'focusSnippets (after the answer)');

const { app, url, db } = await local.start();
const questions = await questionsFromChunks(db, N);
// --sessions=S: each question limited to S sessions (the attendee app's filter): the session of the chunk
// its words come from (questionsFromChunks' chunks) and the next ones in id order.
const filters = [];
if (SESSIONS > 0) {
  const all = (await db.query(`SELECT id::text AS id FROM sessions ORDER BY id`)).map((r) => r.id);
  const own = await db.query(`SELECT session_id::text AS id FROM chunks ORDER BY id DESC LIMIT ${N * 4}`);
  for (let i = 0; i < N; i++) {
    const at = all.indexOf(own[i * 4].id);
    filters.push(Array.from({ length: Math.min(SESSIONS, all.length) }, (_, k) => all[(at + k) % all.length]));
  }
}
const users = [];
for (let u = 0; u < N; u++) {
  const login = await post(url, '/api/login', { email: `profile${u}@example.com`, firstName: `Profile${u}` });
  const cookie = cookieOf(login);
  const start = await post(url, '/api/chat/start', { sessionFilter: filters[u] ?? [] }, cookie);
  users.push({ cookie, threadId: JSON.parse(start.body).id });
}
// Warm: word statistics and the index, as in bench:chat; and one chat question of its own (the program index is
// built by the first question, once per content version, and the answer's code compiled), as bench:scale warms up.
for (const q of questions) await get(url, `/api/search?q=${encodeURIComponent(q)}`, users[0].cookie);
{
  const login = await post(url, '/api/login', { email: 'profile-warm@example.com', firstName: 'Warm' });
  const cookie = cookieOf(login);
  const start = await post(url, '/api/chat/start', { sessionFilter: [] }, cookie);
  await stream(url, cookie, { threadId: JSON.parse(start.body).id, message: 'Which sessions are on the first day?' });
}
if (args.has('warm-analysis')) {
  // The passages each question will be answered from, found by a retriever of their own (not the shared searches).
  const { RetrievalService } = built('retrieval/retrieval.service.js');
  const { ANSWER_GENERATOR } = built('ai/generation/generation.types.js');
  const retrieval = app.get(RetrievalService);
  const generator = app.get(ANSWER_GENERATOR);
  // The passages an answer is written from (an older build does not export their number: 8).
  const k = built('chat/chat.service.js').PASSAGES ?? 8;
  for (const [i, q] of questions.entries()) {
    const found = await retrieval.retriever({ sessionIds: [...new Set(filters[i] ?? [])].sort(), k }).search(q);
    generator.composePieces({ question: q, passages: found.passages, rarity: found.rarity, expansions: found.expansions });
  }
}
await sleep(2500);

const driverPool = db.driver.master;
const originalConnect = driverPool.connect.bind(driverPool);
driverPool.connect = (callback) => {
  const started = performance.now();
  pool.maxWaiting = Math.max(pool.maxWaiting, driverPool.waitingCount ?? 0);
  const done = (err, client, release) => {
    if (counting) pool.waits.push(performance.now() - started);
    callback(err, client, release);
  };
  return callback ? originalConnect(done) : originalConnect();
};
const sampler = setInterval(() => (pool.maxWaiting = Math.max(pool.maxWaiting, driverPool.waitingCount ?? 0)), 2);
counting = true;
const profiling = !args.has('no-profile');
const session = profiling ? new Session() : null;
if (profiling) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}
const t0 = performance.now();
const cpu0 = process.cpuUsage();
// A PostgreSQL server on this machine: its processes' CPU and minor page faults during the questions.
const server0 = deployment.server ? { cpu: cpuSecondsOfCommand('postgres'), faults: minorFaultsOfCommand('postgres') } : null;
const results = await Promise.all(
  questions.map(async (q, i) => {
    await sleep(i * GAP);
    return stream(url, users[i].cookie, { threadId: users[i].threadId, message: q, sessionIds: filters[i] ?? [] });
  }),
);
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const server = server0 && {
  cpu: cpuSecondsOfCommand('postgres') - server0.cpu,
  faults: minorFaultsOfCommand('postgres') - server0.faults,
};
const { profile } = profiling ? await session.post('Profiler.stop') : { profile: { nodes: [], samples: [], timeDeltas: [] } };
if (profiling) session.disconnect();
counting = false;
clearInterval(sampler);
if (profiling) fs.writeFileSync(out, JSON.stringify(profile));
await app.close();

// ---- summary ----
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
const group = (n) => {
  const f = n.callFrame;
  if (!f.url) return f.functionName ? `(${f.functionName})` : '(native)';
  if (f.url.startsWith('wasm://')) return 'PGlite (WebAssembly: SQL execution)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(f.url);
  if (m) return m[1];
  if (f.url.includes('/backend/dist/')) return `dist/${f.url.split('/backend/dist/')[1]}`;
  if (f.url.startsWith('node:')) return f.url;
  return f.url.replace(root, '.');
};
const groups = new Map();
const fns = new Map();
let busy = 0;
for (const [id, t] of self) {
  const n = byId.get(id);
  if (n.callFrame.functionName === '(idle)' || (n.callFrame.functionName === '(program)' && false)) continue;
  if (n.callFrame.functionName === '(idle)') continue;
  busy += t;
  const g = group(n);
  groups.set(g, (groups.get(g) ?? 0) + t);
  const key = `${n.callFrame.functionName || '(anonymous)'} ${g}:${n.callFrame.lineNumber + 1}`;
  fns.set(key, (fns.get(key) ?? 0) + t);
}
const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
const ttfc = results
  .map((r) => r.ttfc)
  .filter((x) => x !== null)
  .sort((a, b) => a - b);
console.log(
  `${N} questions, one every ${GAP} ms; wall ${wall.toFixed(0)} ms; errors ${results.filter((r) => r.error).length}; TTFC median ${ttfc[Math.floor(ttfc.length / 2)].toFixed(1)} ms`,
);
console.log(
  `process CPU ${((cpu.user + cpu.system) / 1000 / N).toFixed(1)} ms per question (all threads)` +
    (profiling ? `; main thread busy (profile) ${(busy / N).toFixed(1)} ms per question` : ' (no profiler)'),
);
if (server) {
  console.log(
    `PostgreSQL server processes: CPU ${((server.cpu * 1000) / N).toFixed(1)} ms, minor page faults ${Math.round(server.faults / N)} per question`,
  );
}
console.log(`\nthe answer's steps, CPU per question${args.has('warm-analysis') ? ' (passages analysed beforehand)' : ''}:`);
for (const [label, s] of stages) console.log(`  ${(s.ms / N).toFixed(2).padStart(7)} ms  ${label} (${(s.n / N).toFixed(1)} calls)`);
if (profiling) {
  console.log('\nself time per question by package / file:');
  for (const [g, t] of top(groups, 25)) console.log(`  ${(t / N).toFixed(2).padStart(7)} ms  ${g}`);
  console.log('\ntop functions (self time per question):');
  for (const [f, t] of top(fns, 30)) console.log(`  ${(t / N).toFixed(2).padStart(7)} ms  ${f}`);
}
const waits = [...pool.waits].sort((a, b) => a - b);
console.log(
  `\nconnection pool (max ${driverPool.options.max}): at most ${pool.maxWaiting} requests waiting; ${waits.length} checkouts, wait p50 ${waits[Math.floor(waits.length / 2)]?.toFixed(1)} ms, p95 ${waits[Math.floor(waits.length * 0.95)]?.toFixed(1)} ms, max ${waits.at(-1)?.toFixed(1)} ms`,
);
const total = [...statements.values()].reduce((a, s) => a + s.n, 0);
console.log(`SQL statements: ${(total / N).toFixed(1)} per question (call → answer, mean ms):`);
for (const [k, s] of [...statements].sort((a, b) => b[1].n - a[1].n).slice(0, 25))
  console.log(`  ${(s.n / N).toFixed(2).padStart(6)} × ${(s.ms / s.n).toFixed(1).padStart(7)} ms  ${k}`);
if (profiling) console.log(`\nprofile: ${out}`);
if (local.owned) fs.rmSync(local.dataDir, { recursive: true, force: true });
await deployment.cleanRedis(require);
