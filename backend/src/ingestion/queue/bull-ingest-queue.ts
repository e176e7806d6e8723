import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Queue } from 'bull';
import { AppConfig } from '../../config/app-config';
import type { IngestJob, IngestQueue } from '../../documents/ingest-queue.port';
import { INGEST_ATTEMPTS, INGEST_BACKOFF_MS, IngestionProcessor } from '../jobs/ingestion.processor';

/** Name of the Bull queue (keys `<QUEUE_PREFIX>:ingestion:*` in Redis). */
export const INGESTION_QUEUE_NAME = 'ingestion';
const JOB_NAME = 'ingest';
/** Injection token: true when this process consumes ingestion jobs (false: it only queues them). */
export const INGEST_CONSUMER = Symbol('INGEST_CONSUMER');
const ENQUEUE_TIMEOUT_MS = 5_000;

/** The Bull job id of a document run: the same run is never queued twice. */
export function jobIdOf(job: IngestJob): string {
  return `${job.documentId}_r${job.run}`;
}

/**
 * The queue on Redis (REDIS_URL): jobs survive restarts, retries use exponential backoff, and every
 * process that runs this module (the API and any number of `npm run worker` processes) consumes
 * jobs, `INGEST_CONCURRENCY` at a time each. A consumer that dies loses its lock; Bull hands the
 * job to another consumer, which resumes after the chunks already stored.
 */
@Injectable()
export class BullIngestQueue implements IngestQueue, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BullIngestQueue.name);

  constructor(
    @InjectQueue(INGESTION_QUEUE_NAME) private readonly queue: Queue<IngestJob>,
    private readonly config: AppConfig,
    private readonly processor: IngestionProcessor,
    @Inject(INGEST_CONSUMER) private readonly consume: boolean,
  ) {}

  /** Fails after ENQUEUE_TIMEOUT_MS when Redis does not answer (the document stays `uploaded`; the sweep queues it later). */
  async enqueue(job: IngestJob): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not accept the job within ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.add(job), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async add(job: IngestJob): Promise<void> {
    const existing = await this.queue.getJob(jobIdOf(job));
    if (existing && (await existing.isActive()) && !(await this.queue.client.exists(existing.lockKey()))) {
      // Active but its lock expired: the consumer that held it died. Take the job back now rather
      // than after Bull's stalled-job checks (two intervals); the next run resumes its chunks.
      this.logger.warn(`job ${existing.id} lost its consumer: queued again`);
      await existing.remove().catch(() => undefined);
    }
    await this.queue.add(JOB_NAME, job, {
      jobId: jobIdOf(job),
      attempts: INGEST_ATTEMPTS,
      backoff: { type: 'exponential', delay: INGEST_BACKOFF_MS },
      removeOnComplete: true,
      removeOnFail: 100,
    });
  }

  onApplicationBootstrap(): void {
    if (!this.consume) {
      this.logger.log('not consuming ingestion jobs here (INGEST_IN_API=false): worker processes run them');
      return;
    }
    this.queue
      .process(JOB_NAME, this.config.ingestConcurrency, (job) =>
        this.processor.process(job.data, job.attemptsMade + 1, job.opts.attempts ?? INGEST_ATTEMPTS),
      )
      .catch((err: Error) => this.logger.error(`the ingestion consumer stopped: ${err.message}`));
    this.logger.log(`consuming ingestion jobs from Redis (concurrency ${this.config.ingestConcurrency})`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.processor.stop();
    // Bull's close waits for Redis; when Redis is unreachable its clients would retry for ever.
    let timer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      this.queue.close().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 3_000))),
    ]);
    clearTimeout(timer);
    if (!closed) for (const client of this.queue.clients) client.disconnect();
  }
}
