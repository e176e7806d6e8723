import { Injectable, OnModuleDestroy } from '@nestjs/common';

/** The longest a deferred write waits while questions keep arriving without a pause. */
export const MAX_DEFER_MS = 1000;

/**
 * Writes nobody waits for (a question's own row and its activity row, a usage row) held back while a
 * user waits for the first words of an answer. In a burst of questions each one's search and answer
 * then goes ahead of the other questions' writes, for the connection pool and for the machine's cores,
 * instead of queueing behind them. A deferred write starts once no question waits for its first
 * words (`waiting` spans all ended), or MAX_DEFER_MS after it was deferred, or at shutdown; its result
 * (or failure) is the caller's, as if it had started at once.
 */
@Injectable()
export class DeferredWrites implements OnModuleDestroy {
  private waiting = 0;
  private readonly queue: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<unknown>>();

  /** A user waits from now until the returned function is called (once; later calls do nothing). */
  wait(): () => void {
    this.waiting++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.waiting--;
      if (this.waiting === 0) this.flush();
    };
  }

  /** Runs `write` once no user waits (see the class); resolves or rejects with it. */
  later<T>(write: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push(() => {
        const run = Promise.resolve().then(write);
        const settled = run.finally(() => this.running.delete(settled));
        settled.catch(() => undefined);
        this.running.add(settled);
        run.then(resolve, reject);
      });
      if (this.waiting === 0) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), MAX_DEFER_MS);
    });
  }

  /** Starts every deferred write now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const start of this.queue.splice(0)) start();
  }

  async onModuleDestroy(): Promise<void> {
    this.flush();
    await Promise.all(this.running);
  }
}
