// Does an upload stall the chat? The built app (embedded database, in-process queue: the API process ingests) is
// asked questions at a steady pace, alternately while nothing else runs and while a 10-K filing is ingested; it prints
// the time to the first content (p50, p95, max) of each, and the p95 ratio "during an upload / without", in one run.
//
//   node bench/ingest-yield.mjs [--rounds=2] [--gap=200] [--filing=BOEING_2022] [--warm=ADOBE_2022] [--pdfs=DIR]
//
// BENCH_BACKEND_DIST=DIR runs another build (before/after in one sitting). Prints only; the story of a comparison goes
// to bench/history/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { cookieOf, post, stream } from './chat-client.mjs';
import { api, BACKEND_DIST, BENCH_LIMITS, benchArgs, loadAverage, sleep, startServer, uploadFile, waitEmbedded } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'backend', 'package.json'));
const { PDFParse } = require('pdf-parse');

const args = benchArgs();
const ROUNDS = Number(args.get('rounds') ?? 2);
const GAP_MS = Number(args.get('gap') ?? 200);
const PDF_DIR = path.resolve(root, args.get('pdfs') ?? path.join('..', 'shared', 'eval-dev', 'pdfs'));
const fileOf = (prefix) => {
  const name = fs.readdirSync(PDF_DIR).find((f) => f.startsWith(prefix) && f.endsWith('.pdf'));
  if (!name) throw new Error(`no ${prefix}*.pdf in ${PDF_DIR}`);
  return path.join(PDF_DIR, name);
};
const FILING = fileOf(args.get('filing') ?? 'BOEING_2022');
const WARM = fileOf(args.get('warm') ?? 'ADOBE_2022');
const USERS = 60;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};

/** Questions of three words each from the warm-up filing's text (seeded: every run asks the same ones). */
async function questionsOf(file, n) {
  const parser = new PDFParse({ data: fs.readFileSync(file) });
  const { text } = await parser.getText();
  await parser.destroy();
  const words = [...new Set(text.toLowerCase().match(/[a-z][a-z-]{6,}/g) ?? [])];
  let seed = 4242;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = () => words[Math.floor(random() * words.length)];
  return Array.from({ length: n }, () => `What was said about ${pick()}, ${pick()} and ${pick()}?`);
}

async function attendees(server) {
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const login = await post(server.url, '/api/login', { email: `yield-${i}@bench.local`, firstName: 'Bench' });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = cookieOf(login);
    const thread = await post(server.url, '/api/chat/start', { sessionFilter: [] }, cookie);
    users.push({ cookie, threadId: JSON.parse(thread.body).id });
  }
  return users;
}

let asked = 0;

/** Questions asked one every GAP_MS (each on the next attendee) until `until()` is true; their times to first content. */
async function askWhile(server, users, questions, until, minCount) {
  const runs = [];
  let skipped = 0;
  while (runs.length < minCount || !until()) {
    // An attendee asks once the previous answer is done (a thread answers one question at a time).
    const u = users.find((x) => !x.busy);
    if (!u) skipped++;
    else {
      u.busy = true;
      const message = questions[asked++ % questions.length];
      runs.push(stream(server.url, u.cookie, { threadId: u.threadId, message }).finally(() => (u.busy = false)));
    }
    await sleep(GAP_MS);
  }
  const results = await Promise.all(runs);
  const errors = results.filter((r) => r.error).map((r) => r.error);
  if (errors.length) console.log(`  errors: ${[...new Set(errors)].slice(0, 5).join('; ')}`);
  if (skipped) console.log(`  ${skipped} arrivals skipped: every attendee was waiting for an answer`);
  return { ttfc: results.filter((r) => r.ttfc !== null).map((r) => r.ttfc), errors: errors.length };
}

function line(label, r, extra = '') {
  return `${label}: ${r.ttfc.length} questions, first content p50 ${quantile(r.ttfc, 0.5).toFixed(0)} ms, p95 ${quantile(r.ttfc, 0.95).toFixed(0)} ms, max ${Math.max(...r.ttfc).toFixed(0)} ms, errors ${r.errors}${extra}`;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-yield-'));
  console.log(`build ${path.relative(root, BACKEND_DIST)}; load ${loadAverage()}`);
  const server = await startServer(dataDir, { env: { ...BENCH_LIMITS } });
  try {
    const { id: sessionId } = await api(server, 'POST', '/api/admin/session', { title: 'Filings', format: 'panel' });
    const warm = await uploadFile(server, sessionId, WARM, 'pdf');
    await waitEmbedded(server, warm.id, 'pdf', performance.now());
    const questions = await questionsOf(WARM, 400);
    const users = await attendees(server);
    await askWhile(server, users, questions, () => true, 10); // warm-up
    const quiet = { ttfc: [], errors: 0 };
    const busy = { ttfc: [], errors: 0 };
    for (let round = 1; round <= ROUNDS; round++) {
      const started = performance.now();
      const q = await askWhile(server, users, questions, () => performance.now() - started > 8_000, 20);
      quiet.ttfc.push(...q.ttfc);
      quiet.errors += q.errors;
      console.log(line(`round ${round}, no upload`, q));
      const doc = await uploadFile(server, sessionId, FILING, 'pdf');
      const t0 = performance.now();
      let embedded = null;
      void waitEmbedded(server, doc.id, 'pdf', t0, 50).then((r) => (embedded = r));
      const b = await askWhile(server, users, questions, () => embedded !== null, 20);
      busy.ttfc.push(...b.ttfc);
      busy.errors += b.errors;
      console.log(
        line(`round ${round}, during the upload of ${path.basename(FILING)}`, b, `; upload → embedded ${embedded.seconds.toFixed(2)} s`),
      );
    }
    console.log(line('all, no upload', quiet));
    console.log(line('all, during an upload', busy));
    const ratio = quantile(busy.ttfc, 0.95) / quantile(quiet.ttfc, 0.95);
    console.log(
      `p95 ratio during an upload / without: ${ratio.toFixed(2)} ×; p50 ratio ${(quantile(busy.ttfc, 0.5) / quantile(quiet.ttfc, 0.5)).toFixed(2)} ×; load ${loadAverage()}`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
