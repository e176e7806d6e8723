import type { Response } from 'express';

/** Interval of SSE comment lines that keep idle proxies from closing a slow stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * A Server-Sent Events response: `data: {json}` lines, `data: [DONE]` last. Headers tell proxies not
 * to buffer or transform it and are flushed at once. When the client goes away before the end,
 * `signal` aborts so the work behind the stream stops.
 */
export class SseStream {
  private readonly controller = new AbortController();
  private opened = false;
  private ended = false;
  private keepAlive?: NodeJS.Timeout;

  constructor(private readonly res: Response) {
    res.on('close', () => {
      if (!res.writableFinished) this.controller.abort();
      this.stop();
    });
  }

  /** Aborts when the client disconnects before the stream ended. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get closed(): boolean {
    return this.ended || this.controller.signal.aborted;
  }

  open(): void {
    if (this.opened) return;
    this.opened = true;
    this.res.status(200);
    this.res.setHeader('Content-Type', 'text/event-stream');
    this.res.setHeader('Cache-Control', 'no-cache, no-transform');
    this.res.setHeader('X-Accel-Buffering', 'no');
    this.res.setHeader('Connection', 'keep-alive');
    this.res.flushHeaders();
    this.res.socket?.setNoDelay(true);
    this.keepAlive = setInterval(() => this.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    this.keepAlive.unref();
  }

  send(event: Record<string, unknown>): void {
    this.write(`data: ${JSON.stringify(event)}\n\n`);
  }

  /** Sends `data: [DONE]` and ends the response. */
  done(): void {
    if (this.closed) return;
    this.write('data: [DONE]\n\n');
    this.ended = true;
    this.stop();
    this.res.end();
  }

  private write(chunk: string): void {
    if (!this.opened || this.closed) return;
    this.res.write(chunk);
  }

  private stop(): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    this.keepAlive = undefined;
  }
}
