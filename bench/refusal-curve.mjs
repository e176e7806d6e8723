/**
 * The refusal's calibration curve: the pool's answers (a `--json` file of `npm run eval -- --pool`) refused
 * again offline at each threshold of their coverage score (`coverage`, POST /api/chat/simple's field): an
 * answer is refused when its score is below the threshold (an answer without a score keeps its own outcome).
 * Each point gives the false refusals (answerable questions refused) against the uncovered questions refused,
 * with 95% intervals; `chooseThreshold` picks the threshold with the fewest false refusals that still refuses
 * the share of uncovered questions asked.
 *
 *   node bench/refusal-curve.mjs --json FILE [--folds 0,1,2,3] [--min-refused 0.92] [--at 0.3]
 */
import fs from 'node:fs';
import { rateOf } from './eval-metrics.mjs';

/** Thresholds swept: 0 to 0.6 by 0.02 (the score is at least 0.5 when the rule-based test covers the question). */
export const THRESHOLDS = Array.from({ length: 31 }, (_, i) => Math.round(i * 2) / 100);

/** Whether a row is refused at `threshold`. */
export const refusedAt = (row, threshold) => (Number.isFinite(row.coverage) ? row.coverage < threshold : Boolean(row.refused));

/** One point of the curve: both rates at `threshold` over `rows` (answerable: expect 'answer'; uncovered: 'refusal'). */
export function curvePoint(rows, threshold) {
  const answerable = rows.filter((r) => r.expect === 'answer');
  const uncovered = rows.filter((r) => r.expect === 'refusal');
  return {
    threshold,
    falseRefusal: rateOf(answerable.map((r) => refusedAt(r, threshold))),
    refusedUncovered: rateOf(uncovered.map((r) => refusedAt(r, threshold))),
  };
}

export const refusalCurve = (rows, thresholds = THRESHOLDS) => thresholds.map((t) => curvePoint(rows, t));

/**
 * The threshold with the fewest false refusals among those refusing at least `minRefused` of the uncovered
 * questions (the lowest such threshold on a tie); null when none does.
 */
export function chooseThreshold(curve, minRefused = 0.9) {
  const ok = curve.filter((p) => p.refusedUncovered.value >= minRefused);
  if (ok.length === 0) return null;
  return ok.reduce((best, p) => (p.falseRefusal.value < best.falseRefusal.value ? p : best));
}

/** Uncovered questions a chosen threshold refuses on folds 0-3: the target's 0.90 with a margin for fold 4. */
export const MIN_REFUSED_UNCOVERED = 0.92;

/**
 * The pool report's calibration section: the curve on folds 0-3 (`fold` < 4), the threshold chosen on it,
 * and fold 4 at that threshold; null when no answer carries a coverage score.
 */
export function renderCalibration(rows, minRefused = MIN_REFUSED_UNCOVERED) {
  if (!rows.some((r) => Number.isFinite(r.coverage))) return null;
  const tune = rows.filter((r) => r.fold !== 4);
  const check = rows.filter((r) => r.fold === 4);
  const curve = refusalCurve(tune);
  const chosen = chooseThreshold(curve, minRefused);
  const lines = [
    '### Refusal calibration: false refusals against uncovered questions refused (folds 0-3)',
    '',
    `Each answer refused again at each threshold of its coverage score (POST /api/chat/simple's \`coverage\`; bench/refusal-curve.mjs). ← marks the threshold with the fewest false refusals that still refuses ${minRefused * 100}% of the uncovered questions; the app refuses below \`REFUSE_BELOW\` (backend/src/answering/knobs.ts). Thresholds that refuse the same shares share a row; every threshold: \`node bench/refusal-curve.mjs --json <the run's --json file>\`.`,
    '',
    renderCurve(curve, chosen?.threshold, { collapse: true }),
    '',
  ];
  if (chosen && check.length) {
    const at = curvePoint(check, chosen.threshold);
    lines.push(
      `Fold 4 at ${chosen.threshold.toFixed(2)}: false refusals ${pc(at.falseRefusal)}, uncovered refused ${pc(at.refusedUncovered)}.`,
      '',
    );
  }
  return lines.join('\n');
}

const pc = (r) =>
  r && Number.isFinite(r.value) ? `${(r.value * 100).toFixed(1)}% (${(r.lo * 100).toFixed(0)}-${(r.hi * 100).toFixed(0)})` : '—';

/**
 * The curve as a markdown table, the chosen threshold marked. With `collapse`, thresholds in a row that refuse
 * the same shares make one row ('0.26-0.60'), the chosen one always a row of its own.
 */
export function renderCurve(curve, chosen, { collapse = false } = {}) {
  const lines = ['| Coverage threshold | False refusals (answerable refused) | Uncovered refused |', '|---:|---:|---:|'];
  const runs = [];
  for (const p of curve) {
    const cells = `${pc(p.falseRefusal)} | ${pc(p.refusedUncovered)}`;
    const last = runs.at(-1);
    const mark = chosen === p.threshold;
    if (collapse && last && last.cells === cells && !mark && !last.mark) last.to = p.threshold;
    else runs.push({ from: p.threshold, to: p.threshold, cells, mark });
  }
  for (const r of runs) {
    const range = r.to === r.from ? r.from.toFixed(2) : `${r.from.toFixed(2)}-${r.to.toFixed(2)}`;
    lines.push(`| ${range}${r.mark ? ' ←' : ''} | ${r.cells} |`);
  }
  return lines.join('\n');
}

function main(argv) {
  const arg = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const file = arg('--json');
  if (!file) throw new Error('usage: node bench/refusal-curve.mjs --json FILE [--folds 0,1,2,3] [--min-refused 0.92] [--at T]');
  const folds = (arg('--folds') ?? '0,1,2,3').split(',').map(Number);
  const rows = JSON.parse(fs.readFileSync(file, 'utf8')).questions.filter((r) => folds.includes(r.fold));
  const curve = refusalCurve(rows);
  const at = arg('--at');
  const chosen = at != null ? curvePoint(rows, Number(at)) : chooseThreshold(curve, Number(arg('--min-refused') ?? MIN_REFUSED_UNCOVERED));
  console.log(renderCurve(curve, chosen?.threshold));
  console.log(
    `\nfolds ${folds.join(',')}: ${chosen ? `threshold ${chosen.threshold}: false refusals ${pc(chosen.falseRefusal)}, uncovered refused ${pc(chosen.refusedUncovered)}` : 'no threshold refuses enough uncovered questions'}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
