/**
 * The pool run of the answer-quality evaluation (`npm run eval -- --pool`, called by bench/eval.mjs): each fold
 * of `../shared/eval-dev/pool/` is a conference of its own (a fresh app data directory with all of that fold's
 * files uploaded, so a search without a session filter runs over its 35-50 documents, sibling meetings of one
 * series and several years of one company among them); its questions (all, or `--sample N` of them, stratified
 * by source) are searched with and without the session filter and answered in a thread limited to their session;
 * each is asked again in another file of its conference that lacks its material (an uncovered question, whose
 * right answer is a refusal). The figures of folds 0-3 (`tune`) and fold 4 (`check`) go side by side, each with
 * its 95% interval, beside the dev set's last run, into the pool section of bench/EVAL.md.
 *
 * The app, the uploads and the answers' judges are bench/eval.mjs's own (passed in as `kit`); the measures are
 * in eval-pool-metrics.mjs and eval-metrics.mjs, the report in eval-pool-report.mjs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { factWords, HOLDS_FACT, indexTranscript, judgeResults, shortFactScore } from './eval-metrics.mjs';
import { poolFigures, poolPlan, uncoveredTargets } from './eval-pool-metrics.mjs';
import { POOL_DETAIL_FILE, renderPool, renderPoolDetail, writePoolSection } from './eval-pool-report.mjs';
import { renderCalibration } from './refusal-curve.mjs';
import { readFiguresComment } from './eval-report.mjs';

/** The pool's manifest (its files' paths are relative to the dev set's folder). */
export function loadPool(dataDirOfSet) {
  const file = path.join(dataDirOfSet, 'pool', 'manifest.json');
  if (!fs.existsSync(file))
    throw new Error(`no pool at ${path.dirname(file)} (manifest.json missing); give the dev set's path with --data <dir>`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Top-5 scores of a search, kept per answer for the refusal's calibration curve. */
const scoresOf = (results) => results.slice(0, 5).map((r) => (Number.isFinite(r.score) ? Number(r.score.toFixed(4)) : null));

/** Search with and without the session filter, judged against the question's gold (meetings' lines, filings' pages). */
async function searchBoth(client, q, session, ctx) {
  const enc = encodeURIComponent(q.question.slice(0, 500));
  const f = await client.json('GET', `/api/search?q=${enc}&sessionIds=${session.uuid}`);
  const u = await client.json('GET', `/api/search?q=${enc}`);
  return {
    expected:
      session.kind === 'pdf'
        ? `p. ${q.evidence_pages.join(', ')}`
        : `lines ${q.gold_lines.map(([a, b]) => (a === b ? a : `${a}-${b}`)).join(', ')}`,
    searchFiltered: judgeResults(f.results, q, session, ctx.transcriptIndex, ctx.sessionByUuid, true),
    searchUnfiltered: judgeResults(u.results, q, session, ctx.transcriptIndex, ctx.sessionByUuid, false),
    scores: { filtered: scoresOf(f.results), unfiltered: scoresOf(u.results) },
  };
}

const sourceRows = (sources) =>
  sources.map((s) => ({
    marker: s.marker,
    sessionId: s.sessionId,
    page: s.page ?? null,
    startTime: s.startTime ?? null,
    line: s.line ?? null,
    lineEnd: s.lineEnd ?? null,
  }));

/** One answerable pool question: search (when it has gold passages), the answer in its session, judged. */
async function askAnswerable(kit, client, q, fold, ctx) {
  const session = ctx.sessionById.get(q.session);
  const row = {
    id: q.id,
    fold,
    split: q.split,
    source: q.source,
    session: q.session,
    kind: session.kind,
    type: q.type ?? null,
    question: q.question,
    expect: 'answer',
  };
  if (q.gold_lines || q.evidence_pages) Object.assign(row, await searchBoth(client, q, session, ctx));
  const answer = await kit.askChat(client, session.uuid, q.question);
  Object.assign(row, {
    latencyMs: answer.latencyMs,
    content: answer.content,
    refused: answer.refused,
    // A coverage or confidence score, when the app's answer carries one (the calibration curve's input).
    coverage: answer.coverage ?? null,
    sources: sourceRows(answer.rawSources),
  });
  kit.judgeAnswer(row, answer, q, session, kit.isFiller);
  if (q.source === 'elitr') {
    row.factScore = row.refused ? 0 : shortFactScore(q.answer, row.content);
    row.holdsFact = row.factScore >= HOLDS_FACT;
  }
  return row;
}

/** A question asked in a file of its conference that lacks its material: the right answer is a refusal. */
async function askUncovered(kit, client, q, target, fold, ctx) {
  const session = ctx.sessionById.get(target.session);
  const enc = encodeURIComponent(q.question.slice(0, 500));
  const f = await client.json('GET', `/api/search?q=${enc}&sessionIds=${session.uuid}`);
  const answer = await kit.askChat(client, session.uuid, q.question);
  return {
    id: `${q.id}~uncovered`,
    of: q.id,
    fold,
    split: q.split,
    source: q.source,
    session: session.id,
    kind: session.kind,
    question: q.question,
    expect: 'refusal',
    shared: Number(target.shared.toFixed(3)),
    scores: { filtered: scoresOf(f.results) },
    latencyMs: answer.latencyMs,
    content: answer.content,
    refused: answer.refused,
    coverage: answer.coverage ?? null,
    sources: sourceRows(answer.rawSources),
  };
}

/** The content words of each file of a fold (for choosing where its uncovered questions are asked). */
async function wordsOfFiles(kit, sessions, dataDirOfSet) {
  const words = new Map();
  for (const s of sessions) {
    const file = path.join(dataDirOfSet, s.file);
    // A filing whose text cannot be read has no words: every question then qualifies for it.
    const text =
      s.kind === 'pdf'
        ? await kit.pdfParseAlone(file).then(
            (r) => r.text ?? '',
            () => '',
          )
        : fs.readFileSync(file, 'utf8');
    words.set(s.id, factWords(text));
  }
  return words;
}

/** A fold's conference: the app on its data directory, signed in, every file of the fold in a session of its own. */
async function openFold(kit, opts, part, dataDirOfSet) {
  const dataDir = opts.reuse ? path.join(opts.reuse, `fold-${part.fold}`) : undefined;
  const baseUrl = await kit.startApp(dataDir);
  const client = new kit.Client(baseUrl);
  await kit.signInAsAdmin(client);
  const sessions = part.sessions.map((s) => ({ ...s }));
  const reused = await kit.prepareSessions(client, sessions, Boolean(opts.reuse));
  const tIngest = performance.now();
  const uploaded = await kit.ingest(
    client,
    sessions.filter((s) => !reused.includes(s)),
    dataDirOfSet,
  );
  const ingestion = [...reused.map((s) => ({ session: s.id, kind: s.kind, status: 'embedded', reused: true, seconds: NaN })), ...uploaded];
  return { client, sessions, reused, ingestion, ingestSeconds: (performance.now() - tIngest) / 1000 };
}

/** One fold: its conference (a fresh app), every file uploaded, its questions and their uncovered twins. */
async function runFold(kit, opts, part, dataDirOfSet) {
  const t0 = performance.now();
  const { client, sessions, reused, ingestion, ingestSeconds } = await openFold(kit, opts, part, dataDirOfSet);
  const transcriptIndex = new Map();
  for (const s of sessions.filter((x) => x.kind === 'transcript'))
    transcriptIndex.set(s.id, indexTranscript(fs.readFileSync(path.join(dataDirOfSet, s.file), 'utf8')));
  const ctx = {
    sessionById: new Map(sessions.map((s) => [s.id, s])),
    sessionByUuid: new Map(sessions.map((s) => [s.uuid, s])),
    transcriptIndex,
  };
  const words = await wordsOfFiles(kit, sessions, dataDirOfSet);
  const targets = uncoveredTargets(part.questions, sessions, (id) => words.get(id) ?? new Set(), opts.seed);

  const tAsk = performance.now();
  const rows = [];
  process.stdout.write(`  fold ${part.fold}: ${part.questions.length} questions, ${targets.size} uncovered twins `);
  for (const q of part.questions) {
    const row = await askAnswerable(kit, client, q, part.fold, ctx);
    rows.push(row);
    const target = targets.get(q.id);
    let twin = null;
    if (target && !opts.noUncovered) {
      twin = await askUncovered(kit, client, q, target, part.fold, ctx);
      rows.push(twin);
    }
    const hit = row.searchFiltered ? row.searchFiltered.hit : row.holdsFact;
    process.stdout.write(`${hit ? (row.refused ? 'x' : '.') : row.refused ? 'X' : 'o'}${twin ? (twin.refused ? 'R' : 'r') : ''}`);
  }
  process.stdout.write('\n');
  const askSeconds = (performance.now() - tAsk) / 1000;
  await kit.stopApp();
  const timing = {
    fold: part.fold,
    files: sessions.length,
    embedded: ingestion.filter((i) => i.status === 'embedded').length,
    reused: reused.length,
    errors: ingestion.filter((i) => i.status !== 'embedded').map((i) => `${i.session}: ${i.status}${i.error ? ` (${i.error})` : ''}`),
    questions: part.questions.length,
    available: part.available,
    uncovered: rows.filter((r) => r.expect === 'refusal').length,
    ingestSeconds,
    askSeconds,
    totalSeconds: (performance.now() - t0) / 1000,
  };
  console.log(
    `  fold ${part.fold}: ${timing.embedded}/${timing.files} files embedded in ${ingestSeconds.toFixed(0)} s, ${rows.length} answers in ${askSeconds.toFixed(0)} s, ${timing.totalSeconds.toFixed(0)} s in all`,
  );
  return { rows, timing, ingestion };
}

/**
 * The pool run. `kit`: eval.mjs's app and judges (startApp(dataDir?), stopApp(), Client, signInAsAdmin(client),
 * prepareSessions(client, sessions, reuse), ingest(client, sessions, dir), askChat, judgeAnswer, isFiller,
 * pdfParseAlone, root, machine(), gitCommit(), provider). Returns the figures and where the report went.
 */
export async function runPool(kit, opts, dataDirOfSet, command) {
  const manifest = loadPool(dataDirOfSet);
  // A file the manifest gives no turns, or empty on disk, has no text to ask about.
  const isEmpty = (s) => s.turns === 0 || fs.statSync(path.join(dataDirOfSet, s.file), { throwIfNoEntry: false })?.size === 0;
  const plan = poolPlan(manifest, { folds: opts.folds, sample: opts.sample, seed: opts.seed, isEmpty });
  const started = new Date();
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ');
  console.log(
    `eval --pool: folds ${plan.map((p) => p.fold).join(', ')}; ${plan.reduce((a, p) => a + p.sessions.length, 0)} files, ${plan.reduce((a, p) => a + p.questions.length, 0)} questions${opts.sample ? ` (a sample of ${opts.sample} a fold, seed ${opts.seed})` : ''}`,
  );
  const rows = [];
  const timings = [];
  for (const part of plan) {
    const out = await runFold(kit, opts, part, dataDirOfSet);
    rows.push(...out.rows);
    timings.push(out.timing);
  }
  const figures = poolFigures(rows);
  const complete = plan.length === 5;
  const outFile = complete || opts.write ? path.join(kit.root, 'bench', 'EVAL.md') : path.join(kit.root, 'test-results', 'eval-pool.md');
  const v2 = readFiguresComment(
    fs.existsSync(path.join(kit.root, 'bench', 'EVAL.md')) ? fs.readFileSync(path.join(kit.root, 'bench', 'EVAL.md'), 'utf8') : '',
  );
  const markdown = renderPool({
    started,
    commit: kit.gitCommit(),
    command,
    machine: kit.machine(),
    load,
    provider: kit.provider,
    sample: opts.sample,
    seed: opts.seed,
    plan,
    timings,
    figures,
    v2,
    calibration: renderCalibration(rows),
  });
  writePoolSection(outFile, markdown);
  const detailFile = path.join(kit.root, POOL_DETAIL_FILE);
  fs.mkdirSync(path.dirname(detailFile), { recursive: true });
  fs.writeFileSync(detailFile, renderPoolDetail({ started, commit: kit.gitCommit(), figures, timings }));
  console.log(`wrote ${path.relative(kit.root, outFile)}`);
  if (opts.json) {
    fs.mkdirSync(path.dirname(path.resolve(opts.json)), { recursive: true });
    fs.writeFileSync(path.resolve(opts.json), JSON.stringify({ timings, questions: rows, figures }, null, 1));
    console.log(`wrote ${opts.json}`);
  }
  return { figures, timings, outFile, markdown };
}
