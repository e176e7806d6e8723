import { Inject, Injectable, Logger } from '@nestjs/common';
import type { IngestJob } from '../../documents/ingest-queue.port';
import { DOCUMENT_RUNS, DocumentRuns } from '../../documents/runs/document-runs.port';
import { IngestionRepository } from '../ingestion.repository';
import { IngestionService } from '../ingestion.service';
import { AbortedError, IngestError, SupersededError } from '../parsing/ingest-errors';

/** Attempts per job (the first plus two retries) and the first retry delay (doubling after). */
export const INGEST_ATTEMPTS = 3;
export const INGEST_BACKOFF_MS = 2_000;

/**
 * The one ingestion processor, run by the Bull consumer or the in-process runner alike. A reason
 * the file itself gives (IngestError) ends the document in `error` at once; any other failure is
 * retried with backoff and ends in `error` after the last attempt. It rethrows only errors that
 * should be retried (and the last one, so the queue records the failure).
 */
@Injectable()
export class IngestionProcessor {
  private readonly logger = new Logger(IngestionProcessor.name);
  private readonly shutdown = new AbortController();
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly ingestion: IngestionService,
    private readonly repository: IngestionRepository,
    @Inject(DOCUMENT_RUNS) private readonly runs: DocumentRuns,
  ) {}

  async process(job: IngestJob, attempt: number, maxAttempts = INGEST_ATTEMPTS): Promise<void> {
    if (this.shutdown.signal.aborted) throw new AbortedError('shutting down');
    const task = this.run(job, attempt, maxAttempts);
    this.running.add(task);
    try {
      await task;
    } finally {
      this.running.delete(task);
    }
  }

  /** Stops every running job at its next step and waits for them (they resume on the next start). */
  async stop(): Promise<void> {
    this.shutdown.abort();
    await Promise.allSettled([...this.running]);
  }

  private async run(job: IngestJob, attempt: number, maxAttempts: number): Promise<void> {
    const { documentId: id, run } = job;
    const started = Date.now();
    try {
      const outcome = await this.ingestion.ingest(job, this.shutdown.signal);
      if (outcome === 'skipped') this.logger.debug?.(`document ${id} run ${run}: nothing to do`);
      else this.logger.log(`document ${id} embedded in ${Date.now() - started} ms`);
    } catch (err) {
      if (err instanceof SupersededError) return;
      if (err instanceof AbortedError || this.shutdown.signal.aborted) {
        this.logger.warn(`document ${id}: ingestion interrupted by shutdown; it resumes on the next start`);
        await this.runs.release(id, run).catch(() => undefined);
        return;
      }
      if (err instanceof IngestError) {
        this.logger.warn(`document ${id} cannot be ingested: ${err.message}`);
        await this.fail(id, run, err.message);
        return;
      }
      const message = (err as Error)?.message ?? String(err);
      if (attempt < maxAttempts) {
        this.logger.warn(`document ${id}: attempt ${attempt} of ${maxAttempts} failed (${message}); retrying`);
        await this.runs.markRetrying(id, run, `Retrying (attempt ${attempt + 1} of ${maxAttempts})`, message).catch(() => undefined);
        throw err;
      }
      this.logger.error(`document ${id}: ingestion failed after ${maxAttempts} attempts: ${message}`);
      await this.fail(id, run, `Processing failed after ${maxAttempts} attempts: ${message}`).catch(() => undefined);
      throw err;
    }
  }

  /** Ends the run in `error` with the reason; the chunks it wrote go (those of an earlier run stay hidden). */
  private async fail(id: string, run: number, reason: string): Promise<void> {
    await this.runs.fail(id, run, reason);
    await this.repository.dropRun(id, run);
  }
}
