import { BullModule } from '@nestjs/bull';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { INGEST_QUEUE } from '../documents/ingest-queue.port';
import { DocumentRunsModule } from '../documents/runs/document-runs.module';
import { LEARNED_DEFINITIONS } from '../retrieval/learned-definitions.port';
import { IngestionRecoveryService } from './ingestion-recovery.service';
import { IngestionRepository } from './ingestion.repository';
import { IngestionService } from './ingestion.service';
import { IngestionProcessor } from './jobs/ingestion.processor';
import { BullIngestQueue, INGEST_CONSUMER, INGESTION_QUEUE_NAME } from './queue/bull-ingest-queue';
import { InProcessIngestQueue } from './queue/in-process-ingest-queue';
import { TermDefinitionsRepository } from './term-definitions.repository';

/**
 * Ingestion: the processor, its queue and recovery. Moves each document along its runs through the
 * DOCUMENT_RUNS port (DocumentRunsModule: the table is documents'). Provides the INGEST_QUEUE port globally (the
 * documents module enqueues through it without importing this module) and the LEARNED_DEFINITIONS
 * port (retrieval reads the abbreviations ingestion learns through it): Bull on Redis when
 * REDIS_URL is set, the in-process runner otherwise. Used by the API (`main.ts`) and the worker
 * (`worker.ts`) alike.
 */
@Module({})
export class IngestionModule {
  /**
   * `consume`: whether this process runs ingestion jobs from the Bull queue (the worker always; the
   * API unless INGEST_IN_API=false). Without Redis the process always runs its own jobs.
   */
  static forRoot(config: AppConfig, opts: { consume: boolean } = { consume: true }): DynamicModule {
    const common: Provider[] = [
      IngestionRepository,
      TermDefinitionsRepository,
      IngestionService,
      IngestionProcessor,
      IngestionRecoveryService,
      { provide: INGEST_CONSUMER, useValue: opts.consume },
      { provide: LEARNED_DEFINITIONS, useExisting: TermDefinitionsRepository },
    ];
    if (config.redisUrl) {
      return {
        module: IngestionModule,
        global: true,
        imports: [
          DocumentRunsModule,
          BullModule.forRoot({ url: config.redisUrl, prefix: config.queuePrefix }),
          BullModule.registerQueue({ name: INGESTION_QUEUE_NAME }),
        ],
        providers: [...common, BullIngestQueue, { provide: INGEST_QUEUE, useExisting: BullIngestQueue }],
        exports: [INGEST_QUEUE, LEARNED_DEFINITIONS],
      };
    }
    return {
      module: IngestionModule,
      global: true,
      imports: [DocumentRunsModule],
      providers: [...common, InProcessIngestQueue, { provide: INGEST_QUEUE, useExisting: InProcessIngestQueue }],
      exports: [INGEST_QUEUE, LEARNED_DEFINITIONS],
    };
  }
}
