import { Injectable, OnModuleDestroy } from '@nestjs/common';

/** The longest a deferred write waits while questions keep arriving without a pause. */
export const MAX_DEFER_MS = 1000;

/**
 * Writes nobody waits for (a question's own row and its activity row, a usage row) held back while a
 * user waits for the first words of an answer. In a burst of questions each one's search and answer
 * then goes ahead of the other questions' writes, for the connection pool and for the machine's cores,
 * instead of queueing behind them. A deferred write starts once no question waits for its first
 * words (`waiting` spans all ended), or MAX_DEFER_MS after it was deferred, or at shutdown, or when
 * its own user comes to wait for it (`now`); its result (or failure) is the caller's, as if it had
 * started at once.
 */
@Injectable()
export class DeferredWrites implements OnModuleDestroy {
  private waiting = 0;
  /** Held writes (each one's result → what starts it), in the order they were deferred. */
  private readonly queue = new Map<Promise<unknown>, () => void>();
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

  /** Runs `write` once no user waits (see the class), or when `now` is called with its result; resolves or rejects with it. */
  later<T>(write: () => Promise<T>): Promise<T> {
    let start!: () => void;
    const result = new Promise<T>((resolve, reject) => {
      start = () => {
        const run = Promise.resolve().then(write);
        const settled = run.finally(() => this.running.delete(settled));
        settled.catch(() => undefined);
        this.running.add(settled);
        run.then(resolve, reject);
      };
    });
    this.queue.set(result, start);
    if (this.waiting === 0) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), MAX_DEFER_MS);
    return result;
  }

  /**
   * Starts one held write now (`later`'s result), ahead of the others: its own user waits for it (a
   * chat answer is stored after its question, and a reply is sent once stored). Nothing if it started.
   */
  now(write: Promise<unknown>): void {
    const start = this.queue.get(write);
    if (!start) return;
    this.queue.delete(write);
    start();
  }

  /** Starts every deferred write now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const starts = [...this.queue.values()];
    this.queue.clear();
    for (const start of starts) start();
  }

  async onModuleDestroy(): Promise<void> {
    this.flush();
    await Promise.all(this.running);
  }
}
