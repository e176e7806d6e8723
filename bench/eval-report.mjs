/**
 * The report of `npm run eval` (bench/eval.mjs): the figures of both halves of the dev set side by side,
 * written to bench/EVAL.md (a full run) or test-results/. The per-file and per-question detail (ingestion per
 * file, the misses, flagged takeaways) is not part of the record: `writeReport` puts it beside the report in
 * test-results/ (`<report>-detail.md`), and the record names that file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkFloors, generalisationGaps, GENERALISATION_GAP, SPLITS } from './eval-metrics.mjs';

export const fmt = (x, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
export const fmtPct = (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(0)}%` : 'n/a');

const GROUPS = ['meetings', 'filings', 'overall'];

/** A figure with its 95% interval: `0.84 (0.76-0.89)`, or `28% (22-35%)` as a percentage. */
export function withInterval(ci, percent = false) {
  if (!ci || !Number.isFinite(ci.value)) return 'n/a';
  if (!Number.isFinite(ci.lo)) return percent ? fmtPct(ci.value) : fmt(ci.value);
  if (percent) return `${fmtPct(ci.value)} (${(ci.lo * 100).toFixed(0)}-${fmtPct(ci.hi)})`;
  return `${fmt(ci.value)} (${fmt(ci.lo)}-${fmt(ci.hi)})`;
}

/** Rows of the figure table: label and how a group's figures print. */
const ROWS = [
  ['Files embedded', (g) => `${g.embedded} / ${g.files}`],
  ['Ingestion, upload → embedded (s, total)', (g) => fmt(g.ingestSeconds, 1)],
  ['PDF pages/s: app (upload → embedded)', (g) => (g.pages ? fmt(g.appPagesPerSecond, 1) : '–')],
  ['PDF pages/s: pdf-parse alone', (g) => (g.pages ? fmt(g.parsePagesPerSecond, 1) : '–')],
  ['Questions: answerable / uncovered', (g) => `${g.answerable} / ${g.uncovered}`],
  ['hit@5, session filter', (g) => withInterval(g.ci?.hitFiltered)],
  ['MRR@5, session filter', (g) => withInterval(g.ci?.mrrFiltered)],
  ['hit@5, no filter', (g) => withInterval(g.ci?.hitUnfiltered)],
  ['MRR@5, no filter', (g) => withInterval(g.ci?.mrrUnfiltered)],
  ['False refusals (answerable refused)', (g) => withInterval(g.ci?.falseRefusal, true)],
  ['Uncovered questions refused', (g) => (g.uncovered ? withInterval(g.ci?.refusedUncovered, true) : '–')],
  ['Answers with every unit located', (g) => withInterval(g.ci?.located, true)],
  [
    'Filing answers citing an evidence page',
    (g) => (g.answerable && Number.isFinite(g.evidenceCited) ? withInterval(g.ci?.evidenceCited, true) : '–'),
  ],
  [
    'Cross-file probes refused (a question asked in another file of its half)',
    (g) => (g.probes ? `${withInterval(g.ci?.probesRefused, true)} of ${g.probes}` : '–'),
  ],
  ['Answer claims that are filler', (g) => fmtPct(g.fillerShare)],
  ['Takeaways that are filler (per file)', (g) => (g.takeaways ? `${fmtPct(g.takeawayFillerShare)} of ${g.takeaways}` : '–')],
  ['Answer claims and takeaways that are filler', (g) => fmtPct(g.fillerShareAll)],
  ['Gold-word recall', (g) => withInterval(g.ci?.goldRecall)],
  ['chat/simple latency p50 / p95 (ms)', (g) => `${fmt(g.p50, 0)} / ${fmt(g.p95, 0)}`],
];

/** Every figure of meetings, filings and overall, `tune` and `check` side by side. */
export function figureTable(fg) {
  const cols = GROUPS.flatMap((group) => SPLITS.map((split) => [`${group} ${split}`, fg[split]?.[group]]));
  return [
    `| Figure | ${cols.map(([n]) => n).join(' | ')} |`,
    `|---|${cols.map(() => '---:').join('|')}|`,
    ...ROWS.map(([label, f]) => `| ${label} | ${cols.map(([, g]) => (g ? f(g) : '–')).join(' | ')} |`),
  ].join('\n');
}

const KEY_LABELS = {
  hitFiltered: 'hit@5, session filter',
  mrrFiltered: 'MRR@5, session filter',
  hitUnfiltered: 'hit@5, no filter',
  mrrUnfiltered: 'MRR@5, no filter',
  falseRefusal: 'false refusals',
  refusedUncovered: 'uncovered refused',
  located: 'every unit located',
  evidenceCited: 'evidence page cited',
  goldRecall: 'gold-word recall',
  fillerShare: 'filler claims',
  probesRefused: 'cross-file probes refused',
  takeawayFillerShare: 'filler takeaways',
  fillerShareAll: 'filler claims and takeaways',
};

/** The quality figures whose `check` is further than 0.05 from `tune`, one line each. */
export function gapLines(figures) {
  const gaps = generalisationGaps(figures);
  if (!gaps.length) return [`Every quality figure of \`check\` is within ${GENERALISATION_GAP} of \`tune\`.`];
  return [
    `Quality figures where \`check\` is further than ${GENERALISATION_GAP} from \`tune\`:`,
    ...gaps.map(
      (g) => `- ${g.group}, ${KEY_LABELS[g.key]}: tune ${fmt(g.tune)}, check ${fmt(g.check)} (${g.diff > 0 ? '+' : ''}${fmt(g.diff)})`,
    ),
  ];
}

/** The floors of --check printed with PASS/FAIL; returns how many failed. */
export function printCheck(figures) {
  const results = checkFloors(figures);
  console.log('\n--check: figures against their floors (every file run, both halves)');
  for (const f of results) {
    const bound = f.min !== undefined ? `≥ ${f.min}` : `≤ ${f.max}`;
    console.log(`  ${f.ok ? 'PASS' : 'FAIL'}  ${f.label.padEnd(42)} ${fmt(f.value)}  (floor ${bound})`);
  }
  const failed = results.filter((f) => !f.ok).length;
  console.log(failed ? `\n${failed} figure(s) under their floor: eval FAILED` : '\nevery figure at or above its floor: eval PASSED');
  return failed;
}

export function printFigures(figures) {
  console.log(`\n${figureTable(figures)}\n\n${gapLines(figures).join('\n')}`);
}

const oneLine = (s, n) => {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n)}…` : t;
};
const cell = (s) => String(s).replace(/\|/g, '\\|');

/** Why a question is among the misses (empty: not a miss). */
export function missReasons(r) {
  if (r.expect === 'refusal') return r.refused ? [] : ['not refused'];
  const why = [];
  if (!r.searchFiltered.hit) why.push('retrieval');
  if (!r.searchUnfiltered.hit) why.push('unfiltered');
  if (r.refused) why.push('refused');
  if (r.allLocated === false) why.push('unlocated');
  if (r.evidenceCited === false) why.push('no evidence page');
  if (r.fillers?.length) why.push('filler');
  if (r.probe && !r.probe.refused) why.push('probe answered');
  return why;
}

/** The run's ingestion per file, folded. */
function ingestionLines(ingestion) {
  const lines = ['<details><summary>Ingestion per file</summary>', ''];
  lines.push('| File | Split | Status | Upload → embedded (s) | Pages | pdf-parse alone (s) | Error |', '|---|---|---|---:|---:|---:|---|');
  for (const i of ingestion) {
    lines.push(
      `| ${i.session} | ${i.split ?? ''} | ${i.status}${i.reused ? ' (reused)' : ''} | ${fmt(i.seconds, 1)} | ${i.pages ?? '–'} | ${i.parseSeconds != null ? fmt(i.parseSeconds, 1) : '–'} | ${cell(i.error ?? i.parseError ?? '')} |`,
    );
  }
  lines.push('', '</details>', '');
  return lines;
}

/** Every question that failed a measure, with why and what the app answered, folded. */
function missLines(perQuestion) {
  const lines = [];
  const misses = perQuestion.filter((r) => missReasons(r).length > 0);
  lines.push(`<details><summary>Misses (${misses.length} of ${perQuestion.length} questions)</summary>`, '');
  lines.push(
    'Why each is listed: `retrieval` (gold not in the filtered top 5), `unfiltered` (not in the unfiltered top 5), `refused` (answerable but refused), `not refused` (uncovered but answered), `unlocated` (a unit without a located marker), `no evidence page` (filing answer citing no evidence page), `filler` (a claim the filler rule flags), `probe answered` (asked in another file of its half as a cross-file probe, and answered).',
    '',
  );
  for (const r of misses) {
    lines.push(`- **${r.id}** (${r.session}, ${r.split}; ${missReasons(r).join(', ')}): ${oneLine(r.question, 200)}`);
    if (r.expect === 'answer') {
      lines.push(`  - expected: ${r.expected}`);
      lines.push(`  - top 5 filtered: ${r.searchFiltered.top.map((t) => `${t.where}${t.hit ? ' ✓' : ''}`).join('; ') || 'none'}`);
      if (!r.searchUnfiltered.hit) lines.push(`  - top 5 unfiltered: ${r.searchUnfiltered.top.map((t) => t.where).join('; ') || 'none'}`);
    }
    lines.push(`  - answer: ${cell(oneLine(r.content, 200))}`);
    if (r.unlocated?.length) lines.push(`  - first unlocated unit: ${cell(oneLine(r.unlocated[0], 160))}`);
    if (r.fillers?.length) lines.push(`  - first filler claim: ${cell(oneLine(r.fillers[0], 160))}`);
    if (r.probe && !r.probe.refused) lines.push(`  - asked in ${r.probe.session}: ${cell(oneLine(r.probe.content, 160))}`);
  }
  lines.push('', '</details>', '');
  return lines;
}

/** The line of a rendered run below which its per-file and per-question detail starts. */
export const DETAIL_MARK = '<!-- detail: written to test-results/, not to the record -->';

/** One run's section of the report: its figures, then (below DETAIL_MARK) its detail. */
export function renderRun({
  started,
  commit,
  command,
  machine,
  load,
  note,
  provider,
  ingestion,
  perQuestion,
  figures,
  sessions,
  takeaways = [],
}) {
  const lines = [];
  lines.push(`## Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC (commit ${commit})`);
  lines.push('');
  if (note) lines.push(`> ${note}`, '');
  lines.push(`- Command: \`${command}\``);
  lines.push(`- Machine: ${machine}; load average at the start ${load}`);
  const bySplit = SPLITS.map((s) => `${s}: ${sessions.filter((x) => x.split === s).length} files`).join(', ');
  lines.push(
    `- Set: ${sessions.length} files (${bySplit}; ${sessions.map((s) => `${s.id}${s.split === 'check' ? '*' : ''}`).join(', ')}; * = check), ${perQuestion.length} questions; ${provider} provider, embedded database`,
  );
  lines.push('');
  lines.push(figureTable(figures));
  lines.push('');
  lines.push('Each share with its 95% Wilson interval; MRR@5 and gold-word recall (means) with mean ± 1.96·sd/√n.');
  lines.push('');
  lines.push(figuresComment(figures));
  lines.push('');
  lines.push(...gapLines(figures));
  lines.push('');
  // Below the mark: the run's detail, which writeReport keeps out of the record.
  lines.push(DETAIL_MARK, '');
  lines.push(...ingestionLines(ingestion));
  lines.push(...missLines(perQuestion));
  const fillerTakeaways = takeaways.flatMap((t) => (t.fillers ?? []).map((f) => `${t.session}: ${f}`));
  if (fillerTakeaways.length) {
    lines.push(`<details><summary>Takeaways the filler rule flags (${fillerTakeaways.length})</summary>`, '');
    lines.push(...fillerTakeaways.map((f) => `- ${cell(oneLine(f, 200))}`), '', '</details>', '');
  }
  return lines.join('\n');
}

const FIGURES_TAG = 'eval-figures';
/**
 * The run's rates with their counts and intervals as one HTML comment (invisible in the rendered record), for the
 * pool section (`--pool`), which prints this set's figures beside the pool's: `{ split: { group: { key: ci } } }`.
 */
export function figuresComment(figures) {
  const out = {};
  for (const split of SPLITS) {
    for (const group of GROUPS) {
      const ci = figures[split]?.[group]?.ci;
      if (!ci) continue;
      out[split] ??= {};
      out[split][group] = Object.fromEntries(
        Object.entries(ci)
          .filter(([, c]) => c.n > 0)
          .map(([key, c]) => [key, Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Number(v.toFixed(4))]))]),
      );
    }
  }
  return `<!-- ${FIGURES_TAG} ${JSON.stringify(out)} -->`;
}
/** The figures `figuresComment` left in a report's text (null when it holds none). */
export function readFiguresComment(text) {
  const m = (text ?? '').match(new RegExp(`<!-- ${FIGURES_TAG} (\\{.*?\\}) -->`));
  if (!m) return null;
  try {
    return JSON.parse(m[1]);
  } catch {
    return null;
  }
}

const HEADER = `# Answer-quality evaluation

Written by \`npm run eval\` (bench/eval.mjs; how to run it and what each figure means: bench/README.md).
Measured on the dev set at \`../shared/eval-dev\` (real meeting transcripts and SEC filings, never
copied into the repository), each figure for the \`tune\` and the \`check\` half side by side.
One current run: each full run replaces the one before (earlier runs: the git history; stories: bench/history/).
`;

/** Where the detail of the report `file` goes: test-results/<name>-detail.md beside the repository's bench/. */
export function detailFile(file) {
  const root = path.resolve(path.dirname(file), '..');
  return path.join(root, 'test-results', `${path.basename(file, '.md').toLowerCase()}-detail.md`);
}

/**
 * Writes `run` into `file`: the file keeps its head (the text above its run, the program section among it) and
 * this run replaces the one before; a partial run (`single`) is written alone. The record holds the current
 * figures only: the run's detail (below DETAIL_MARK) goes to `detailFile(file)`, earlier runs are in the git
 * history, experiments' stories in bench/history/.
 */
export function writeReport(file, run, single) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let head = HEADER;
  if (!single && fs.existsSync(file)) {
    const text = fs.readFileSync(file, 'utf8');
    const start = text.search(/^## Run /m);
    if (text.startsWith('# ')) head = `${(start >= 0 ? text.slice(0, start) : text).trimEnd()}\n`;
  }
  const [figures, detail] = run.split(DETAIL_MARK);
  let record = figures.trimEnd();
  if (detail?.trim()) {
    const out = detailFile(file);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `# ${figures.match(/^## (.*)$/m)?.[1] ?? 'Run'}: detail\n\n${detail.trim()}\n`);
    record += `\n\nPer file and per question (ingestion, misses): \`${path.relative(path.resolve(path.dirname(file), '..'), out)}\`, written by the same run (not a record).`;
  }
  fs.writeFileSync(file, `${head}\n${record}\n`);
}
