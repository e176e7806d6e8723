/**
 * The pool section of bench/EVAL.md (`npm run eval -- --pool`, bench/eval-pool.mjs): one current table per
 * measure, folds 0-3 (`tune`) and fold 4 (`check`) side by side with their 95% intervals, beside the dev set's
 * last run; the section between its markers is replaced by each pool run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GENERALISATION_GAP } from './eval-metrics.mjs';
import { CHECK_FOLD, FOLDS, GROUP_LABELS, GROUPS, poolFlag, poolFlags } from './eval-pool-metrics.mjs';
import { fmt, withInterval } from './eval-report.mjs';

export const POOL_START = '<!-- pool-eval:start -->';
export const POOL_END = '<!-- pool-eval:end -->';

/** The measures of the pool, in order: label, whether it prints as a percentage, the dev set's key (if any). */
export const POOL_MEASURES = [
  { key: 'hitFiltered', label: 'hit@5, session filter' },
  { key: 'mrrFiltered', label: 'MRR@5, session filter' },
  { key: 'hitUnfiltered', label: 'hit@5, no filter (every file of the fold uploaded)' },
  { key: 'mrrUnfiltered', label: 'MRR@5, no filter' },
  { key: 'falseRefusal', label: 'False refusals (answerable questions refused)', percent: true },
  { key: 'refusedUncovered', label: 'Uncovered questions refused (asked in a file of the fold lacking their material)', percent: true },
  { key: 'located', label: 'Answers whose every claim is cited (of those not refused)', percent: true },
  { key: 'evidenceCited', label: 'Filing answers citing an evidence page', percent: true },
  { key: 'holdsFact', label: `Short facts: answers holding the fact (≥ 50% of the gold answer's words)`, percent: true },
  { key: 'factScore', label: `Short facts: mean share of the gold answer's words held` },
  { key: 'goldRecall', label: 'Gold-word recall (meetings, filings)' },
];
/** The v2 set's groups (manifest.json, the dev set's run section) beside the pool's (short facts have none there). */
const V2_GROUP = { meetings: 'meetings', filings: 'filings', overall: 'overall' };

const signed = (x) => `${x > 0 ? '+' : ''}${fmt(x)}`;

/** The flag cell of a measure: how far fold 4 is from folds 0-3, and why it is flagged. */
function flagCell(tune, check) {
  const f = poolFlag(tune, check);
  if (!f) return '–';
  const why = [f.far ? `> ${GENERALISATION_GAP}` : null, f.outside ? 'outside fold 4 interval' : null].filter(Boolean);
  return why.length ? `**${signed(f.diff)} ⚠ ${why.join(', ')}**` : signed(f.diff);
}

/**
 * The groups a measure is shown for: those measured, and overall only when more than one source has the measure
 * (else it repeats that source's row: filings' evidence page, short facts).
 */
function shownGroups(figures, key) {
  const measured = (group) => figures.tune?.[group]?.[key]?.n > 0 || figures.check?.[group]?.[key]?.n > 0;
  const sources = GROUPS.filter((g) => g !== 'overall' && measured(g));
  return sources.length > 1 ? [...sources, 'overall'] : sources;
}

/** One measure's table: a row per group, folds 0-3 and fold 4 with intervals, the gap, the dev set's halves. */
export function measureTable(measure, figures, v2) {
  const lines = [
    `| ${measure.label} | folds 0-3 (tune) | fold 4 (check) | fold 4 − folds 0-3 | v2 set tune | v2 set check |`,
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const group of shownGroups(figures, measure.key)) {
    const tune = figures.tune?.[group]?.[measure.key];
    const check = figures.check?.[group]?.[measure.key];
    const v2group = V2_GROUP[group];
    const v2cell = (split) => {
      const c = v2group ? v2?.[split]?.[v2group]?.[measure.key] : undefined;
      return c ? `${withInterval(c, measure.percent)}, n ${c.n}` : '–';
    };
    const cellOf = (c) => (c?.n > 0 ? `${withInterval(c, measure.percent)}, n ${c.n}` : '–');
    lines.push(
      `| ${GROUP_LABELS[group]} | ${cellOf(tune)} | ${cellOf(check)} | ${flagCell(tune, check)} | ${v2cell('tune')} | ${v2cell('check')} |`,
    );
  }
  return lines.length > 2 ? lines.join('\n') : null;
}

/** Where each pool run writes its per-fold table (not a record: the record names it). */
export const POOL_DETAIL_FILE = 'test-results/eval-pool-detail.md';

/** Each fold's own figures and time: the detail file's table (POOL_DETAIL_FILE). */
export function renderPoolDetail({ started, commit, figures, timings }) {
  const lines = [
    '# The pool, each fold',
    '',
    `Written by \`npm run eval -- --pool\` (bench/eval-pool.mjs), run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}; the figures are in bench/EVAL.md.`,
    '',
  ];
  lines.push(
    '| Fold | Files embedded | Questions asked (of) | Uncovered asked | hit@5 filter / no filter (meetings) | False refusals | Uncovered refused | Short facts held | Filing evidence cited | Ingestion (s) | Questions (s) | Fold total (s) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const t of timings) {
    const f = figures.folds?.[t.fold];
    const pc = (c) => (c?.n > 0 ? `${withInterval(c, true)}` : '–');
    lines.push(
      `| ${t.fold}${t.fold === CHECK_FOLD ? ' (check)' : ''} | ${t.embedded} / ${t.files}${t.reused ? ` (${t.reused} reused)` : ''} | ${t.questions} (${t.available}) | ${t.uncovered} | ${fmt(f?.meetings?.hitFiltered.value)} / ${fmt(f?.meetings?.hitUnfiltered.value)} | ${pc(f?.overall?.falseRefusal)} | ${pc(f?.overall?.refusedUncovered)} | ${pc(f?.shortFacts?.holdsFact)} | ${pc(f?.filings?.evidenceCited)} | ${fmt(t.ingestSeconds, 0)} | ${fmt(t.askSeconds, 0)} | ${fmt(t.totalSeconds, 0)} |`,
    );
  }
  const errors = timings.flatMap((t) => t.errors.map((e) => `fold ${t.fold}, ${e}`));
  if (errors.length) lines.push('', 'Files not embedded:', ...errors.map((e) => `- ${e}`));
  lines.push('');
  return lines.join('\n');
}

/** The record's line naming the detail file, with the files a fold failed to embed (they change the figures). */
function foldDetailLines(timings) {
  const failed = timings.reduce((a, t) => a + t.errors.length, 0);
  return [
    `Each fold's figures and time: \`${POOL_DETAIL_FILE}\`, written by the same run (not a record)${failed ? `; **${failed} file(s) not embedded**, listed there` : ''}.`,
  ];
}

/** The files left out for having no text, and their questions. */
function leftOutLines(plan) {
  const out = plan.flatMap((p) => (p.leftOut ?? []).map((l) => `${l.session} (fold ${p.fold}, ${l.questions} questions)`));
  return out.length ? [`- Left out, the file being empty in the pool (nothing can answer its questions): ${out.join(', ')}`] : [];
}

/** The pool section, between its markers. */
export function renderPool({ started, commit, command, machine, load, provider, sample, seed, plan, timings, figures, v2, calibration }) {
  const lines = [POOL_START, '## The pool: folds 0-3 (tune) and fold 4 (check)', ''];
  const files = plan.reduce((a, p) => a + p.sessions.length, 0);
  const asked = plan.reduce((a, p) => a + p.questions.length, 0);
  const available = plan.reduce((a, p) => a + p.available, 0);
  const total = timings.reduce((a, t) => a + t.totalSeconds, 0);
  lines.push(
    `Written by \`npm run eval -- --pool\` (bench/eval-pool.mjs); replaced by each pool run. Each fold of \`../shared/eval-dev/pool/\` is a conference of its own: a fresh app with every file of the fold uploaded, so a search without a filter runs over the whole fold. Choose on folds 0-3; keep a change only when fold 4 agrees within its interval.`,
    '',
    `- Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}; command \`${command}\``,
    `- Machine: ${machine}; load average at the start ${load}; ${provider} provider, embedded database`,
    `- Folds run: ${plan.map((p) => p.fold).join(', ')} of ${FOLDS.join(', ')}; ${files} files; ${asked} of their ${available} questions asked${sample ? ` (a sample of ${sample} a fold, stratified by source, seed ${seed})` : ' (all)'}, each also asked as an uncovered question in another file of its fold that lacks its material (another series or company, holding less than a third of the question's words found in its own file, weighed by their rarity in the fold)`,
    ...leftOutLines(plan),
    `- Time: ${fmt(total / 60, 1)} min in all; a fold ${timings.map((t) => `${t.fold}: ${fmt(t.totalSeconds / 60, 1)} min (ingestion ${fmt(t.ingestSeconds, 0)} s)`).join(', ')}`,
    `- Intervals: 95%, Wilson for shares, mean ± 1.96·sd/√n for MRR and word shares; n = the questions measured. A gap is flagged (⚠) when fold 4 is more than ${GENERALISATION_GAP} from folds 0-3 or folds 0-3 lie outside fold 4's interval. The v2 set's columns (\`manifest.json\`) are its last full run, the run section below${v2 ? '' : ': none holds its figures yet, run `npm run eval`'}.`,
    '',
  );
  for (const m of POOL_MEASURES) {
    const table = measureTable(m, figures, v2);
    if (table) lines.push(table, '');
  }
  const flags = poolFlags(figures).filter((f) => shownGroups(figures, f.key).includes(f.group));
  const ran = (split) => (figures[split]?.overall?.answerable ?? 0) > 0;
  if (!ran('tune') || !ran('check')) lines.push(`Not compared: ${ran('tune') ? 'fold 4' : 'folds 0-3'} not run.`);
  else if (flags.length) {
    lines.push(`Rates where fold 4 parts from folds 0-3 (${flags.length}):`);
    for (const f of flags) {
      const label = POOL_MEASURES.find((m) => m.key === f.key)?.label ?? f.key;
      lines.push(
        `- ${GROUP_LABELS[f.group]}, ${label}: folds 0-3 ${fmt(f.tune)}, fold 4 ${fmt(f.check)} (${signed(f.diff)}${f.far ? `, more than ${GENERALISATION_GAP}` : ''}${f.outside ? ', outside fold 4 interval' : ''})`,
      );
    }
  } else lines.push(`Every rate of fold 4 is within ${GENERALISATION_GAP} of folds 0-3 and its interval holds theirs.`);
  lines.push('');
  const lat = figures.tune?.overall;
  const latc = figures.check?.overall;
  lines.push(
    `chat/simple latency p50 / p95 (ms): folds 0-3 ${fmt(lat?.p50, 0)} / ${fmt(lat?.p95, 0)}, fold 4 ${fmt(latc?.p50, 0)} / ${fmt(latc?.p95, 0)}.`,
    '',
  );
  lines.push(...foldDetailLines(timings));
  if (calibration) lines.push('', calibration);
  lines.push(POOL_END);
  return lines.join('\n');
}

/**
 * Writes the pool section into `file`: between its markers when they are there, else before the dev set's run
 * section (`## Run`), so that the next full run of the dev set keeps it.
 */
export function writePoolSection(file, markdown) {
  const old = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const start = old.indexOf(POOL_START);
  const end = old.indexOf(POOL_END);
  let next;
  if (start >= 0 && end > start) next = old.slice(0, start) + markdown + old.slice(end + POOL_END.length);
  else {
    const cut = old.search(/^## Run /m);
    if (cut >= 0) next = `${old.slice(0, cut)}${markdown}\n\n${old.slice(cut)}`;
    else next = old ? `${old.trimEnd()}\n\n${markdown}\n` : `${markdown}\n`;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, next);
}
