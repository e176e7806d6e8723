#!/usr/bin/env node
/**
 * What a chat question costs before its first content event and after it: the BUILT app
 * (BENCH_BACKEND_DIST, default backend/dist) in this process on a benchmark database (`node
 * bench/chat.bench.mjs --data-dir=DIR`, or `--database-url=URL` for a PostgreSQL server), N different
 * questions over POST /api/chat/stream asked ONE AT A TIME (so each phase's CPU is the question's own):
 * this process's CPU (the API, PGlite when embedded, and the small HTTP client) and the local
 * PostgreSQL server's processes' CPU from the request sent to the app sending the first content event, and from there
 * to [DONE] plus a pause for the writes left in the background (less what the processes spend idle over
 * that time); the SQL statements each phase started.
 * Usage: node bench/split-question.mjs --data-dir=DIR [--questions=50] [--settle=300]
 *        [--database-url=URL] [--redis-url=URL] [--pool=N]
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cookieOf, get, post, questionsFromChunks, stream } from './chat-client.mjs';
import { BACKEND_DIST, benchArgs, cpuSecondsOf, deploymentOf, inProcessApp } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'backend', 'package.json'));
const args = benchArgs();
const N = Number(args.get('questions') ?? 50);
const SETTLE = Number(args.get('settle') ?? 300);
const deployment = deploymentOf(args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const local = inProcessApp(args, deployment, 'ca-split-');

// Every statement the app starts, counted in the phase it was started in.
let phase = null;
const statements = { before: new Map(), after: new Map() };
const pg = require('pg');
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (sql, values, callback) {
  if (phase && typeof sql === 'string') {
    const key = sql.replace(/\s+/g, ' ').trim().slice(0, 70);
    statements[phase].set(key, (statements[phase].get(key) ?? 0) + 1);
  }
  return originalQuery.call(this, sql, values, callback);
};

const { app, url, db } = await local.start();
const questions = await questionsFromChunks(db, N);
const login = await post(url, '/api/login', { email: 'split@example.com', firstName: 'Split' });
const cookie = cookieOf(login);
const threads = [];
for (let i = 0; i < N; i++) threads.push(JSON.parse((await post(url, '/api/chat/start', { sessionFilter: [] }, cookie)).body).id);
for (const q of questions) await get(url, `/api/search?q=${encodeURIComponent(q)}`, cookie);
await sleep(1000);

const server = deployment.server;
/** CPU ms so far of each local PostgreSQL process (a process that ended in between is left out of a difference). */
function postgresCpu() {
  const out = new Map();
  if (!server) return out;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (/\((.*)\) /.exec(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1] === 'postgres') out.set(pid, cpuSecondsOf(pid) * 1000);
    } catch {
      /* gone */
    }
  }
  return out;
}
const mark = () => {
  const c = process.cpuUsage();
  return { t: performance.now(), api: (c.user + c.system) / 1000, pg: postgresCpu() };
};
const pgBetween = (a, b) => [...b.pg].reduce((s, [pid, ms]) => s + (a.pg.has(pid) ? ms - a.pg.get(pid) : 0), 0);
const sum = { before: { api: 0, pg: 0, t: 0 }, after: { api: 0, pg: 0, t: 0 } };
const add = (p, a, b) => {
  sum[p].t += b.t - a.t;
  sum[p].api += b.api - a.api;
  sum[p].pg += pgBetween(a, b);
};
// What the processes spend doing nothing (timers, queue polling), per ms: taken off the phase after, which lasts seconds.
const idle0 = mark();
await sleep(3000);
const idle1 = mark();
const idleRate = { api: (idle1.api - idle0.api) / (idle1.t - idle0.t), pg: pgBetween(idle0, idle1) / (idle1.t - idle0.t) };

// The phase turns when the app hands the first content event to the socket (the same instant the writes it defers may start).
let onFirst = null;
const { SseStream } = require(path.join(BACKEND_DIST, 'chat', 'sse-stream.js'));
const send = SseStream.prototype.send;
SseStream.prototype.send = function (event) {
  if (onFirst && event.content !== undefined) (onFirst(), (onFirst = null));
  return send.call(this, event);
};

for (let i = 0; i < N; i++) {
  phase = 'before';
  const m0 = mark();
  let m1;
  onFirst = () => {
    m1 = mark();
    phase = 'after';
  };
  await stream(url, cookie, { threadId: threads[i], message: questions[i], sessionIds: [] });
  await sleep(SETTLE);
  const m2 = mark();
  phase = null;
  add('before', m0, m1);
  add('after', m1, m2);
}
await app.close();
for (const k of ['api', 'pg']) sum.after[k] -= idleRate[k] * sum.after.t;
sum.after.t -= SETTLE * N;
console.log(`${N} questions one at a time, ${deployment.server ? 'PostgreSQL server' : 'embedded'} (${BACKEND_DIST}):`);
for (const p of ['before', 'after']) {
  const s = sum[p];
  const n = [...statements[p].values()].reduce((a, b) => a + b, 0);
  console.log(
    `  ${p} first content: wall ${(s.t / N).toFixed(1)} ms, CPU this process ${(s.api / N).toFixed(1)} ms, PostgreSQL ${(s.pg / N).toFixed(1)} ms; statements ${(n / N).toFixed(2)}`,
  );
  for (const [k, c] of [...statements[p]].sort((a, b) => b[1] - a[1])) console.log(`     ${(c / N).toFixed(2)} × ${k}`);
}
if (local.owned) fs.rmSync(local.dataDir, { recursive: true, force: true });
await deployment.cleanRedis(require);
process.exit(0);
