import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import type { IngestJob, IngestQueue } from '../../documents/ingest-queue.port';
import { INGEST_ATTEMPTS, INGEST_BACKOFF_MS, IngestionProcessor } from '../jobs/ingestion.processor';

interface Pending {
  job: IngestJob;
  key: string;
  attempt: number;
}

/**
 * The queue without Redis: jobs run in this process, `INGEST_CONCURRENCY` at a time (one by
 * default, in order), with the same retries and backoff as the Bull queue. A job for a
 * document run already queued or running is not queued twice. Nothing is lost on a crash:
 * the documents table is the queue's memory, and the recovery at start re-queues what was left.
 */
@Injectable()
export class InProcessIngestQueue implements IngestQueue, OnModuleDestroy {
  private readonly logger = new Logger(InProcessIngestQueue.name);
  private readonly pending: Pending[] = [];
  private readonly known = new Set<string>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private running = 0;
  private closed = false;

  constructor(
    private readonly config: AppConfig,
    private readonly processor: IngestionProcessor,
  ) {}

  async enqueue(job: IngestJob): Promise<void> {
    const key = `${job.documentId}_r${job.run}`;
    if (this.closed || this.known.has(key)) return;
    this.known.add(key);
    this.pending.push({ job, key, attempt: 1 });
    this.pump();
  }

  /** Jobs waiting or running (for tests and diagnostics). */
  get size(): number {
    return this.known.size;
  }

  /** Stops before the database closes: running jobs end at their next step and resume on the next start. */
  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.pending.length = 0;
    await this.processor.stop();
  }

  private pump(): void {
    while (!this.closed && this.running < this.config.ingestConcurrency && this.pending.length) {
      const next = this.pending.shift()!;
      this.running++;
      void this.execute(next);
    }
  }

  private async execute(item: Pending): Promise<void> {
    let retry = false;
    try {
      await this.processor.process(item.job, item.attempt, INGEST_ATTEMPTS);
    } catch (err) {
      retry = !this.closed && item.attempt < INGEST_ATTEMPTS;
      if (!retry && !this.closed) this.logger.error(`ingestion job ${item.key} failed: ${(err as Error).message}`);
    } finally {
      this.running--;
    }
    if (retry) {
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          this.pending.push({ ...item, attempt: item.attempt + 1 });
          this.pump();
        },
        INGEST_BACKOFF_MS * 2 ** (item.attempt - 1),
      );
      timer.unref();
      this.timers.add(timer);
    } else {
      this.known.delete(item.key);
    }
    this.pump();
  }
}
