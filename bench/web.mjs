#!/usr/bin/env node
/**
 * Web speed of the attendee app (`npm run bench:web`):
 *  1. the JavaScript a signed-out visitor downloads for `/`, measured from the files Chromium actually
 *     requested (raw bytes and gzip -9 of each file; budget: 200 KB gzipped);
 *  2. Lighthouse performance and accessibility (default mobile preset, simulated throttling) on `/`
 *     signed out and on the chat page signed in (session cookie passed through extraHeaders).
 * It starts the BUILT app (backend/dist serving frontend-attendee/dist) on a free port with a fresh data
 * directory and the demo conference, using Debian's Chromium (/usr/bin/chromium). The figures are
 * written to the "Web" section of bench/RESULTS.md.
 * Options: --runs=N (Lighthouse runs per page, median kept; default 3), --no-write (print only).
 */
import { execSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { writeResultsSection } from './results.mjs';
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
const JS_BUDGET_GZIP = 200 * 1024;
const SCORE_TARGET = 90;
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
async function sessionCookie(baseUrl) {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench.web@example.com', firstName: 'Bench', lastName: 'Web', company: 'Bench' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('login set no cookie');
  return cookie;
}

/** The JS files Chromium requests for a signed-out visit of `/`, with raw and gzip sizes. */
async function signedOutJs(baseUrl) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.filter((f) => f !== '--headless=new') });
  try {
    const page = await browser.newPage();
    const urls = new Set();
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.origin === baseUrl && url.pathname.endsWith('.js')) urls.add(url.pathname);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
    const files = [...urls].sort().map((p) => {
      const file = path.join(root, 'frontend-attendee', 'dist', p);
      const buf = fs.readFileSync(file);
      return { path: p, raw: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
    });
    return files;
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
      failedA11y: Object.values(a)
        .filter((x) => lhr.categories.accessibility.auditRefs.some((r) => r.id === x.id) && x.score === 0)
        .map((x) => x.id),
    };
  } finally {
    chrome.kill();
  }
}

async function lighthouseMedian(label, url, cookie) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await lighthouseRun(url, cookie);
    console.log(`  ${label} run ${i + 1}: performance ${r.performance}, accessibility ${r.accessibility}, LCP ${Math.round(r.lcp)} ms`);
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

async function main() {
  const app = await startApp();
  try {
    console.log(`app at ${app.baseUrl}`);
    const files = await signedOutJs(app.baseUrl);
    const total = files.reduce((s, f) => ({ raw: s.raw + f.raw, gzip: s.gzip + f.gzip }), { raw: 0, gzip: 0 });
    console.log(`signed-out / JavaScript: ${files.length} files, ${kb(total.raw)} raw, ${kb(total.gzip)} gzipped`);
    for (const f of files) console.log(`  ${f.path}  ${kb(f.raw)} raw, ${kb(f.gzip)} gzip`);

    const cookie = await sessionCookie(app.baseUrl);
    const pages = [
      await lighthouseMedian('/ (signed out, landing)', `${app.baseUrl}/`),
      await lighthouseMedian('/ (signed in, chat page)', `${app.baseUrl}/`, cookie),
    ];

    const ok = total.gzip < JS_BUDGET_GZIP && pages.every((p) => p.performance >= SCORE_TARGET && p.accessibility >= SCORE_TARGET);
    const date = new Date().toISOString().slice(0, 10);
    const section = [
      '## Web',
      '',
      `Measured ${date} by \`npm run bench:web\` (node bench/web.mjs, ${RUNS} Lighthouse run(s) per page, median) on: ${machine()}.`,
      'The built app (backend/dist serving frontend-attendee/dist, NODE_ENV=production, embedded database, demo conference)',
      'on loopback; Lighthouse default (mobile) preset with simulated throttling, Debian Chromium headless.',
      '',
      '| measure | result | target |',
      '|---|---|---|',
      `| JS a signed-out visitor downloads for \`/\` (${files.length} files actually requested, gzip -9 of each) | ${kb(total.gzip)} gzipped (${kb(total.raw)} raw) | < 200 KB gzipped |`,
      ...pages.flatMap((p) => [
        `| Lighthouse performance, ${p.label} | ${p.performance} (FCP ${Math.round(p.fcp)} ms, LCP ${Math.round(p.lcp)} ms, TBT ${Math.round(p.tbt)} ms, CLS ${p.cls.toFixed(3)}) | ≥ 90 |`,
        `| Lighthouse accessibility, ${p.label} | ${p.accessibility}${p.failedA11y.length ? ` (failed: ${p.failedA11y.join(', ')})` : ''} | ≥ 90 |`,
      ]),
      '',
      `Files requested for the signed-out \`/\`: ${files.map((f) => `\`${path.basename(f.path)}\` ${kb(f.gzip)}`).join(', ')}.`,
      `Verdict: ${ok ? 'all targets met' : 'TARGET MISSED'}.`,
      '',
    ].join('\n');
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
