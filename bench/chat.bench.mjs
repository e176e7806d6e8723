#!/usr/bin/env node
/**
 * Chat speed (`npm run bench:chat`), on the embedded database (PGlite + pgvector) of the BUILT backend:
 *  1. 50,000 synthetic but realistic chunks (equipment-finance prose, 50 sessions, 200 documents,
 *     local feature-hashing embeddings) inserted in batches;
 *  2. retrieval: the hybrid query (HNSW + full text, fused) for 200 questions: latency of the whole
 *     retriever (embedding + SQL) and of the SQL alone, beside the same query by exact scan (ratio),
 *     and recall@10 of the HNSW index against the exact scan, unfiltered and filtered by sessions;
 *  3. the BUILT server (node backend/dist/main.js) in a child process on the same database, rate
 *     limits raised through their settings (BENCH_LIMITS), 50 attendees signed in: 50 concurrent chat
 *     streams (POST /api/chat/stream, local provider): steady load (each user asks 3 questions back to
 *     back, starts spread over one stream's length, so about 50 streams are open at any time) and 3
 *     bursts (50 sent in the same instant): time to the first content event, errors; one burst of 50
 *     different questions each limited to the 1-3 sessions its attendee chose; the suggested questions
 *     clicked by 50 new attendees at once; the same burst through POST /api/chat/message (the attendee
 *     app's endpoint in production), timed to the reply; then
 *     GET /api/sessions signed in against a bare NestJS hello world (bench/hello-nest.cjs, own
 *     process) with autocannon, alternating rounds, as a ratio; and the server's RSS (idle, peak).
 * The figures are written to the "Chat" section of bench/RESULTS.md.
 * Options: --chunks=N (default 50000), --queries=N (200), --streams=N (50), --rounds=N (3),
 * --bursts=N (3), --load-rounds=N (3), --load-seconds=N (5), --skip-retrieval (part 2 left out),
 * --database-url=URL and --redis-url=URL (or DATABASE_URL / REDIS_URL: a PostgreSQL server with pgvector
 * and Redis instead of the embedded database; the chunks stay in that database and are reused; figures
 * go to the "Chat (PostgreSQL server)" section),
 * --no-write, --data-dir=PATH (keep the database there and reuse it on the next run, skipping the
 * load), --explain (print the plan of one hybrid query), --metrics (the server runs with METRICS_TOKEN and the
 * bursts also report the app's own histogram of the first words, GET /api/metrics, beside the client's
 * figures). BENCH_BACKEND_DIST=DIR measures another
 * build (e.g. the code before a change built into backend/dist-before) with the same script.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { get, post, stream } from './chat-client.mjs';
import {
  BACKEND_DIST,
  BENCH_LIMITS,
  benchArgs,
  cpuSecondsOf,
  cpuSecondsOfCommand,
  threadCpuSecondsOf,
  deploymentOf,
  freePort,
  rssOf,
  sleep,
  startServer,
} from './server.mjs';
import { writeResultsSection } from './results.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = BACKEND_DIST;
const require = createRequire(path.join(root, 'backend', 'package.json'));
const args = benchArgs();
const deployment = deploymentOf(args);
/** 50 questions at once, first content p95: 300 ms on a PostgreSQL server, 600 ms on the embedded database (one thread). */
const TARGET_BURST_P95_MS = deployment.server ? 300 : 600;
const CHUNKS = Number(args.get('chunks') ?? 50_000);
const QUERIES = Number(args.get('queries') ?? 200);
const STREAMS = Number(args.get('streams') ?? 50);
const ROUNDS = Number(args.get('rounds') ?? 3);
const BURSTS = Number(args.get('bursts') ?? 3);
const SKIP_RETRIEVAL = args.has('skip-retrieval');
/** GET /api/sessions vs hello world: autocannon rounds of LOAD_SECONDS with LOAD_CONNECTIONS connections. */
const LOAD_ROUNDS = Number(args.get('load-rounds') ?? 3);
const LOAD_SECONDS = Number(args.get('load-seconds') ?? 5);
const METRICS = args.has('metrics');
/** The server's METRICS_TOKEN with --metrics. */
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';
const LOAD_CONNECTIONS = 10;
const TARGET_STEADY_P95_MS = 150;
const TARGET_SESSIONS_RATIO = 0.3;
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const SESSIONS = 50;
const DOCUMENTS = 200;
const BATCH = 500;
const TARGET_RETRIEVAL_P95_MS = 25;
const EF_VALUES = [40, 100, 200, 400];

// ---------- deterministic synthetic conference prose ----------
// A word-bigram (Markov) model of the demo conference's transcripts and slide sources, so the words
// are distributed like real conference prose (a long tail of rare words, not a small template
// vocabulary), with figures redrawn and invented people and companies named in some sentences.
let seed = 42;
const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
const pick = (a) => a[Math.floor(rand() * a.length)];
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

function demoProse() {
  const dir = path.join(root, 'backend', 'demo');
  const texts = [];
  const collect = (value) => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) if (k !== 'speaker' && k !== 'title') collect(v);
  };
  for (const file of fs.readdirSync(path.join(dir, 'documents'))) {
    const full = path.join(dir, 'documents', file);
    if (file.endsWith('.txt')) {
      for (const line of fs.readFileSync(full, 'utf8').split('\n')) {
        texts.push(line.replace(/^\s*\[?\d{1,2}:\d{2}(:\d{2})?\]?\s*/, '').replace(/^[^:]{1,60}:\s+/, ''));
      }
    } else if (file.endsWith('.json') && file !== 'manifest.json') collect(JSON.parse(fs.readFileSync(full, 'utf8')));
  }
  for (const file of fs.readdirSync(path.join(dir, 'pdf-src')))
    collect(JSON.parse(fs.readFileSync(path.join(dir, 'pdf-src', file), 'utf8')).pages);
  return texts.join('\n');
}

function markovModel(text) {
  const next = new Map();
  const starts = [];
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const words = sentence.split(/\s+/).filter(Boolean);
    if (words.length < 4) continue;
    starts.push(words[0]);
    for (let i = 0; i < words.length; i++) {
      const key = words[i];
      if (!next.has(key)) next.set(key, []);
      next.get(key).push(words[i + 1] ?? null);
    }
  }
  return { next, starts };
}

const SYLLABLES = [
  'an',
  'bel',
  'cor',
  'dra',
  'el',
  'fen',
  'gar',
  'hol',
  'is',
  'jor',
  'kel',
  'lin',
  'mar',
  'nor',
  'ol',
  'pen',
  'quin',
  'ros',
  'sal',
  'tor',
  'ul',
  'ven',
  'wes',
  'yar',
  'zen',
];
const name = () => {
  const w = Array.from({ length: int(2, 3) }, () => pick(SYLLABLES)).join('');
  return w[0].toUpperCase() + w.slice(1);
};
const SUFFIX = ['Capital', 'Leasing', 'Equipment Finance', 'Credit', 'Bank', 'Financial', 'Funding', 'Commercial'];

let model;
function sentence() {
  let word = pick(model.starts);
  const out = [];
  while (word && out.length < 40) {
    // Figures are redrawn, so a number is as rare in the synthetic corpus as in a real one.
    out.push(/^\$?\d[\d,.]*%?[.,;:]?$/.test(word) ? word.replace(/\d+/g, () => String(int(1, 999))) : word);
    if (/[.!?]$/.test(word) && out.length > 5) break;
    const options = model.next.get(word);
    word = options ? pick(options) : null;
  }
  let text = out.join(' ');
  if (!/[.!?]$/.test(text)) text += '.';
  if (rand() < 0.25) text = `${text.slice(0, -1)}, said ${name()} ${name()} of ${name()} ${pick(SUFFIX)}.`;
  return text;
}
function chunkText(kind) {
  const parts = [];
  const target = int(550, 800);
  let len = 0;
  while (len < target) {
    const s = kind === 'transcript' && rand() < 0.3 ? `${name()} ${name()}: ${sentence()}` : sentence();
    parts.push(s);
    len += s.length + 1;
  }
  return parts.join(kind === 'transcript' ? ' ' : '\n');
}

// ---------- helpers ----------
/** The suggested questions of the attendee app's empty chat, as the app ships them. */
function suggestedQuestions() {
  const source = fs.readFileSync(path.join(root, 'frontend-attendee', 'src', 'constants.ts'), 'utf8');
  const list = /SUGGESTED_QUESTIONS = \[([\s\S]*?)\]/.exec(source)?.[1] ?? '';
  const questions = [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]);
  if (questions.length === 0) throw new Error('SUGGESTED_QUESTIONS not found in frontend-attendee/src/constants.ts');
  return questions;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const ms = (x) => `${x.toFixed(1)} ms`;
const stats = (xs) => ({ p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99), mean: xs.reduce((a, b) => a + b, 0) / xs.length });
function machine() {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

function writeResults(section) {
  writeResultsSection(deployment.heading('Chat'), section);
}

// ---------- steps ----------
const log = console.log;

/** The built backend's modules the benchmark uses (BENCH_BACKEND_DIST may name an older build). */
function loadBuild() {
  if (!fs.existsSync(path.join(dist, 'bootstrap.js'))) throw new Error('backend/dist is missing: run `npm run build -w backend` first.');
  const { loadConfig } = require(path.join(dist, 'config', 'app-config.js'));
  const { createApp } = require(path.join(dist, 'bootstrap.js'));
  const { RetrievalService } = require(path.join(dist, 'retrieval', 'retrieval.service.js'));
  const repositoryModule = require(path.join(dist, 'retrieval', 'retrieval.repository.js'));
  const { RetrievalRepository } = repositoryModule;
  // The local embeddings' HNSW candidate list size (an older build has one size for all embeddings).
  const DEFAULT_EF_SEARCH = repositoryModule.LOCAL_EF_SEARCH ?? repositoryModule.DEFAULT_EF_SEARCH;
  // The ranking policy (word statistics, candidate budget, exact or HNSW) left the repository for
  // retrieval/hybrid-search.js and bm25.js; an older build (BENCH_BACKEND_DIST) still has it there.
  const hybridModule = path.join(dist, 'retrieval', 'hybrid-search.js');
  const { HybridSearch } = fs.existsSync(hybridModule) ? require(hybridModule) : { HybridSearch: RetrievalRepository };
  const bm25Module = path.join(dist, 'retrieval', 'bm25.js');
  const { EXACT_SCAN_MAX_CHUNKS } = require(
    fs.existsSync(bm25Module) ? bm25Module : path.join(dist, 'retrieval', 'retrieval.repository.js'),
  );
  const { LOCAL_TEXT_WEIGHT, DEFAULT_PER_DOCUMENT } = require(path.join(dist, 'retrieval', 'conference-retriever.js'));
  // The text module moved to src/text; BENCH_BACKEND_DIST may name an older build.
  const textKeywords = path.join(dist, 'text', 'keywords.js');
  const { keywords } = require(fs.existsSync(textKeywords) ? textKeywords : path.join(dist, 'ai', 'generation', 'keywords.js'));
  const { LOCAL_STREAM_DELAY_MS } = require(path.join(dist, 'ai', 'generation', 'local-answer-generator.js'));
  const { EMBEDDINGS } = require(path.join(dist, 'ai', 'ai.types.js'));
  const { DataSource } = require('typeorm');
  const { IngestionRepository } = require(path.join(dist, 'ingestion', 'ingestion.repository.js'));
  // The documents' run state (the words_run mark) moved to documents/; BENCH_BACKEND_DIST may name an older build.
  const runsPort = path.join(dist, 'documents', 'runs', 'document-runs.port.js');
  const { DOCUMENT_RUNS } = fs.existsSync(runsPort) ? require(runsPort) : {};
  return {
    loadConfig,
    IngestionRepository,
    DOCUMENT_RUNS,
    createApp,
    RetrievalService,
    RetrievalRepository,
    DEFAULT_EF_SEARCH,
    HybridSearch,
    EXACT_SCAN_MAX_CHUNKS,
    LOCAL_TEXT_WEIGHT,
    DEFAULT_PER_DOCUMENT,
    keywords,
    LOCAL_STREAM_DELAY_MS,
    EMBEDDINGS,
    DataSource,
  };
}

/** The in-process app on the benchmark's database (a temporary directory unless --data-dir). */
async function openApp(build) {
  const keepDir = args.get('data-dir');
  model = markovModel(demoProse());
  const dataDir = keepDir ? path.resolve(keepDir) : fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-chat-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const config = build.loadConfig(
    {
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-secret-bench-secret-1234',
      SEED_DEMO: 'false',
      AI_PROVIDER: 'local',
      PORT: '0',
      // Building the HNSW index of 50,000 rows on a server takes longer than a statement may in the app.
      DB_STATEMENT_TIMEOUT_MS: '0',
      ...deployment.env,
    },
    { dataDir },
  );
  const loadBefore = os.loadavg()[0];
  const app = await build.createApp(config);
  app.useLogger(['error']);
  const where = await deployment.describe(require);
  log(`measuring on: ${where}`);
  return {
    keepDir,
    dataDir,
    loadBefore,
    app,
    where,
    db: app.get(build.DataSource),
    embeddings: app.get(build.EMBEDDINGS),
    retrieval: app.get(build.RetrievalService),
    repo: app.get(build.HybridSearch),
    statements: app.get(build.RetrievalRepository),
    ingestion: app.get(build.IngestionRepository),
    runs: build.DOCUMENT_RUNS ? app.get(build.DOCUMENT_RUNS) : null,
  };
}

/** SESSIONS sessions and DOCUMENTS documents, each document with its session and kind. */
async function insertSessionsAndDocuments({ db, embeddings }, sessionIds, perDoc) {
  for (let s = 0; s < SESSIONS; s++) {
    const [{ id }] = await db.query(`INSERT INTO sessions (title, day) VALUES ($1, $2) RETURNING id`, [
      `Session ${s + 1}: ${sentence().split(' ').slice(0, 6).join(' ')}`,
      1 + (s % 3),
    ]);
    sessionIds.push(id);
  }
  const docs = [];
  for (let d = 0; d < DOCUMENTS; d++) {
    const kind = d % 2 === 0 ? 'transcript' : 'pdf';
    const sessionId = sessionIds[d % SESSIONS];
    const [{ id }] = await db.query(
      `INSERT INTO documents (session_id, kind, original_filename, storage_path, mime_type, bytes, status, total_chunks, processed_chunks, progress_percent, embedding_model)
         VALUES ($1, $2, $3, '/bench', $4, 1, 'embedded', $5, $5, 100, $6) RETURNING id`,
      [
        sessionId,
        kind,
        `bench-${d}.${kind === 'pdf' ? 'pdf' : 'txt'}`,
        kind === 'pdf' ? 'application/pdf' : 'text/plain',
        perDoc,
        embeddings.model,
      ],
    );
    docs.push({ id, sessionId, kind });
  }
  return docs;
}

/** CHUNKS chunks inserted in batches of BATCH (their texts kept in `texts`), timed from t0. */
async function insertChunks({ db, embeddings }, docs, perDoc, texts, t0) {
  let inserted = 0;
  while (inserted < CHUNKS) {
    const rows = { doc: [], session: [], idx: [], text: [], page: [], speaker: [], time: [] };
    for (let i = 0; i < BATCH && inserted < CHUNKS; i++, inserted++) {
      const doc = docs[Math.floor(inserted / perDoc)];
      const idx = inserted % perDoc;
      const text = chunkText(doc.kind);
      texts.push(text);
      rows.doc.push(doc.id);
      rows.session.push(doc.sessionId);
      rows.idx.push(idx);
      rows.text.push(text);
      rows.page.push(doc.kind === 'pdf' ? idx + 1 : null);
      rows.speaker.push(doc.kind === 'transcript' ? `${name()} ${name()}` : null);
      rows.time.push(doc.kind === 'transcript' ? idx * 55 : null);
    }
    const vectors = await embeddings.embedDocuments(rows.text);
    await db.query(
      `INSERT INTO chunks (document_id, session_id, chunk_index, text, page, speaker, start_time, embedding)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::int[], $6::text[], $7::real[], $8::vector[])`,
      [rows.doc, rows.session, rows.idx, rows.text, rows.page, rows.speaker, rows.time, vectors.map((v) => `[${v.join(',')}]`)],
    );
    if (inserted % 10_000 === 0) log(`  ${inserted} chunks inserted (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
}

/** 1. data: the synthetic chunks loaded (or reused from --data-dir) and the HNSW index built after them. */
async function loadData(ctx) {
  const { db, dataDir } = ctx;
  const t0 = performance.now();
  const data = { loadSeconds: 0, indexSeconds: 0, sessionIds: [], texts: [], hnswParams: '' };
  const [{ n: existing }] = await db.query(`SELECT count(*)::int AS n FROM chunks`);
  const [{ indexdef: hnswDef }] = await db.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'chunks_embedding_hnsw'`);
  data.hnswParams = /WITH \((.*)\)/.exec(hnswDef)?.[1].replace(/'/g, '') ?? `pgvector's defaults, m 16, ef_construction 64`;
  if (existing >= CHUNKS) {
    log(`reusing ${existing} chunks in ${dataDir}`);
    for (const row of await db.query(`SELECT id FROM sessions ORDER BY day, title`)) data.sessionIds.push(row.id);
    for (const row of await db.query(`SELECT text FROM chunks ORDER BY id LIMIT 5000`)) data.texts.push(row.text);
    return data;
  }
  const perDoc = Math.ceil(CHUNKS / DOCUMENTS);
  const docs = await insertSessionsAndDocuments(ctx, data.sessionIds, perDoc);
  // Loading: the HNSW index is built once after the rows are in (faster than row by row); queries use it.
  // The index is rebuilt with the definition the migrations gave it (its m and ef_construction).
  await db.query(`DROP INDEX IF EXISTS chunks_embedding_hnsw`);
  await insertChunks(ctx, docs, perDoc, data.texts, t0);
  // The word counts ingestion writes as each document becomes searchable (builds that keep none skip it).
  if (ctx.ingestion.writeWordCounts) {
    for (const doc of docs) {
      await ctx.ingestion.writeWordCounts(doc.id);
      await ctx.runs?.markWordsCounted(doc.id);
    }
  }
  data.loadSeconds = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await db.query(hnswDef);
  await db.query(`ANALYZE chunks`);
  data.indexSeconds = (performance.now() - t1) / 1000;
  log(`${CHUNKS} chunks loaded in ${data.loadSeconds.toFixed(1)} s, HNSW index built in ${data.indexSeconds.toFixed(1)} s`);
  log(`a chunk: ${data.texts[1].slice(0, 400)}…`);
  return data;
}

/** The questions, made of words of the stored chunks (after a pause: the app's start-up work is over). */
async function makeQuestions({ db }, { keywords }, texts) {
  await new Promise((r) => setTimeout(r, 3000));
  // The questions come from the same chunks whether the data was just loaded or reused.
  texts.length = 0;
  const rows = await db.query(`SELECT text, session_id::text AS "sessionId" FROM chunks ORDER BY id LIMIT 5000`);
  for (const row of rows) texts.push(row.text);
  seed = 4242;
  // The first QUERIES serve the retrieval measurements; the streams need one question each (the server
  // shares the search of a question asked again, so a repeated question would flatter the streams).
  const asked = new Set();
  while (asked.size < Math.max(QUERIES, STREAMS * (ROUNDS + BURSTS + 1) + 1)) {
    const words = keywords(pick(texts)).filter((w) => w.length > 3);
    const chosen = [pick(words), pick(words), pick(words), pick(words)].filter(Boolean);
    asked.add(`What did the speakers say about ${[...new Set(chosen)].join(' and ')}?`);
  }
  const streamQuestions = [...asked];
  // Questions limited to chosen sessions (the attendee app's session filter): each made of words of a
  // chunk of one session, asked with that session and up to two others chosen, none asked before.
  const sessions = (await db.query(`SELECT id::text AS id FROM sessions ORDER BY id`)).map((r) => r.id);
  const filtered = [];
  while (filtered.length < STREAMS) {
    const row = pick(rows);
    const words = keywords(row.text).filter((w) => w.length > 3);
    const chosen = [pick(words), pick(words), pick(words)].filter(Boolean);
    const question = `What was said about ${[...new Set(chosen)].join(' and ')}?`;
    if (asked.has(question)) continue;
    asked.add(question);
    const others = Array.from({ length: int(0, 2) }, () => pick(sessions));
    filtered.push({ question, sessionIds: [...new Set([row.sessionId, ...others])] });
  }
  return { streamQuestions, filtered, questions: streamQuestions.slice(0, QUERIES) };
}

/** --explain: the SQL the retriever runs for one question, caught, then explained in the same settings. */
async function explainOne({ db, retrieval, statements }, { DEFAULT_EF_SEARCH }, question) {
  const original = statements.inSearchTransaction.bind(statements);
  let captured;
  statements.inSearchTransaction = (opts, work) =>
    original(opts, (m) => work({ query: (sql, params) => ((captured = { sql, params }), m.query(sql, params)) }));
  await retrieval.retriever({ k: 8 }).invoke(question);
  statements.inSearchTransaction = original;
  const plan = await db.transaction(async (m) => {
    await m.query(
      `SET LOCAL hnsw.ef_search = ${DEFAULT_EF_SEARCH}; SET LOCAL hnsw.iterative_scan = relaxed_order; SET LOCAL random_page_cost = 1.1`,
    );
    return m.query(`EXPLAIN (ANALYZE, BUFFERS) ${captured.sql}`, captured.params);
  });
  log(question, '\n', plan.map((r) => r['QUERY PLAN']).join('\n'));
}

/** The whole retriever (embedding + SQL) per question: a first pass (word statistics counted), then cached. */
async function timeRetriever(ctx, build, questions) {
  const timeAll = async () => {
    const times = [];
    for (const q of questions) {
      const s = performance.now();
      await ctx.retrieval.retriever({ k: 8 }).invoke(q);
      times.push(performance.now() - s);
    }
    return times;
  };
  // First pass: each question's words are new to the document-frequency cache (counted once per word).
  const cold = await timeAll();
  if (args.has('explain')) await explainOne(ctx, build, questions[0]);
  const e2e = await timeAll();
  return { cold, e2e };
}

/** The hybrid SQL alone, HNSW and exact scan, unfiltered and filtered to 3 sessions, and the top 8's overlap. */
async function timeHybridSql({ repo }, build, questions, embedded, sessionIds) {
  // Each kind of query in its own pass: an exact scan reads the whole table and would push the HNSW
  // index out of the buffer cache between two HNSW queries.
  const hybrid = { hnsw: [], exact: [], filteredAuto: [], filteredHnsw: [], filteredExact: [] };
  const baseOf = (i) => ({
    embedding: embedded[i],
    words: build.keywords(questions[i]),
    k: 8,
    perDocument: build.DEFAULT_PER_DOCUMENT,
    textWeight: build.LOCAL_TEXT_WEIGHT,
  });
  const filterOf = (i) => [sessionIds[i % SESSIONS], sessionIds[(i + 7) % SESSIONS], sessionIds[(i + 19) % SESSIONS]];
  const timed = async (list, run) => {
    const out = [];
    for (let i = 0; i < questions.length; i++) {
      const s = performance.now();
      out.push(await run(i));
      list.push(performance.now() - s);
    }
    return out;
  };
  const approxTop = await timed(hybrid.hnsw, (i) => repo.hybridSearch({ ...baseOf(i), sessionIds: [] }));
  await timed(hybrid.filteredAuto, (i) => repo.hybridSearch({ ...baseOf(i), sessionIds: filterOf(i) }));
  await timed(hybrid.filteredHnsw, (i) => repo.hybridSearch({ ...baseOf(i), sessionIds: filterOf(i), exact: false }));
  await timed(hybrid.filteredExact, (i) => repo.hybridSearch({ ...baseOf(i), sessionIds: filterOf(i), exact: true }));
  const exactTop = await timed(hybrid.exact, (i) => repo.hybridSearch({ ...baseOf(i), sessionIds: [], exact: true }));
  let overlap = 0;
  approxTop.forEach((a, i) => {
    const ids = new Set(exactTop[i].map((p) => p.chunkId));
    overlap += a.filter((p) => ids.has(p.chunkId)).length / Math.max(1, exactTop[i].length);
  });
  return { hybrid, overlap };
}

/** The vector top 10 by exact scan, then by HNSW at each of EF_VALUES: recall, similarity ratio, p95. */
async function measureRecall({ db, repo }, embedded) {
  const exactIds = [];
  const exactTimes = [];
  for (const e of embedded) {
    const s = performance.now();
    exactIds.push(new Set(await repo.nearestChunkIds(e, 10, { exact: true })));
    exactTimes.push(performance.now() - s);
  }
  const meanSimilarity = async (e, ids) => {
    const [{ sim }] = await db.query(`SELECT avg(1 - (embedding <=> $1::vector))::float8 AS sim FROM chunks WHERE id = ANY($2::bigint[])`, [
      `[${e.join(',')}]`,
      [...ids],
    ]);
    return sim;
  };
  const exactSims = [];
  for (const [i, e] of embedded.entries()) exactSims.push(await meanSimilarity(e, exactIds[i]));
  const recallAt = async (ef) => {
    let sum = 0;
    let simRatio = 0;
    const times = [];
    const found = [];
    for (const e of embedded) await repo.nearestChunkIds(e, 10, { efSearch: ef }); // index back in cache
    for (const [i, e] of embedded.entries()) {
      const s = performance.now();
      const approx = await repo.nearestChunkIds(e, 10, { efSearch: ef });
      times.push(performance.now() - s);
      found.push(approx);
      sum += approx.filter((id) => exactIds[i].has(id)).length / 10;
    }
    for (const [i, e] of embedded.entries()) simRatio += (await meanSimilarity(e, found[i])) / exactSims[i];
    return { recall: sum / embedded.length, simRatio: simRatio / embedded.length, p95: pct(times, 95) };
  };
  const recall = {};
  for (const ef of EF_VALUES) recall[ef] = await recallAt(ef);
  return { recall, exactTimes };
}

/** The retrieval figures printed, and their rows of the report's table. */
function retrievalReport(build, { cold, e2e }, { hybrid, overlap }, { recall, exactTimes }, questionCount) {
  const { DEFAULT_EF_SEARCH, EXACT_SCAN_MAX_CHUNKS } = build;
  const r = {
    cold: stats(cold),
    e2e: stats(e2e),
    hnsw: stats(hybrid.hnsw),
    exact: stats(hybrid.exact),
    fa: stats(hybrid.filteredAuto),
    fh: stats(hybrid.filteredHnsw),
    fe: stats(hybrid.filteredExact),
  };
  log(`retrieve (embed + hybrid SQL): p50 ${ms(r.e2e.p50)}, p95 ${ms(r.e2e.p95)}; first pass p95 ${ms(r.cold.p95)}`);
  log(
    `hybrid SQL: HNSW p95 ${ms(r.hnsw.p95)}, exact p95 ${ms(r.exact.p95)}; filtered: as chosen p95 ${ms(r.fa.p95)}, HNSW ${ms(r.fh.p95)}, exact ${ms(r.fe.p95)}`,
  );
  log(
    `recall@10 vs exact: ${Object.entries(recall)
      .map(([ef, x]) => `ef_search=${ef}: ${x.recall.toFixed(3)} (p95 ${ms(x.p95)})`)
      .join('; ')}; exact vector scan p95 ${ms(pct(exactTimes, 95))}`,
  );
  const rows = [
    `| retrieval p95: the retriever (query embedding + hybrid SQL, HNSW), ${QUERIES} queries, word statistics cached | ${ms(r.e2e.p95)} (p50 ${ms(r.e2e.p50)}, p99 ${ms(r.e2e.p99)}) | < ${TARGET_RETRIEVAL_P95_MS} ms |`,
    `| same, first pass (every query word new: its document frequency is counted once) | ${ms(r.cold.p95)} (p50 ${ms(r.cold.p50)}) | — |`,
    `| hybrid SQL alone, HNSW vs exact scan, p95 | ${ms(r.hnsw.p95)} vs ${ms(r.exact.p95)} (exact / HNSW = ${(r.exact.p95 / r.hnsw.p95).toFixed(1)}×) | ratio reported |`,
    `| same, filtered to 3 sessions (~${Math.round((3 * CHUNKS) / SESSIONS)} chunks), p95: as chosen (exact below ${EXACT_SCAN_MAX_CHUNKS} chunks) / HNSW / exact | ${ms(r.fa.p95)} / ${ms(r.fh.p95)} / ${ms(r.fe.p95)} | reported |`,
    `| vector top 10 alone, HNSW (ef_search ${DEFAULT_EF_SEARCH}) p95 vs exact scan p95 | ${ms(recall[DEFAULT_EF_SEARCH].p95)} vs ${ms(pct(exactTimes, 95))} | — |`,
    `| recall@10 of HNSW vs exact scan at ef_search ${EF_VALUES.join(' / ')} (used: ${DEFAULT_EF_SEARCH}) | ${EF_VALUES.map((ef) => recall[ef].recall.toFixed(3)).join(' / ')} | measured |`,
    `| HNSW top 10: mean cosine similarity as a share of the exact top 10's, same ef_search values | ${EF_VALUES.map((ef) => recall[ef].simRatio.toFixed(3)).join(' / ')} | measured |`,
    `| vector top 10, HNSW p95 at the same ef_search values | ${EF_VALUES.map((ef) => ms(recall[ef].p95)).join(' / ')} | — |`,
    `| hybrid top 8: share also in the exact-scan hybrid top 8 | ${(overlap / questionCount).toFixed(3)} | measured |`,
  ];
  return { retrievalRows: rows, okRetrieval: r.e2e.p95 < TARGET_RETRIEVAL_P95_MS };
}

/** 2. retrieval: the retriever, the hybrid SQL and the HNSW recall (none with --skip-retrieval). */
async function measureRetrieval(ctx, build, questions, sessionIds) {
  if (SKIP_RETRIEVAL) return { retrievalRows: [], okRetrieval: true };
  const retriever = await timeRetriever(ctx, build, questions);
  const embedded = await Promise.all(questions.map((q) => ctx.embeddings.embedQuery(q)));
  const sql = await timeHybridSql(ctx, build, questions, embedded, sessionIds);
  const vectors = await measureRecall(ctx, embedded);
  return retrievalReport(build, retriever, sql, vectors, questions.length);
}

/** 3. The BUILT server in a child process on the same data, warmed, with STREAMS attendees signed in. */
async function startBenchServer(dataDir, streamQuestions) {
  const server = await startServer(dataDir, { env: { ...BENCH_LIMITS, ...deployment.env, ...(METRICS ? { METRICS_TOKEN } : {}) } });
  const pid = server.child.pid;
  // Every question's words counted once and the HNSW index read into memory (as after the retrieval
  // passes above): GET /api/search runs the same retriever, without the paced answer.
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < streamQuestions.length)
        await get(server.url, `/api/search?q=${encodeURIComponent(streamQuestions[next++])}`, server.cookie);
    }),
  );
  const users = [];
  for (let u = 0; u < STREAMS; u++) {
    const login = await post(server.url, '/api/login', { email: `bench${u}@example.com`, firstName: `Bench${u}` });
    const cookie = []
      .concat(login.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const start = await post(server.url, '/api/chat/start', { sessionFilter: [] }, cookie);
    users.push({ cookie, threadId: JSON.parse(start.body).id });
  }
  await sleep(2000);
  const idle = rssOf(pid);
  log(`server RSS idle (started, warmed, ${STREAMS} users signed in): ${mb(idle.rss)}`);
  return { server, pid, users, idle };
}

/** a) steady load: STREAMS clients, each asking ROUNDS questions back to back (a new one as soon as its
 *  answer ends), their first questions spread over the length of one answer stream, so that about
 *  STREAMS streams are open at any time and questions keep arriving at an even pace. */
async function steadyStreams({ server, users }, streamQuestions) {
  const single = await stream(server.url, users[0].cookie, {
    threadId: users[0].threadId,
    message: streamQuestions.at(-1),
    sessionIds: [],
  });
  const spreadMs = Math.max(1000, Math.round(single.total ?? 1000));
  const steady = { ttfc: [], totals: [], errors: [] };
  const tSteady = performance.now();
  await Promise.all(
    users.map(async (u, i) => {
      await sleep(Math.floor((i / STREAMS) * spreadMs));
      for (let round = 0; round < ROUNDS; round++) {
        const res = await stream(server.url, u.cookie, {
          threadId: u.threadId,
          message: streamQuestions[round * STREAMS + i],
          sessionIds: [],
        });
        if (res.error) steady.errors.push(res.error);
        if (res.ttfc !== null) steady.ttfc.push(res.ttfc);
        if (res.total !== null) steady.totals.push(res.total);
      }
    }),
  );
  const steadySeconds = (performance.now() - tSteady) / 1000;
  return { steady, spreadMs, steadySeconds };
}

/** b) bursts: STREAMS streams sent in the same instant (every request queues behind the others),
 *  BURSTS times, each after the previous one's answers ended. */
async function bursts({ server, users }, streamQuestions) {
  const burst = { ttfc: [], totals: [], errors: [], p95s: [], cpu: [], untilP95: [] };
  const ownBefore = METRICS ? await streamFirstWords(server) : null;
  for (let b = 0; b < BURSTS; b++) {
    await sleep(1000);
    const { results, cpu, untilP95 } = await streamsAtOnce(
      server,
      users.map((u, i) => ({
        cookie: u.cookie,
        body: { threadId: u.threadId, message: streamQuestions[(ROUNDS + b) * STREAMS + i], sessionIds: [] },
      })),
    );
    const these = [];
    for (const res of results) {
      if (res.error) burst.errors.push(res.error);
      if (res.ttfc !== null) (burst.ttfc.push(res.ttfc), these.push(res.ttfc));
      if (res.total !== null) burst.totals.push(res.total);
    }
    burst.p95s.push(pct(these, 95));
    burst.cpu.push(cpu);
    if (untilP95) burst.untilP95.push(untilP95);
  }
  const cpu = Object.fromEntries(Object.keys(burst.cpu[0] ?? {}).map((k) => [k, stats(burst.cpu.map((c) => c[k])).p50]));
  log(
    `burst CPU per question (median of bursts, question sent to answer ended): API ${ms(cpu.api)}, database ${ms(cpu.postgres)}, load generator ${ms(cpu.client)}`,
  );
  const untilP95 = Object.fromEntries(
    ['api', 'postgres', 'client', 'perQuestion', 'cores'].map((k) => [k, stats(burst.untilP95.map((u) => u[k])).p50]),
  );
  log(`burst CPU until the p95 first content (median of bursts), per answered question: ${cpuUntilP95Text(untilP95)}`);
  if (ownBefore) {
    const after = await streamFirstWords(server);
    const count = (after.buckets.get('+Inf') ?? 0) - (ownBefore.buckets.get('+Inf') ?? 0);
    const le = [...after.buckets].find(([bucket, n]) => n - (ownBefore.buckets.get(bucket) ?? 0) >= 0.95 * count)?.[0];
    log(
      `the app's own metrics over the bursts (GET /api/metrics): ${count} streams' first words, mean ${ms(((after.sum - ownBefore.sum) / Math.max(1, count)) * 1000)}, p95 ≤ ${le} s (histogram bucket); the client measured p95 ${ms(pct(burst.ttfc, 95))}`,
    );
  }
  return { ...burst, cpuPerQuestion: cpu, cpuUntilP95: untilP95 };
}

/** The app's own histogram of the first words of streams (--metrics): cumulative counts by bucket, and their sum in seconds. */
async function streamFirstWords(server) {
  const res = await fetch(`${server.url}/api/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`GET /api/metrics: ${res.status}`);
  const text = await res.text();
  const buckets = new Map(
    [...text.matchAll(/^chat_first_content_seconds_bucket\{le="([^"]+)",endpoint="stream"\} (\d+)$/gm)].map((m) => [m[1], Number(m[2])]),
  );
  const sum = Number(/^chat_first_content_seconds_sum\{endpoint="stream"\} (\S+)$/m.exec(text)?.[1] ?? 0);
  return { buckets, sum };
}

/**
 * Chat streams sent in the same instant; with each stream's result, the CPU per question (API,
 * database, load generator) from the send to the last answer's end, and the CPU spent until the p95
 * question's first content, per answered question, with how many cores were busy meanwhile: what the
 * first 95% of the answers waited for.
 */
async function streamsAtOnce(server, requests) {
  const before = burstCpu(server);
  const atP95 = Math.ceil(0.95 * requests.length);
  const t0 = performance.now();
  let firstContents = 0;
  let p95 = null;
  const results = await Promise.all(
    requests.map((r) =>
      stream(server.url, r.cookie, r.body, () => {
        if (++firstContents === atP95) p95 = { cpu: burstCpu(server), ms: performance.now() - t0 };
      }),
    ),
  );
  const after = burstCpu(server);
  const cpu = Object.fromEntries(Object.keys(after).map((k) => [k, ((after[k] - before[k]) * 1000) / requests.length]));
  let untilP95 = null;
  if (p95) {
    const each = Object.fromEntries(Object.keys(before).map((k) => [k, ((p95.cpu[k] - before[k]) * 1000) / atP95]));
    const spent = Object.values(each).reduce((sum, x) => sum + x, 0);
    untilP95 = { ...each, perQuestion: spent, cores: (spent * atP95) / p95.ms };
  }
  return { results, cpu, untilP95 };
}

/** `streamsAtOnce`'s CPU until the p95 first content, as one line. */
function cpuUntilP95Text(u) {
  return `${ms(u.perQuestion)} (API ${ms(u.api)}, database ${ms(u.postgres)}, load generator ${ms(u.client)}); ${u.cores.toFixed(2)} of ${os.cpus().length} cores busy`;
}

/**
 * CPU seconds so far of the API process, of the database (the local PostgreSQL server's processes, or
 * the embedded database's thread inside the API process, which `api` then leaves out) and of this process.
 */
function burstCpu(server) {
  const own = process.cpuUsage();
  const embedded = threadCpuSecondsOf(server.child.pid, 'embedded-postgres');
  return {
    api: cpuSecondsOf(server.child.pid) - embedded,
    postgres: cpuSecondsOfCommand('postgres') + embedded,
    client: (own.user + own.system) / 1e6,
  };
}

/** A new thread for each attendee (filtered by `sessionsOf(i)`, none by default): a burst's questions start conversations of their own. */
async function newThreads(server, users, sessionsOf = () => []) {
  const threads = [];
  for (const [i, u] of users.entries()) {
    const start = await post(server.url, '/api/chat/start', { sessionFilter: sessionsOf(i) }, u.cookie);
    threads.push({ cookie: u.cookie, threadId: JSON.parse(start.body).id });
  }
  return threads;
}

/** e) the same kind of burst through POST /api/chat/message, the endpoint the attendee app uses in production
 *  (NODE_ENV=production, PRODUCT.md): STREAMS attendees on new threads, questions not asked before, the time
 *  to the whole reply (its first words) and its errors. */
async function messageBurst({ server, users }, streamQuestions) {
  const threads = await newThreads(server, users);
  await sleep(1000);
  const t0 = performance.now();
  const results = await Promise.all(
    threads.map(async (u, i) => {
      const message = streamQuestions[(ROUNDS + BURSTS) * STREAMS + i];
      const res = await post(server.url, '/api/chat/message', { threadId: u.threadId, message, sessionIds: [] }, u.cookie);
      const ok = res.status === 200 && typeof JSON.parse(res.body).content === 'string';
      return { ms: performance.now() - t0, error: ok ? null : `HTTP ${res.status}` };
    }),
  );
  const replies = {
    reply: stats(results.map((r) => r.ms)),
    min: Math.min(...results.map((r) => r.ms)),
    errors: results.filter((r) => r.error).length,
  };
  log(
    `${STREAMS} questions at once through POST /api/chat/message (production's endpoint): reply p50 ${ms(replies.reply.p50)}, p95 ${ms(replies.reply.p95)}, first ${ms(replies.min)}; errors ${replies.errors}`,
  );
  return replies;
}

/** d) a burst of questions limited to chosen sessions: STREAMS attendees, each on a new thread whose
 *  filter holds 1-3 sessions, asking at once (a search limited to sessions scans their chunks exactly). */
async function filteredBurst({ server, users }, filtered) {
  const threads = await newThreads(server, users, (i) => filtered[i].sessionIds);
  await sleep(1000);
  const { results, untilP95 } = await streamsAtOnce(
    server,
    threads.map((u, i) => ({
      cookie: u.cookie,
      body: { threadId: u.threadId, message: filtered[i].question, sessionIds: filtered[i].sessionIds },
    })),
  );
  const limited = {
    ttfc: stats(results.map((r) => r.ttfc).filter((x) => x !== null)),
    errors: results.filter((r) => r.error).length,
    sessions: stats(filtered.map((f) => f.sessionIds.length)),
    cpuUntilP95: untilP95,
  };
  log(
    `${STREAMS} questions limited to 1-3 sessions at once: first content p50 ${ms(limited.ttfc.p50)}, p95 ${ms(limited.ttfc.p95)}; errors ${limited.errors}`,
  );
  if (untilP95) log(`  CPU until the p95 first content, per answered question: ${cpuUntilP95Text(untilP95)}`);
  return limited;
}

/** c) new attendees clicking the suggested questions of the empty chat (frontend-attendee/src/constants.ts)
 *  in the same instant, each on a new thread: the server searches each question once. */
async function suggestedClicks({ server, users }) {
  const suggested = suggestedQuestions();
  const fresh = await newThreads(server, users);
  await sleep(1000);
  const { results: clicked, untilP95 } = await streamsAtOnce(
    server,
    fresh.map((u, i) => ({ cookie: u.cookie, body: { threadId: u.threadId, message: suggested[i % suggested.length], sessionIds: [] } })),
  );
  const clicks = {
    ttfc: stats(clicked.map((r) => r.ttfc).filter((x) => x !== null)),
    errors: clicked.filter((r) => r.error).length,
    cpuUntilP95: untilP95,
  };
  log(
    `${STREAMS} new attendees clicking the ${suggested.length} suggested questions at once: first content p50 ${ms(clicks.ttfc.p50)}, p95 ${ms(clicks.ttfc.p95)}; errors ${clicks.errors}`,
  );
  if (untilP95) log(`  CPU until the p95 first content, per answered question: ${cpuUntilP95Text(untilP95)}`);
  return { suggested, clicks };
}

/** The chat figures (steady streams and bursts) summed up and printed. */
function chatSummary({ steady, steadySeconds }, burst) {
  const t = { ttfc: stats(steady.ttfc), total: stats(steady.totals), burst: stats(burst.ttfc) };
  const errors = [...steady.errors, ...burst.errors];
  log(
    `${STREAMS} concurrent streams (steady, ${ROUNDS} questions each, ${steadySeconds.toFixed(1)} s): first content p50 ${ms(t.ttfc.p50)}, p95 ${ms(t.ttfc.p95)}; complete p95 ${ms(t.total.p95)}`,
  );
  log(
    `${STREAMS} streams in one burst ×${BURSTS}: first content p50 ${ms(t.burst.p50)}, p95 ${ms(t.burst.p95)} (per burst: ${burst.p95s.map(ms).join(', ')}); errors ${errors.length}`,
  );
  return { t, errors };
}

/** d) GET /api/sessions signed in (an attendee; the admin view too) against a bare NestJS hello
 *  world (bench/hello-nest.cjs, its own process), autocannon, alternating, in this run. */
async function sessionListComparison({ server, users }) {
  const helloPort = await freePort();
  const hello = spawn(process.execPath, [path.join(root, 'bench', 'hello-nest.cjs'), String(helloPort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => hello.stdout.once('data', resolve));
  const load = async (url, cookie) => {
    const result = await autocannon({ url, connections: LOAD_CONNECTIONS, duration: LOAD_SECONDS, headers: cookie ? { cookie } : {} });
    return { rps: result.requests.average, p99: result.latency.p99, bad: result.non2xx + result.errors + result.timeouts };
  };
  const helloUrl = `http://127.0.0.1:${helloPort}/hello`;
  const sessionsUrl = `${server.url}/api/sessions`;
  const adminUrl = `${server.url}/api/sessions?admin=true`;
  await load(helloUrl); // warm-up, not counted
  await load(sessionsUrl, users[0].cookie);
  const rounds = [];
  for (let i = 0; i < LOAD_ROUNDS; i++) {
    rounds.push({
      hello: await load(helloUrl),
      sessions: await load(sessionsUrl, users[0].cookie),
      admin: await load(adminUrl, server.cookie),
    });
  }
  hello.kill('SIGTERM');
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const lists = {
    hello: mean(rounds.map((x) => x.hello.rps)),
    sessions: mean(rounds.map((x) => x.sessions.rps)),
    admin: mean(rounds.map((x) => x.admin.rps)),
    bad: rounds.reduce((n, x) => n + x.sessions.bad + x.admin.bad + x.hello.bad, 0),
  };
  const ratios = rounds.map((x) => x.sessions.rps / x.hello.rps);
  log(
    `GET /api/sessions ${lists.sessions.toFixed(0)} req/s (admin view ${lists.admin.toFixed(0)}), hello world ${lists.hello.toFixed(0)} req/s: ratio per round ${ratios.map((x) => x.toFixed(3)).join(', ')}`,
  );
  return { lists, ratios };
}

/** The server's RSS after everything (idle and after the chat load measured before), then the server stopped. */
async function memory({ server, pid, idle }, afterChat) {
  await sleep(3000);
  const after = rssOf(pid);
  log(
    `server RSS: idle ${mb(idle.rss)}, after the chat load ${mb(afterChat.rss)}, after everything ${mb(after.rss)}, peak ${mb(after.hwm)}`,
  );
  await server.stop();
  return { idle, afterChat, after };
}

/** 3. streams, bursts, suggested questions, session list and memory on the built server. */
async function measureServer(dataDir, streamQuestions, filtered) {
  const running = await startBenchServer(dataDir, streamQuestions);
  const steady = await steadyStreams(running, streamQuestions);
  const burst = await bursts(running, streamQuestions);
  const replies = await messageBurst(running, streamQuestions);
  const limited = await filteredBurst(running, filtered);
  const clicked = await suggestedClicks(running);
  const afterChat = rssOf(running.pid);
  const chat = chatSummary(steady, burst);
  const sessionList = await sessionListComparison(running);
  const rss = await memory(running, afterChat);
  return { steady, burst, replies, limited, clicked, chat, sessionList, rss };
}

/** Which targets were met. */
function verdicts({ okRetrieval }, { steady, burst, chat, sessionList }) {
  const { t } = chat;
  const { lists } = sessionList;
  const okSteady = t.ttfc.p95 <= TARGET_STEADY_P95_MS && steady.steady.errors.length === 0;
  const okBurst = t.burst.p95 <= TARGET_BURST_P95_MS && burst.errors.length === 0;
  const sessionsRatio = lists.sessions / lists.hello;
  const okSessions = sessionsRatio >= TARGET_SESSIONS_RATIO && lists.bad === 0;
  const okStreams = okSteady && okBurst && okSessions;
  const ok = okRetrieval && okStreams;
  const missed = [!okRetrieval && 'retrieval p95', !okSteady && 'steady streams', !okBurst && 'burst', !okSessions && 'session list'];
  return { ok, sessionsRatio, verdict: ok ? 'all targets met' : `TARGET MISSED (${missed.filter(Boolean).join(', ')})` };
}

/** The report's opening lines: date, command, machine, load, database, data and queries. */
function reportIntro(build, { loadBefore, where, embeddings }, { loadSeconds, indexSeconds, hnswParams }) {
  const { DEFAULT_EF_SEARCH, LOCAL_TEXT_WEIGHT, DEFAULT_PER_DOCUMENT } = build;
  const date = new Date().toISOString().slice(0, 10);
  const command = ['npm run bench:chat', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ');
  return [
    `## ${deployment.heading('Chat')}`,
    '',
    `Measured ${date} by \`${command}\` (node bench/chat.bench.mjs over ${path.relative(root, dist)}) on: ${machine()}.`,
    `Load average (1 min) of the machine: ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (the machine is shared; other processes add noise).`,
    `${where[0].toUpperCase()}${where.slice(1)}; local provider (feature-hashing embeddings, ${embeddings.dimensions} dimensions; extractive answers).`,
    `Data: ${CHUNKS.toLocaleString('en-US')} synthetic equipment-finance chunks (word-bigram model of the demo conference's transcripts and slides, figures redrawn, invented names added; ${SESSIONS} sessions, ${DOCUMENTS} documents, 550-800 characters each), ${loadSeconds > 0 ? `inserted in batches of ${BATCH} in ${loadSeconds.toFixed(1)} s; HNSW index (${hnswParams}) built after loading in ${indexSeconds.toFixed(1)} s` : `reused from --data-dir (loaded by an earlier run; HNSW index ${hnswParams})`}.`,
    `Queries: ${QUERIES} questions made of words of random chunks; hybrid = HNSW top ${40} + full text top ${40} (IDF-weighted), fused by reciprocal rank (k 60, text weight ${LOCAL_TEXT_WEIGHT}), ≤ ${DEFAULT_PER_DOCUMENT} per document, top 8; hnsw.ef_search ${DEFAULT_EF_SEARCH} with iterative scan.`,
    '',
  ];
}

/** The report's table rows of the server measurements. */
function serverRows(build, { steady, burst, replies, limited, clicked, chat, sessionList, rss }, sessionsRatio) {
  const { spreadMs, steadySeconds } = steady;
  const { suggested, clicks } = clicked;
  const { t, errors } = chat;
  const { lists, ratios } = sessionList;
  const { idle, afterChat, after } = rss;
  return [
    `| ${STREAMS} concurrent chat streams (steady: ${STREAMS} clients × ${ROUNDS} questions back to back, first ones spread over one stream's length, ${(spreadMs / 1000).toFixed(1)} s; ${steadySeconds.toFixed(1)} s in all): time to first content, p95 | ${ms(t.ttfc.p95)} (p50 ${ms(t.ttfc.p50)}, max ${ms(Math.max(...steady.steady.ttfc))}) | ≤ ${TARGET_STEADY_P95_MS} ms |`,
    `| same: stream complete (local answer paced at ${build.LOCAL_STREAM_DELAY_MS} ms per 3 words), p95 | ${ms(t.total.p95)} | — |`,
    `| ${STREAMS} streams sent in the same instant (burst, ${BURSTS} bursts): time to first content, p95 of all | ${ms(t.burst.p95)} (p50 ${ms(t.burst.p50)}; p95 per burst ${burst.p95s.map(ms).join(', ')}) | ≤ ${TARGET_BURST_P95_MS} ms |`,
    `| same: CPU per question, question sent to answer ended (median of the bursts): API process / database (the PostgreSQL server's processes, or the embedded database's thread) / load generator | ${ms(burst.cpuPerQuestion.api)} / ${ms(burst.cpuPerQuestion.postgres)} / ${ms(burst.cpuPerQuestion.client)} | reported |`,
    `| same: CPU until the p95 question's first content, per answered question: all / API / database / load generator, and cores busy (median of the bursts) | ${ms(burst.cpuUntilP95.perQuestion)} / ${ms(burst.cpuUntilP95.api)} / ${ms(burst.cpuUntilP95.postgres)} / ${ms(burst.cpuUntilP95.client)}, ${burst.cpuUntilP95.cores.toFixed(2)} of ${os.cpus().length} cores | reported |`,
    `| ${STREAMS} different questions in the same instant through POST /api/chat/message, the endpoint of the attendee app in production (new threads; 1 burst): time to the reply, p95 | ${ms(replies.reply.p95)} (p50 ${ms(replies.reply.p50)}, first ${ms(replies.min)}); errors ${replies.errors} | reported |`,
    `| ${STREAMS} different questions in the same instant, each limited to the sessions its attendee chose (1-3, median ${limited.sessions.p50}; new threads; 1 burst): time to first content, p95 | ${ms(limited.ttfc.p95)} (p50 ${ms(limited.ttfc.p50)}); errors ${limited.errors}${limited.cpuUntilP95 ? `; CPU until the p95 first content ${cpuUntilP95Text(limited.cpuUntilP95)}` : ''} | reported |`,
    `| ${STREAMS} new attendees clicking the ${suggested.length} suggested questions of the empty chat in the same instant (new threads; 1 burst): time to first content, p95 | ${ms(clicks.ttfc.p95)} (p50 ${ms(clicks.ttfc.p50)}); errors ${clicks.errors}${clicks.cpuUntilP95 ? `; CPU until the p95 first content ${cpuUntilP95Text(clicks.cpuUntilP95)}` : ''} | reported |`,
    `| errors (non-200, error event, missing [DONE]) | ${errors.length} of ${STREAMS * (ROUNDS + BURSTS)}${errors.length ? ` (${[...new Set(errors)].join(', ')})` : ''} | 0 |`,
    `| GET /api/sessions signed in (attendee view) vs a bare NestJS hello world (bench/hello-nest.cjs), autocannon ${LOAD_CONNECTIONS} connections, ${LOAD_ROUNDS} alternating rounds of ${LOAD_SECONDS} s | ${lists.sessions.toFixed(0)} vs ${lists.hello.toFixed(0)} req/s: ${sessionsRatio.toFixed(3)}× (per round ${ratios.map((x) => x.toFixed(3)).join(', ')}); non-2xx/errors ${lists.bad} | ≥ ${TARGET_SESSIONS_RATIO}× |`,
    `| same, admin view (\`?admin=true\`, sessions with their documents) | ${lists.admin.toFixed(0)} req/s (${(lists.admin / lists.hello).toFixed(3)}×) | reported |`,
    `| RSS of the server process: idle (started, warmed, ${STREAMS} users signed in) / after the chat load / after everything / peak (VmHWM) | ${mb(idle.rss)} / ${mb(afterChat.rss)} / ${mb(after.rss)} / ${mb(after.hwm)} | reported |`,
    '',
  ];
}

/** The report's closing lines: how the server ran, and the notes. */
function reportNotes() {
  return [
    `Streams, session list and memory: the built server (\`node backend/dist/main.js\`, NODE_ENV development, ${deployment.server ? 'the same PostgreSQL server and Redis' : 'embedded database'}) in a child process on the same data, warmed by one GET /api/search per question; rate limits raised for the benchmark through the documented settings (${Object.entries(
      BENCH_LIMITS,
    )
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}), ${STREAMS} attendees signed in.`,
    '',
    'Notes:',
    deployment.server
      ? "- Streams and bursts on a PostgreSQL server: the search statement is most of a question's database time and runs on the server's cores; DB_POOL_SIZE bounds how many run at once (bench/profile-question.mjs and bench/explain-search.mjs; figures in bench/history/server-deployment.md)."
      : "- Streams and bursts: most of a question's main-thread time is the embedded database executing its SQL (PGlite is WebAssembly in the API's thread, reading its pages through synchronous file reads), then the extractive answer, rerank and HTTP; a burst of 50 queues all of it behind one thread (bench/profile-question.mjs; figures in the Chat notes of bench/RESULTS.md).",
    '- HNSW recall against an exact scan is low with the local feature-hashing embeddings: bag-of-words vectors hashed to 384 dimensions are nearly equidistant, so the graph returns near-ties (the similarity row) rather than the exact top 10. Quality rests on the IDF-ranked full-text side (weight 3 in the fusion with local embeddings): on the demo conference 53 of 56 questions get the answering passage in the top 5 (backend/test/retrieval-quality.e2e-spec.ts).',
    "- The first-pass row includes counting each new query word's document frequency once; counts are cached until the set of embedded documents changes.",
    "- Queries made only of very common words cost more: with an earlier corpus from a 300-word template vocabulary (every word in 10-80% of the chunks) the full-text side has to intersect long posting lists and the retriever's p95 was about 60 ms. Real prose, like the bigram model here, has a long tail of rare words.",
    '',
  ];
}

/** The report section (printed, written unless --no-write); the exit code 1 when a target is missed. */
function report(build, ctx, data, retrieval, measured) {
  const { ok, sessionsRatio, verdict } = verdicts(retrieval, measured);
  const section = [
    ...reportIntro(build, ctx, data),
    '| measure | result | target |',
    '|---|---|---|',
    ...retrieval.retrievalRows,
    ...serverRows(build, measured, sessionsRatio),
    `Verdict: ${verdict}.`,
    ...reportNotes(),
  ].join('\n');
  log(`\n${section}`);
  if (!args.has('no-write')) writeResults(section);
  if (!ok) process.exitCode = 1;
}

// ---------- main ----------
async function main() {
  const build = loadBuild();
  const ctx = await openApp(build);
  let appClosed = false;
  try {
    const data = await loadData(ctx);
    const { streamQuestions, filtered, questions } = await makeQuestions(ctx, build, data.texts);
    const retrieval = await measureRetrieval(ctx, build, questions, data.sessionIds);
    // 3. The BUILT server (node backend/dist/main.js) in a child process on the same database: chat
    //    streams, GET /api/sessions beside a bare NestJS hello world, and its memory. The in-process
    //    app above is closed first (one process owns the embedded database's directory).
    await ctx.app.close();
    appClosed = true;
    const measured = await measureServer(ctx.dataDir, streamQuestions, filtered);
    report(build, ctx, data, retrieval, measured);
  } finally {
    if (!appClosed) await ctx.app.close();
    if (!ctx.keepDir) fs.rmSync(ctx.dataDir, { recursive: true, force: true });
    await deployment.cleanRedis(require);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
