#!/usr/bin/env node
/**
 * Program questions (the assistant knows the conference program): the BUILT app on a fresh data
 * directory without the demo, local provider. The dev program (`program/sessions.import.json` of the
 * dev set) is imported through the super admin import, `program/questions.json` is asked through
 * POST /api/chat/message, then the raw pretalx export goes through the same import (when this build's
 * import reads that shape) and the questions are asked again, moved onto the export's real days (the import
 * file moved the sessions onto other dates and the questions were written against those: the day words of
 * the questions and expectations follow a mapping derived from the sessions both files hold), then the demo conference's program with
 * ten questions written here. Run alone or from `npm run eval` (bench/eval.mjs calls runProgramEval).
 *
 *   node bench/eval-program.mjs [--subset] [--write] [--data <dir>] [--json <file>]
 *     --subset  eight program questions, the uncovered ones and five demo questions (CI-sized)
 *     --write   write the section of bench/EVAL.md even with --subset (else test-results/eval-program.md)
 *
 * A question passes when the answer states every expected fact (`expect`: any one spelling of each inner
 * list) or names at least `min` of its sessions, and cites its session(s) with a session source. An
 * uncovered question passes when the answer says 'not in the program' and names and cites no session.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { publishedPrograms, runPublished } from './eval-published.mjs';
import { ADMIN, api, BACKEND_DIST, BENCH_LIMITS, startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECTION_START = '<!-- program-eval:start -->';
const SECTION_END = '<!-- program-eval:end -->';
const NOT_IN_PROGRAM = 'not in the program';
/** Times each question is asked for the latency figure (the first answer is the one judged). */
const TIMED_ASKS = 3;

/** The demo conference's program questions (backend/demo/sessions.json), written for this evaluation. */
export const DEMO_QUESTIONS = [
  {
    id: 'demo-when-keynote-day2',
    question: 'When is the Day 2 keynote?',
    sessions: ['Day 2 Keynote: The Fed, Interest Rates and Your Cost of Funds'],
    expect: [['8:30 AM'], ['Tuesday, Sept 9'], ['Centennial Ballroom A']],
  },
  {
    id: 'demo-fraud-workshop',
    question: 'What time does the fraud workshop start and which room?',
    sessions: ['Fraud Prevention Lab: Synthetic Identities, Fake Vendors and Double-Pledged Collateral'],
    expect: [['11:00 AM'], ['Tuesday, Sept 9'], ['Larimer Room 2']],
  },
  {
    id: 'demo-ev',
    question: 'Is there a session about EV financing?',
    sessions: ['Green and EV Equipment Finance: Incentives, Charging Infrastructure and Residual Risk'],
    expect: [['11:00 AM'], ['Tuesday, Sept 9'], ['Centennial Ballroom B']],
  },
  {
    id: 'demo-who-closing',
    question: 'Who speaks at the closing keynote?',
    sessions: ['Closing Keynote: Resilience and the Road to 2030'],
    expect: [['Victoria Hale'], ['Wednesday, Sept 10']],
  },
  {
    id: 'demo-workshops-wed',
    question: 'Which workshops are on Wednesday?',
    sessions: ['Pricing Workshop: Building a Lease Rate Model'],
    expect: [['9:30 AM'], ['Larimer Room 2']],
  },
  {
    id: 'demo-paige',
    question: 'When is Paige Whitcombe speaking?',
    sessions: ['Lightning Talks: Lessons from the Vendor Finance Desk', 'Fireside Chat: Building a Vendor Finance Program from Scratch'],
    min: 2,
  },
  {
    id: 'demo-roundtables',
    question: 'Which roundtables are on Monday?',
    sessions: ['Broker and Lender Relations Roundtable'],
    expect: [['1:00 PM'], ['Larimer Room 1']],
  },
  {
    id: 'demo-healthcare-about',
    question: 'What is the healthcare equipment session about?',
    sessions: ['Healthcare Equipment Finance: Imaging, Surgical Robotics and Hospital Budgets'],
    expect: [['surgical robot', 'MRI']],
  },
  {
    id: 'demo-at-315-mon',
    question: "What's on at 3:30 PM on Monday?",
    sessions: ['Fleet and Transportation Finance After the Freight Recession'],
    expect: [['3:15 PM'], ['Centennial Ballroom A']],
  },
  {
    id: 'demo-ballroom-b-tue-am',
    question: 'What is on in Centennial Ballroom B on Tuesday morning?',
    sessions: [
      'Healthcare Equipment Finance: Imaging, Surgical Robotics and Hospital Budgets',
      'Green and EV Equipment Finance: Incentives, Charging Infrastructure and Residual Risk',
    ],
    min: 2,
  },
];
export const DEMO_UNCOVERED = [
  { id: 'demo-none-crypto', question: 'When is the session about crypto mining rigs?', expect: NOT_IN_PROGRAM },
  { id: 'demo-none-person', question: 'Which sessions does Warren Buffett give?', expect: NOT_IN_PROGRAM },
];

const normal = (s) => s.normalize('NFC').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').toLowerCase();
const includes = (text, part) => normal(text).includes(normal(part));
function pct(xs, p) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}
const share = (rows) => (rows.length ? rows.filter((r) => r.pass).length / rows.length : NaN);
const fmtPct = (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(0)}%` : 'n/a');

/** The calendar date a program date-time is published on, in its own offset ('2025-11-01T08:50:00+01:00' → '2025-11-01'). */
const wallDate = (iso) => (typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : null);
const titleKey = (t) => String(t).normalize('NFC').replace(/\s+/g, ' ').trim();
const dateLabel = (date, options) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
const weekdayOf = (date) => dateLabel(date, { weekday: 'long' });
const monthOf = (date) => dateLabel(date, { month: 'long' });
const dayOfMonth = (date) => Number(date.slice(8, 10));

/** pretalx code → the published date of its first slot, from a pretalx talk listing (`schedule{date: {minute: {room: talk}}}`). */
export function pretalxDates(pretalx) {
  const out = new Map();
  for (const byMinute of Object.values(pretalx?.schedule ?? {}))
    for (const byRoom of Object.values(byMinute ?? {}))
      for (const talk of Object.values(byRoom ?? {})) {
        const date = wallDate(talk?.slots?.[0]?.start);
        if (talk?.code && date && !out.has(talk.code)) out.set(talk.code, date);
      }
  return out;
}

/**
 * Which date of the raw export each date of the import file stands for, derived from the sessions both
 * files hold: a pretalx code's session in the import file (found by the code's title, `codes`) and in
 * the export. `map`: import date → export date; `matched`: sessions found in both. Throws when one
 * import date holds sessions of two export dates (then the import file is not the export moved by whole days).
 */
export function dayMapping(importSessions, pretalx, codes) {
  const importDate = new Map(importSessions.map((s) => [titleKey(s.title), wallDate(s.date)]));
  const exportDate = pretalxDates(pretalx);
  const map = new Map();
  let matched = 0;
  for (const [code, title] of Object.entries(codes)) {
    const from = importDate.get(titleKey(title));
    const to = exportDate.get(code);
    if (!from || !to) continue;
    if (map.has(from) && map.get(from) !== to) throw new Error(`import date ${from} holds sessions of ${map.get(from)} and ${to}`);
    map.set(from, to);
    matched++;
  }
  return { map, matched };
}

const capitalLike = (written, word) => (/^\p{Lu}/u.test(written) ? word : word.toLowerCase());

/**
 * `text` with its day words moved by `map` (import date → export date): weekday names ('Monday' →
 * 'Saturday') and month-day dates ('Sept 8', 'September 8' → 'Nov 1', or 'November 1' with `longMonth`).
 * A weekday two mapped dates share with different targets stays; 'Day 1' stays (both programs start on Day 1).
 */
export function translateDays(text, map, longMonth = false) {
  const weekdays = new Map();
  for (const [from, to] of map) {
    const w = weekdayOf(from);
    weekdays.set(w, weekdays.has(w) && weekdays.get(w) !== weekdayOf(to) ? null : weekdayOf(to));
  }
  const byDate = (word, day) =>
    [...map].find(
      ([from]) => dayOfMonth(from) === Number(day) && word.length >= 3 && monthOf(from).toLowerCase().startsWith(word.toLowerCase()),
    );
  return text
    .replace(/\b([A-Za-z]{3,})\.?\s+(\d{1,2})\b/g, (all, word, day) => {
      const hit = byDate(word, day);
      return hit ? dateLabel(hit[1], { month: longMonth ? 'long' : 'short', day: 'numeric' }) : all;
    })
    .replace(/\b[A-Za-z]+day\b/g, (word) => {
      const key = [...weekdays.keys()].find((w) => w.toLowerCase() === word.toLowerCase());
      const to = key ? weekdays.get(key) : null;
      return to ? capitalLike(word, to) : word;
    });
}

/** A program question moved onto the export's days: the question's day words and each expected fact's spellings. */
export function translateQuestion(q, map) {
  const expect = Array.isArray(q.expect)
    ? q.expect.map((alts) => [...new Set(alts.flatMap((a) => [translateDays(a, map), translateDays(a, map, true)]))])
    : q.expect;
  return { ...q, question: translateDays(q.question, map), expect };
}

/** Judges one answer (see the header). `titles`: the expected sessions' titles. */
export function judge(q, titles, answer) {
  const content = answer.content ?? '';
  const cited = new Set((answer.sources ?? []).filter((s) => s.kind === 'session').map((s) => s.sessionTitle));
  if (q.expect === NOT_IN_PROGRAM) {
    const pass = includes(content, NOT_IN_PROGRAM) && cited.size === 0 && !/\*\*[^*]+\*\*/.test(content);
    return { pass, missing: pass ? ['not in the program, nothing named'] : [] };
  }
  const missing = [];
  if (Array.isArray(q.expect)) for (const alts of q.expect) if (!alts.some((a) => includes(content, a))) missing.push(alts.join(' | '));
  const named = titles.filter((t) => includes(content, t));
  const citedWanted = titles.filter((t) => cited.has(t));
  const need = q.min ?? titles.length;
  if (q.min != null && named.length < q.min) missing.push(`names ${named.length} of ${titles.length} (min ${q.min})`);
  if (citedWanted.length < need) missing.push(`cites ${citedWanted.length} of ${need}`);
  return { pass: missing.length === 0, missing };
}

async function deleteAll(server) {
  for (const s of await api(server, 'GET', '/api/sessions?admin=true')) await api(server, 'DELETE', `/api/admin/session/${s.id}`);
}

async function askAll(server, questions, titlesOf, label, log) {
  const rows = [];
  for (const q of questions) {
    const thread = await api(server, 'POST', '/api/chat/start', { sessionFilter: [] });
    const t0 = performance.now();
    const answer = await api(server, 'POST', '/api/chat/message', { threadId: thread.id, message: q.question, sessionIds: [] });
    const latencyMs = performance.now() - t0;
    // Timing only: the same question asked again in new threads (a loaded machine's pauses show as outliers).
    const again = [];
    for (let i = 1; i < TIMED_ASKS; i++) {
      const other = await api(server, 'POST', '/api/chat/start', { sessionFilter: [] });
      const t1 = performance.now();
      await api(server, 'POST', '/api/chat/message', { threadId: other.id, message: q.question, sessionIds: [] });
      again.push(performance.now() - t1);
    }
    const titles = titlesOf(q);
    const verdict = judge(q, titles, answer);
    rows.push({
      set: label,
      id: q.id,
      question: q.question,
      uncovered: q.expect === NOT_IN_PROGRAM,
      latencyMs,
      latencies: [latencyMs, ...again],
      ...verdict,
      content: answer.content,
      // Sources without their ids (each run imports anew): compared run to run by bench/eval-diff.mjs.
      sources: (answer.sources ?? []).map((source) => ({ ...source, sessionId: undefined, documentId: undefined })),
    });
    log(`  ${verdict.pass ? 'PASS' : 'FAIL'} ${q.id}${verdict.pass ? '' : `: ${verdict.missing.join('; ')}`}`);
  }
  return rows;
}

/** How the raw export's questions were moved onto its days, for the note under its figure. */
function translationNote(map, matched, total, reworded) {
  const pairs = [...map].sort().map(([from, to]) => `${from} (${weekdayOf(from)}) → ${to} (${weekdayOf(to)})`);
  return (
    `its sessions keep the export's real dates, while questions.json was written against the import file's moved dates, so for this program only ` +
    `the questions' day words and the expected day facts were translated by a mapping derived from the data (each import-file date → the export's ` +
    `date of the same sessions, ${matched} of ${total} pretalx codes found in both files, the import file's session by the code's title in ` +
    `codes.json): ${pairs.join(', ')}; weekday names and month-day dates follow from the dates, 'Day N' is unchanged; ` +
    `${reworded.questions} questions and ${reworded.facts} expected facts reworded`
  );
}

/**
 * The dev program imported from the raw pretalx export (when this build's import reads that shape) and
 * `questions` asked again, moved onto the export's own days (see translationNote). `{rows, note}`.
 */
async function askRawExport(server, { pretalx, importFile, codes, questions, titlesOf, log }) {
  const raw = await api(server, 'POST', '/api/superadmin/import-sessions', pretalx).catch((e) => ({ imported: 0, message: e.message }));
  if (!(raw.imported > 0)) {
    const note = `the raw pretalx export was not imported by this build (${String(raw.message).slice(0, 120)})`;
    log(`program eval: ${note}`);
    return { rows: [], note };
  }
  log(`program eval, raw pretalx export: ${raw.message}`);
  const { map, matched } = dayMapping(importFile.sessions, pretalx, codes);
  const moved = questions.map((q) => translateQuestion(q, map));
  const reworded = {
    questions: moved.filter((m, i) => m.question !== questions[i].question).length,
    facts: moved.flatMap((m, i) =>
      Array.isArray(m.expect) ? m.expect.filter((alts, j) => alts.join('|') !== questions[i].expect[j].join('|')) : [],
    ).length,
  };
  const note = translationNote(map, matched, Object.keys(codes).length, reworded);
  log(`program eval, raw pretalx export: ${note}`);
  return { rows: await askAll(server, moved, titlesOf, 'dev program (raw pretalx export)', log), note };
}

/**
 * Runs the program evaluation on its own server; returns `{figures, rows, markdown}`. The caller
 * writes `markdown` (a section of bench/EVAL.md).
 */
/** Each program's shares: answered with every fact and cited, uncovered answered "not in the program". */
function programFigures(rows) {
  const sets = [...new Set(rows.map((r) => r.set))];
  return Object.fromEntries(
    sets.map((set) => {
      const of = rows.filter((r) => r.set === set);
      const answerable = of.filter((r) => !r.uncovered);
      const none = of.filter((r) => r.uncovered);
      return [set, { answered: share(answerable), answerable: answerable.length, uncovered: share(none), uncoveredCount: none.length }];
    }),
  );
}

export async function runProgramEval({ data = path.join(root, '..', 'shared', 'eval-dev'), subset = false, log = console.log } = {}) {
  const dir = path.join(path.resolve(data), 'program');
  const { questions, uncovered } = JSON.parse(fs.readFileSync(path.join(dir, 'questions.json'), 'utf8'));
  const codes = JSON.parse(fs.readFileSync(path.join(dir, 'codes.json'), 'utf8'));
  const importFile = JSON.parse(fs.readFileSync(path.join(dir, 'sessions.import.json'), 'utf8'));
  const pretalx = JSON.parse(fs.readFileSync(path.join(dir, 'pyconfr-2025.pretalx.json'), 'utf8'));
  const demo = JSON.parse(fs.readFileSync(path.join(root, 'backend', 'demo', 'sessions.json'), 'utf8'));
  const devQuestions = [...(subset ? questions.slice(0, 8) : questions), ...uncovered];
  const demoQuestions = [...(subset ? DEMO_QUESTIONS.slice(0, 5) : DEMO_QUESTIONS), ...DEMO_UNCOVERED];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-eval-program-'));
  const started = new Date();
  const server = await startServer(dataDir, {
    env: { ...BENCH_LIMITS, AI_PROVIDER: 'local', ADMIN_EMAILS: '', SUPERADMIN_EMAILS: ADMIN },
    startTimeoutMs: 300_000,
  });
  const rows = [];
  const published = [];
  let pretalxNote;
  try {
    const devTitles = (q) => (q.sessions ?? []).map((c) => codes[c]);
    const imported = await api(server, 'POST', '/api/superadmin/import-sessions', importFile);
    log(`program eval: ${imported.message}`);
    rows.push(...(await askAll(server, devQuestions, devTitles, 'dev program (import file)', log)));

    await deleteAll(server);
    const raw = await askRawExport(server, { pretalx, importFile, codes, questions: devQuestions, titlesOf: devTitles, log });
    rows.push(...raw.rows);
    pretalxNote = raw.note;

    await deleteAll(server);
    await api(server, 'POST', '/api/superadmin/import-sessions', { sessions: demo });
    rows.push(...(await askAll(server, demoQuestions, (q) => q.sessions ?? [], 'demo program', log)));

    for (const spec of publishedPrograms()) {
      await deleteAll(server);
      const one = await runPublished(server, api, { spec, dataDir: path.resolve(data), subset, log });
      rows.push(...one.rows);
      published.push(one);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const figures = programFigures(rows);
  const latency = rows.flatMap((r) => r.latencies);
  const summary = { p50: pct(latency, 50), p95: pct(latency, 95), count: latency.length, load: os.loadavg()[0] };
  const markdown = renderProgramSection({ started, subset, figures, rows, summary, pretalxNote, published });
  writeDetail(rows, started);
  return {
    figures,
    rows,
    latency: summary,
    markdown,
    published: published.flatMap(({ label, accuracy, message, floors, languages = [] }) => [
      { label, accuracy, message, floors },
      ...languages.map((l) => ({ ...l, accuracy, message })),
    ]),
  };
}

/** The import table of the published programs: talks with each field as the file gives it. */
function importTable(published) {
  if (!published.length) return [];
  const cell = (a, k) => (a ? `${fmtPct(a.share[k])}` : 'n/a');
  return [
    '',
    'Published programs imported raw (bench/programs/: the conference set first as its organiser would, the file posted as published; each talk compared, by title, with an independent reading of the same file in bench/eval-published.mjs):',
    '',
    '| program | talks | title | day | start time | room | speakers | all five | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...published.map(
      ({ label, accuracy: a }) =>
        `| ${label} | ${a ? a.talks : 'not imported'} | ${cell(a, 'title')} | ${cell(a, 'day')} | ${cell(a, 'startTime')} | ${cell(a, 'room')} | ${cell(a, 'speakers')} | **${cell(a, 'all')}** | 100% |`,
    ),
    ...published.flatMap(({ label, accuracy: a }) =>
      a?.wrong.length ? ['', `${label}, first talks not right: ${a.wrong.slice(0, 5).join('; ')}.`] : [],
    ),
  ];
}

/** Where the per-question table is written by each run (not a record: the record names it). */
export const DETAIL_FILE = path.join(root, 'test-results', 'eval-program-detail.md');
/** Failed questions the record lists itself; the rest are in the detail file. */
const FAILURES_IN_RECORD = 10;

const failText = (r) => `FAIL: ${r.missing.join('; ').replace(/\|/g, '/')}`;

function perQuestionLine(rows) {
  const failed = rows.filter((r) => !r.pass).length;
  const outcome = failed ? `${failed} failed, listed below` : 'all passed';
  return `Per question (${rows.length} questions, ${outcome}): \`${path.relative(root, DETAIL_FILE)}\`, written by the same run (not a record).`;
}

function failures(rows) {
  const failed = rows.filter((r) => !r.pass);
  if (!failed.length) return [];
  return [
    '',
    ...failed.slice(0, FAILURES_IN_RECORD).map((r) => `- ${r.set}: ${r.question} — ${failText(r)}`),
    ...(failed.length > FAILURES_IN_RECORD ? [`- and ${failed.length - FAILURES_IN_RECORD} more in the detail file`] : []),
  ];
}

/** The per-question table, for DETAIL_FILE. */
export function renderDetail(rows, started) {
  return [
    '# Program questions, per question',
    '',
    `Written by bench/eval-program.mjs on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC; the figures are in bench/EVAL.md.`,
    '',
    '| set | question | result |',
    '|---|---|---|',
    ...rows.map((r) => `| ${r.set} | ${r.question.replace(/\|/g, '\\|')} | ${r.pass ? 'pass' : failText(r)} |`),
    '',
  ].join('\n');
}

export function writeDetail(rows, started) {
  fs.mkdirSync(path.dirname(DETAIL_FILE), { recursive: true });
  fs.writeFileSync(DETAIL_FILE, renderDetail(rows, started));
}

export function renderProgramSection({ started, subset, figures, rows, summary, pretalxNote, published = [] }) {
  const out = [
    SECTION_START,
    '## Program questions',
    '',
    `Written by \`node bench/eval-program.mjs${subset ? ' --subset' : ''}\` (also run by \`npm run eval\`) on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC: the built app, a fresh data directory without the demo, local provider, questions through POST /api/chat/message. A question passes when the answer states every expected fact (or names at least \`min\` of its sessions) and cites its session(s); an uncovered one when it says "not in the program" and names and cites no session.`,
    '',
    '| program | answered with every fact and cited | target | uncovered answered "not in the program" | target |',
    '|---|---:|---:|---:|---:|',
    ...Object.entries(figures).map(
      ([set, f]) =>
        `| ${set} | **${fmtPct(f.answered)}** (${Math.round(f.answered * f.answerable)} of ${f.answerable}) | ≥ 90% | **${fmtPct(f.uncovered)}** (${Math.round(f.uncovered * f.uncoveredCount)} of ${f.uncoveredCount}) | 100% |`,
    ),
    '',
    `Answer latency (local provider, POST /api/chat/message, each question asked ${TIMED_ASKS} times in new threads, ${summary.count} answers): p50 ${summary.p50.toFixed(0)} ms, p95 **${summary.p95.toFixed(0)} ms** (target < 100 ms); ${os.cpus().length} cores, load average ${summary.load.toFixed(1)} at the end of the run.`,
    ...(pretalxNote ? ['', `Raw pretalx export: ${pretalxNote}.`] : []),
    ...importTable(published),
    '',
    perQuestionLine(rows),
    ...failures(rows),
    SECTION_END,
  ];
  return out.join('\n');
}

/** Puts the section into `file` (replacing an earlier one), after the file's first paragraph block. */
export function writeSection(file, markdown) {
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const start = old.indexOf(SECTION_START);
  const end = old.indexOf(SECTION_END);
  let next;
  if (start >= 0 && end > start) next = old.slice(0, start) + markdown + old.slice(end + SECTION_END.length);
  else {
    const cut = old.indexOf('\n## ');
    next = cut >= 0 ? `${old.slice(0, cut + 1)}${markdown}\n\n${old.slice(cut + 1)}` : `${old}\n${markdown}\n`;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, next);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const value = (flag) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const subset = args.includes('--subset');
  if (!fs.existsSync(path.join(BACKEND_DIST, 'main.js'))) {
    console.error('the backend is not built: npm run build -w backend');
    process.exit(2);
  }
  const result = await runProgramEval({ subset, data: value('--data') ?? undefined });
  const file =
    subset && !args.includes('--write') ? path.join(root, 'test-results', 'eval-program.md') : path.join(root, 'bench', 'EVAL.md');
  writeSection(file, result.markdown);
  if (value('--json')) fs.writeFileSync(value('--json'), JSON.stringify(result, null, 1));
  console.log(`wrote ${path.relative(root, file)}`);
  for (const [set, f] of Object.entries(result.figures))
    console.log(`${set}: answered ${fmtPct(f.answered)}, uncovered ${fmtPct(f.uncovered)}`);
  console.log(`latency p95 ${result.latency.p95.toFixed(0)} ms`);
}
