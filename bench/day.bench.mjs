#!/usr/bin/env node
/**
 * A conference day on the server deployment (`npm run bench:day`): 1,000 attendees sign in over 60 s
 * (Poisson arrivals) and ask, a keynote wave of 300 questions within 10 s in the middle of the minute,
 * and three 10-K filings uploaded by an admin meanwhile, against API processes (1 and/or 2, requests
 * spread round robin as the proxy does), one ingestion worker (`INGEST_IN_API=false`), PostgreSQL +
 * pgvector, Redis, an S3 server (s3rver) and an SMTP server (smtp-server), all on this machine.
 *
 * Every attendee signs in with an email and a first name (POST /api/login), opens a thread and asks one
 * question (POST /api/chat/stream, timed to the first content and to [DONE]); a share of them ask a
 * follow-up in the same thread after a think time, so a third of all questions are follow-ups. The wave's
 * questions are asked on a new thread by attendees who signed in before it. Questions are drawn from the
 * dev set's pool (`--data`, default ../shared/eval-dev from the repository root: its manifest's questions,
 * never copied) and from the demo conference's topics. The admin signs in through the link mailed to the
 * SMTP server and uploads the filings (the dev set's PDFs, read where they are).
 *
 * Rate limits are the documented defaults: each attendee's requests carry an address of its own in
 * X-Forwarded-For (the app trusts loopback proxies by default, TRUST_PROXY=loopback), as a proxy in
 * front of the app passes the attendees' addresses on; no limit is raised.
 *
 * Reports per configuration: latency percentiles per route, per minute and per API process; errors and
 * 429s; the database pool's waiting requests (each process's GET /api/metrics, sampled); the queue's
 * depth (Redis, sampled); CPU per question (API processes, database server); each filing's upload →
 * embedded time, pages per second under load and beside pdf-parse alone on the same files afterwards;
 * the worker's per-phase account of each filing (its `document <id> timing {…}` log line) and whether
 * the phases overlapped (pipelined). Writes the "Conference day (PostgreSQL server)" section of
 * bench/RESULTS.md, with the machine's load average.
 *
 * Options: --apis=1,2 (the API process counts to measure, each on a fresh database; default 2)
 * --attendees=N (1000) --seconds=S (60) --wave=N (300) --wave-seconds=S (10) --follow-up-share=X (1/3)
 * --filings=NAME,NAME,NAME (the dev set's PDFs by file name start) --data=PATH (../shared/eval-dev)
 * --database-url=URL (a server database the script may drop and create; default
 * postgres://postgres@127.0.0.1:5432/bench_day) --redis-url=URL (redis://127.0.0.1:6379) --pool=N
 * (DB_POOL_SIZE of each process) --synchronous-commit=off (set on the fresh database: commits that do not wait
 * for the WAL's flush) --seed=N --no-write. BENCH_BACKEND_DIST=DIR runs another build (before/after in one sitting).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { byMinute, latencySummary, planDay } from './day-load.mjs';
import { RESULTS_DETAIL, writeResultsSection } from './results.mjs';
import {
  BACKEND_DIST,
  benchArgs,
  cpuSecondsOf,
  cpuSecondsOfCommand,
  freePort,
  loadAverage,
  machine,
  sleep,
  withVectorExtension,
} from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = BACKEND_DIST;
const require = createRequire(path.join(root, 'backend', 'package.json'));
const args = benchArgs();
const CONFIGS = (args.get('apis') ?? '2').split(',').map(Number);
const ATTENDEES = Number(args.get('attendees') ?? 1000);
const SECONDS = Number(args.get('seconds') ?? 60);
const WAVE = Number(args.get('wave') ?? 300);
const WAVE_SECONDS = Number(args.get('wave-seconds') ?? 10);
const FOLLOW_UP_SHARE = Number(args.get('follow-up-share') ?? 1 / 3);
const SEED = Number(args.get('seed') ?? 42);
const DATA = path.resolve(root, args.get('data') ?? path.join('..', 'shared', 'eval-dev'));
const FILINGS = (args.get('filings') ?? 'AMERICANEXPRESS_2022_10K,BOEING_2022_10K,PEPSICO_2022_10K').split(',');
const DATABASE_URL = args.get('database-url') ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_day';
const REDIS_URL = args.get('redis-url') ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const POOL = args.get('pool') ?? process.env.DB_POOL_SIZE ?? null;
// A database setting an operator may choose (docs/DEPLOY.md): commits that do not wait for the WAL's flush.
const SYNCHRONOUS_COMMIT = args.get('synchronous-commit') ?? null;
const QUEUE_PREFIX = `bench-day-${process.pid}`;
const METRICS_TOKEN = 'bench-day-metrics-token-0123456789';
const ADMIN = 'organiser@day.bench';
const ADMIN_ADDRESS = '192.0.2.1';

// The demo conference's topics (the suggested questions of the attendee app and what its talks cover).
const DEMO_QUESTIONS = [
  'What are the equipment financing trends for 2025?',
  'What credit criteria do lenders use for equipment loans?',
  'How is technology changing the finance process?',
  'What did the keynote say about interest rates?',
  'How do lenders price residual risk?',
  'Which sectors are growing in equipment finance?',
  'How is AI used in credit decisions?',
  'When is the keynote and where is it?',
];
// A follow-up leans on the thread's previous question, as attendees' follow-ups do.
const FOLLOW_UPS = [
  'Can you tell me more about that?',
  'Who said that?',
  'What were the numbers behind it?',
  'Why does that matter?',
  'What happens next?',
  'Where can I find the source for that?',
];

const ms = (x) => (Number.isFinite(x) ? `${Math.round(x).toLocaleString('en-US')} ms` : 'n/a');

// ---------- HTTP: a keep-alive agent per API process, requests with the attendee's address ----------

function request(base, method, route, { body, cookie, address, headers = {}, agent } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body === undefined ? null : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const req = http.request(`${base}${route}`, {
      method,
      agent,
      headers: {
        ...(payload && !Buffer.isBuffer(body) ? { 'content-type': 'application/json' } : {}),
        ...(payload ? { 'content-length': payload.length } : {}),
        ...(cookie ? { cookie } : {}),
        ...(address ? { 'x-forwarded-for': address } : {}),
        ...headers,
      },
    });
    req.on('response', (res) => {
      const parts = [];
      res.on('data', (c) => parts.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(parts).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
    });
    req.on('error', (err) => resolve({ status: 0, error: err.message, body: '', headers: {}, ms: performance.now() - started }));
    req.end(payload ?? undefined);
  });
}

/** One chat stream: time to the first content event and to [DONE], the status and any error. */
function chatStream(base, cookie, address, body, agent) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = Buffer.from(JSON.stringify(body));
    const out = { status: 0, ttfc: null, total: null, error: null };
    const req = http.request(`${base}/api/chat/stream`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': payload.length, cookie, 'x-forwarded-for': address },
    });
    req.on('response', (res) => {
      out.status = res.statusCode;
      if (res.statusCode !== 200) out.error = `HTTP ${res.statusCode}`;
      let buffer = '';
      let done = false;
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!line.startsWith('data: ')) continue;
          const data = line.slice(6);
          if (data === '[DONE]') {
            done = true;
            continue;
          }
          try {
            const event = JSON.parse(data);
            if (event.content !== undefined && out.ttfc === null) out.ttfc = performance.now() - started;
            if (event.error) out.error = String(event.error);
          } catch {
            out.error = 'unreadable event';
          }
        }
      });
      res.on('end', () => {
        out.total = performance.now() - started;
        if (out.status === 200 && !done && !out.error) out.error = 'no [DONE]';
        if (out.status === 200 && out.ttfc === null && !out.error) out.error = 'no content';
        resolve(out);
      });
    });
    req.on('error', (err) => resolve({ ...out, error: err.message, total: performance.now() - started }));
    req.end(payload);
  });
}

const cookieOf = (res) =>
  []
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');

/** A distinct documentation-range-free address per attendee (10.x.y.z), as the proxy would pass on. */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`;

// ---------- the services: database, S3, SMTP, the app's processes ----------

async function freshDatabase() {
  const { Client } = require('pg');
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`the database name "${name}" must be a plain identifier`);
  const admin = new Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    if (SYNCHRONOUS_COMMIT) {
      if (!/^(on|off|local|remote_write|remote_apply)$/.test(SYNCHRONOUS_COMMIT))
        throw new Error('--synchronous-commit: on, off, local, ...');
      await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = ${SYNCHRONOUS_COMMIT}`);
    }
  } finally {
    await admin.end();
  }
  await withVectorExtension(require, DATABASE_URL);
}

async function describeDatabase() {
  const { Client } = require('pg');
  const pg = new Client({ connectionString: DATABASE_URL });
  await pg.connect();
  try {
    const { rows } = await pg.query(
      `SELECT current_setting('server_version') AS version, (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS vector,
              current_setting('max_connections') AS connections, current_setting('shared_buffers') AS buffers`,
    );
    const r = rows[0];
    return `PostgreSQL ${r.version} on ${new URL(DATABASE_URL).host} (pgvector ${r.vector}, max_connections ${r.connections}, shared_buffers ${r.buffers})`;
  } finally {
    await pg.end();
  }
}

/** A child process (node -e script or a file) whose output is kept; resolves once `ready(output)` holds. */
function child(name, argv, env, ready, timeoutMs = 180_000) {
  const proc = spawn(process.execPath, argv, {
    cwd: path.join(root, 'backend'),
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { name, proc, output: '' };
  proc.stdout.on('data', (b) => (state.output += b));
  proc.stderr.on('data', (b) => (state.output += b));
  state.stop = async () => {
    if (proc.exitCode !== null) return;
    proc.kill('SIGTERM');
    await Promise.race([new Promise((r) => proc.once('exit', r)), sleep(20_000)]);
    if (proc.exitCode === null) proc.kill('SIGKILL');
  };
  return (async () => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`${name} exited:\n${state.output.slice(-3000)}`);
      if (await ready(state)) return state;
      if (Date.now() > deadline) {
        await state.stop();
        throw new Error(`${name} not ready:\n${state.output.slice(-3000)}`);
      }
      await sleep(250);
    }
  })();
}

async function startS3() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-day-s3-'));
  const script = `
    const S3rver = require('s3rver');
    new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(dir)}, configureBuckets: [{ name: 'day-uploads', configs: [] }], vhostBuckets: false })
      .run().then((a) => console.log('S3_PORT=' + a.port));`;
  const s3 = await child('s3rver', ['-e', script], {}, (s) => /S3_PORT=\d+/.test(s.output));
  const port = /S3_PORT=(\d+)/.exec(s3.output)[1];
  const stop = s3.stop;
  s3.stop = async () => {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  s3.env = {
    S3_BUCKET: 'day-uploads',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  return s3;
}

async function startSmtp() {
  const { SMTPServer } = require('smtp-server');
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const parts = [];
      stream.on('data', (c) => parts.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(parts).toString('utf8') });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { port, mails, close: () => new Promise((r) => server.close(() => r())) };
}

function appSettings(smtp, s3) {
  return {
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-day-secret-0123456789abcdef0123',
    DATABASE_URL,
    REDIS_URL,
    QUEUE_PREFIX,
    ...(POOL ? { DB_POOL_SIZE: String(POOL) } : {}),
    AI_PROVIDER: 'local',
    INGEST_IN_API: 'false',
    ADMIN_EMAILS: ADMIN,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'conference@day.bench',
    METRICS_TOKEN,
    ...s3.env,
  };
}

async function startApi(name, env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ca-bench-day-${name}-`));
  const api = await child(name, [path.join(dist, 'main.js')], { ...env, PORT: String(port), APP_URL: url, DATA_DIR: dataDir }, async () => {
    const r = await request(url, 'GET', '/api/ready');
    return r.status === 200;
  });
  api.url = url;
  api.agent = new http.Agent({ keepAlive: true, maxSockets: 2000 });
  const stop = api.stop;
  api.stop = async () => {
    api.agent.destroy();
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return api;
}

async function startWorker(env) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-day-worker-'));
  const worker = await child('worker', [path.join(dist, 'worker.js')], { ...env, DATA_DIR: dataDir }, (s) =>
    /Ingestion worker ready/.test(s.output),
  );
  const stop = worker.stop;
  worker.stop = async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return worker;
}

async function waitIngested(expected, timeoutMs = 300_000) {
  const { Client } = require('pg');
  const pg = new Client({ connectionString: DATABASE_URL });
  await pg.connect();
  try {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await pg.query(
        `SELECT count(*)::int AS all, count(*) FILTER (WHERE status = 'embedded')::int AS done, count(*) FILTER (WHERE status = 'error')::int AS failed FROM documents`,
      );
      if (rows[0].failed) throw new Error(`${rows[0].failed} demo documents failed to ingest`);
      if (rows[0].all >= expected && rows[0].all === rows[0].done) return rows[0].done;
      if (Date.now() > end) throw new Error(`the demo was not ingested within ${timeoutMs / 1000} s (${rows[0].done} of ${rows[0].all})`);
      await sleep(500);
    }
  } finally {
    await pg.end();
  }
}

// ---------- the admin: sign-in through the mailed link, uploads ----------

async function signInAdmin(api, smtp) {
  const before = smtp.mails.length;
  const login = await request(api.url, 'POST', '/api/login', { body: { email: ADMIN, firstName: 'Organiser' }, address: ADMIN_ADDRESS });
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${login.body}`);
  let raw;
  for (let i = 0; i < 300 && !raw; i++) {
    raw = smtp.mails.slice(before).find((m) => m.to.includes(ADMIN))?.raw;
    if (!raw) await sleep(100);
  }
  if (!raw) throw new Error('no sign-in mail reached the SMTP server');
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = /\/api\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error('no sign-in link in the mail');
  // The link's page posts its token (a GET alone signs nobody in).
  const verify = await request(api.url, 'POST', '/api/auth/verify', { body: { token }, cookie: cookieOf(login), address: ADMIN_ADDRESS });
  const cookie = cookieOf(verify);
  if (!cookie) throw new Error(`the sign-in link did not open: ${verify.status}`);
  return cookie;
}

async function adminJson(api, cookie, method, route, body) {
  const r = await request(api.url, method, route, { body, cookie, address: ADMIN_ADDRESS });
  if (r.status < 200 || r.status >= 300) throw new Error(`${method} ${route}: ${r.status} ${r.body}`);
  return JSON.parse(r.body || 'null');
}

/** A multipart upload as the admin console sends it (POST /api/admin/upload). */
async function upload(api, cookie, sessionId, file) {
  const form = new FormData();
  form.set('sessionId', sessionId);
  form.set('kind', 'pdf');
  form.set('file', await fs.openAsBlob(file), path.basename(file));
  const started = performance.now();
  const res = await fetch(`${api.url}/api/admin/upload`, {
    method: 'POST',
    headers: { cookie, 'x-forwarded-for': ADMIN_ADDRESS },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, ms: performance.now() - started, doc: res.ok ? JSON.parse(text) : null, body: text };
}

// ---------- sampling: pool waits per process, queue depth, CPU ----------

function metricOf(text, name) {
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

/** The database's own view, once a second: which statements its backends are running (a sampling profile). */
function databaseActivity() {
  const { Client } = require('pg');
  const pg = new Client({ connectionString: DATABASE_URL });
  const ready = pg.connect();
  const statements = new Map();
  let samples = 0;
  return {
    async sample() {
      try {
        await ready;
        const { rows } = await pg.query(
          `SELECT regexp_replace(left(query, 70), '\\s+', ' ', 'g') AS q, coalesce(wait_event_type || ':' || wait_event, 'CPU') AS w FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active'`,
        );
        samples++;
        for (const r of rows) {
          const key = `${r.q} [${r.w}]`;
          statements.set(key, (statements.get(key) ?? 0) + 1);
        }
      } catch {
        /* a missed sample */
      }
    },
    summary: () => ({ samples, top: [...statements.entries()].sort((x, y) => y[1] - x[1]).slice(0, 8) }),
    close: () => pg.end().catch(() => undefined),
  };
}

/** Each API process's pool and event loop (its GET /api/metrics). */
function processGauges(apis) {
  return Promise.all(
    apis.map(async (api) => {
      const r = await request(api.url, 'GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, agent: api.agent });
      return {
        waiting: metricOf(r.body, 'db_pool_waiting_requests'),
        busy: metricOf(r.body, 'db_pool_connections\\{state="busy"\\}'),
        lag: metricOf(r.body, 'nodejs_eventloop_lag_p99_seconds'),
      };
    }),
  );
}

function startSampler(apis) {
  const Redis = require('ioredis');
  const redis = new Redis(REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 });
  const activity = databaseActivity();
  const samples = [];
  let stopped = false;
  const loop = (async () => {
    const started = performance.now();
    while (!stopped) {
      const at = performance.now() - started;
      const perApi = await processGauges(apis);
      let waiting = NaN;
      let active = NaN;
      try {
        [waiting, active] = await Promise.all([
          redis.llen(`${QUEUE_PREFIX}:ingestion:wait`),
          redis.llen(`${QUEUE_PREFIX}:ingestion:active`),
        ]);
      } catch {
        /* counted as unknown */
      }
      samples.push({ at, perApi, queue: { waiting, active }, load: os.loadavg()[0] });
      if (samples.length % 2 === 0) await activity.sample();
      await sleep(500);
    }
  })();
  return {
    samples,
    activity: activity.summary,
    async stop() {
      stopped = true;
      await loop;
      redis.disconnect();
      await activity.close();
    },
  };
}

function cpuNow(apis, worker) {
  return {
    apis: apis.map((a) => cpuSecondsOf(a.proc.pid)),
    worker: cpuSecondsOf(worker.proc.pid),
    postgres: cpuSecondsOfCommand('postgres'),
    redis: cpuSecondsOfCommand('redis-server'),
  };
}

// ---------- the day ----------

function questionPool() {
  const manifest = JSON.parse(fs.readFileSync(path.join(DATA, 'manifest.json'), 'utf8'));
  return [...manifest.questions.map((q) => q.question), ...DEMO_QUESTIONS];
}

function filingFiles() {
  const dir = path.join(DATA, 'pdfs');
  return FILINGS.map((name) => {
    const file = fs
      .readdirSync(dir)
      .filter((f) => f.startsWith(name) && f.endsWith('.pdf'))
      .sort()[0];
    if (!file) throw new Error(`no filing ${name} in ${dir}`);
    return path.join(dir, file);
  });
}

/** The day's HTTP client: requests spread round robin over `apis`, each one recorded with its time since the start. */
function dayClient(apis) {
  const records = []; // { at, route, api, status, ms, ttfc?, total?, error?, kind? }
  let next = 0;
  const pickApi = () => apis[next++ % apis.length]; // round robin per request, as the proxy spreads them
  const started = performance.now();
  const since = () => performance.now() - started;
  const c = {
    records,
    pickApi,
    since,
    async until(seconds) {
      const wait = seconds * 1000 - since();
      if (wait > 0) await sleep(wait);
    },
    async call(route, method, path_, opts) {
      const api = pickApi();
      const at = since();
      const r = await request(api.url, method, path_, { ...opts, agent: api.agent });
      const error = r.status >= 200 && r.status < 300 ? null : r.status ? `HTTP ${r.status}` : r.error;
      records.push({ at, route, api: api.name, status: r.status, ms: r.ms, error });
      return r;
    },
    async ask(user, threadId, message, kind) {
      const api = pickApi();
      const at = since();
      const r = await chatStream(api.url, user.cookie, user.address, { threadId, message }, api.agent);
      records.push({
        at,
        route: 'POST /api/chat/stream',
        kind,
        api: api.name,
        status: r.status,
        ms: r.total,
        ttfc: r.ttfc,
        total: r.total,
        error: r.error,
      });
      return r;
    },
    async openThread(user) {
      const r = await c.call('POST /api/chat/start', 'POST', '/api/chat/start', {
        body: { sessionFilter: [] },
        cookie: user.cookie,
        address: user.address,
      });
      return r.status === 200 ? JSON.parse(r.body).id : null;
    },
  };
  return c;
}

/** One attendee: signs in at the planned time, opens a thread, asks, and maybe asks a follow-up after reading the answer. */
async function attendeeDay(c, p, users, questions) {
  await c.until(p.at);
  const address = addressOf(p.id);
  const user = { address, cookie: null };
  const signedIn = (async () => {
    const login = await c.call('POST /api/login', 'POST', '/api/login', {
      body: { email: `attendee-${p.id}@day.bench`, firstName: `Guest${p.id}` },
      address,
    });
    if (login.status !== 200) return null;
    user.cookie = cookieOf(login);
    return user;
  })();
  users.set(p.id, signedIn);
  if (!(await signedIn)) return;
  const threadId = await c.openThread(user);
  if (!threadId) return;
  const first = await c.ask(user, threadId, questions[p.question], 'first');
  if (!p.followUp || first.error) return;
  await sleep(p.followUp.thinkSeconds * 1000);
  await c.ask(user, threadId, FOLLOW_UPS[p.followUp.question], 'follow-up');
}

/** A wave question: an attendee already signed in asks on a new thread. */
async function waveQuestion(c, w, users, questions) {
  await c.until(w.at);
  const user = await users.get(w.attendee);
  if (!user) return;
  const threadId = await c.openThread(user);
  if (threadId) await c.ask(user, threadId, questions[w.question], 'wave');
}

/** The organiser uploads `file` at `t` seconds and watches the documents list (every second) until it is embedded. */
async function filingUpload(c, t, file, admin, filingSession) {
  await c.until(t);
  const api = c.pickApi();
  const at = c.since();
  const up = await upload(api, admin, filingSession, file);
  c.records.push({
    at,
    route: 'POST /api/admin/upload',
    api: api.name,
    status: up.status,
    ms: up.ms,
    error: up.doc ? null : `HTTP ${up.status}`,
  });
  if (!up.doc) return { file, error: `${up.status} ${up.body}` };
  for (;;) {
    await sleep(1000);
    const list = await c.call('GET /api/admin/documents', 'GET', '/api/admin/documents?kind=pdf', {
      cookie: admin,
      address: ADMIN_ADDRESS,
    });
    if (list.status !== 200) continue;
    const d = JSON.parse(list.body).find((x) => x.id === up.doc.id);
    if (d?.status === 'embedded' || d?.status === 'error') {
      return { file, id: up.doc.id, uploadedAt: at, seconds: (c.since() - at) / 1000, status: d.status, error: d.error };
    }
  }
}

async function runDay(apis, worker, admin, filingSession, questions) {
  const plan = planDay({
    attendees: ATTENDEES,
    seconds: SECONDS,
    wave: WAVE,
    waveSeconds: WAVE_SECONDS,
    followUpShare: FOLLOW_UP_SHARE,
    uploads: FILINGS.length,
    questions: questions.length,
    followUps: FOLLOW_UPS.length,
    seed: SEED,
  });
  const files = filingFiles();
  const cpuBefore = cpuNow(apis, worker);
  const generatorBefore = process.cpuUsage();
  const sampler = startSampler(apis);
  const c = dayClient(apis);
  const users = new Map();
  const asking = [
    ...plan.people.map((p) => attendeeDay(c, p, users, questions)),
    ...plan.wave.map((w) => waveQuestion(c, w, users, questions)),
  ];
  const filings = plan.uploads.map((t, i) => filingUpload(c, t, files[i], admin, filingSession));
  await Promise.all(asking);
  const questionsDoneMs = c.since();
  const cpuAfter = cpuNow(apis, worker);
  const generator = process.cpuUsage(generatorBefore);
  cpuAfter.generator = (generator.user + generator.system) / 1e6;
  const ingested = await Promise.all(filings);
  await sampler.stop();
  const cpu = { before: cpuBefore, after: cpuAfter };
  return {
    plan,
    records: c.records,
    ingested,
    samples: sampler.samples,
    activity: sampler.activity(),
    cpu,
    questionsDoneMs,
    wallMs: c.since(),
  };
}

// ---------- after the day: pdf-parse alone, the worker's phases ----------

async function pdfParseAlone(file) {
  const { PDFParse } = require('pdf-parse');
  const data = new Uint8Array(fs.readFileSync(file));
  const t0 = performance.now();
  const parser = new PDFParse({ data });
  try {
    const result = await parser.getText();
    return { seconds: (performance.now() - t0) / 1000, pages: result.pages.length };
  } finally {
    await parser.destroy();
  }
}

function timingOf(output, id) {
  const m = new RegExp(`document ${id} timing (\\{[^\\n]*\\})`).exec(stripVTControlCharacters(output));
  try {
    return m ? JSON.parse(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The phases of a filing's run (ms): parse (the parsing thread's own time, or the main thread's wait for
 * pages), clean, chunk, embed, insert (the INSERTs' round trips, overlapped), index upkeep (the
 * full-text index merged) and the final switch. Pipelined: the run took less than the phases' sum.
 */
function phasesOf(t) {
  if (!t) return null;
  const threadParse = Object.entries(t.thread ?? {})
    .filter(([k, v]) => typeof v === 'number' && /ms$/i.test(k) && !/total|wait|idle/i.test(k))
    .reduce((a, [, v]) => a + v, 0);
  const phases = {
    parse: threadParse || t.sourceMs,
    clean: (t.textCleanMs ?? 0) + (t.cleanMs ?? 0),
    chunk: (t.boilerplateMs ?? 0) + (t.tocMs ?? 0) + (t.splitMs ?? 0),
    embed: t.embedMs,
    insert: t.insertMs,
    index: t.indexMs,
    finish: t.finishMs + (t.learnMs ?? 0),
  };
  const sum = Object.values(phases).reduce((a, b) => a + (b || 0), 0);
  const slowest = Object.entries(phases).sort((a, b) => b[1] - a[1])[0];
  return { phases, sum, total: t.totalMs, slowest, waitedForPages: t.sourceMs, insertWait: t.insertWaitMs };
}

// ---------- the report ----------

/** Latency, errors and 429s of each route (chat streams: to the first content, and whole). */
function routeSummaries(records) {
  const routes = [...new Set(records.map((r) => r.route))];
  return routes.map((route) => {
    const rs = records.filter((r) => r.route === route);
    const ok = rs.filter((r) => !r.error);
    return {
      route,
      n: rs.length,
      errors: rs.filter((r) => r.error && r.status !== 429).length,
      limited: rs.filter((r) => r.status === 429).length,
      errorKinds: [...new Set(rs.filter((r) => r.error && r.status !== 429).map((r) => r.error))],
      latency: latencySummary(ok.map((r) => (route === 'POST /api/chat/stream' ? r.ttfc : r.ms))),
      whole: route === 'POST /api/chat/stream' ? latencySummary(ok.map((r) => r.total)) : null,
    };
  });
}

const chatGroup = (rs) => ({
  n: rs.length,
  errors: rs.filter((r) => r.error && r.status !== 429).length,
  limited: rs.filter((r) => r.status === 429).length,
  ttfc: latencySummary(rs.filter((r) => !r.error).map((r) => r.ttfc)),
  whole: latencySummary(rs.filter((r) => !r.error).map((r) => r.total)),
});

function summarize(result, apis, worker, filesInfo) {
  const { records, samples, cpu } = result;
  const chats = records.filter((r) => r.route === 'POST /api/chat/stream');
  const minutes = [...byMinute(chats).entries()].flatMap(([m, rs]) => [
    { label: `minute ${m}, all processes`, ...chatGroup(rs) },
    ...apis.map((a) => ({ label: `minute ${m}, ${a.name}`, ...chatGroup(rs.filter((r) => r.api === a.name)) })),
  ]);
  const kinds = ['first', 'follow-up', 'wave'].map((k) => ({ label: k, ...chatGroup(chats.filter((r) => r.kind === k)) }));
  const inWave = chatGroup(chats.filter((r) => r.at >= result.plan.waveFrom * 1000 && r.at < result.plan.waveTo * 1000));
  const apiCpu = cpu.after.apis.map((c, i) => c - cpu.before.apis[i]);
  const pool = apis.map((a, i) => {
    const w = samples.map((s) => s.perApi[i]?.waiting).filter(Number.isFinite);
    const lag = samples.map((s) => s.perApi[i]?.lag).filter(Number.isFinite);
    return {
      name: a.name,
      waitingMax: w.length ? Math.max(...w) : NaN,
      waitingMean: w.length ? w.reduce((x, y) => x + y, 0) / w.length : NaN,
      waitingShare: w.length ? w.filter((x) => x > 0).length / w.length : NaN,
      lagMax: lag.length ? Math.max(...lag) : NaN,
      cpu: apiCpu[i],
      questions: chats.filter((r) => r.api === a.name).length,
    };
  });
  const queue = samples.map((s) => s.queue.waiting).filter(Number.isFinite);
  const loads = samples.map((s) => s.load);
  const filings = result.ingested.map((f, i) => {
    const info = filesInfo?.[i] ?? { pages: NaN, seconds: NaN };
    const phases = f.id ? phasesOf(timingOf(worker.output, f.id)) : null;
    return { ...f, name: path.basename(f.file, '.pdf'), pages: info.pages, parseAlone: info.seconds, phases };
  });
  return {
    perRoute: routeSummaries(records),
    minutes,
    kinds,
    inWave,
    answered: chats.filter((r) => !r.error).length,
    questions: chats.length,
    pool,
    queueMax: queue.length ? Math.max(...queue) : NaN,
    loadDuring: loads.length ? { min: Math.min(...loads), max: Math.max(...loads) } : null,
    cpu: {
      apis: apiCpu.reduce((a, b) => a + b, 0),
      postgres: cpu.after.postgres - cpu.before.postgres,
      worker: cpu.after.worker - cpu.before.worker,
      redis: cpu.after.redis - cpu.before.redis,
      generator: cpu.after.generator,
    },
    filings,
    activity: result.activity,
  };
}

const lat = (l) => `${ms(l.p50)} / ${ms(l.p95)} / ${ms(l.p99)}`;

/** One configuration's part of the record. */
function runSection({ apis, s, wallMs, questionsDoneMs }) {
  return [
    `### ${apis} API process${apis > 1 ? 'es' : ''}, 1 worker`,
    '',
    `${s.questions.toLocaleString('en-US')} questions asked, ${s.answered.toLocaleString('en-US')} answered; the last answer ended ${(questionsDoneMs / 1000).toFixed(1)} s after the first arrival, the last filing was embedded at ${(wallMs / 1000).toFixed(1)} s. Load average (1 min) sampled during the day: ${s.loadDuring ? `${s.loadDuring.min.toFixed(1)}-${s.loadDuring.max.toFixed(1)}` : 'n/a'}.`,
    '',
    '| route | requests | errors | 429 | p50 / p95 / p99 | max |',
    '|---|---:|---:|---:|---|---:|',
    ...s.perRoute.map(
      (r) =>
        `| ${r.route}${r.whole ? ' (first content)' : ''} | ${r.n} | ${r.errors}${r.errorKinds.length ? ` (${r.errorKinds.join('; ')})` : ''} | ${r.limited} | ${lat(r.latency)} | ${ms(r.latency.max)} |` +
        (r.whole ? `\n| POST /api/chat/stream (whole answer) | ${r.n} | | | ${lat(r.whole)} | ${ms(r.whole.max)} |` : ''),
    ),
    '',
    '| questions | asked | errors | 429 | first content p50 / p95 / p99 | whole answer p95 |',
    '|---|---:|---:|---:|---|---:|',
    ...[...s.kinds, { label: `asked during the wave (${WAVE_SECONDS} s)`, ...s.inWave }, ...s.minutes].map(
      (g) => `| ${g.label} | ${g.n} | ${g.errors} | ${g.limited} | ${lat(g.ttfc)} | ${ms(g.whole.p95)} |`,
    ),
    '',
    '| process | questions | CPU s | CPU per question | pool waits: max / mean / share of samples | event loop lag p99, max |',
    '|---|---:|---:|---:|---|---:|',
    ...s.pool.map(
      (p) =>
        `| ${p.name} | ${p.questions} | ${p.cpu.toFixed(1)} | ${((p.cpu * 1000) / Math.max(1, p.questions)).toFixed(1)} ms | ${p.waitingMax} / ${p.waitingMean.toFixed(2)} / ${(p.waitingShare * 100).toFixed(0)} % | ${ms(p.lagMax * 1000)} |`,
    ),
    `| PostgreSQL (all backends, ingestion's included) | ${s.questions} | ${s.cpu.postgres.toFixed(1)} | ${((s.cpu.postgres * 1000) / Math.max(1, s.questions)).toFixed(1)} ms | | |`,
    `| worker | | ${s.cpu.worker.toFixed(1)} | | | |`,
    `| Redis | | ${s.cpu.redis.toFixed(1)} | | | |`,
    `| this script (the load: ${ATTENDEES.toLocaleString('en-US')} clients, their streams) | | ${s.cpu.generator.toFixed(1)} | | | |`,
    '',
    `Ingestion queue (Redis \`ingestion:wait\`, sampled every 0.5 s): at most ${s.queueMax} waiting.`,
    '',
    `Where the database's time went (its active backends, sampled once a second, ${s.activity.samples} samples: statement start [wait event, CPU when none] × backends seen running it):`,
    '',
    ...s.activity.top.map(([q, n]) => `- \`${q.replace(/`/g, "'")}\` × ${n}`),
    '',
    '| filing | pages | upload → embedded under load | pages/s | pdf-parse alone (after the day, same machine) | ratio | phases (ms): parse / clean / chunk / embed / insert / index / finish | slowest phase | run / phases summed |',
    '|---|---:|---:|---:|---:|---:|---|---|---:|',
    ...s.filings.map((f) => {
      const p = f.phases;
      const phaseCell = p
        ? Object.values(p.phases)
            .map((v) => Math.round(v ?? 0))
            .join(' / ')
        : (f.error ?? 'no timing line');
      return `| ${f.name} | ${f.pages} | ${f.seconds?.toFixed(1) ?? 'n/a'} s | ${f.seconds ? (f.pages / f.seconds).toFixed(1) : 'n/a'} | ${f.parseAlone.toFixed(1)} s | ${f.seconds ? (f.seconds / f.parseAlone).toFixed(2) : 'n/a'} × | ${phaseCell} | ${p ? `${p.slowest[0]} (${Math.round(p.slowest[1])} of ${Math.round(p.total)} ms)` : ''} | ${p ? (p.total / p.sum).toFixed(2) : ''} |`;
    }),
    '',
  ];
}

/** One configuration's figures against the targets: the record's row. */
function dayVerdict({ apis, s }) {
  const r = s.perRoute.find((x) => x.route === 'POST /api/chat/stream');
  const errors = s.perRoute.reduce((a, x) => a + x.errors, 0);
  const limited = s.perRoute.reduce((a, x) => a + x.limited, 0);
  const embedded = s.filings.filter((f) => f.status === 'embedded').length;
  return {
    label: `${apis} API process${apis > 1 ? 'es' : ''}, 1 worker`,
    questions: s.questions.toLocaleString('en-US'),
    answered: s.answered.toLocaleString('en-US'),
    p95: r.latency.p95,
    wholeP95: r.whole.p95,
    errors,
    limited,
    embedded,
    filings: s.filings.length,
    met: r.latency.p95 <= 1000 && errors === 0 && limited === 0 && embedded === s.filings.length,
  };
}

function section(runs, describe, loadBefore, loadAfter) {
  const command = ['npm run bench:day', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ');
  const lines = [
    `## Conference day (PostgreSQL server)`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} by \`${command}\` (bench/day.bench.mjs over ${path.relative(root, dist)}) on: ${machine()}.`,
    `Load average (1, 5, 15 min) of the machine: ${loadBefore} before, ${loadAfter} after. The machine is shared with other engineers' builds and tests while this runs: every figure below includes their load (the sampled 1-minute load average during each day is in the detail).`,
    `Deployment: ${describe}; Redis on ${new URL(REDIS_URL).host} (the Bull queue, the shared rate-limit counters); s3rver (uploads) and smtp-server (mail) on loopback; every process NODE_ENV=production, AI_PROVIDER=local, the demo conference ingested, ${POOL ? `DB_POOL_SIZE=${POOL}` : 'the default DB_POOL_SIZE'}${SYNCHRONOUS_COMMIT ? `, the database's synchronous_commit = ${SYNCHRONOUS_COMMIT}` : ", the database's synchronous_commit as the server sets it (on)"}; API processes with INGEST_IN_API=false and one worker (\`node backend/dist/worker.js\`, INGEST_CONCURRENCY default) ingesting.`,
    `Load: ${ATTENDEES.toLocaleString('en-US')} attendees sign in (POST /api/login, email and first name) at Poisson times over ${SECONDS} s, open a thread and ask (POST /api/chat/stream); ${Math.round(FOLLOW_UP_SHARE * 100)} % of all questions are follow-ups in the same thread after a 2-8 s think time; a keynote wave of ${WAVE} questions at Poisson times within ${WAVE_SECONDS} s in the middle of the minute, each on a new thread of an attendee already signed in; questions drawn (seed ${SEED}) from the dev set's ${'pool'} and the demo's topics. The admin signs in through the mailed link and uploads ${FILINGS.length} 10-K filings during the minute (${FILINGS.join(', ')}), watching the documents list every second. Requests alternate between the API processes (round robin, as the proxy spreads them). Rate limits: the documented defaults, none raised; each attendee's requests carry an address of its own in X-Forwarded-For (trusted from loopback by default).`,
    '',
  ];
  const verdicts = runs.map(dayVerdict);
  lines.push(
    'Targets (1,000 attendees in 60 s with a 300-question wave, first content p95 ≤ 1 s, 0 errors, no 429 for attendees within their limits, three filings ingested meanwhile):',
    '',
    '| configuration | questions answered | first content p95 | target | whole answer p95 | errors | 429 | filings embedded | verdict |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...verdicts.map(
      (v) =>
        `| ${v.label} | ${v.answered} of ${v.questions} | ${ms(v.p95)} | ≤ 1,000 ms | ${ms(v.wholeP95)} | ${v.errors} | ${v.limited} | ${v.embedded} of ${v.filings} | **${v.met ? 'met' : 'missed'}** |`,
    ),
    '',
    RESULTS_DETAIL,
    '',
  );
  for (const run of runs) lines.push(...runSection(run));
  lines.push(
    'Notes: "phases" are the worker\'s own account (its `document <id> timing` line): parse is the parsing thread\'s work, embed the local embeddings, insert the INSERT round trips, index the full-text index merge, finish the final switch and the abbreviations stored. "run / phases summed" below 1 means the phases overlapped (pipelined); the slowest phase alone sets the pace when the run is close to it. pdf-parse alone runs after the days on the same files, with no load from this script but the machine\'s other load (see the load average). Each configuration starts on a fresh database.',
  );
  return lines.join('\n') + '\n';
}

// ---------- main ----------

async function runConfiguration(apiCount, smtp, s3, questions, filesInfo) {
  await freshDatabase();
  const env = appSettings(smtp, s3);
  const started = [];
  try {
    // The first API process migrates and seeds the demo conference; the worker ingests it.
    const apis = [];
    for (let i = 0; i < apiCount; i++) {
      const api = await startApi(`api-${i + 1}`, { ...env, SEED_DEMO: i === 0 ? 'true' : 'false' });
      started.push(api);
      apis.push(api);
    }
    const worker = await startWorker({ ...env, SEED_DEMO: 'false' });
    started.push(worker);
    const demoDocuments = await waitIngested(1);
    console.log(`${apiCount} API process(es): demo ingested (${demoDocuments} documents)`);
    const admin = await signInAdmin(apis[0], smtp);
    const session = await adminJson(apis[0], admin, 'POST', '/api/admin/session', { title: 'Annual reports', format: 'panel' });
    // Warm-up (not measured): a few questions through every process.
    for (const api of apis) {
      for (let i = 0; i < 6; i++) {
        const address = `198.51.100.${i + 1}`;
        const login = await request(api.url, 'POST', '/api/login', {
          body: { email: `warm-${api.name}-${i}@day.bench`, firstName: 'Warm' },
          address,
        });
        const cookie = cookieOf(login);
        const t = await request(api.url, 'POST', '/api/chat/start', { body: { sessionFilter: [] }, cookie, address });
        await chatStream(api.url, cookie, address, { threadId: JSON.parse(t.body).id, message: DEMO_QUESTIONS[i] }, api.agent);
      }
    }
    console.log(`${apiCount} API process(es): the day starts`);
    const result = await runDay(apis, worker, admin, session.id, questions);
    const s = summarize(result, apis, worker, filesInfo);
    console.log(
      JSON.stringify({ apis: apiCount, perRoute: s.perRoute, kinds: s.kinds, pool: s.pool, cpu: s.cpu, filings: s.filings }, null, 1),
    );
    return { apis: apiCount, s, wallMs: result.wallMs, questionsDoneMs: result.questionsDoneMs };
  } finally {
    for (const p of started.reverse()) await p.stop();
    // The processes' logs, for the errors' causes (test-results/ is not committed).
    const logs = path.join(root, 'test-results');
    fs.mkdirSync(logs, { recursive: true });
    for (const p of started) fs.writeFileSync(path.join(logs, `day-${apiCount}-${p.name}.log`), stripVTControlCharacters(p.output));
    try {
      const Redis = require('ioredis');
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${QUEUE_PREFIX}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    } catch {
      // best effort
    }
  }
}

async function main() {
  if (!fs.existsSync(path.join(dist, 'main.js'))) throw new Error('backend/dist is missing: run `npm run build -w backend` first.');
  if (!fs.existsSync(path.join(DATA, 'manifest.json'))) throw new Error(`no dev set at ${DATA} (--data=PATH)`);
  const questions = questionPool();
  const smtp = await startSmtp();
  const s3 = await startS3();
  const loadBefore = loadAverage();
  const runs = [];
  try {
    for (const n of CONFIGS) runs.push(await runConfiguration(n, smtp, s3, questions, null));
  } finally {
    await s3.stop();
    await smtp.close();
  }
  const loadAfter = loadAverage();
  // pdf-parse alone on the same files, after the days (no load from this script).
  const filesInfo = [];
  for (const file of filingFiles()) filesInfo.push(await pdfParseAlone(file));
  for (const run of runs) {
    run.s.filings = run.s.filings.map((f, i) => ({ ...f, pages: filesInfo[i].pages, parseAlone: filesInfo[i].seconds }));
  }
  await freshDescribe(runs, loadBefore, loadAfter);
}

async function freshDescribe(runs, loadBefore, loadAfter) {
  const text = section(runs, await describeDatabase(), loadBefore, loadAfter);
  if (args.get('no-write') === 'true') console.log(text);
  else writeResultsSection('Conference day (PostgreSQL server)', text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
