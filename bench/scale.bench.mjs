#!/usr/bin/env node
/**
 * Scale-out speed (`npm run bench:scale`): 200 chat streams sent in the same instant (or arriving
 * steadily over --over seconds), each from its own signed-in attendee on its own thread with a question
 * of its own, answered by 1 API process, then by 2 API processes sharing the load (requests alternate
 * between them, as a round-robin proxy would spread them). Server-style settings in every process:
 * NODE_ENV=production, DATABASE_URL (one database for all: the embedded PGlite + pgvector served on a
 * loopback port by a process this script starts, or the PostgreSQL server of --database-url),
 * REDIS_URL (queue and shared rate-limit counters), the local AI provider, the demo conference
 * ingested. Both runs use the same database and questions. Reports time to first content (p50/p95/max), stream completion and errors
 * for each, and the 2-process p95 beside the 1-process p95 as a ratio. Writes the "Scale out" section
 * of bench/RESULTS.md. Options: --streams=N (200), --over=SECONDS (0: all at once), --no-write,
 * --database-url=URL (or DATABASE_URL: a PostgreSQL server with pgvector instead of the embedded
 * one, created with the vector extension when it is missing; figures go to "Scale out (PostgreSQL
 * server)"), --redis-url=URL (or REDIS_URL; default redis://127.0.0.1:6379), --rounds=N (2).
 * Each round also reports the API processes' CPU per question (user + system from /proc, all
 * threads, from the burst's first request to its last [DONE]): a figure the shared machine's other
 * work changes much less than the wall-clock p95. BENCH_BACKEND_DIST=DIR measures another build.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { post, stream } from './chat-client.mjs';
import { writeResultsSection } from './results.mjs';
import { BACKEND_DIST, BENCH_LIMITS, benchArgs, cpuSecondsOf, deploymentOf, ensureDatabase } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// backend/dist, or another build of the backend (BENCH_BACKEND_DIST) measured by this script.
const dist = BACKEND_DIST;
const require = createRequire(path.join(root, 'backend', 'package.json'));
const args = benchArgs();
const deployment = deploymentOf(args);
const STREAMS = Number(args.get('streams') ?? 200);
const OVER_S = Number(args.get('over') ?? 0);
const ROUNDS = Number(args.get('rounds') ?? 2);
const REDIS_URL = deployment.redisUrl ?? 'redis://127.0.0.1:6379';
// Warm-up questions (not measured); the measured streams each ask a question of their own (distinctQuestions).
const WARM_QUESTIONS = [
  'What are the equipment financing trends for 2025?',
  'What credit criteria do lenders use for equipment loans?',
  'How is technology changing the finance process?',
  'What did the keynote say about interest rates?',
  'How do lenders price residual risk?',
  'What did the panel say about small-ticket leasing?',
  'Which sectors are growing in equipment finance?',
  'How is AI used in credit decisions?',
];
const STOP = new Set(
  'about above after again against because been before being below between both could does doing down during each from further have having here itself just more most other over same should some such than that their them then there these they this those through under until very what when where which while will with would your into only also were'.split(
    ' ',
  ),
);

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};
const ms = (x) => `${x.toFixed(1)} ms`;
const sleep = (n) => new Promise((r) => setTimeout(r, n));
function machine() {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** An API process from backend/dist with server-style settings. */
async function startApi(name, env) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ca-bench-scale-${name}-`));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(dist, 'main.js')], {
    cwd: path.join(root, 'backend'),
    env: { PATH: process.env.PATH, ...env, PORT: String(port), APP_URL: url, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (b) => (output += b));
  child.stderr.on('data', (b) => (output += b));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output.slice(-3000)}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} not ready:\n${output.slice(-3000)}`);
    await sleep(200);
  }
  return {
    name,
    url,
    pid: child.pid,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(15_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in `n` attendees (alternating over `apis`) and opens one thread each. */
async function attendees(apis, n, tag) {
  const users = [];
  for (let i = 0; i < n; i++) {
    const api = apis[i % apis.length];
    const login = await post(api.url, '/api/login', { email: `bench-${tag}-${i}@scale.bench`, firstName: 'Bench' });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${login.body}`);
    const cookie = []
      .concat(login.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const thread = await post(api.url, '/api/chat/start', { sessionFilter: [] }, cookie);
    if (thread.status !== 200) throw new Error(`thread not started: ${thread.status} ${thread.body}`);
    users.push({ api, cookie, threadId: JSON.parse(thread.body).id });
  }
  return users;
}

/**
 * `n` different questions, each made of three content words of a different chunk of the ingested
 * conference (a seeded choice, so every run and configuration asks the same ones): real attendees'
 * questions differ, and identical ones would share caches a real burst does not.
 */
async function distinctQuestions(pg, n) {
  const { rows } = await pg.query(`SELECT text FROM chunks ORDER BY document_id, chunk_index`);
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out = new Set();
  for (let tries = 0; out.size < n && tries < n * 50; tries++) {
    const words = [...new Set(rows[Math.floor(random() * rows.length)].text.toLowerCase().match(/[a-z][a-z-]{4,}/g) ?? [])].filter(
      (w) => !STOP.has(w),
    );
    if (words.length < 3) continue;
    const pick = () => words.splice(Math.floor(random() * words.length), 1)[0];
    out.add(`What was said about ${pick()}, ${pick()} and ${pick()}?`);
  }
  return [...out];
}

/** STREAMS streams arriving one every OVER_S*1000/STREAMS ms (all at once with --over=0), each user on its own process. */
async function load(users, questions) {
  const gap = (OVER_S * 1000) / users.length;
  const processes = [...new Set(users.map((u) => u.api))];
  const cpu = () => processes.reduce((sum, api) => sum + cpuSecondsOf(api.pid), 0);
  const cpuBefore = cpu();
  const started = performance.now();
  const runs = users.map(async (u, i) => {
    const due = started + i * gap;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    return stream(u.api.url, u.cookie, { threadId: u.threadId, message: questions[i % questions.length] });
  });
  const results = await Promise.all(runs);
  const cpuMsPerQuestion = ((cpu() - cpuBefore) * 1000) / results.length;
  const ok = results.filter((r) => !r.error);
  const ttfc = ok.map((r) => r.ttfc);
  const total = ok.map((r) => r.total);
  return {
    n: results.length,
    errors: results.length - ok.length,
    errorKinds: [...new Set(results.filter((r) => r.error).map((r) => r.error))],
    ttfc: { p50: pct(ttfc, 50), p95: pct(ttfc, 95), max: Math.max(...ttfc) },
    total: { p50: pct(total, 50), p95: pct(total, 95) },
    wallMs: performance.now() - started,
    cpuMsPerQuestion,
  };
}

async function loadAverage() {
  return os.loadavg()[0].toFixed(2);
}

/** The settings of every API process (server style), on the database `dbUrl`. */
function apiSettings(dbUrl) {
  return {
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-scale-secret-0123456789abcdef',
    DATABASE_URL: dbUrl,
    REDIS_URL,
    QUEUE_PREFIX: deployment.queuePrefix,
    ...(deployment.poolSize ? { DB_POOL_SIZE: String(deployment.poolSize) } : {}),
    AI_PROVIDER: 'local',
    // Every request comes from this machine's one address: the per-address limits are raised as in the other benchmarks.
    ...BENCH_LIMITS,
    LOGIN_LIMIT_PER_EMAIL: '1000',
  };
}

/** Waits until every document of the demo conference is embedded (2 minutes at most). */
async function waitIngested(dbUrl) {
  const { Client } = require('pg');
  const pg = new Client({ connectionString: dbUrl });
  await pg.connect();
  for (let i = 0; ; i++) {
    const { rows } = await pg.query(`SELECT count(*)::int AS all, count(*) FILTER (WHERE status = 'embedded')::int AS done FROM documents`);
    if (rows[0].all > 0 && rows[0].all === rows[0].done) {
      console.log(`demo conference ingested: ${rows[0].done} documents`);
      break;
    }
    if (i > 600) throw new Error('the demo documents were not ingested within 2 minutes');
    await sleep(200);
  }
  await pg.end();
}

/**
 * The different questions of the measured rounds, made from the ingested conference: STREAMS for each
 * round of each configuration, none asked twice (a question asked again would meet warm caches).
 */
async function askedQuestions(dbUrl) {
  const { Client } = require('pg');
  const pg = new Client({ connectionString: dbUrl });
  await pg.connect();
  try {
    const needed = STREAMS * 2 * ROUNDS;
    const questions = await distinctQuestions(pg, needed);
    if (questions.length < needed) throw new Error(`only ${questions.length} different questions could be made`);
    return questions;
  } finally {
    await pg.end();
  }
}

/** Warm-up: every question on each process (JIT, caches), not measured. */
async function warmUp(apis) {
  const warm = await attendees(apis, 2 * WARM_QUESTIONS.length * 2, 'warm');
  for (let i = 0; i < warm.length; i += 8) {
    await Promise.all(
      warm
        .slice(i, i + 8)
        .map((u, j) => stream(u.api.url, u.cookie, { threadId: u.threadId, message: WARM_QUESTIONS[(i + j) % WARM_QUESTIONS.length] })),
    );
  }
}

/**
 * ROUNDS rounds of the load on 1 process and on 2. Rounds alternate the order (1 then 2, 2 then 1, ...)
 * so a drift of the shared machine's load does not favour one configuration; the reported figure of
 * each is its median round by p95.
 */
async function measureRounds(apis, questions) {
  const runs = { one: [], two: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['one', 'two'] : ['two', 'one'];
    for (const which of order) {
      const users = await attendees(which === 'one' ? [apis[0]] : apis, STREAMS, `${which}-${round}`);
      const r = await load(users, questions.splice(0, STREAMS));
      runs[which].push(r);
      console.log(`round ${round + 1}, ${which === 'one' ? '1 process' : '2 processes'}:`, JSON.stringify(r));
    }
  }
  const median = (list) => [...list].sort((a, b) => a.ttfc.p95 - b.ttfc.p95)[Math.floor((list.length - 1) / 2)];
  return { runs, one: median(runs.one), two: median(runs.two) };
}

/** The "Scale out" section of bench/RESULTS.md. */
async function scaleSection({ runs, one, two }, example, loadBefore, loadAfter) {
  const ratio = two.ttfc.p95 / one.ttfc.p95;
  const row = (label, r) =>
    `| ${label} | ${ms(r.ttfc.p95)} (p50 ${ms(r.ttfc.p50)}, max ${ms(r.ttfc.max)}) | ${ms(r.total.p95)} | ${r.errors} of ${r.n}${r.errors ? ` (${r.errorKinds.join(', ')})` : ''} |`;
  const command = ['npm run bench:scale', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ');
  const database = deployment.databaseUrl
    ? `one database for all: ${await deployment.describe(require)}`
    : 'one database for all: the embedded PGlite + pgvector server, in a process of its own started by the script and served on a loopback port';
  return `## ${deployment.heading('Scale out')}

Measured ${new Date().toISOString().slice(0, 10)} by \`${command}\` (node bench/scale.bench.mjs over backend/dist) on: ${machine()}.
Load average (1 min) of the machine: ${loadBefore} before, ${loadAfter} after (the machine is shared; other processes add noise).
Settings of every API process (server style): NODE_ENV=production, DATABASE_URL (${database}), REDIS_URL (Bull queue and the shared rate-limit counters), AI_PROVIDER=local, the demo conference (15 documents) ingested.
Load: ${STREAMS} chat streams (POST /api/chat/stream) ${OVER_S > 0 ? `arriving steadily over ${OVER_S} s (one every ${((OVER_S * 1000) / STREAMS).toFixed(0)} ms)` : 'sent in the same instant'}, each from its own attendee on its own thread, ${STREAMS} different questions in each round, none asked twice in the run (three content words of a different chunk of the demo conference each, e.g. "${example}"); the local answer streams at a hosted model's pace. With 2 processes the requests alternate between them (what the proxy's balancing does); the same database serves both runs.

| API processes | time to first content, p95 | stream complete, p95 | errors (non-200, error event, missing [DONE]) |
|---|---|---|---|
${row('1', one)}
${row('2', two)}

Every round (p95 of time to first content, 1 process / 2 processes): ${runs.one.map((r, i) => `${ms(r.ttfc.p95)} / ${ms(runs.two[i].ttfc.p95)}`).join('; ')}; the table shows each configuration's median round.

API processes' CPU per question (user + system from /proc, all threads, the burst's first request to its last [DONE]; 1 process / 2 processes): ${runs.one.map((r, i) => `${ms(r.cpuMsPerQuestion)} / ${ms(runs.two[i].cpuMsPerQuestion)}`).join('; ')}.

Ratio, time to first content p95, 2 processes / 1 process: **${ratio.toFixed(2)}** (below 1: the second process helps; median rounds). The 2-process p95 was the lower one in ${runs.two.filter((r, i) => r.ttfc.p95 < runs.one[i].ttfc.p95).length} of ${ROUNDS} rounds. Errors over all rounds: ${[...runs.one, ...runs.two].reduce((n, r) => n + r.errors, 0)} of ${2 * ROUNDS * STREAMS} streams.

Verdict: ${[...runs.one, ...runs.two].every((r) => r.errors === 0) ? '0 errors in every round (target met)' : 'errors seen (target missed)'}; the ratio is reported as measured, with the spread of the rounds above.

Notes:
- Both API processes, the database server and the load generator share this machine's 2 cores, so the second process adds no core of its own: it splits the Node.js work (HTTP, SSE, the answer's text work) over two event loops while the database stays shared (${deployment.databaseUrl ? 'the PostgreSQL server on the same 2 cores' : 'PGlite runs in one process, one query at a time'}). On separate machines each API process brings its own cores; the database (a PostgreSQL server with pgvector) is then the shared part.
- Rounds differ by up to ${(Math.max(...[...runs.one, ...runs.two].map((r) => r.ttfc.p95)) / Math.min(...[...runs.one, ...runs.two].map((r) => r.ttfc.p95))).toFixed(0)}× on this shared machine (other engineers' test runs share the 2 cores; see the load average): a round that meets a busy moment is slow whichever configuration it measures, which is why rounds alternate their order and the median round is reported.
- Time to first content is measured from sending the request to the first \`content\` event (retrieval and the start of the answer), as in the Chat section.
`;
}

async function main() {
  if (!fs.existsSync(path.join(dist, 'main.js'))) throw new Error('backend/dist is missing: run `npm run build -w backend` first.');
  if (deployment.databaseUrl && (await ensureDatabase(require, deployment.databaseUrl)))
    console.log(`created the database ${new URL(deployment.databaseUrl).pathname.slice(1)} (it was missing)`);
  const db = deployment.databaseUrl ? { url: deployment.databaseUrl, stop: async () => {} } : await startDatabaseServer();
  const env = apiSettings(db.url);
  const apis = [];
  const loadBefore = await loadAverage();
  try {
    // The first process migrates, seeds the demo conference and ingests it; the second joins later.
    apis.push(await startApi('api-1', { ...env, SEED_DEMO: 'true' }));
    await waitIngested(db.url);
    const questions = await askedQuestions(db.url);
    apis.push(await startApi('api-2', { ...env, SEED_DEMO: 'false' }));
    await warmUp(apis);
    const example = questions[0];
    const measured = await measureRounds(apis, questions);
    const section = await scaleSection(measured, example, loadBefore, await loadAverage());
    if (args.get('no-write') !== 'true') writeResultsSection(deployment.heading('Scale out'), section);
    else console.log(section);
  } finally {
    for (const api of apis.reverse()) await api.stop();
    await deployment.cleanRedis(require, REDIS_URL);
    await db.stop();
  }
}

/**
 * The shared database in a process of its own (as a database server would be), not in this load
 * generator's event loop: the embedded PGlite + pgvector served on a free loopback port.
 */
async function startDatabaseServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-scale-db-'));
  const script = `
    const { startEmbeddedPostgres } = require(${JSON.stringify(path.join(dist, 'database', 'embedded-postgres.js'))});
    const { sessionSettings, LOCAL_EF_SEARCH } = require(${JSON.stringify(path.join(dist, 'database', 'session-settings.js'))});
    startEmbeddedPostgres(${JSON.stringify(dir)}, 60, sessionSettings(LOCAL_EF_SEARCH)).then((db) => {
      console.log('DATABASE_URL=' + db.url);
      process.on('SIGTERM', () => db.stop().then(() => process.exit(0)));
    });`;
  const child = spawn(process.execPath, ['-e', script], { cwd: path.join(root, 'backend'), stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
      const m = /DATABASE_URL=(\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`database server exited (${code})`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
