/**
 * Keeps a running job's lease (`documents.heartbeat_at`) fresh with as few writes as it can. Every
 * progress write refreshes the lease too (`touched`); the keeper looks every `intervalMs` and writes
 * a heartbeat only when nothing has refreshed the lease for `intervalMs` already. While chunks are
 * embedded and stored (progress written every PROGRESS_INTERVAL_MS) it writes nothing; during a
 * phase that writes no progress for a while (OCR of a page, a long INSERT) it writes as before.
 * The lease is never older than two intervals plus one write when the keeper looks, far under
 * STALE_AFTER_SECONDS, after which another process may take the job.
 */
export class JobLease {
  private lastRefresh: number;
  private timer: NodeJS.Timeout | null = null;
  /** Heartbeats written (for the run's account). */
  beats = 0;

  constructor(
    private readonly refresh: () => Promise<void>,
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.lastRefresh = now();
  }

  /** A write that refreshes the lease (a progress write) was sent at `at`. */
  touched(at: number = this.now()): void {
    if (at > this.lastRefresh) this.lastRefresh = at;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Writes a heartbeat when the lease was last refreshed `intervalMs` ago or more. */
  private tick(): void {
    const sent = this.now();
    if (sent - this.lastRefresh < this.intervalMs) return;
    this.beats++;
    this.refresh().then(
      () => this.touched(sent),
      () => undefined,
    );
  }
}
