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
    const docs = await this.retriever(options).invoke(query);
    return docs.map((d) => d.metadata);
  }
}
