#!/usr/bin/env node
/**
 * Answer-quality evaluation on real material (`npm run eval`, issue 9): the BUILT app on a fresh data
 * directory (embedded database, local provider, no demo), an admin signed in through the mailed link
 * (a real SMTP server on loopback, in this process), one session per manifest entry of the dev set,
 * each file uploaded through POST /api/admin/upload and waited for until `embedded` (or `error`), then
 * for every question GET /api/search with and without the session filter and POST /api/chat/simple in
 * a thread limited to the question's session. Figures per source type and overall go to bench/EVAL.md.
 *
 * The dev set is never copied into the repository: its path is an argument.
 *   --data <dir>      the dev set (default: ../shared/eval-dev from the repository root)
 *   --subset          two meetings and two filings (CI-sized); writes test-results/eval-subset.md
 *   --write           with --subset or --only, write bench/EVAL.md anyway (else test-results/eval-*.md)
 *   --check           exit 1 when a figure is under its floor (each printed with PASS/FAIL)
 *   --json <file>     raw per-question results
 *   --only <a,b>      only these manifest sessions (and their questions)
 *   --note <text>     a note printed under this run's heading in the report
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
import { BACKEND_DIST } from './server.mjs';
import { runProgramEval, writeSection } from './eval-program.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const requireBackend = createRequire(path.join(root, 'backend', 'package.json'));

// ---------- options ----------
function parseArgs(argv) {
  const opts = {
    data: undefined,
    subset: false,
    check: false,
    write: false,
    json: undefined,
    only: undefined,
    note: undefined,
    reuse: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--data':
        opts.data = value();
        break;
      case '--subset':
        opts.subset = true;
        break;
      case '--check':
        opts.check = true;
        break;
      case '--write':
        opts.write = true;
        break;
      case '--json':
        opts.json = value();
        break;
      case '--only':
        opts.only = value()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        break;
      case '--note':
        opts.note = value();
        break;
      case '--reuse':
        opts.reuse = path.resolve(value());
        break;
      case '--help':
      case '-h':
        console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
        process.exit(0);
        break;
      default:
        console.error(`unknown option ${argv[i]} (see --help)`);
        process.exit(2);
    }
  }
  return opts;
}
const opts = parseArgs(process.argv.slice(2));
const dataDirOfSet = path.resolve(root, opts.data ?? path.join('..', 'shared', 'eval-dev'));

/**
 * The CI-sized subset: two meetings, two filings (under a minute of ingestion here), 3 refusal questions;
 * the American Express 10-K is the filing whose text holds NUL bytes.
 */
const SUBSET = ['IS1009d', 'Bro018', 'AMERICANEXPRESS_2022_10K', 'BOEING_2022_10K'];
const REFUSAL_TEXT = "The conference materials don't cover this.";
const TOP = 5;
const INGEST_TIMEOUT_MS = 10 * 60_000;
const ADMIN_EMAIL = 'eval-admin@example.com';

/** Floors of --check: a little under the issue's targets. */
const FLOORS = [
  { key: 'embedded', label: 'files embedded (share)', min: 1 },
  { key: 'meetings.hitFiltered', label: 'meetings hit@5, session filter', min: 0.85 },
  { key: 'filings.hitFiltered', label: 'filings hit@5, session filter', min: 0.75 },
  { key: 'meetings.hitUnfiltered', label: 'meetings hit@5, no filter', min: 0.75 },
  { key: 'overall.falseRefusal', label: 'false refusals (answerable refused)', max: 0.15 },
  { key: 'overall.refusedUncovered', label: 'uncovered questions refused', min: 0.75 },
  { key: 'overall.located', label: 'answers with every unit located', min: 0.9 },
  { key: 'filings.evidenceCited', label: 'filing answers citing an evidence page', min: 0.6 },
];

// ---------- small helpers ----------
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const share = (xs) => (xs.length ? xs.filter(Boolean).length / xs.length : NaN);
function pct(xs, p) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
const fmt = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
const fmtPct = (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(0)}%` : 'n/a');
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
/** Words of a text: lowercase, corpus markup like {disfmarker}, highlight marks and fillers dropped. */
function words(text) {
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
function contentWords(text) {
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
function goldRecall(gold, answer) {
  const g = contentWords(gold);
  if (!g.size) return NaN;
  const a = contentWords(answer);
  let n = 0;
  for (const w of g) if (a.has(w)) n++;
  return n / g.size;
}

/** A transcript file indexed for locating snippets: the 6-word runs of each line. */
const RUN = 6;
function indexTranscript(text) {
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
function locateSnippet(index, snippet) {
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
const overlaps = ([a, b], ranges) => ranges.some(([c, d]) => a <= d && c <= b);

// ---------- answers: units and markers ----------
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;
const MARKERS = /\[[^\][]+\]/g;
/** The claims of an answer: each bullet line; other lines split into sentences. */
function unitsOf(content) {
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
    if (/:\s*$/.test(text) && !u.match(MARKERS)) return false;
    return words(text).length >= 4;
  });
}
const located = (s) => s.page != null || s.startTime != null || s.line != null;
function markerReport(content, sources) {
  const good = new Set((sources ?? []).filter(located).map((s) => s.marker));
  const units = unitsOf(content);
  const unlocated = units.filter((u) => !(u.match(MARKERS) ?? []).some((m) => good.has(m)));
  return { units: units.length, unlocated };
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

const state = { appExit: null, app: null, smtp: null, dataDir: null, logFile: null, stopping: false };

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

async function startApp(smtpPort) {
  const maxima = {};
  for (let attempt = 0; attempt < 6; attempt++) {
    state.dataDir = opts.reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ca-eval-'));
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
        AI_PROVIDER: 'local',
        SEED_DEMO: 'false',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        ADMIN_EMAILS: ADMIN_EMAIL,
        SUPERADMIN_EMAILS: '',
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
    if (!opts.reuse) fs.rmSync(state.dataDir, { recursive: true, force: true });
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
async function signInAsAdmin(client, smtp) {
  const since = Date.now();
  // The answer is the same for every address (no admin enumeration); the link arrives by mail.
  await client.json('POST', '/api/login', { email: ADMIN_EMAIL, firstName: 'Eval' });
  const raw = await waitForMail(smtp, ADMIN_EMAIL, since);
  const link = raw.match(/https?:\/\/[^\s"<>]+\/api\/auth\/verify\?token=[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error('no sign-in link in the mail');
  const url = new URL(link);
  const res = await client.request('GET', `${url.pathname}${url.search}`, { redirect: 'manual' });
  await res.arrayBuffer();
  if (res.status !== 302 || (res.headers.get('location') ?? '').includes('error'))
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
    return { seconds: (performance.now() - t0) / 1000, pages: result.total ?? result.pages.length };
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
      const docs = await client.json('GET', '/api/admin/documents');
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

function judgeResults(results, q, session, transcriptIndex, sessionByUuid, filtered) {
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

async function main() {
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
  let wanted = opts.only ?? (opts.subset ? SUBSET : null);
  const sessions = manifest.sessions.filter((s) => !wanted || wanted.includes(s.id)).map((s) => ({ ...s }));
  if (!sessions.length) throw new Error(`no manifest session among ${wanted.join(', ')}`);
  const ids = new Set(sessions.map((s) => s.id));
  const questions = manifest.questions.filter((q) => ids.has(q.session));
  const shellArg = (a) => (/^[\w.,/=:@-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
  const command = `npm run eval${process.argv.length > 2 ? ` -- ${process.argv.slice(2).map(shellArg).join(' ')}` : ''}`;
  const started = new Date();
  console.log(`eval: ${sessions.length} files, ${questions.length} questions from ${dataDirOfSet}`);

  state.smtp = await startSmtp();
  const baseUrl = await startApp(state.smtp.port);
  const client = new Client(baseUrl);
  await signInAsAdmin(client, state.smtp);
  console.log(`app up at ${baseUrl}, signed in as ${ADMIN_EMAIL} through the mailed link`);

  // --reuse <dir>: a data directory kept between runs (for tuning retrieval and answers without
  // ingesting again); sessions already there with an embedded document are reused as they are.
  const existing = opts.reuse ? await client.json('GET', '/api/sessions?admin=true') : [];
  const documents = opts.reuse ? await client.json('GET', '/api/admin/documents') : [];
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
  const sessionById = new Map(sessions.map((s) => [s.id, s]));
  const sessionByUuid = new Map(sessions.map((s) => [s.uuid, s]));

  console.log('ingestion (one file at a time, upload → embedded):');
  const ingestion = [
    ...reused.map((s) => ({
      session: s.id,
      kind: s.kind,
      file: s.file,
      bytes: 0,
      status: 'embedded',
      error: null,
      seconds: NaN,
      reused: true,
    })),
    ...(await ingest(
      client,
      sessions.filter((s) => !reused.includes(s)),
      dataDirOfSet,
    )),
  ];

  console.log('pdf-parse alone on the same files:');
  for (const row of ingestion.filter((r) => r.kind === 'pdf')) {
    try {
      const alone = await pdfParseAlone(path.join(dataDirOfSet, row.file));
      row.pages = alone.pages;
      row.parseSeconds = alone.seconds;
      console.log(`  ${row.session}: ${alone.pages} pages in ${alone.seconds.toFixed(1)} s`);
    } catch (e) {
      row.parseError = e.message;
    }
  }

  const transcriptIndex = new Map();
  for (const s of sessions.filter((x) => x.kind === 'transcript')) {
    transcriptIndex.set(s.id, indexTranscript(fs.readFileSync(path.join(dataDirOfSet, s.file), 'utf8')));
  }

  console.log(`questions (${questions.length}):`);
  const perQuestion = [];
  for (const q of questions) {
    const session = sessionById.get(q.session);
    const refusalQ = q.expect === 'refusal';
    const row = { id: q.id, session: q.session, kind: session.kind, question: q.question, expect: refusalQ ? 'refusal' : 'answer' };
    if (!refusalQ) {
      row.expected =
        session.kind === 'pdf'
          ? `p. ${q.evidence_pages.join(', ')}`
          : `lines ${q.gold_lines.map(([a, b]) => (a === b ? a : `${a}-${b}`)).join(', ')}`;
      const enc = encodeURIComponent(q.question.slice(0, 500));
      const f = await client.json('GET', `/api/search?q=${enc}&sessionIds=${session.uuid}`);
      const u = await client.json('GET', `/api/search?q=${enc}`);
      row.searchFiltered = judgeResults(f.results, q, session, transcriptIndex, sessionByUuid, true);
      row.searchUnfiltered = judgeResults(u.results, q, session, transcriptIndex, sessionByUuid, false);
    }
    const thread = await client.json('POST', '/api/chat/start', { sessionFilter: [session.uuid] });
    const t0 = performance.now();
    const answer = await client.json('POST', '/api/chat/simple', { threadId: thread.id, message: q.question, sessionIds: [session.uuid] });
    row.latencyMs = performance.now() - t0;
    row.content = answer.content ?? '';
    row.sources = (answer.sources ?? []).map((s) => ({
      marker: s.marker,
      sessionId: s.sessionId,
      page: s.page ?? null,
      startTime: s.startTime ?? null,
      line: s.line ?? null,
      lineEnd: s.lineEnd ?? null,
    }));
    row.refused = row.content.includes(REFUSAL_TEXT);
    if (!refusalQ) {
      if (!row.refused) {
        const m = markerReport(row.content, answer.sources);
        row.units = m.units;
        row.unlocated = m.unlocated;
        row.allLocated = m.units > 0 && m.unlocated.length === 0;
      }
      if (session.kind === 'pdf') row.evidenceCited = row.sources.some((s) => s.page != null && q.evidence_pages.includes(s.page));
      row.goldRecall = goldRecall(q.answer, row.content);
    }
    perQuestion.push(row);
    process.stdout.write(
      refusalQ ? (row.refused ? 'R' : 'r') : row.searchFiltered.hit ? (row.refused ? 'x' : '.') : row.refused ? 'X' : 'o',
    );
  }
  process.stdout.write('\n');
  if (client.waited429) console.log(`waited ${(client.waited429 / 1000).toFixed(0)} s in total on 429 answers`);
  await cleanup();

  const figures = computeFigures(ingestion, perQuestion);
  const report = renderRun({ started, command, ingestion, perQuestion, figures, sessions });
  // Only a full run (or --write) goes to bench/EVAL.md; a partial one to test-results/.
  const partial = (opts.subset || opts.only) && !opts.write;
  const outFile = partial
    ? path.join(root, 'test-results', opts.subset ? 'eval-subset.md' : 'eval-only.md')
    : path.join(root, 'bench', 'EVAL.md');
  writeReport(outFile, report, partial);
  // The program questions (bench/eval-program.mjs) on a server of their own, as a section of the same report.
  writeSection(outFile, (await runProgramEval({ data: dataDirOfSet, subset: opts.subset })).markdown);
  console.log(`wrote ${path.relative(root, outFile)}`);
  if (opts.json) {
    fs.mkdirSync(path.dirname(path.resolve(opts.json)), { recursive: true });
    fs.writeFileSync(path.resolve(opts.json), JSON.stringify({ ingestion, questions: perQuestion, figures }, null, 1));
    console.log(`wrote ${opts.json}`);
  }
  printFigures(figures);
  if (opts.check) {
    const failed = check(figures);
    process.exitCode = failed ? 1 : 0;
  }
}

// ---------- figures ----------
function groupFigures(rows, ingestion) {
  const answerable = rows.filter((r) => r.expect === 'answer');
  const uncovered = rows.filter((r) => r.expect === 'refusal');
  const answered = answerable.filter((r) => !r.refused);
  const pdfs = ingestion.filter((i) => i.kind === 'pdf');
  const pdfOk = pdfs.filter((i) => i.status === 'embedded' && i.pages);
  const lat = rows.map((r) => r.latencyMs);
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
    p50: pct(lat, 50),
    p95: pct(lat, 95),
  };
}
function computeFigures(ingestion, rows) {
  return {
    meetings: groupFigures(
      rows.filter((r) => r.kind === 'transcript'),
      ingestion.filter((i) => i.kind === 'transcript'),
    ),
    filings: groupFigures(
      rows.filter((r) => r.kind === 'pdf'),
      ingestion.filter((i) => i.kind === 'pdf'),
    ),
    overall: groupFigures(rows, ingestion),
    embedded: ingestion.length ? ingestion.filter((i) => i.status === 'embedded').length / ingestion.length : NaN,
  };
}
const valueAt = (figures, key) => key.split('.').reduce((o, k) => o?.[k], figures);
function check(figures) {
  let failed = 0;
  console.log('\n--check: figures against their floors');
  for (const f of FLOORS) {
    const v = valueAt(figures, f.key);
    const ok = Number.isFinite(v) ? (f.min !== undefined ? v >= f.min : v <= f.max) : false;
    if (!ok) failed++;
    const bound = f.min !== undefined ? `≥ ${f.min}` : `≤ ${f.max}`;
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${f.label.padEnd(42)} ${fmt(v)}  (floor ${bound})`);
  }
  console.log(failed ? `\n${failed} figure(s) under their floor: eval FAILED` : '\nevery figure at or above its floor: eval PASSED');
  return failed;
}
function printFigures(figures) {
  console.log(`\n${figureTable(figures)}`);
}

// ---------- report ----------
function figureTable(fg) {
  const cols = [
    ['meetings', fg.meetings],
    ['filings', fg.filings],
    ['overall', fg.overall],
  ];
  const row = (label, f) => `| ${label} | ${cols.map(([, g]) => f(g)).join(' | ')} |`;
  return [
    `| Figure | ${cols.map(([n]) => n).join(' | ')} |`,
    `|---|${cols.map(() => '---:').join('|')}|`,
    row('Files embedded', (g) => `${g.embedded} / ${g.files}`),
    row('Ingestion, upload → embedded (s, total)', (g) => fmt(g.ingestSeconds, 1)),
    row('PDF pages/s: app (upload → embedded)', (g) => (g.pages ? fmt(g.appPagesPerSecond, 1) : '–')),
    row('PDF pages/s: pdf-parse alone', (g) => (g.pages ? fmt(g.parsePagesPerSecond, 1) : '–')),
    row('Questions: answerable / uncovered', (g) => `${g.answerable} / ${g.uncovered}`),
    row('hit@5, session filter', (g) => fmt(g.hitFiltered)),
    row('MRR@5, session filter', (g) => fmt(g.mrrFiltered)),
    row('hit@5, no filter', (g) => fmt(g.hitUnfiltered)),
    row('MRR@5, no filter', (g) => fmt(g.mrrUnfiltered)),
    row('False refusals (answerable refused)', (g) => fmtPct(g.falseRefusal)),
    row('Uncovered questions refused', (g) => fmtPct(g.refusedUncovered)),
    row('Answers with every unit located', (g) => fmtPct(g.located)),
    row('Filing answers citing an evidence page', (g) =>
      g.answerable && Number.isFinite(g.evidenceCited) ? fmtPct(g.evidenceCited) : '–',
    ),
    row('Gold-word recall', (g) => fmt(g.goldRecall)),
    row('chat/simple latency p50 / p95 (ms)', (g) => `${fmt(g.p50, 0)} / ${fmt(g.p95, 0)}`),
  ].join('\n');
}

const oneLine = (s, n) => {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n)}…` : t;
};
const cell = (s) => String(s).replace(/\|/g, '\\|');

function renderRun({ started, command, ingestion, perQuestion, figures, sessions }) {
  const lines = [];
  lines.push(`## Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC (commit ${gitCommit()})`);
  lines.push('');
  if (opts.note) lines.push(`> ${opts.note}`, '');
  lines.push(`- Command: \`${command}\``);
  lines.push(`- Machine: ${machine()}`);
  lines.push(
    `- Set: ${sessions.length} files (${sessions.map((s) => s.id).join(', ')}), ${perQuestion.length} questions; local provider, embedded database, fresh data directory`,
  );
  lines.push('');
  lines.push(figureTable(figures));
  lines.push('');
  lines.push('<details><summary>Ingestion per file</summary>', '');
  lines.push('| File | Status | Upload → embedded (s) | Pages | pdf-parse alone (s) | Error |', '|---|---|---:|---:|---:|---|');
  for (const i of ingestion) {
    lines.push(
      `| ${i.session} | ${i.status} | ${fmt(i.seconds, 1)} | ${i.pages ?? '–'} | ${i.parseSeconds != null ? fmt(i.parseSeconds, 1) : '–'} | ${cell(i.error ?? i.parseError ?? '')} |`,
    );
  }
  lines.push('', '</details>', '');
  const misses = perQuestion.filter((r) =>
    r.expect === 'refusal'
      ? !r.refused
      : !r.searchFiltered.hit || !r.searchUnfiltered.hit || r.refused || r.allLocated === false || r.evidenceCited === false,
  );
  lines.push(`### Misses (${misses.length} of ${perQuestion.length} questions)`, '');
  lines.push(
    'Why each is listed: `retrieval` (gold not in the filtered top 5), `unfiltered` (not in the unfiltered top 5), `refused` (answerable but refused), `not refused` (uncovered but answered), `unlocated` (a unit without a located marker), `no evidence page` (filing answer citing no evidence page).',
    '',
  );
  for (const r of misses) {
    const why = [];
    if (r.expect === 'refusal') why.push('not refused');
    else {
      if (!r.searchFiltered.hit) why.push('retrieval');
      if (!r.searchUnfiltered.hit) why.push('unfiltered');
      if (r.refused) why.push('refused');
      if (r.allLocated === false) why.push('unlocated');
      if (r.evidenceCited === false) why.push('no evidence page');
    }
    lines.push(`- **${r.id}** (${r.session}; ${why.join(', ')}): ${oneLine(r.question, 200)}`);
    if (r.expect === 'answer') {
      lines.push(`  - expected: ${r.expected}`);
      lines.push(`  - top 5 filtered: ${r.searchFiltered.top.map((t) => `${t.where}${t.hit ? ' ✓' : ''}`).join('; ') || 'none'}`);
      if (!r.searchUnfiltered.hit) lines.push(`  - top 5 unfiltered: ${r.searchUnfiltered.top.map((t) => t.where).join('; ') || 'none'}`);
    }
    lines.push(`  - answer: ${cell(oneLine(r.content, 200))}`);
    if (r.unlocated?.length) lines.push(`  - first unlocated unit: ${cell(oneLine(r.unlocated[0], 160))}`);
  }
  lines.push('');
  return lines.join('\n');
}

const HEADER = `# Answer-quality evaluation (issue 9)

Written by \`npm run eval\` (bench/eval.mjs; how to run it and what each figure means: bench/README.md).
Measured on the dev set at \`../shared/eval-dev\` (real meeting transcripts and SEC filings, never
copied into the repository), local provider, embedded database, a fresh data directory each run.
Runs newest first; the last ${3} are kept so before and after stay side by side.
`;

function writeReport(file, run, single) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let runs = [];
  let head = HEADER;
  if (!single && fs.existsSync(file)) {
    const text = fs.readFileSync(file, 'utf8');
    const starts = [...text.matchAll(/^## Run /gm)].map((m) => m.index);
    runs = starts.map((s, i) => text.slice(s, starts[i + 1] ?? text.length).trimEnd());
    // Hand-written sections before the runs (a before/after summary) stay as they are.
    if (starts.length > 0 && text.startsWith('# ')) head = `${text.slice(0, starts[0]).trimEnd()}\n`;
  }
  // The newest runs, and always the run noted as the baseline (the 'before' of the summary).
  const baseline = runs.filter((r) => /^> Baseline/m.test(r)).slice(-1);
  const recent = [run.trimEnd(), ...runs.filter((r) => !baseline.includes(r))].slice(0, 3 - baseline.length);
  fs.writeFileSync(file, `${head}\n${[...recent, ...baseline].join('\n\n')}\n`);
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
