import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { EMBEDDINGS, EmbeddingsProvider } from '../ai/ai.types';
import { AppConfig } from '../config/app-config';
import { INGEST_QUEUE, IngestQueue } from '../documents/ingest-queue.port';
import { DOCUMENT_RUNS, DocumentRuns } from '../documents/runs/document-runs.port';

/**
 * With a shared database, documents waiting this long (a lost enqueue, a flushed Redis, a dead
 * worker or API process) are queued again.
 */
const SWEEP_EVERY_MS = 15_000;

/**
 * No upload is ever lost, and no live job is taken over. A running job holds its document by a
 * lease: its heartbeat (`heartbeat_at`, refreshed every 5 s) younger than STALE_AFTER_SECONDS.
 * At start:
 * - embedded database (no DATABASE_URL): this process owns the database, so every document left
 *   `chunked` belongs to a dead process and waits again at once;
 * - shared database (DATABASE_URL, with or without Redis): other live processes may be running
 *   jobs, so only documents whose lease has expired are taken back (the claim itself checks the
 *   lease atomically), and the sweep repeats every 15 seconds to take back the ones whose owner
 *   dies later.
 * Documents embedded with another model than the current provider's are re-processed, and every
 * waiting document is queued (the queue ignores runs already queued).
 */
@Injectable()
export class IngestionRecoveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(IngestionRecoveryService.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(DOCUMENT_RUNS) private readonly runs: DocumentRuns,
    private readonly config: AppConfig,
    @Inject(INGEST_QUEUE) private readonly queue: IngestQueue,
    @Inject(EMBEDDINGS) private readonly embeddings: EmbeddingsProvider,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const sharedDatabase = Boolean(this.config.databaseUrl);
    if (!sharedDatabase && !this.config.redisUrl) {
      const released = await this.runs.releaseAllChunked();
      if (released) this.logger.log(`${released} document(s) interrupted by the last stop will be resumed`);
    }
    const requeued = await this.runs.requeueOtherModels(this.embeddings.model);
    if (requeued.length) {
      const before = [...new Set(requeued.map((d) => d.embeddingModel ?? 'none'))].join(', ');
      this.logger.log(
        `re-processing ${requeued.length} document(s) embedded with ${before}: the embedding model is now ${this.embeddings.model}`,
      );
    }
    void this.sweep(); // not awaited: an unreachable Redis must not hold the start
    if (sharedDatabase || this.config.redisUrl) {
      this.timer = setInterval(() => void this.sweep(SWEEP_EVERY_MS / 1000), SWEEP_EVERY_MS);
      this.timer.unref();
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Queues every document that needs a job. */
  async sweep(waitingForSeconds = 0): Promise<void> {
    try {
      const docs = await this.runs.needingWork(waitingForSeconds);
      for (const d of docs) await this.queue.enqueue({ documentId: d.id, run: d.run });
      if (docs.length) this.logger.log(`queued ${docs.length} document(s) waiting for ingestion`);
    } catch (err) {
      this.logger.error(`recovery sweep failed: ${(err as Error).message}`);
    }
  }
}
