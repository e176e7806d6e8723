import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDINGS, type EmbeddingsProvider } from '../ai/ai.types';
import { ConferenceRetriever } from './conference-retriever';
import { RetrievalRepository } from './retrieval.repository';
import type { Passage, RetrievalOptions } from './retrieval.types';

/** Hands out the conference retriever, configured per call (sessions, number of passages, user). */
@Injectable()
export class RetrievalService {
  constructor(
    private readonly repository: RetrievalRepository,
    @Inject(EMBEDDINGS) private readonly embeddings: EmbeddingsProvider,
  ) {}

  retriever(options: RetrievalOptions = {}): ConferenceRetriever {
    return new ConferenceRetriever({ repository: this.repository, embeddings: this.embeddings, ...options });
  }

  /** The passages for `query` through the retriever (LangChain `invoke`), best first. */
  async retrieve(query: string, options: RetrievalOptions = {}): Promise<Passage[]> {
    return (await this.retrieveWithRarity(query, options)).passages;
  }

  /**
   * The passages for `query` and how rare each of its key words is over the searchable chunks
   * (stem → 0..1, `rarityOf`), from the word statistics the search itself looked up.
   */
  async retrieveWithRarity(
    query: string,
    options: RetrievalOptions = {},
  ): Promise<{ passages: Passage[]; rarity: Record<string, number> }> {
    const retriever = this.retriever(options);
    const docs = await retriever.invoke(query);
    return { passages: docs.map((d) => d.metadata), rarity: retriever.wordRarity };
  }
}
