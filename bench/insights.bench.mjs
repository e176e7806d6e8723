#!/usr/bin/env node
/**
 * Insights speed and near-duplicate folding (`npm run bench:insights`), on the embedded database
 * (PGlite + pgvector + pg_trgm) of the BUILT backend:
 *  1. 100,000 chat messages (50,000 questions and their answers; 15 % unanswered; 20 sessions; 2,000
 *     users; spread over 120 days; 3 % of answers rated) inserted through SQL in batches;
 *  2. the Insights query (InsightsService: one SQL statement + folding) for 7 / 30 / 90 days, all
 *     sessions and one session, p50 / p95 of --runs runs each, beside its floor (a bare count of the
 *     range's questions) and beside the same statement with index scans switched off;
 *  3. folding quality on the eval-dev questions (read from --eval, default ../shared/eval-dev/manifest.json;
 *     a relative path is resolved from the repository root; never copied): for trigram similarity (pg_trgm, on the
 *     normalised wording) and for cosine similarity of the local embeddings, at several thresholds,
 *     the share of rewordings of a question folded into it and the share of pairs of different
 *     questions wrongly folded.
 * The figures are written to the "Insights" section of bench/RESULTS.md (--no-write: print only).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { RESULTS_DETAIL, writeResultsSection } from './results.mjs';
import { benchArgs } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'backend', 'dist');
const require = createRequire(path.join(root, 'backend', 'package.json'));
const { DataSource } = require('typeorm');
const args = benchArgs();
const MESSAGES = Number(args.get('messages') ?? 100_000);
const RUNS = Number(args.get('runs') ?? 15);
const EVAL = path.resolve(root, args.get('eval') ?? path.join('..', 'shared', 'eval-dev', 'manifest.json'));
// The path as the report shows it: relative to the repository root, never one machine's absolute path.
const EVAL_SHOWN = path.relative(root, EVAL).split(path.sep).join('/');
const SESSIONS = 20;
const USERS = 2000;
const DAYS = 120;
const BATCH = 5000;
const TARGET_P95_MS = 500;
const THRESHOLDS = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8];

let seed = 7;
const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
const pick = (a) => a[Math.floor(rand() * a.length)];

function machine() {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (x) => `${x.toFixed(1)} ms`;

// ---------- synthetic questions: templates over the demo conference's topics ----------
const TOPICS = [
  'residual values for excavators',
  'the FICO floor for app-only deals',
  'ASC 842 lease classification',
  'sales-type leases',
  'debt service coverage',
  'interest rate outlook',
  'captive finance companies',
  'soft cost financing',
  'vendor programs',
  'credit box changes',
  'fraud in titled equipment',
  'AI in credit decisions',
  'used truck prices',
  'securitization markets',
  'bank deposit costs',
  'small ticket delinquencies',
  'EV fleet financing',
  'construction backlog',
  'medical equipment leasing',
  'syndication pricing',
  'e-signature adoption',
  'portfolio monitoring',
  'collateral inspections',
  'end-of-term options',
  'agriculture equipment demand',
  'tax liens',
  'PAYDEX thresholds',
  'tariffs on machinery',
  'broker compensation',
  'CECL reserves',
];
const TEMPLATES = [
  (t) => `What did the panel say about ${t}?`,
  (t) => `What is the outlook for ${t}?`,
  (t) => `How do lenders handle ${t}?`,
  (t) => `Any advice on ${t}?`,
  (t) => `Which session covered ${t}?`,
  (t) => `What are the risks of ${t}?`,
  (t) => `How is ${t} changing in 2026?`,
  (t) => `Summarize the discussion of ${t}`,
];
const UNCOVERED = [
  'Where is the gala dinner?',
  'What is the wifi password?',
  'Who won the golf outing?',
  'Is there a shuttle to the airport?',
  'When does the exhibit hall close?',
  'Can I get a certificate of attendance?',
  'What is the dress code?',
  'Where do I pick up my badge?',
];

/** A question as attendees type it: sometimes lower case, without the question mark, or contracted. */
function reword(q) {
  const r = rand();
  if (r < 0.15) return q.toLowerCase();
  if (r < 0.25) return q.replace(/\?$/, '');
  if (r < 0.32) return q.replace(/^What is/, "What's").replace(/^What are/, "What're");
  if (r < 0.36) return `  ${q}  `.replace(/ /g, '  ').trim();
  return q;
}

/** The sessions, USERS attendees and a thread each. */
async function seedSessionsAndThreads(db) {
  const sessionIds = [];
  for (let s = 0; s < SESSIONS; s++) {
    const [{ id }] = await db.query(`INSERT INTO sessions (title, speakers, format, day) VALUES ($1, '{}', 'panel', 1) RETURNING id`, [
      `Bench session ${s + 1}: ${TOPICS[s]}`,
    ]);
    sessionIds.push(id);
  }
  const users = await db.query(
    `INSERT INTO users (email, first_name) SELECT 'bench' || g || '@insights.bench', 'Bench' FROM generate_series(1, $1) g RETURNING id`,
    [USERS],
  );
  const threads = [];
  for (let i = 0; i < USERS; i += 500) {
    const chunk = users.slice(i, i + 500).map((u) => u.id);
    const rows = await db.query(`INSERT INTO chat_threads (user_id) SELECT unnest($1::uuid[]) RETURNING id, user_id`, [chunk]);
    threads.push(...rows);
  }
  return { sessionIds, threads };
}

/** `n` questions (about 15 % unanswered, reworded like people type) and their answers, as columns to insert. */
function questionBatch(n, threads, sessionIds) {
  const q = { thread: [], content: [], sessions: [], at: [] };
  const a = { content: [], unanswered: [], sources: [] };
  for (let i = 0; i < n; i++) {
    const th = pick(threads);
    const unanswered = rand() < 0.15;
    const text = unanswered && rand() < 0.6 ? pick(UNCOVERED) : pick(TEMPLATES)(pick(TOPICS));
    q.thread.push(th.id);
    q.content.push(reword(text));
    const k = rand() < 0.4 ? 0 : 1 + Math.floor(rand() * 3);
    const filter = Array.from({ length: k }, () => pick(sessionIds)).filter((v, j, all) => all.indexOf(v) === j);
    q.sessions.push(`{${filter.join(',')}}`);
    // An answer cites a session of the question's filter, or any session when it was asked of all.
    const cited = filter.length ? filter[0] : pick(sessionIds);
    const source = { documentId: cited, sessionId: cited, sessionTitle: 'Bench', kind: 'pdf', page: 3, marker: '[p. 3]' };
    // Newer days hold more questions (a conference's questions bunch up around the event).
    q.at.push(new Date(Date.now() - Math.pow(rand(), 1.5) * DAYS * 86_400_000).toISOString());
    a.unanswered.push(unanswered);
    a.content.push(
      unanswered ? "The conference materials don't cover this." : `Here is what the conference materials say:\n\n- ${text} [p. 3]`,
    );
    a.sources.push(unanswered ? '[]' : JSON.stringify([{ ...source, snippet: 'x', score: 0.03 }]));
  }
  return { q, a };
}

/** Inserts a batch of questions and answers, and ratings of about 3 % of the answers; returns how many were rated. */
async function insertBatch(db, { q, a }, userOf) {
  const ids = await db.query(
    `INSERT INTO chat_messages (thread_id, role, content, session_ids, created_at, unanswered)
     SELECT t, 'user', c, s::uuid[], at, u FROM unnest($1::uuid[], $2::text[], $3::text[], $4::timestamptz[], $5::boolean[]) AS x(t, c, s, at, u)
     RETURNING id, thread_id, created_at`,
    [q.thread, q.content, q.sessions, q.at, a.unanswered],
  );
  const answers = await db.query(
    `INSERT INTO chat_messages (thread_id, role, content, sources, question_id, created_at)
     SELECT t, 'assistant', c, s::jsonb, qid, at + interval '2 seconds'
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::timestamptz[]) AS x(t, c, s, qid, at)
     RETURNING id, thread_id, question_id`,
    [ids.map((r) => r.thread_id), a.content, a.sources, ids.map((r) => r.id), ids.map((r) => r.created_at)],
  );
  const fb = answers.filter(() => rand() < 0.03);
  if (!fb.length) return 0;
  await db.query(
    `INSERT INTO chat_feedback (message_id, question_id, user_id, rating, comment)
     SELECT m, q, u, r, c FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[]) AS x(m, q, u, r, c)`,
    [
      fb.map((f) => f.id),
      fb.map((f) => f.question_id),
      fb.map((f) => userOf.get(f.thread_id)),
      fb.map((_, i) => (i % 3 === 0 ? 'down' : 'up')),
      fb.map((_, i) => (i % 3 === 0 ? 'Missed the point' : null)),
    ],
  );
  return fb.length;
}

async function load(db, log) {
  const t0 = performance.now();
  const { sessionIds, threads } = await seedSessionsAndThreads(db);
  const userOf = new Map(threads.map((t) => [t.id, t.user_id]));
  const questions = MESSAGES / 2;
  let inserted = 0;
  let rated = 0;
  while (inserted < questions) {
    const n = Math.min(BATCH, questions - inserted);
    rated += await insertBatch(db, questionBatch(n, threads, sessionIds), userOf);
    inserted += n;
  }
  await db.query('ANALYZE chat_messages');
  await db.query('ANALYZE chat_feedback');
  const seconds = (performance.now() - t0) / 1000;
  log(`loaded ${questions * 2} messages (${rated} rated answers) in ${seconds.toFixed(1)} s`);
  return { sessionIds, seconds, rated };
}

async function timeIt(fn, runs) {
  await fn(); // warm-up
  const out = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

// ---------- folding quality on the eval-dev questions ----------
/** Deterministic surface rewordings a person might type for the same question (same words, mostly). */
function rewordings(q) {
  const base = q.trim();
  const variants = [
    base.toLowerCase().replace(/[?.!]+$/, ''),
    base.replace(/^What is\b/i, "What's").replace(/^What are\b/i, "What're"),
    `Can you tell me ${base.charAt(0).toLowerCase()}${base.slice(1)}`,
    `${base.replace(/[?.!]+$/, '')} please?`,
    base.replace(/\b(the|a|an)\s+/i, ''),
  ];
  // One typo: two letters of the longest word swapped.
  const words = base.split(' ');
  const longest = words.reduce((m, w, i) => (w.length > words[m].length ? i : m), 0);
  const w = words[longest];
  if (w.length > 4) words[longest] = w.slice(0, 2) + w[3] + w[2] + w.slice(4);
  variants.push(words.join(' '));
  return [...new Set(variants)].filter((v) => v !== base);
}

const SYNONYMS = [
  [/\bthink\b/gi, 'feel'],
  [/\bthought\b/gi, 'felt'],
  [/\bsummarize\b/gi, 'Give an overview of'],
  [/\bdiscussion\b/gi, 'conversation'],
  [/\bdiscuss(ed)?\b/gi, 'talk about'],
  [/\babout\b/gi, 'regarding'],
  [/\bsay\b/gi, 'mention'],
  [/\bsaid\b/gi, 'mentioned'],
  [/\bimprove\b/gi, 'make better'],
  [/\bexplain(ed)?\b/gi, 'describe'],
  [/\bopinion\b/gi, 'view'],
  [/\bdecide(d)?\b/gi, 'agree'],
  [/\bhow much\b/gi, 'what amount of'],
  [/\bcompany\b/gi, 'firm'],
  [/\brevenue\b/gi, 'sales'],
  [/\bWhat\b/g, 'Which'],
];

/** Paraphrases: the same question with other words (synonyms) or in another order. */
function paraphrases(q) {
  const base = q.trim();
  let swapped = base;
  for (const [re, to] of SYNONYMS) swapped = swapped.replace(re, to);
  const m = /^(.*?)\s+(about|of|on|in|for)\s+(.+?)[?.!]*$/i.exec(base);
  const reordered = m ? `${m[3].charAt(0).toUpperCase()}${m[3].slice(1)}: ${m[1].toLowerCase()} ${m[2]} it?` : null;
  return [...new Set([swapped, reordered].filter((v) => v && v !== base))];
}

/** For each method and threshold: the share of rewordings and paraphrases folded, and the distinct pairs folded. */
function foldingTable(methods) {
  const table = [];
  for (const [name, m] of Object.entries(methods)) {
    for (const t of THRESHOLDS) {
      const recall = m.reworded.filter((s) => s >= t).length / m.reworded.length;
      const paraphraseRecall = m.paraphrased.filter((s) => s >= t).length / m.paraphrased.length;
      const falseMerges = m.distinct.filter((s) => s >= t).length;
      table.push({ name, t, recall, paraphraseRecall, falseMerges, falseShare: falseMerges / m.distinct.length });
    }
  }
  return table;
}

/** The scores of each folding method on the three kinds of pairs. */
async function foldingMethods({ trgm, embed, backend }, { distinct, reworded, paraphrased }) {
  // What the Insights tab folds: trigram similarity, and only between questions with the same numbers and names.
  const same = (pairs) => pairs.map(([a, b]) => backend.sameParticulars(backend.particulars(a), backend.particulars(b)));
  const gated = (scores, pairs) => {
    const ok = same(pairs);
    return scores.map((x, i) => (ok[i] ? x : 0));
  };
  const trigram = { distinct: await trgm(distinct), reworded: await trgm(reworded), paraphrased: await trgm(paraphrased) };
  return {
    trigram,
    'trigram, same numbers and names': {
      distinct: gated(trigram.distinct, distinct),
      reworded: gated(trigram.reworded, reworded),
      paraphrased: gated(trigram.paraphrased, paraphrased),
    },
    embedding: { distinct: embed(distinct), reworded: embed(reworded), paraphrased: embed(paraphrased) },
  };
}

async function foldingQuality(db, embeddings, backend, log) {
  if (!fs.existsSync(EVAL)) {
    log(`no eval-dev manifest at ${EVAL_SHOWN}: folding quality skipped`);
    return null;
  }
  const manifest = JSON.parse(fs.readFileSync(EVAL, 'utf8'));
  const questions = [...new Set(manifest.questions.map((q) => q.question.trim()))];
  const norm = (s) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  // Trigram similarity from PostgreSQL itself (the function the Insights query uses).
  const trgm = async (pairs) => {
    const rows = await db.query(`SELECT similarity(a, b) AS s FROM unnest($1::text[], $2::text[]) AS x(a, b)`, [
      pairs.map((p) => norm(p[0])),
      pairs.map((p) => norm(p[1])),
    ]);
    return rows.map((r) => Number(r.s));
  };
  const cos = (x, y) => x.reduce((s, v, i) => s + v * y[i], 0);
  const distinct = [];
  for (let i = 0; i < questions.length; i++) for (let j = i + 1; j < questions.length; j++) distinct.push([questions[i], questions[j]]);
  const reworded = questions.flatMap((q) => rewordings(q).map((v) => [q, v]));
  const paraphrased = questions.flatMap((q) => paraphrases(q).map((v) => [q, v]));
  const texts = [...new Set([...questions, ...reworded.map((p) => p[1]), ...paraphrased.map((p) => p[1])])];
  const vectors = new Map();
  const embedded = await embeddings.embedDocuments(texts);
  texts.forEach((t, i) => vectors.set(t, embedded[i]));
  const embed = (pairs) => pairs.map(([a, b]) => cos(vectors.get(a), vectors.get(b)));
  const methods = await foldingMethods({ trgm, embed, backend }, { distinct, reworded, paraphrased });
  const table = foldingTable(methods);
  // The closest distinct pairs by trigram similarity (what a threshold must keep apart).
  const closest = distinct
    .map((p, i) => ({ p, s: methods.trigram.distinct[i] }))
    .sort((a, b) => b.s - a.s)
    .slice(0, 3);
  log(
    `folding: ${questions.length} questions, ${distinct.length} distinct pairs, ${reworded.length} rewordings, ${paraphrased.length} paraphrases`,
  );
  for (const r of table)
    log(
      `  ${r.name} ≥ ${r.t}: rewordings ${(r.recall * 100).toFixed(1)} %, paraphrases ${(r.paraphraseRecall * 100).toFixed(1)} %, distinct pairs folded ${r.falseMerges}`,
    );
  return {
    questions: questions.length,
    pairs: distinct.length,
    rewordings: reworded.length,
    paraphrases: paraphrased.length,
    table,
    closest,
    examples: paraphrased.slice(0, 2),
  };
}

/** The backend's modules the benchmark uses, from the build. */
function loadBackend() {
  if (!fs.existsSync(path.join(dist, 'bootstrap.js'))) throw new Error('backend/dist is missing: run `npm run build -w backend` first.');
  return {
    ...require(path.join(dist, 'config', 'app-config.js')),
    ...require(path.join(dist, 'bootstrap.js')),
    ...require(path.join(dist, 'insights', 'insights.service.js')),
    ...require(path.join(dist, 'insights', 'insights.repository.js')),
    ...require(path.join(dist, 'ai', 'ai.types.js')),
  };
}

/** With --explain: the plan of the Insights statement itself (the repository's query, run once under EXPLAIN ANALYZE). */
async function explainCases(db, insights, cases, log) {
  for (const [label, days, sessionId] of cases) {
    const transaction = db.transaction.bind(db);
    db.transaction = (work) =>
      transaction(async (m) => {
        db.transaction = transaction;
        const query = m.query.bind(m);
        m.query = async (sql, params) => {
          if (!sql.trimStart().startsWith('WITH')) return query(sql, params);
          const plan = await query(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
          log(`--- ${label}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
          return query(sql, params);
        };
        return work(m);
      });
    await insights.insights(days, sessionId);
  }
}

/** One case timed: the whole call, the SQL statement alone, the CPU time of one call, and the floor (a bare count). */
async function timeCase(backend, app, [label, days, sessionId], log) {
  const { FOLD_CANDIDATES, NOT_HELPFUL_LIMIT } = backend;
  const db = app.get(DataSource);
  const insights = app.get(backend.InsightsService);
  const result = await insights.insights(days, sessionId);
  const full = await timeIt(() => insights.insights(days, sessionId), RUNS);
  const repo = app.get(backend.InsightsRepository);
  const sqlOnly = await timeIt(
    () => repo.insights({ days, sessionId, candidates: FOLD_CANDIDATES, notHelpfulLimit: NOT_HELPFUL_LIMIT }),
    RUNS,
  );
  const cpu0 = process.cpuUsage();
  await insights.insights(days, sessionId);
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const floor = await timeIt(
    () => db.query(`SELECT count(*) FROM chat_messages WHERE role = 'user' AND created_at >= now() - make_interval(days => $1)`, [days]),
    RUNS,
  );
  log(
    `${label}: p50 ${ms(pct(full, 50))}, p95 ${ms(pct(full, 95))} (SQL alone p50 ${ms(pct(sqlOnly, 50))}; CPU of one call ${ms(cpuMs)}; floor p95 ${ms(pct(floor, 95))}); ${result.totals.questions} questions`,
  );
  return {
    label,
    days,
    sessionId,
    full,
    floor,
    sqlOnly,
    cpuMs,
    questions: result.totals.questions,
    unanswered: result.totals.unanswered,
    lines: result.unanswered.length,
    top: result.topQuestions[0],
  };
}

/** The same statement without index scans (one embedded backend: the setting reaches every pool connection), and the plan of the range filter. */
async function indexFigures(db, insights, sessionId, log) {
  await db.query('SET enable_indexscan = off');
  await db.query('SET enable_bitmapscan = off');
  const noIndex = await timeIt(() => insights.insights(30, sessionId), Math.min(RUNS, 5));
  const noIndex7 = await timeIt(() => insights.insights(7, null), Math.min(RUNS, 5));
  await db.query('RESET enable_indexscan');
  await db.query('RESET enable_bitmapscan');
  const plan = await db.query(
    `EXPLAIN SELECT count(*) FROM chat_messages m WHERE m.role = 'user' AND m.created_at >= now() - make_interval(days => 7) AND m.session_ids @> ARRAY[$1::uuid]`,
    [sessionId],
  );
  const planText = plan.map((r) => r['QUERY PLAN']).join(' | ');
  log(`plan (7 days, one session): ${planText}`);
  return { noIndex, noIndex7, planText };
}

/** The record's row of the folding quality at the threshold the app uses (the whole comparison is the run's detail). */
function foldingRow(folding, threshold) {
  const r = folding?.table.find((x) => x.name === 'trigram' && x.t === threshold);
  if (!r) return [];
  return [
    `| near-duplicate folding at trigram ≥ ${threshold}, on the eval-dev questions: rewordings / paraphrases folded, different questions folded | ${(r.recall * 100).toFixed(1)} % / ${(r.paraphraseRecall * 100).toFixed(1)} %, ${r.falseMerges} of ${folding.pairs.toLocaleString('en-US')} pairs (${(r.falseShare * 100).toFixed(2)} %) | reported |`,
  ];
}

/** The folding comparison's part of the section. */
function foldingLines(folding) {
  return [
    '### Near-duplicate folding: trigram similarity vs embeddings, on the eval-dev questions',
    '',
    `The ${folding.questions} questions of the development evaluation set (\`${EVAL_SHOWN}\`, read at run time, not copied) are all different questions, several of them`,
    "worded alike ('What did the professor think about …' / 'What did PhD D think about …'): every pair of them folded is a false merge. Each question also gets",
    `${(folding.rewordings / folding.questions).toFixed(1)} rewordings on average (lower case without '?', "What's", 'Can you tell me …', '… please?', an article dropped, two letters swapped):`,
    "each of those folded into its question is a correct fold. Trigram similarity is PostgreSQL's pg_trgm `similarity()` on the normalised wording (the function the",
    "Insights query calls); 'trigram, same numbers and names' is what the tab folds: trigram similarity, and only between questions with the same numbers and",
    "names (a capitalised word that does not open a sentence; `particulars` in insights.service.ts); embedding cosine uses the local provider's embeddings",
    '(feature hashing, 384 dimensions). Identical normalised wordings are always one group.',
    '',
    `Paraphrases (${folding.paraphrases}: words swapped for synonyms, or the topic moved to the front, e.g. “${folding.examples.map((e) => e[1]).join('” / “')}”) are the hard case.`,
    '',
    `| method, threshold | rewordings folded (of ${folding.rewordings}) | paraphrases folded (of ${folding.paraphrases}) | different questions folded (of ${folding.pairs.toLocaleString('en-US')} pairs) |`,
    '|---|---|---|---|',
    ...folding.table.map(
      (r) =>
        `| ${r.name} ≥ ${r.t} | ${(r.recall * 100).toFixed(1)} % | ${(r.paraphraseRecall * 100).toFixed(1)} % | ${r.falseMerges} (${(r.falseShare * 100).toFixed(2)} %) |`,
    ),
    '',
    `Closest different questions by trigram similarity: ${folding.closest.map((c) => `${c.s.toFixed(2)} (“${c.p[0]}” / “${c.p[1]}”)`).join('; ')}.`,
    '',
  ];
}

/** The "Insights" section of bench/RESULTS.md. */
function insightsSection(backend, { data, rows, noIndex, noIndex7, planText, folding, loadBefore }) {
  const { FOLD_SIMILARITY, FOLD_CANDIDATES } = backend;
  const date = new Date().toISOString().slice(0, 10);
  const byLabel = Object.fromEntries(rows.map((r) => [r.label, r]));
  return [
    '## Insights',
    '',
    `Measured ${date} by \`npm run bench:insights\` (builds the backend, then \`node bench/insights.bench.mjs --runs=${RUNS}\`) on: ${machine()}.`,
    `Load average (1 min): ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after (the machine is shared; figures move by tens of percent between runs).`,
    'Embedded database (PGlite 0.5.14 with pgvector and pg_trgm, over pglite-socket), the built app in this process; timed: `InsightsService.insights()` = the one SQL statement of the',
    `Insights tab (a question counted under its filter's sessions and those its answer cited) + folding of near-duplicates (pg_trgm similarity ≥ ${FOLD_SIMILARITY}, same numbers and names, among the first ${FOLD_CANDIDATES} wording groups of each list).`,
    `Data: ${MESSAGES.toLocaleString('en-US')} chat messages (${(MESSAGES / 2).toLocaleString('en-US')} questions and their answers, 15 % unanswered, ${SESSIONS} sessions, ${USERS.toLocaleString('en-US')} users, over ${DAYS} days, newer days denser; each answer cites one session: its question's first, or any when asked of all; ${data.rated.toLocaleString('en-US')} rated answers), loaded in ${data.seconds.toFixed(1)} s.`,
    '',
    '| measure | result | target |',
    '|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.label} (${r.questions.toLocaleString('en-US')} questions, ${r.unanswered.toLocaleString('en-US')} unanswered), p95 of ${RUNS} | **${ms(pct(r.full, 95))}** (p50 ${ms(pct(r.full, 50))}; the SQL statement alone p50 ${ms(pct(r.sqlOnly, 50))}; CPU time of one call ${ms(r.cpuMs)}) | < ${TARGET_P95_MS} ms |`,
    ),
    ...rows
      .map(
        (r) =>
          `| floor: bare count of the range's questions (${r.days} days), p95 | ${ms(pct(r.floor, 95))} (insights / floor = ${(pct(r.full, 95) / pct(r.floor, 95)).toFixed(1)} ×) | reported |`,
      )
      .filter((_, i) => i < 3),
    `| 30 days, one session, index scans off (enable_indexscan, enable_bitmapscan), p50 | ${ms(pct(noIndex, 50))} vs ${ms(pct(byLabel['30 days, one session'].full, 50))} with them | reported |`,
    `| 7 days, all sessions, index scans off, p50 | ${ms(pct(noIndex7, 50))} vs ${ms(pct(byLabel['7 days, all sessions'].full, 50))} with them | reported |`,
    ...foldingRow(folding, FOLD_SIMILARITY),
    '',
    `Verdict: ${rows.every((r) => pct(r.full, 95) < TARGET_P95_MS) ? 'the target is met in every case' : 'the target is MISSED in at least one case'}.`,
    '',
    RESULTS_DETAIL,
    `Plan of the range + session filter alone: \`${planText.replace(/\s+/g, ' ').slice(0, 400)}\`.`,
    '',
    'Notes: the 500 ms target is this benchmark\'s own (the issue asks for "fast on 100,000 messages"): an admin screen that loads in under half a second.',
    'CPU time of one call (this process: Node and the WebAssembly database) is the steadier figure on a shared machine; wall times include waiting for a core.',
    'How the statement was made fast: bench/history/insights-statement.md.',
    '',
    ...(folding ? foldingLines(folding) : []),
  ].join('\n');
}

async function main() {
  const backend = loadBackend();
  const log = console.log;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-bench-insights-'));
  const config = backend.loadConfig(
    { NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-bench-secret-1234', SEED_DEMO: 'false', AI_PROVIDER: 'local', PORT: '0' },
    { dataDir },
  );
  const loadBefore = os.loadavg()[0];
  const app = await backend.createApp(config);
  app.useLogger(['error']);
  await app.init();
  const db = app.get(DataSource);
  const insights = app.get(backend.InsightsService);
  try {
    const data = await load(db, log);
    const cases = [
      ['7 days, all sessions', 7, null],
      ['30 days, all sessions', 30, null],
      ['90 days, all sessions', 90, null],
      ['30 days, one session', 30, data.sessionIds[3]],
    ];
    if (args.get('explain') === 'true') await explainCases(db, insights, cases, log);
    const rows = [];
    for (const c of cases) rows.push(await timeCase(backend, app, c, log));
    const figures = await indexFigures(db, insights, data.sessionIds[3], log);
    const folding = await foldingQuality(db, app.get(backend.EMBEDDINGS), backend, log);
    const section = insightsSection(backend, { data, rows, ...figures, folding, loadBefore });
    if (args.get('no-write') === 'true') console.log(section);
    else writeResultsSection('Insights', section);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
