import type { CallbackManagerForRetrieverRun } from '@langchain/core/callbacks/manager';
import { Document } from '@langchain/core/documents';
import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import type { EmbeddingsProvider } from '../ai/ai.types';
import { keywords, stemOf } from '../ai/generation/keywords';
import { EXPANSION_WEIGHT, type RetrievalRepository } from './retrieval.repository';
import { expansionsOf } from './query-expansion';
import { capPerDocument, rerank } from './rerank';
import type { Passage, RetrievalOptions } from './retrieval.types';

export const DEFAULT_K = 8;
export const DEFAULT_PER_DOCUMENT = 4;
/**
 * Weight of the full-text ranking in the fusion when embeddings are the local feature hashing: those
 * vectors are a bag of words without IDF, a weaker view of the same lexical evidence, so the IDF-ranked
 * full-text list leads (measured on the demo questions; bench/RESULTS.md). Semantic (OpenAI) embeddings
 * fuse 1:1.
 */
export const LOCAL_TEXT_WEIGHT = 3;
/** Fused candidates reranked per passage returned (at least MIN_RERANK_POOL). */
export const RERANK_POOL_FACTOR = 4;
export const MIN_RERANK_POOL = 32;

export interface ConferenceRetrieverInput extends BaseRetrieverInput, RetrievalOptions {
  repository: RetrievalRepository;
  embeddings: EmbeddingsProvider;
}

/**
 * The one retriever of the product (chat, takeaways, search): hybrid pgvector + full-text search
 * over the conference documents, fused by reciprocal rank. Each LangChain Document carries its
 * Passage (session, document, page or time, scores) as metadata.
 */
export class ConferenceRetriever extends BaseRetriever<Passage> {
  lc_namespace = ['conference', 'retrievers'];
  private readonly repository: RetrievalRepository;
  private readonly embeddings: EmbeddingsProvider;
  private readonly options: RetrievalOptions;

  constructor(fields: ConferenceRetrieverInput) {
    super(fields);
    const { repository, embeddings, ...options } = fields;
    this.repository = repository;
    this.embeddings = embeddings;
    this.options = options;
  }

  override async _getRelevantDocuments(query: string, _runManager?: CallbackManagerForRetrieverRun): Promise<Document<Passage>[]> {
    const passages = await this.search(query);
    return passages.map((p) => new Document<Passage>({ pageContent: p.text, metadata: p, id: p.chunkId }));
  }

  /**
   * The passages for `query`, best first: a pool of fused candidates (vectors + full text) is
   * reranked on lexical evidence (`rerank`), then capped per document.
   */
  async search(query: string): Promise<Passage[]> {
    const text = query.trim();
    if (!text) return [];
    const k = this.options.k ?? DEFAULT_K;
    const pool = Math.max(k * RERANK_POOL_FACTOR, MIN_RERANK_POOL);
    const words = keywords(text);
    const expansions = expansionsOf(text);
    const expansionWords = keywords(expansions.join(' ')).filter((w) => !words.includes(w));
    const embedding = await this.embeddings.embedQuery(text, { userId: this.options.userId ?? null });
    const candidates = await this.repository.hybridSearch({
      embedding,
      words,
      expansionWords,
      phrases: expansions,
      vectorWeight: 1,
      textWeight: this.embeddings.model.startsWith('local-') ? LOCAL_TEXT_WEIGHT : 1,
      sessionIds: this.options.sessionIds ?? [],
      k: pool,
      perDocument: pool,
    });
    const stem = (w: string) => (/^\d/.test(w) ? w : stemOf(w));
    const weighted = [
      ...(await this.repository.termWeights(words)).map((t) => ({ stem: stem(t.word), idf: t.idf })),
      ...(await this.repository.termWeights(expansionWords)).map((t) => ({ stem: stem(t.word), idf: t.idf * EXPANSION_WEIGHT })),
    ];
    const ranked = rerank(text, candidates, weighted, expansions);
    return capPerDocument(ranked, k, this.options.perDocument ?? DEFAULT_PER_DOCUMENT);
  }
}
