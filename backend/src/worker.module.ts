import { DynamicModule, Module } from '@nestjs/common';
import { AiModule } from './ai/ai.module';
import { coreImports } from './app.module';
import { AppConfig } from './config/app-config';
import { IngestionModule } from './ingestion/ingestion.module';

/** The worker process (`worker.ts`): the ingestion queue consumer over the same modules, no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: [...coreImports(config), AiModule, IngestionModule.forRoot(config)] };
  }
}
