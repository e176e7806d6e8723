import assert from 'node:assert/strict';
import { test } from 'node:test';
import { byMinute, latencySummary, percentile, planDay, poissonArrivals, seededRandom } from './day-load.mjs';

test('poissonArrivals: exactly `count` ascending times within the window, exponential gaps', () => {
  const times = poissonArrivals(1000, 60, seededRandom(7));
  assert.equal(times.length, 1000);
  assert.ok(times.every((t, i) => t > 0 && t < 60 && (i === 0 || t >= times[i - 1])));
  const gaps = times.slice(1).map((t, i) => t - times[i]);
  const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
  const sd = Math.sqrt(gaps.reduce((a, g) => a + (g - mean) ** 2, 0) / gaps.length);
  assert.ok(Math.abs(mean - 0.06) < 0.005, `mean gap ${mean}`);
  // Exponential gaps: the standard deviation equals the mean (evenly spaced arrivals would give 0).
  assert.ok(Math.abs(sd / mean - 1) < 0.15, `coefficient of variation ${sd / mean}`);
  // Bursty as a Poisson process is: some 1-second windows hold clearly more than the mean of 16.7.
  const perSecond = Array.from({ length: 60 }, (_, s) => times.filter((t) => t >= s && t < s + 1).length);
  assert.ok(Math.max(...perSecond) >= 22 && Math.min(...perSecond) <= 12, perSecond.join(','));
});

test('poissonArrivals: an offset window, and the same seed gives the same times', () => {
  const a = poissonArrivals(300, 10, seededRandom(3), 25);
  assert.ok(a.every((t) => t >= 25 && t < 35));
  assert.deepEqual(a, poissonArrivals(300, 10, seededRandom(3), 25));
  assert.notDeepEqual(a, poissonArrivals(300, 10, seededRandom(4), 25));
  assert.deepEqual(poissonArrivals(0, 10, seededRandom(1)), []);
});

test('percentile: nearest rank, unsorted input, NaN when empty', () => {
  const xs = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
  assert.equal(percentile(xs, 50), 5);
  assert.equal(percentile(xs, 95), 10);
  assert.equal(percentile(xs, 90), 9);
  assert.equal(percentile(xs, 0), 1);
  assert.equal(percentile([42], 99), 42);
  assert.ok(Number.isNaN(percentile([], 50)));
  assert.equal(percentile([1, NaN, 2], 100), 2);
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(percentile(hundred, 99), 99);
  assert.deepEqual(latencySummary(hundred), { n: 100, p50: 50, p95: 95, p99: 99, max: 100 });
});

test('planDay: a third of the questions are follow-ups, the wave in the middle from attendees already in', () => {
  const plan = planDay({
    attendees: 1000,
    seconds: 60,
    wave: 300,
    waveSeconds: 10,
    followUpShare: 1 / 3,
    uploads: 3,
    questions: 50,
    followUps: 6,
  });
  assert.equal(plan.people.length, 1000);
  const followUps = plan.people.filter((p) => p.followUp).length;
  const all = 1000 + 300 + followUps;
  assert.ok(Math.abs(followUps / all - 1 / 3) < 0.001, `${followUps} of ${all}`);
  assert.equal(plan.wave.length, 300);
  assert.ok(plan.wave.every((w) => w.at >= 25 && w.at < 35));
  const arrival = new Map(plan.people.map((p) => [p.id, p.at]));
  assert.ok(plan.wave.every((w) => arrival.get(w.attendee) < 25));
  assert.equal(new Set(plan.wave.map((w) => w.attendee)).size, 300);
  assert.deepEqual(plan.uploads, [10, 30, 50]);
  assert.ok(plan.people.every((p) => p.question >= 0 && p.question < 50));
  assert.ok(plan.people.every((p) => !p.followUp || (p.followUp.thinkSeconds >= 2 && p.followUp.thinkSeconds <= 8)));
  assert.throws(() =>
    planDay({ attendees: 100, seconds: 60, wave: 300, waveSeconds: 10, followUpShare: 0, uploads: 0, questions: 5, followUps: 1 }),
  );
});

test('byMinute: records grouped by the minute of the run they started in', () => {
  const groups = byMinute([{ at: 59_999 }, { at: 0 }, { at: 60_000 }, { at: 130_000 }]);
  assert.deepEqual([...groups.keys()], [1, 2, 3]);
  assert.equal(groups.get(1).length, 2);
});
