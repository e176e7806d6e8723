import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EMBEDDINGS } from './ai.types';
import { createEmbeddingsProvider } from './embeddings/embeddings.factory';
import { createAnswerGenerator } from './generation/generation.factory';
import { ANSWER_GENERATOR } from './generation/generation.types';
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
    {
      provide: ANSWER_GENERATOR,
      inject: [AppConfig, AiUsageService],
      useFactory: createAnswerGenerator,
    },
  ],
  exports: [EMBEDDINGS, ANSWER_GENERATOR, AiUsageService],
})
export class AiModule {}
