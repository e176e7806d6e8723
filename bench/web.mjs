#!/usr/bin/env node
/**
 * Web speed of the attendee app (`npm run bench:web`):
 *  1. the JavaScript `/` loads signed out, signed in with an empty chat, and signed in on a reload that
 *     restores a conversation, measured from the files Chromium actually requested (raw bytes and gzip -9
 *     of each file; budget: 150 KB gzipped in every state), pdf.js in none of them (it loads when a PDF citation opens);
 *  2. Lighthouse performance and accessibility (default mobile preset, simulated throttling) on `/`
 *     signed out and on the chat page signed in (session cookie passed through extraHeaders); target 95.
 * It starts the BUILT app (backend/dist serving frontend-attendee/dist) on a free port with a fresh data
 * directory and the demo conference, using Debian's Chromium (/usr/bin/chromium). The figures are
 * written to the "Web" section of bench/RESULTS.md.
 * Options: --runs=N (Lighthouse runs per page, median kept; default 3), --no-write (print only),
 * --js-only (the JavaScript sizes only, no Lighthouse; implies --no-write).
 */
import { execSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { RESULTS_DETAIL, writeResultsSection } from './results.mjs';
import { benchArgs } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags of playwright.config.ts, plus headless.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const JS_BUDGET_GZIP = 150 * 1024;
const SCORE_TARGET = 95;
const args = benchArgs();
const RUNS = Number(args.get('runs') ?? 3);

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

async function waitFor(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function startApp() {
  execSync('node scripts/ensure-built.mjs', { cwd: root, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-web-'));
  const port = await freePort();
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'w');
  const child = spawn(process.execPath, [path.join(root, 'backend', 'dist', 'main.js')], {
    cwd: root,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      AI_PROVIDER: 'local',
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/api/environment`, 90_000);
  } catch (err) {
    child.kill('SIGTERM');
    console.error(fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8').slice(-4000));
    throw err;
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs an attendee in and returns the `name=value` session cookie. */
async function sessionCookie(baseUrl, email = 'bench.web@example.com') {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, firstName: 'Bench', lastName: 'Web', company: 'Bench' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('login set no cookie');
  return cookie;
}

/** Raw and gzip -9 sizes of the built files behind the given URL paths. */
function sized(paths) {
  return [...paths].sort().map((p) => {
    const buf = fs.readFileSync(path.join(root, 'frontend-attendee', 'dist', p));
    return { path: p, raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
  });
}

/** Opens `/` in a new context of `browser` and returns the JS files it requested from the app. */
async function visitRoot(browser, baseUrl, cookies, label, { storageState, signedIn, ready, after }) {
  const context = await browser.newContext({ storageState, viewport: { width: 390, height: 844 } });
  if (signedIn && !storageState) await context.addCookies(cookies);
  const page = await context.newPage();
  const urls = new Set();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.origin === baseUrl && /\.m?js$/.test(url.pathname)) urls.add(url.pathname);
  });
  try {
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    const files = sized(urls);
    const total = files.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip }), { raw: 0, gzip: 0 });
    const pdfjs = files.filter((f) => /pdf/i.test(path.basename(f.path))).map((f) => f.path);
    const state = { label, files, ...total, pdfjs, note: '' };
    if (after) await after(page, state);
    return state;
  } finally {
    await context.close();
  }
}

/** Closes the first visit's how-to and asks one question, waiting for the answer. */
async function askOneQuestion(page) {
  // The first visit's how-to opens just after the first paint.
  const gotIt = page.getByRole('button', { name: "Got it, let's start!" });
  if (
    await gotIt.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    )
  )
    await gotIt.click();
  await page.getByRole('textbox', { name: 'Ask a question about the conference' }).fill('What do lenders look for in credit applications?');
  await page.getByRole('textbox', { name: 'Ask a question about the conference' }).press('Enter');
  await page.locator('[data-testid="chat-message"][data-role="assistant"]').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('chat-status').filter({ hasText: 'Ready' }).waitFor({ timeout: 60_000 });
}

/**
 * The JS a visit of `/` loads in three states, each in a fresh browser context (empty cache, so every
 * file is requested): signed out (landing page); signed in with an empty chat (first visit: a new
 * thread, the how-to dialog); signed in after a reload that restores a conversation (the thread kept in
 * localStorage, an answer with markdown and citation badges on screen). A state is measured once the
 * network is idle and its screen is shown. pdf.js must load in none of them (only when a PDF citation opens).
 */
async function jsByState(baseUrl, cookie) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => f !== '--headless=new') });
  const [name, value] = cookie.split('; ')[0].split(/=(.*)/s);
  const cookies = [{ name, value, url: baseUrl }];
  const visit = (label, options) => visitRoot(browser, baseUrl, cookies, label, options);
  try {
    const states = [];
    states.push(
      await visit('signed out (landing page)', { ready: (page) => page.getByRole('link', { name: 'Get Started' }).first().waitFor() }),
    );
    let conversation;
    states.push(
      await visit('signed in, empty chat (first visit)', {
        signedIn: true,
        ready: (page) => page.locator('#chat-question').waitFor(),
        // Then ask a question, so that the next visit restores a conversation.
        after: async (page) => {
          await askOneQuestion(page);
          conversation = await page.context().storageState();
        },
      }),
    );
    states.push(
      await visit('signed in, reload restoring a conversation', {
        storageState: conversation,
        signedIn: true,
        ready: (page) => page.locator('[data-testid="chat-message"][data-role="assistant"]').first().waitFor(),
        after: async (page, state) => {
          const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').first();
          const [badges, items, bold] = await Promise.all([
            answer.locator('button[data-citation]').count(),
            answer.locator('li').count(),
            answer.locator('strong').count(),
          ]);
          state.note = `the restored answer shows ${badges} citation badge(s), ${items} list item(s), ${bold} bold span(s)`;
        },
      }),
    );
    return states;
  } finally {
    await browser.close();
  }
}

async function lighthouseRun(url, cookie) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const a = lhr.audits;
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      // Lighthouse's measure of this machine's CPU at the time (higher is faster; a shared, loaded machine scores lower).
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failedA11y: Object.values(a)
        .filter((x) => lhr.categories.accessibility.auditRefs.some((r) => r.id === x.id) && x.score === 0)
        .map((x) => x.id),
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse runs recorded again after a trace error (named in the results). */
const retried = [];

async function lighthouseMedian(label, url, cookie) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    // A trace Lighthouse could not read (NO_NAVSTART, NO_FCP: Chromium under load) is recorded again, twice at most.
    let r;
    for (let attempt = 1; !r; attempt++) {
      try {
        r = await lighthouseRun(url, cookie);
      } catch (err) {
        if (attempt >= 3) throw err;
        retried.push(`${label} run ${i + 1}: ${err.message.replace(/^.*\((\w+)\)$/, '$1')}`);
        console.log(`  ${label} run ${i + 1}: ${err.message}; again`);
      }
    }
    console.log(
      `  ${label} run ${i + 1}: performance ${r.performance}, accessibility ${r.accessibility}, FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, benchmark index ${Math.round(r.benchmarkIndex)}`,
    );
    runs.push(r);
  }
  const pick = (k) => median(runs.map((r) => r[k]));
  return {
    label,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    benchmarkIndex: pick('benchmarkIndex'),
    failedA11y: [...new Set(runs.flatMap((r) => r.failedA11y))],
  };
}

function machine() {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  let chromium = 'unknown';
  try {
    chromium = execSync(`${CHROMIUM} --version`, { encoding: 'utf8' }).trim();
  } catch {
    /* keep unknown */
  }
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}, ${chromium}`;
}

function writeResults(section) {
  writeResultsSection('Web', section);
}

/** The "Web" section of bench/RESULTS.md. */
async function webSection(states, pages, load, ok) {
  const date = new Date().toISOString().slice(0, 10);
  const { default: lighthousePkg } = await import('lighthouse/package.json', { with: { type: 'json' } });
  return [
    '## Web',
    '',
    `Measured ${date} by \`npm run bench:web\` (node bench/web.mjs, ${RUNS} Lighthouse run(s) per page, median) on: ${machine()};`,
    `load average ${load} when it started (1, 5, 15 min; the machine is shared, so timings move between runs).`,
    'The built app (backend/dist serving frontend-attendee/dist, NODE_ENV=production, embedded database, demo conference)',
    `on loopback; Lighthouse ${lighthousePkg.version}, default (mobile) preset with simulated throttling, Debian Chromium headless.`,
    'JavaScript: the files Chromium requested from the app in a fresh browser context (empty cache) until the',
    'screen showed and the network was idle, gzip -9 of each file, summed.',
    '',
    '| measure | result | target |',
    '|---|---|---|',
    ...states.map(
      (st) =>
        `| JS for \`/\`, ${st.label} (${st.files.length} files${st.pdfjs.length ? `, pdf.js loaded: ${st.pdfjs.join(', ')}` : ', no pdf.js'}) | ${kb(st.gzip)} gzipped (${kb(st.raw)} raw) | ≤ ${kb(JS_BUDGET_GZIP)} gzipped, no pdf.js |`,
    ),
    ...pages.flatMap((p) => [
      `| Lighthouse performance, ${p.label} | ${p.performance} (FCP ${Math.round(p.fcp)} ms, LCP ${Math.round(p.lcp)} ms, TBT ${Math.round(p.tbt)} ms, CLS ${p.cls.toFixed(3)}; CPU benchmark index ${Math.round(p.benchmarkIndex)}) | ≥ ${SCORE_TARGET} |`,
      `| Lighthouse accessibility, ${p.label} | ${p.accessibility}${p.failedA11y.length ? ` (failed: ${p.failedA11y.join(', ')})` : ''} | ≥ ${SCORE_TARGET} |`,
    ]),
    '',
    `Verdict: ${ok ? 'all targets met' : 'TARGET MISSED'}.`,
    '',
    RESULTS_DETAIL,
    ...states.map(
      (st) =>
        `Files for \`/\` ${st.label}: ${st.files.map((f) => `\`${path.basename(f.path)}\` ${kb(f.gzip)}`).join(', ')}${st.note ? ` (${st.note})` : ''}.`,
    ),
    ...(retried.length ? [`Lighthouse runs recorded again after a trace error: ${retried.join('; ')}.`] : []),
    '',
  ].join('\n');
}

/** Each state's JS files, printed. */
function printStates(states) {
  for (const st of states) {
    console.log(
      `/ ${st.label}: ${st.files.length} JS files, ${kb(st.raw)} raw, ${kb(st.gzip)} gzipped${st.pdfjs.length ? `, pdf.js: ${st.pdfjs.join(', ')}` : ''}`,
    );
    for (const f of st.files) console.log(`  ${f.path}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);
    if (st.note) console.log(`  (${st.note})`);
  }
}

async function main() {
  const jsOnly = args.has('js-only');
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  const app = await startApp();
  try {
    console.log(`app at ${app.baseUrl}`);
    const states = await jsByState(app.baseUrl, await sessionCookie(app.baseUrl, 'bench.web.js@example.com'));
    printStates(states);
    const jsOk = states.every((st) => st.gzip <= JS_BUDGET_GZIP && st.pdfjs.length === 0);
    if (jsOnly) {
      console.log(`JavaScript budget (${kb(JS_BUDGET_GZIP)} gzipped in every state, no pdf.js): ${jsOk ? 'met' : 'MISSED'}`);
      if (!jsOk) process.exitCode = 1;
      return;
    }

    const cookie = await sessionCookie(app.baseUrl);
    const pages = [
      await lighthouseMedian('/ (signed out, landing)', `${app.baseUrl}/`),
      await lighthouseMedian('/ (signed in, chat page)', `${app.baseUrl}/`, cookie),
    ];

    const ok = jsOk && pages.every((p) => p.performance >= SCORE_TARGET && p.accessibility >= SCORE_TARGET);
    const section = await webSection(states, pages, load, ok);
    console.log(`\n${section}`);
    if (args.get('write') !== 'false' && !args.has('no-write')) writeResults(section);
    if (!ok) process.exitCode = 1;
  } finally {
    await app.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
