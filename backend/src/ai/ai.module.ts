import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EMBEDDINGS } from './ai.types';
import { createEmbeddingsProvider } from './embeddings/embeddings.factory';
import { createAnswerGenerator } from './generation/generation.factory';
import { ANSWER_GENERATOR } from './generation/generation.types';
import { AiUsageRepository } from './usage/ai-usage.repository';
import { AiUsageService } from './usage/ai-usage.service';
import { createTranscriber } from './transcription/openai-transcriber';
import { TRANSCRIBER } from './transcription/transcription.types';

/** The AI provider boundary (local or openai), global: embeddings, generation, transcription and usage records. */
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
    {
      provide: TRANSCRIBER,
      inject: [AppConfig, AiUsageService],
      useFactory: createTranscriber,
    },
  ],
  exports: [EMBEDDINGS, ANSWER_GENERATOR, TRANSCRIBER, AiUsageService],
})
export class AiModule {}
