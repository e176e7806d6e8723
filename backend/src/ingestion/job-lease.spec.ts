import { JobLease } from './job-lease';

describe(JobLease.name, () => {
  let clock = 0;
  const now = () => clock;
  /** Advances the clock and the timers together, `step` ms at a time, letting each refresh settle. */
  async function advance(ms: number, step = 100, each: () => void = () => undefined): Promise<void> {
    for (let t = 0; t < ms; t += step) {
      clock += step;
      jest.advanceTimersByTime(step);
      each();
      await Promise.resolve();
      await Promise.resolve();
    }
  }

  beforeEach(() => {
    clock = 0;
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('writes no heartbeat while progress writes keep refreshing the lease', async () => {
    const writes: number[] = [];
    const lease = new JobLease(async () => void writes.push(clock), 5_000, now);
    lease.start();
    // Progress written every 250 ms for a minute.
    await advance(60_000, 250, () => lease.touched());
    lease.stop();
    expect(writes).toEqual([]);
    expect(lease.beats).toBe(0);
  });

  it('writes a heartbeat once nothing refreshed the lease for an interval, so it is never older than two intervals', async () => {
    const writes: number[] = [];
    const lease = new JobLease(async () => void writes.push(clock), 5_000, now);
    lease.start();
    // Progress for 7 s, then a phase that writes none (OCR of a long page) for 40 s.
    await advance(7_000, 250, () => lease.touched());
    const quietFrom = clock;
    await advance(40_000);
    lease.stop();
    expect(writes.length).toBeGreaterThanOrEqual(7);
    const refreshes = [quietFrom, ...writes];
    const gaps = refreshes.slice(1).map((at, i) => at - refreshes[i]);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(10_000);
    expect(lease.beats).toBe(writes.length);
  });

  it('tries again at the next look when a heartbeat write fails', async () => {
    let calls = 0;
    const lease = new JobLease(
      async () => {
        calls++;
        if (calls === 1) throw new Error('connection lost');
      },
      5_000,
      now,
    );
    lease.start();
    await advance(10_100);
    lease.stop();
    expect(calls).toBe(2);
  });
});
