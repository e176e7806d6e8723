import type { AppConfig } from '../../config/app-config';
import type { AiUsageService } from '../usage/ai-usage.service';
import type { AnswerGenerator } from './generation.types';
import { LocalAnswerGenerator } from './local-answer-generator';
import { OpenAiAnswerGenerator } from './openai-answer-generator';

/** The answer generator chosen by AI_PROVIDER. */
export function createAnswerGenerator(config: AppConfig, usage: AiUsageService): AnswerGenerator {
  return config.aiProvider === 'openai' ? new OpenAiAnswerGenerator(config, usage) : new LocalAnswerGenerator(config.embeddingDim, usage);
}
