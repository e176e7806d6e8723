import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EMBEDDINGS } from './ai.types';
import { createEmbeddingsProvider } from './embeddings/embeddings.factory';
import { AiUsageRepository } from './usage/ai-usage.repository';
import { AiUsageService } from './usage/ai-usage.service';

/** The AI provider boundary (local or openai), global: embeddings, generation and usage records. */
@Global()
@Module({
  providers: [
    AiUsageRepository,
    AiUsageService,
    {
      provide: EMBEDDINGS,
      inject: [AppConfig, AiUsageService],
      useFactory: createEmbeddingsProvider,
    },
  ],
  exports: [EMBEDDINGS, AiUsageService],
})
export class AiModule {}
