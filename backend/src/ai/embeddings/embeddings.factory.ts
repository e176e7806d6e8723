import type { AppConfig } from '../../config/app-config';
import type { EmbeddingsProvider } from '../ai.types';
import type { AiUsageService } from '../usage/ai-usage.service';
import { LocalHashEmbeddings } from './local-hash-embeddings';
import { OpenAiEmbeddingsProvider } from './openai-embeddings';

/** The embeddings provider chosen by AI_PROVIDER. */
export function createEmbeddingsProvider(config: AppConfig, usage: AiUsageService): EmbeddingsProvider {
  return config.aiProvider === 'openai' ? new OpenAiEmbeddingsProvider(config, usage) : new LocalHashEmbeddings(config.embeddingDim, usage);
}
