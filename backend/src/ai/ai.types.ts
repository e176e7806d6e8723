/**
 * The AI provider boundary. `local` (default, offline, deterministic) and `openai` implement it.
 * Embeddings live in this folder (owned with ingestion); generation (chat answers, question
 * rewriting, takeaways) too (owned with chat). Every call records an AI usage row.
 */
export type UsageKind = 'chat' | 'embedding' | 'takeaway' | 'transcription';

/** Who a call is made for; written on the AI usage record. */
export interface UsageContext {
  userId?: string | null;
}

/** Injection token of the embeddings provider (`EmbeddingsProvider`). */
export const EMBEDDINGS = Symbol('EMBEDDINGS');

export interface EmbeddingsProvider {
  /** Model name recorded on each document (`documents.embedding_model`), e.g. 'local-hash-v1-384'. */
  readonly model: string;
  readonly dimensions: number;
  /**
   * Texts worth gathering for one `embedDocuments` call while more are coming (ingestion): a request
   * to a model costs a round trip and counts against its rate limits, so it gets full batches (unset);
   * an embedder computing each text alike in process takes them as they come (1).
   */
  readonly gatherTexts?: number;
  /** Embeds passages in batches; records usage (kind 'embedding'). Vectors are L2-normalised. */
  embedDocuments(texts: string[], ctx?: UsageContext): Promise<number[][]>;
  /** Embeds a search query; records usage. */
  embedQuery(text: string, ctx?: UsageContext): Promise<number[]>;
}
