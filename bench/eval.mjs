#!/usr/bin/env node
/**
 * Answer-quality evaluation on real material (`npm run eval`): the BUILT app on a fresh data
 * directory (embedded database, local provider unless --provider, no demo), an admin signed in through the mailed link
 * (a real SMTP server on loopback, in this process), one session per manifest entry of the dev set,
 * each file uploaded through POST /api/admin/upload and waited for until `embedded` (or `error`), then
 * for every question GET /api/search with and without the session filter and POST /api/chat/simple in
 * a thread limited to the question's session. Figures per source type and overall, for the `tune` and
 * the `check` half of the dev set side by side, go to bench/EVAL.md. This file runs the app and asks;
 * the measures are in eval-metrics.mjs (unit-tested), the report in eval-report.mjs.
 *
 * The dev set is never copied into the repository: its path is an argument.
 *   --data <dir>      the dev set (default: ../shared/eval-dev from the repository root)
 *   --subset          three meetings and three filings of both halves (CI-sized); writes test-results/eval-subset.md
 *   --write           with --subset or --only, write bench/EVAL.md anyway (else test-results/eval-*.md)
 *   --check           exit 1 when a figure is under its floor (each printed with PASS/FAIL)
 *   --json <file>     raw per-question results (answer, its sources, every passage /api/search returned)
 *   --only <a,b>      only these manifest sessions (and their questions)
 *   --note <text>     a note printed under this run's heading in the report
 *   --reuse <dir>     keep the app's data directory there and reuse the files already embedded in it
 *   --no-probes       skip the cross-file probes (each answerable question asked again in another file of its half)
 *   --no-takeaways    skip the takeaways made per file (their filler share)
 *   --no-program      skip the program questions (bench/eval-program.mjs)
 *   --pool            the pool instead (../shared/eval-dev/pool/, bench/eval-pool.mjs): each fold a conference of its
 *                     own, folds 0-3 (tune) and fold 4 (check) side by side; writes the pool section of bench/EVAL.md
 *                     when every fold ran (else test-results/eval-pool.md, unless --write)
 *   --folds <0,1>     with --pool: only these folds (default all five)
 *   --sample <N>      with --pool: N questions a fold, stratified by source, chosen by --seed (default: all)
 *   --seed <S>        with --pool: the sample's and the uncovered questions' seed (default 1)
 *   --no-uncovered    with --pool: skip the uncovered questions
 *   --provider <p>    local (default) or openai: any OpenAI-compatible server (OpenAI, Ollama, vLLM…)
 *   --base-url <url>  with openai: the server's base URL (OPENAI_BASE_URL), e.g. http://127.0.0.1:11434/v1
 *   --model <name>    with openai: the chat model (OPENAI_CHAT_MODEL; default the app's)
 *   --embedding-model <name>  with openai: the embedding model (OPENAI_EMBEDDING_MODEL; default the app's)
 *   The API key is OPENAI_API_KEY from the environment ('unused' when absent: local servers ignore it).
 * See bench/README.md for what each figure means.
 */
import { spawn, execSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  computeFigures,
  claimText,
  goldRecall,
  indexTranscript,
  judgeResults,
  markerReport,
  probePartners,
  REFUSAL_TEXT,
  unitsOf,
} from './eval-metrics.mjs';
import { printCheck, printFigures, renderRun, writeReport } from './eval-report.mjs';
import { BACKEND_DIST } from './server.mjs';
import { runProgramEval, writeSection } from './eval-program.mjs';
import { runPool } from './eval-pool.mjs';
import { parseFolds } from './eval-pool-metrics.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireBackend = createRequire(path.join(root, 'backend', 'package.json'));

// ---------- options ----------
const DEFAULT_OPTIONS = {
  data: undefined,
  subset: false,
  check: false,
  write: false,
  json: undefined,
  only: undefined,
  note: undefined,
  reuse: undefined,
  provider: 'local',
  baseUrl: undefined,
  model: undefined,
  embeddingModel: undefined,
  noProbes: false,
  noTakeaways: false,
  noProgram: false,
  pool: false,
  folds: undefined,
  sample: undefined,
  seed: 1,
  noUncovered: false,
};

/** Flags that switch an option on by themselves. */
const SWITCHES = {
  '--subset': 'subset',
  '--check': 'check',
  '--write': 'write',
  '--no-probes': 'noProbes',
  '--no-takeaways': 'noTakeaways',
  '--no-program': 'noProgram',
  '--pool': 'pool',
  '--no-uncovered': 'noUncovered',
};

/** A whole number ≥ 1 for `flag`, else the run stops. */
function positiveInteger(flag) {
  return (value) => {
    if (!/^\d+$/.test(String(value)) || Number(value) < 1) {
      console.error(`${flag} takes a whole number ≥ 1 (got ${value})`);
      process.exit(2);
    }
    return Number(value);
  };
}

/** `--folds`: folds of the pool, else the run stops. */
function foldsOption(value) {
  try {
    return parseFolds(value);
  } catch (e) {
    console.error(e.message);
    process.exit(2);
  }
}

/** `--provider`: local or openai, else the run stops. */
function providerOption(provider) {
  if (!['local', 'openai'].includes(provider)) {
    console.error(`--provider must be local or openai (got ${provider})`);
    process.exit(2);
  }
  return provider;
}

const asIs = (value) => value;

/** Flags that take a value (`--flag value` or `--flag=value`): the option each sets, and how the value is read. */
const VALUED = {
  '--data': ['data', asIs],
  '--json': ['json', asIs],
  '--only': [
    'only',
    (value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
  ],
  '--note': ['note', asIs],
  '--reuse': ['reuse', (value) => path.resolve(value)],
  '--provider': ['provider', providerOption],
  '--base-url': ['baseUrl', asIs],
  '--model': ['model', asIs],
  '--embedding-model': ['embeddingModel', asIs],
  '--folds': ['folds', foldsOption],
  '--sample': ['sample', positiveInteger('--sample')],
  '--seed': ['seed', positiveInteger('--seed')],
};

function parseArgs(argv) {
  const opts = { ...DEFAULT_OPTIONS };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    if (Object.hasOwn(SWITCHES, flag)) {
      opts[SWITCHES[flag]] = true;
    } else if (Object.hasOwn(VALUED, flag)) {
      const [key, read] = VALUED[flag];
      opts[key] = read(inline ?? argv[++i]);
    } else if (flag === '--help' || flag === '-h') {
      console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
      process.exit(0);
    } else {
      console.error(`unknown option ${argv[i]} (see --help)`);
      process.exit(2);
    }
  }
  return opts;
}
const opts = parseArgs(process.argv.slice(2));
const dataDirOfSet = path.resolve(root, opts.data ?? path.join('..', 'shared', 'eval-dev'));

/**
 * The CI-sized subset, files of both halves: two meetings and two filings of `tune` (uncovered questions
 * are asked in their sessions; the American Express 10-K is the filing whose text holds NUL bytes), one
 * meeting and one filing of `check`.
 */
const SUBSET = ['IS1009d', 'Bro018', 'IS1004c', 'AMERICANEXPRESS_2022_10K', 'BOEING_2022_10K', 'AMCOR_2023Q2_10Q'];
const INGEST_TIMEOUT_MS = 10 * 60_000;
const ADMIN_EMAIL = 'eval-admin@example.com';

// ---------- small helpers ----------
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function machine() {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}
function gitCommit() {
  try {
    const sha = execSync('git rev-parse --short HEAD', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    const dirty = execSync('git status --porcelain -- backend/src', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return dirty ? `${sha}+uncommitted backend changes` : sha;
  } catch {
    return 'unknown';
  }
}
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// ---------- HTTP against the app ----------
class Client {
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    this.cookies = new Map();
    this.waited429 = 0;
  }
  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  keepCookies(res) {
    for (const c of res.headers.getSetCookie?.() ?? []) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  /** One request; on 429 waits (Retry-After, else a few seconds) and tries again. */
  async request(method, pathName, { json, form, redirect = 'follow' } = {}) {
    for (let attempt = 0; ; attempt++) {
      const headers = { Cookie: this.cookieHeader() };
      let body;
      if (json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(json);
      } else if (form) body = form();
      let res;
      try {
        res = await fetch(`${this.baseUrl}${pathName}`, { method, headers, body, redirect });
      } catch (err) {
        // A kept-alive connection the server closed meanwhile: try once more on a new one.
        if (attempt < 2 && state.app && state.app.exitCode === null && state.app.signalCode === null) {
          await sleep(500);
          continue;
        }
        const exit = state.appExit ? ` (the app exited: ${state.appExit})` : '';
        throw new Error(
          `${method} ${pathName}: ${err.message}${err.cause ? ` (${err.cause.code ?? ''} ${err.cause.message})` : ''}${exit}`,
          { cause: err },
        );
      }
      this.keepCookies(res);
      if (res.status === 429 && attempt < 50) {
        const after = Number(res.headers.get('retry-after'));
        const wait = Number.isFinite(after) && after > 0 ? Math.min(after, 120) * 1000 : 3000;
        this.waited429 += wait;
        await res.arrayBuffer();
        await sleep(wait);
        continue;
      }
      return res;
    }
  }
  async json(method, pathName, payload) {
    const res = await this.request(method, pathName, { json: payload });
    const text = await res.text();
    let body;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    if (!res.ok)
      throw new Error(`${method} ${pathName} → ${res.status} ${typeof body === 'object' ? body?.message : String(body).slice(0, 200)}`);
    return body;
  }
}

// ---------- the app and the SMTP sink ----------
async function startSmtp() {
  const { SMTPServer } = requireBackend('smtp-server');
  const mails = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        });
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

async function waitForMail(smtp, to, since, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const mail = [...smtp.mails].reverse().find((m) => m.at >= since && m.to.includes(to));
    if (mail) return mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    await sleep(200);
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

const state = { appExit: null, app: null, smtp: null, dataDir: null, keepDataDir: false, logFile: null, stopping: false };

/** Rate limits raised for the run: the known ones, and any other *_LIMIT_* setting .env.example lists. */
function limitSettings(maxima) {
  const env = {
    LOGIN_LIMIT_PER_EMAIL: '100000',
    LOGIN_LIMIT_PER_IP: '1000000',
    CHAT_LIMIT_PER_USER: '100000',
    EMAIL_LIMIT_PER_USER: '100000',
  };
  try {
    for (const m of fs.readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^\s*#?\s*([A-Z][A-Z0-9_]*LIMIT[A-Z0-9_]*)=/gm)) {
      if (!(m[1] in env)) env[m[1]] = '100000';
    }
  } catch {
    /* no .env.example: the known ones */
  }
  for (const [k, v] of Object.entries(maxima)) env[k] = String(v);
  return env;
}

/** The app's AI settings for --provider (an OpenAI-compatible server needs a key only if it checks one). */
function providerSettings() {
  if (opts.provider === 'local') return { AI_PROVIDER: 'local' };
  const env = { AI_PROVIDER: 'openai', OPENAI_API_KEY: process.env.OPENAI_API_KEY || 'unused' };
  if (opts.baseUrl) env.OPENAI_BASE_URL = opts.baseUrl;
  if (opts.model) env.OPENAI_CHAT_MODEL = opts.model;
  if (opts.embeddingModel) env.OPENAI_EMBEDDING_MODEL = opts.embeddingModel;
  return env;
}

/** The built app on a free port; `dataDir` a directory to keep (--reuse), else a fresh one removed at the stop. */
async function startApp(smtpPort, dataDir = opts.reuse) {
  const maxima = {};
  for (let attempt = 0; attempt < 6; attempt++) {
    state.keepDataDir = Boolean(dataDir);
    state.dataDir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ca-eval-'));
    fs.mkdirSync(state.dataDir, { recursive: true });
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    state.logFile = path.join(state.dataDir, 'app.log');
    const log = fs.openSync(state.logFile, 'w');
    const app = spawn(process.execPath, [path.join(BACKEND_DIST, 'main.js')], {
      cwd: root,
      stdio: ['ignore', log, log],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        APP_URL: baseUrl,
        DATA_DIR: state.dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        ...providerSettings(),
        SEED_DEMO: 'false',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        ADMIN_EMAILS: ADMIN_EMAIL,
        SUPERADMIN_EMAILS: '',
        // A shared, loaded machine: the embedded database may take long to hand out a connection.
        DB_CONNECTION_TIMEOUT_MS: process.env.DB_CONNECTION_TIMEOUT_MS ?? '120000',
        ...limitSettings(maxima),
      },
    });
    state.app = app;
    let exited = false;
    state.appExit = null;
    app.once('exit', (code, signal) => {
      exited = true;
      state.appExit = signal ? `signal ${signal}` : `code ${code}`;
    });
    const end = Date.now() + 120_000;
    while (Date.now() < end && !exited) {
      try {
        if ((await fetch(`${baseUrl}/api/environment`)).ok) return baseUrl;
      } catch {
        /* not up yet */
      }
      await sleep(300);
    }
    const out = fs.readFileSync(state.logFile, 'utf8');
    // A limit setting named in .env.example may have a lower maximum than the value given: use it.
    const tooHigh = out.match(/([A-Z][A-Z0-9_]*LIMIT[A-Z0-9_]*) must be a whole number between \d+ and (\d+)/);
    await stopApp();
    if (exited && tooHigh && maxima[tooHigh[1]] === undefined) {
      maxima[tooHigh[1]] = tooHigh[2];
      continue;
    }
    throw new Error(`the app did not start:\n${out.split('\n').slice(-30).join('\n')}`);
  }
  throw new Error('the app did not start');
}

async function stopApp() {
  const app = state.app;
  state.app = null;
  if (app && app.exitCode === null && app.signalCode === null) {
    const gone = new Promise((r) => app.once('exit', r));
    app.kill('SIGTERM');
    const timer = setTimeout(() => app.kill('SIGKILL'), 10_000);
    await gone;
    clearTimeout(timer);
  }
  if (state.dataDir) {
    if (state.logFile && fs.existsSync(state.logFile)) {
      fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
      fs.copyFileSync(state.logFile, path.join(root, 'test-results', 'eval-server.log'));
    }
    if (!state.keepDataDir) fs.rmSync(state.dataDir, { recursive: true, force: true });
    state.dataDir = null;
  }
}

async function cleanup() {
  if (state.stopping) return;
  state.stopping = true;
  await stopApp().catch((e) => console.error(`stopping the app: ${e.message}`));
  if (state.smtp) await state.smtp.close().catch(() => {});
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    console.error(`\n${sig}: stopping the app and removing its data directory…`);
    void cleanup().finally(() => process.exit(130));
  });
}

// ---------- the run ----------
/** The command as typed, for the report. */
function commandLine() {
  const shellArg = (a) => (/^[\w.,/=:@-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  return `npm run eval${process.argv.length > 2 ? ` -- ${process.argv.slice(2).map(shellArg).join(' ')}` : ''}`;
}

async function signInAsAdmin(client, smtp) {
  const since = Date.now();
  // The answer is the same for every address (no admin enumeration); the link arrives by mail.
  await client.json('POST', '/api/login', { email: ADMIN_EMAIL, firstName: 'Eval' });
  const raw = await waitForMail(smtp, ADMIN_EMAIL, since);
  const link = raw.match(/https?:\/\/[^\s"<>]+\/api\/auth\/verify\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error('no sign-in link in the mail');
  // Opening the link shows a page that posts its token: only the POST signs in (a GET alone changes nothing).
  const token = new URL(link).searchParams.get('token');
  const res = await client.request('POST', '/api/auth/verify', { json: { token }, redirect: 'manual' });
  await res.arrayBuffer();
  if (res.status < 300 || res.status > 303 || (res.headers.get('location') ?? '').includes('error'))
    throw new Error(`the sign-in link did not open (${res.status} → ${res.headers.get('location')})`);
  const me = await client.json('GET', '/api/auth/user');
  if (me.role !== 'admin' && me.role !== 'superadmin') throw new Error(`signed in as ${me.role}, not admin`);
}

async function pdfParseAlone(file) {
  let PDFParse;
  try {
    ({ PDFParse } = requireBackend('pdf-parse'));
  } catch {
    ({ PDFParse } = createRequire(path.join(root, 'package.json'))('pdf-parse'));
  }
  const data = new Uint8Array(fs.readFileSync(file));
  const t0 = performance.now();
  const parser = new PDFParse({ data });
  try {
    const result = await parser.getText();
    return { seconds: (performance.now() - t0) / 1000, pages: result.total ?? result.pages.length, text: result.text };
  } finally {
    await parser.destroy().catch(() => {});
  }
}

async function ingest(client, sessions, setDir) {
  const ingestion = [];
  for (const s of sessions) {
    const file = path.join(setDir, s.file);
    const bytes = fs.readFileSync(file);
    const t0 = performance.now();
    const since = Date.now();
    const res = await client.request('POST', '/api/admin/upload', {
      form: () => {
        const fd = new FormData();
        fd.append('sessionId', s.uuid);
        fd.append('kind', s.kind);
        fd.append('file', new Blob([bytes], { type: s.kind === 'pdf' ? 'application/pdf' : 'text/plain' }), path.basename(file));
        return fd;
      },
    });
    const body = await res.json().catch(() => ({}));
    const row = { session: s.id, kind: s.kind, file: s.file, bytes: bytes.length, status: 'upload failed', error: null, seconds: NaN };
    ingestion.push(row);
    if (!res.ok) {
      row.error = `${res.status} ${body.message ?? ''}`;
      console.log(`  ${s.id}: upload refused: ${row.error}`);
      continue;
    }
    const end = Date.now() + INGEST_TIMEOUT_MS;
    let last = since;
    for (;;) {
      let docs;
      try {
        docs = await client.json('GET', '/api/admin/documents');
      } catch (e) {
        // A status read that failed (a busy database) is read again; the upload itself goes on.
        if (Date.now() > end) throw e;
        console.log(`  ${s.id}: status not read (${e.message}); reading again`);
        await sleep(2000);
        continue;
      }
      const doc = docs.find((d) => d.id === body.id);
      row.status = doc?.status ?? 'missing';
      row.error = doc?.error ?? null;
      if (row.status === 'embedded' || row.status === 'error' || row.status === 'missing') break;
      if (Date.now() > end) {
        row.status = `timeout (${doc?.status}, ${doc?.progressPercent ?? '?'}%)`;
        break;
      }
      if (Date.now() - last > 30_000) {
        last = Date.now();
        console.log(`  ${s.id}: ${doc?.progressStage ?? doc?.status} ${doc?.progressPercent ?? ''}%`);
      }
      await sleep(500);
    }
    row.seconds = (performance.now() - t0) / 1000;
    console.log(`  ${s.id}: ${row.status} in ${row.seconds.toFixed(1)} s${row.error ? ` (${row.error})` : ''}`);
  }
  return ingestion;
}

/**
 * The product's own filler rule (backend/src/text/filler.ts, built): the share of answer claims it flags
 * is reported. null for a build without it (an older commit measured with BENCH_BACKEND_DIST).
 */
function loadFillerRule() {
  const file = path.join(BACKEND_DIST, 'text', 'filler.js');
  if (!fs.existsSync(file)) return null;
  return createRequire(import.meta.url)(file).isFiller;
}

/** The dev set's manifest, the sessions this run asks about (`--only`, `--subset`) and their questions. */
function loadSet() {
  const manifestFile = path.join(dataDirOfSet, 'manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`no dev set at ${dataDirOfSet} (manifest.json missing); give its path with --data <dir>`);
    process.exit(2);
  }
  if (!fs.existsSync(path.join(BACKEND_DIST, 'main.js'))) {
    console.error('the backend is not built: run `node scripts/ensure-built.mjs` (npm run eval does it)');
    process.exit(2);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const wanted = opts.only ?? (opts.subset ? SUBSET : null);
  const sessions = manifest.sessions.filter((s) => !wanted || wanted.includes(s.id)).map((s) => ({ ...s }));
  if (!sessions.length) throw new Error(`no manifest session among ${wanted.join(', ')}`);
  const ids = new Set(sessions.map((s) => s.id));
  return { sessions, questions: manifest.questions.filter((q) => ids.has(q.session)) };
}

/**
 * One app session per manifest file (`s.uuid`). With --reuse <dir> (a data directory kept between runs,
 * for tuning retrieval and answers without ingesting again) a session already there with an embedded
 * document is reused as it is; returns those.
 */
async function prepareSessions(client, sessions, reuse = Boolean(opts.reuse)) {
  const existing = reuse ? await client.json('GET', '/api/sessions?admin=true') : [];
  const documents = reuse ? await client.json('GET', '/api/admin/documents') : [];
  const reused = [];
  for (const s of sessions) {
    const found = existing.find((x) => x.title === s.title && documents.some((d) => d.sessionId === x.id && d.status === 'embedded'));
    if (found) {
      s.uuid = found.id;
      reused.push(s);
      continue;
    }
    const created = await client.json('POST', '/api/admin/session', { title: s.title });
    s.uuid = created.id;
  }
  return reused;
}

/** Uploads the files not reused, then times pdf-parse alone on each PDF uploaded. */
async function ingestAll(client, sessions, reused) {
  console.log('ingestion (one file at a time, upload → embedded):');
  const reusedRows = reused.map((s) => ({
    session: s.id,
    kind: s.kind,
    file: s.file,
    bytes: 0,
    status: 'embedded',
    error: null,
    seconds: NaN,
    reused: true,
  }));
  const uploaded = await ingest(
    client,
    sessions.filter((s) => !reused.includes(s)),
    dataDirOfSet,
  );
  const ingestion = [...reusedRows, ...uploaded];
  const splitOf = new Map(sessions.map((s) => [s.id, s.split]));
  for (const row of ingestion) row.split = splitOf.get(row.session);

  console.log('pdf-parse alone on the same files:');
  for (const row of ingestion.filter((r) => r.kind === 'pdf' && !r.reused)) {
    try {
      const alone = await pdfParseAlone(path.join(dataDirOfSet, row.file));
      row.pages = alone.pages;
      row.parseSeconds = alone.seconds;
      console.log(`  ${row.session}: ${alone.pages} pages in ${alone.seconds.toFixed(1)} s`);
    } catch (e) {
      row.parseError = e.message;
    }
  }
  return ingestion;
}

/** A question through POST /api/chat/simple in a new thread limited to one session. */
async function askChat(client, sessionUuid, question) {
  const thread = await client.json('POST', '/api/chat/start', { sessionFilter: [sessionUuid] });
  const t0 = performance.now();
  const answer = await client.json('POST', '/api/chat/simple', { threadId: thread.id, message: question, sessionIds: [sessionUuid] });
  const content = answer.content ?? '';
  return {
    latencyMs: performance.now() - t0,
    content,
    refused: content.includes(REFUSAL_TEXT),
    rawSources: answer.sources ?? [],
    // A coverage or confidence score when the answer carries one (none yet): the refusal's calibration curve.
    coverage: answer.coverage ?? answer.confidence ?? null,
  };
}

/** Search with and without the session filter, judged against the question's gold. */
async function judgeSearch(client, row, q, session, ctx) {
  row.expected =
    session.kind === 'pdf'
      ? `p. ${q.evidence_pages.join(', ')}`
      : `lines ${q.gold_lines.map(([a, b]) => (a === b ? a : `${a}-${b}`)).join(', ')}`;
  const enc = encodeURIComponent(q.question.slice(0, 500));
  const f = await client.json('GET', `/api/search?q=${enc}&sessionIds=${session.uuid}`);
  const u = await client.json('GET', `/api/search?q=${enc}`);
  row.searchFiltered = judgeResults(f.results, q, session, ctx.transcriptIndex, ctx.sessionByUuid, true);
  row.searchUnfiltered = judgeResults(u.results, q, session, ctx.transcriptIndex, ctx.sessionByUuid, false);
  // Every passage returned, in rank order (the raw --json output, compared run to run by bench/eval-diff.mjs).
  row.passages = { filtered: f.results.map((r) => rawItem(r, ctx)), unfiltered: u.results.map((r) => rawItem(r, ctx)) };
}

/** A search result or an answer's source as returned, its session named by the manifest id (stable across runs). */
function rawItem(item, ctx) {
  return { ...item, sessionId: ctx.sessionByUuid.get(item.sessionId)?.id ?? item.sessionId };
}

/** An answerable question's answer judged: markers located, filler claims, evidence page cited, gold words. */
function judgeAnswer(row, answer, q, session, isFiller) {
  if (!row.refused) {
    const m = markerReport(row.content, answer.rawSources);
    row.units = m.units;
    row.unlocated = m.unlocated;
    row.allLocated = m.units > 0 && m.unlocated.length === 0;
    const claims = unitsOf(row.content).map(claimText);
    row.claims = claims.length;
    if (isFiller) row.fillers = claims.filter((c) => isFiller(c));
  }
  if (session.kind === 'pdf') row.evidenceCited = row.sources.some((s) => s.page != null && q.evidence_pages.includes(s.page));
  row.goldRecall = goldRecall(q.answer, row.content);
}

/** One manifest question: search (answerable ones), the answer in its session, and its cross-file probe. */
async function askQuestion(client, q, ctx) {
  const session = ctx.sessionById.get(q.session);
  const refusalQ = q.expect === 'refusal';
  const row = {
    id: q.id,
    session: q.session,
    split: q.split ?? session.split,
    kind: session.kind,
    question: q.question,
    expect: refusalQ ? 'refusal' : 'answer',
  };
  if (!refusalQ) await judgeSearch(client, row, q, session, ctx);
  const answer = await askChat(client, session.uuid, q.question);
  row.latencyMs = answer.latencyMs;
  row.content = answer.content;
  row.refused = answer.refused;
  row.sources = answer.rawSources.map((s) => ({
    marker: s.marker,
    sessionId: s.sessionId,
    page: s.page ?? null,
    startTime: s.startTime ?? null,
    line: s.line ?? null,
    lineEnd: s.lineEnd ?? null,
  }));
  row.rawSources = answer.rawSources.map((s) => rawItem(s, ctx));
  if (refusalQ) return row;
  judgeAnswer(row, answer, q, session, ctx.isFiller);
  const partner = ctx.sessionById.get(ctx.partners.get(q.session));
  if (partner && !opts.noProbes) {
    const probe = await askChat(client, partner.uuid, q.question);
    row.probe = {
      session: partner.id,
      refused: probe.refused,
      content: probe.content,
      rawSources: probe.rawSources.map((s) => rawItem(s, ctx)),
    };
  }
  return row;
}

/**
 * The takeaways the app makes for each file's session alone (POST /api/takeaways, as an attendee asks
 * for them), each judged by the same filler rule as the answers' claims.
 */
async function measureTakeaways(client, sessions, isFiller) {
  const out = [];
  for (const s of sessions) {
    const res = await client.json('POST', '/api/takeaways', { sessionIds: [s.uuid] });
    const texts = res.takeaways ?? [];
    out.push({ session: s.id, kind: s.kind, split: s.split, texts, fillers: isFiller ? texts.filter((t) => isFiller(t)) : undefined });
  }
  return out;
}

/** The report (bench/EVAL.md for a full run or --write, else test-results/), the program questions, --json. */
async function writeOutputs({ started, command, ingestion, perQuestion, takeaways, figures, sessions }) {
  const report = renderRun({
    started,
    commit: gitCommit(),
    command,
    machine: machine(),
    load: os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', '),
    note: opts.note,
    provider: opts.provider === 'openai' ? `openai (${opts.model ?? 'default model'} at ${opts.baseUrl ?? 'the default URL'})` : 'local',
    ingestion,
    perQuestion,
    figures,
    sessions,
    takeaways,
  });
  const partial = (opts.subset || opts.only) && !opts.write;
  const outFile = partial
    ? path.join(root, 'test-results', opts.subset ? 'eval-subset.md' : 'eval-only.md')
    : path.join(root, 'bench', 'EVAL.md');
  writeReport(outFile, report, partial);
  let program = null;
  if (!opts.noProgram) {
    // The program questions (bench/eval-program.mjs) on a server of their own, as a section of the same report.
    program = await runProgramEval({ data: dataDirOfSet, subset: opts.subset });
    writeSection(outFile, program.markdown);
  }
  console.log(`wrote ${path.relative(root, outFile)}`);
  if (opts.json) {
    fs.mkdirSync(path.dirname(path.resolve(opts.json)), { recursive: true });
    fs.writeFileSync(path.resolve(opts.json), JSON.stringify({ ingestion, questions: perQuestion, takeaways, figures }, null, 1));
    console.log(`wrote ${opts.json}`);
  }
  return program;
}

/**
 * --check: the floors of eval-metrics.mjs, and the program questions' targets (every fact stated and
 * cited for 90%, every uncovered question answered "not in the program") on the dev program's import
 * file and the demo. The raw pretalx export keeps the program's real dates, while the questions name
 * the days of the import file (moved onto Sept 8-9): there only the uncovered floor holds.
 */
function checkAll(figures, program) {
  const failed = printCheck(figures);
  let programFailed = 0;
  const floors = new Map((program?.published ?? []).map((p) => [p.label, p.floors ?? {}]));
  for (const [set, f] of Object.entries(program?.figures ?? {})) {
    const realDates = /raw pretalx/.test(set);
    // A published program (bench/programs/) has the floors its file names; the others the targets.
    const floor = floors.get(set) ?? { answered: realDates ? 0 : 0.9, uncovered: 1 };
    const ok = f.answered >= (floor.answered ?? 0) && (f.uncoveredCount === 0 || f.uncovered >= (floor.uncovered ?? 0));
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} program (${set}): answered ${(f.answered * 100).toFixed(0)}% (floor ${((floor.answered ?? 0) * 100).toFixed(0)}%), uncovered ${(f.uncovered * 100).toFixed(0)}% (floor ${((floor.uncovered ?? 0) * 100).toFixed(0)}%)`,
    );
    if (!ok) programFailed++;
  }
  return failed + programFailed;
}

/** `--pool`: the pool's folds, each a conference of its own (bench/eval-pool.mjs), with this file's app and judges. */
async function mainPool(command) {
  if (opts.check || opts.only || opts.subset) {
    console.error('--pool takes neither --check, --only nor --subset (its folds: --folds, its size: --sample)');
    process.exit(2);
  }
  if (!fs.existsSync(path.join(BACKEND_DIST, 'main.js'))) {
    console.error('the backend is not built: run `node scripts/ensure-built.mjs` (npm run eval does it)');
    process.exit(2);
  }
  if (opts.reuse) fs.mkdirSync(opts.reuse, { recursive: true });
  state.smtp = await startSmtp();
  const kit = {
    root,
    Client,
    startApp: (dataDir) => startApp(state.smtp.port, dataDir),
    stopApp,
    signInAsAdmin: (client) => signInAsAdmin(client, state.smtp),
    prepareSessions,
    ingest,
    askChat,
    judgeAnswer,
    isFiller: loadFillerRule(),
    pdfParseAlone,
    machine,
    gitCommit,
    provider: opts.provider === 'openai' ? `openai (${opts.model ?? 'default model'} at ${opts.baseUrl ?? 'the default URL'})` : 'local',
  };
  await runPool(kit, opts, dataDirOfSet, command);
  await cleanup();
}

async function main() {
  if (opts.pool) return mainPool(commandLine());
  const { sessions, questions } = loadSet();
  const command = commandLine();
  const started = new Date();
  const isFiller = loadFillerRule();
  console.log(`eval: ${sessions.length} files, ${questions.length} questions from ${dataDirOfSet}`);

  state.smtp = await startSmtp();
  const baseUrl = await startApp(state.smtp.port);
  const client = new Client(baseUrl);
  await signInAsAdmin(client, state.smtp);
  console.log(`app up at ${baseUrl}, signed in as ${ADMIN_EMAIL} through the mailed link`);

  const reused = await prepareSessions(client, sessions);
  const ingestion = await ingestAll(client, sessions, reused);
  const transcriptIndex = new Map();
  for (const s of sessions.filter((x) => x.kind === 'transcript')) {
    transcriptIndex.set(s.id, indexTranscript(fs.readFileSync(path.join(dataDirOfSet, s.file), 'utf8')));
  }
  const ctx = {
    sessionById: new Map(sessions.map((s) => [s.id, s])),
    sessionByUuid: new Map(sessions.map((s) => [s.uuid, s])),
    partners: probePartners(sessions),
    transcriptIndex,
    isFiller,
  };

  console.log(`questions (${questions.length}; answerable ones also asked in another file of their half):`);
  const perQuestion = [];
  for (const q of questions) {
    const row = await askQuestion(client, q, ctx);
    perQuestion.push(row);
    const mark =
      row.expect === 'refusal' ? (row.refused ? 'R' : 'r') : row.searchFiltered.hit ? (row.refused ? 'x' : '.') : row.refused ? 'X' : 'o';
    process.stdout.write(mark);
  }
  process.stdout.write('\n');
  const takeaways = opts.noTakeaways ? [] : await measureTakeaways(client, sessions, isFiller);
  if (client.waited429) console.log(`waited ${(client.waited429 / 1000).toFixed(0)} s in total on 429 answers`);
  await cleanup();

  const figures = computeFigures(ingestion, perQuestion, takeaways);
  const program = await writeOutputs({ started, command, ingestion, perQuestion, takeaways, figures, sessions });
  printFigures(figures);
  if (opts.check) process.exitCode = checkAll(figures, program) ? 1 : 0;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  async (err) => {
    console.error(`eval failed: ${err.stack ?? err.message}`);
    if (state.logFile && fs.existsSync(state.logFile)) {
      const tail = fs
        .readFileSync(state.logFile, 'utf8')
        .split('\n')
        .slice(-20)
        .map((l) => (l.length > 300 ? `${l.slice(0, 300)}…` : l));
      console.error(`--- last lines of the app's log (all of it: test-results/eval-server.log) ---\n${tail.join('\n')}`);
    }
    await cleanup();
    process.exit(1);
  },
);
