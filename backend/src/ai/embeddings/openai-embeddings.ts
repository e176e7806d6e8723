import { AsyncLocalStorage } from 'node:async_hooks';
import { OpenAIEmbeddings } from '@langchain/openai';
import type OpenAI from 'openai';
import type { AppConfig } from '../../config/app-config';
import type { EmbeddingsProvider, UsageContext } from '../ai.types';
import type { AiUsageService } from '../usage/ai-usage.service';
import { estimateTokens } from './local-hash-embeddings';

/** Texts per request to the embeddings endpoint. */
export const OPENAI_EMBEDDING_BATCH_SIZE = 256;

interface TokenTally {
  promptTokens: number;
  reported: boolean;
}

/** LangChain's OpenAIEmbeddings, also adding up the `usage` each response reports into the caller's tally. */
class CountingOpenAIEmbeddings extends OpenAIEmbeddings {
  readonly tally = new AsyncLocalStorage<TokenTally>();

  protected override async embeddingWithRetry(request: OpenAI.EmbeddingCreateParams) {
    const response = await super.embeddingWithRetry(request);
    const tally = this.tally.getStore();
    if (tally && response.usage) {
      tally.promptTokens += response.usage.prompt_tokens ?? response.usage.total_tokens ?? 0;
      tally.reported = true;
    }
    return response;
  }
}

/**
 * Embeddings from an OpenAI-compatible server through LangChain (`OPENAI_BASE_URL` honoured),
 * `dimensions = EMBEDDING_DIM`, float vectors, batches of 256 texts. Tokens are those the server
 * reports (estimated when it reports none); one usage row per call.
 */
export class OpenAiEmbeddingsProvider implements EmbeddingsProvider {
  readonly model: string;
  readonly dimensions: number;
  private readonly client: CountingOpenAIEmbeddings;

  constructor(
    config: AppConfig,
    private readonly usage: AiUsageService,
  ) {
    this.model = config.openaiEmbeddingModel;
    this.dimensions = config.embeddingDim;
    this.client = new CountingOpenAIEmbeddings({
      model: config.openaiEmbeddingModel,
      dimensions: config.embeddingDim,
      apiKey: config.openaiApiKey,
      batchSize: OPENAI_EMBEDDING_BATCH_SIZE,
      // LangChain asks for base64 unless told otherwise; floats are what we store.
      encodingFormat: 'float',
      stripNewLines: true,
      // Every request has a deadline (OPENAI_TIMEOUT_MS) and a bounded number of retries.
      timeout: config.openaiTimeoutMs,
      maxRetries: config.openaiMaxRetries,
      configuration: { baseURL: config.openaiBaseUrl },
    });
  }

  async embedDocuments(texts: string[], ctx?: UsageContext): Promise<number[][]> {
    if (texts.length === 0) return [];
    return this.withUsage(texts, ctx, () => this.client.embedDocuments(texts));
  }

  async embedQuery(text: string, ctx?: UsageContext): Promise<number[]> {
    return this.withUsage([text], ctx, () => this.client.embedQuery(text));
  }

  private async withUsage<T extends number[] | number[][]>(
    texts: string[],
    ctx: UsageContext | undefined,
    call: () => Promise<T>,
  ): Promise<T> {
    await this.usage.assertWithinBudget();
    const tally: TokenTally = { promptTokens: 0, reported: false };
    const result = await this.client.tally.run(tally, call);
    await this.usage.record({
      kind: 'embedding',
      provider: 'openai',
      model: this.model,
      promptTokens: tally.reported ? tally.promptTokens : estimateTokens(texts),
      completionTokens: 0,
      userId: ctx?.userId ?? null,
    });
    const vectors = (Array.isArray(result[0]) ? result : [result]) as number[][];
    for (const v of vectors) {
      if (v.length !== this.dimensions) {
        throw new Error(
          `The embeddings server returned vectors of ${v.length} dimensions for model "${this.model}"; EMBEDDING_DIM is ${this.dimensions}.`,
        );
      }
    }
    return result;
  }
}
