import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseThreshold, curvePoint, refusalCurve, refusedAt, renderCalibration, renderCurve } from './refusal-curve.mjs';

const answer = (coverage, refused = false) => ({ expect: 'answer', coverage, refused });
const uncovered = (coverage, refused = true) => ({ expect: 'refusal', coverage, refused });

test('an answer is refused below the threshold; one without a score keeps its own outcome', () => {
  assert.equal(refusedAt(answer(0.2), 0.3), true);
  assert.equal(refusedAt(answer(0.3), 0.3), false);
  assert.equal(refusedAt(answer(null, true), 0.9), true);
  assert.equal(refusedAt(answer(null, false), 0.9), false);
});

test('the curve counts false refusals against uncovered questions refused at each threshold', () => {
  const rows = [answer(0.1), answer(0.4), answer(0.6), answer(0.8), uncovered(0.05), uncovered(0.2), uncovered(0.45)];
  const p = curvePoint(rows, 0.3);
  assert.equal(p.falseRefusal.k, 1);
  assert.equal(p.falseRefusal.n, 4);
  assert.equal(p.refusedUncovered.k, 2);
  assert.equal(p.refusedUncovered.n, 3);
  assert.ok(p.falseRefusal.lo < 0.25 && p.falseRefusal.hi > 0.25);
  const curve = refusalCurve(rows, [0, 0.3, 0.5]);
  assert.deepEqual(
    curve.map((c) => [c.falseRefusal.k, c.refusedUncovered.k]),
    [
      [0, 0],
      [1, 2],
      [2, 3],
    ],
  );
  // Fewest false refusals that still refuse every uncovered question: 0.5; two thirds of them: 0.3.
  assert.equal(chooseThreshold(curve, 1).threshold, 0.5);
  assert.equal(chooseThreshold(curve, 0.6).threshold, 0.3);
  assert.equal(chooseThreshold(curve.slice(0, 1), 0.5), null);
  const table = renderCurve(curve, 0.3);
  assert.match(table, /\| 0\.30 ← \| 25\.0% \(\d+-\d+\) \| 66\.7% \(\d+-\d+\) \|/);
});

test("the pool report's calibration section: the curve on folds 0-3, fold 4 at the threshold chosen on it", () => {
  const rows = [
    { ...answer(0.1), fold: 0 },
    { ...answer(0.5), fold: 1 },
    { ...uncovered(0.04), fold: 0 },
    { ...uncovered(0.3), fold: 2 },
    { ...answer(0.2), fold: 4 },
    { ...uncovered(0.01), fold: 4 },
  ];
  const md = renderCalibration(rows, 1);
  // 0.32 is the first threshold refusing both uncovered questions of folds 0-3; it also refuses one answer.
  assert.match(md, /\| 0\.32 ← \| 50\.0%/);
  assert.match(md, /Fold 4 at 0\.32: false refusals 100\.0% \(\d+-100\), uncovered refused 100\.0%/);
  assert.equal(renderCalibration([{ ...answer(null), fold: 0 }]), null);
});

test('the record collapses thresholds that refuse the same shares into one row, the chosen one kept alone', () => {
  const rows = [answer(0.1), answer(0.5), uncovered(0.04), uncovered(0.3)];
  const curve = refusalCurve(rows, [0, 0.02, 0.04, 0.06, 0.08, 0.1]);
  const table = renderCurve(curve, 0.06, { collapse: true }).split('\n').slice(2);
  assert.deepEqual(
    table.map((l) => l.split(' | ')[0].slice(2)),
    ['0.00-0.04', '0.06 ←', '0.08-0.10'],
  );
  assert.equal(renderCurve(curve, 0.06).split('\n').length, 2 + 6);
  assert.ok(
    renderCalibration(
      rows.map((r) => ({ ...r, fold: 0 })),
      0.5,
    ).split('\n').length < 40,
  );
});
