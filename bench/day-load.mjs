// The pure parts of the conference-day benchmark (bench/day.bench.mjs): a seeded random source, the
// Poisson arrival schedule, the day's plan (who arrives when, who asks a follow-up, the keynote wave,
// the uploads), nearest-rank percentiles and the per-minute grouping of the records. Unit tests:
// bench/day-load.test.mjs (`npm run test:bench`).

/** A seeded random source in [0, 1) (mulberry32): the same seed gives the same day. */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * `count` arrival times (seconds from `from`, ascending) of a Poisson process over `seconds` seconds:
 * exponential gaps at the rate count/seconds. A Poisson process overshoots or falls short of any given
 * count; the times are scaled so that exactly `count` arrive within the window (the process
 * conditioned on its count), which keeps the gaps' shape (exponential, as many short as a burst has).
 */
export function poissonArrivals(count, seconds, random, from = 0) {
  if (count <= 0) return [];
  const rate = count / seconds;
  const times = [];
  let t = 0;
  // count + 1 gaps: the last one is the wait after the last arrival, so the window's end is no arrival.
  for (let i = 0; i <= count; i++) {
    t += -Math.log(1 - random()) / rate;
    times.push(t);
  }
  const scale = seconds / times[count];
  return times.slice(0, count).map((x) => from + x * scale);
}

/** The nearest-rank percentile `p` (0-100) of `xs`; NaN when empty. */
export function percentile(xs, p) {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** Indices 0..n-1 in a seeded random order (Fisher-Yates). */
export function shuffled(n, random) {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The day's plan. `attendees` sign in at Poisson times over `seconds` and each asks a first question at
 * once; a share of them ask a follow-up in the same thread after the answer and a think time, so that
 * `followUpShare` of all questions (wave included) are follow-ups; `wave` questions arrive at Poisson
 * times within `waveSeconds` in the middle of the minute, each asked on a new thread by an attendee who
 * signed in before the wave (one each, the earliest first); `uploads` files go up at evenly spaced times
 * (the first a sixth into the minute). Questions are indices into a pool of `questions`, drawn with a
 * seeded random choice; a follow-up is an index into a pool of `followUps`.
 */
export function planDay({
  attendees,
  seconds,
  wave,
  waveSeconds,
  followUpShare,
  uploads,
  questions,
  followUps,
  thinkSeconds = [2, 8],
  seed = 42,
}) {
  const random = seededRandom(seed);
  const arrivals = poissonArrivals(attendees, seconds, random);
  const waveFrom = (seconds - waveSeconds) / 2;
  const waveTimes = poissonArrivals(wave, waveSeconds, random, waveFrom);
  // followUps / (attendees + wave + followUps) = share  ⇒  followUps = share (attendees + wave) / (1 - share)
  const followUpCount = Math.min(attendees, Math.round((followUpShare * (attendees + wave)) / (1 - followUpShare)));
  const asksFollowUp = new Set(shuffled(attendees, random).slice(0, followUpCount));
  const pick = (n) => Math.floor(random() * n);
  const people = arrivals.map((at, i) => ({
    id: i,
    at,
    question: pick(questions),
    followUp: asksFollowUp.has(i)
      ? { question: pick(followUps), thinkSeconds: thinkSeconds[0] + random() * (thinkSeconds[1] - thinkSeconds[0]) }
      : null,
  }));
  const earlyOnes = people.filter((p) => p.at < waveFrom);
  if (earlyOnes.length < wave) throw new Error(`only ${earlyOnes.length} attendees signed in before the wave of ${wave}`);
  const waveQuestions = waveTimes.map((at, i) => ({ at, attendee: earlyOnes[i].id, question: pick(questions) }));
  const uploadTimes = Array.from({ length: uploads }, (_, i) => seconds / 6 + (i * ((seconds * 2) / 3)) / Math.max(1, uploads - 1));
  return { people, wave: waveQuestions, waveFrom, waveTo: waveFrom + waveSeconds, uploads: uploadTimes, followUpCount };
}

/** Records ({ at: ms since the start, ...}) grouped by minute of the run: Map minute (1-based) → records. */
export function byMinute(records) {
  const out = new Map();
  for (const r of records) {
    const m = Math.floor(r.at / 60_000) + 1;
    if (!out.has(m)) out.set(m, []);
    out.get(m).push(r);
  }
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}

/** p50/p95/p99/max of `xs` (milliseconds) and their count. */
export function latencySummary(xs) {
  const ok = xs.filter((x) => Number.isFinite(x));
  return {
    n: ok.length,
    p50: percentile(ok, 50),
    p95: percentile(ok, 95),
    p99: percentile(ok, 99),
    max: ok.length ? Math.max(...ok) : NaN,
  };
}
