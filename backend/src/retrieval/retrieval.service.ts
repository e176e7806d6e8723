import { Inject, Injectable } from '@nestjs/common';
import { EMBEDDINGS, type EmbeddingsProvider } from '../ai/ai.types';
import { keywords, stemOf } from '../ai/generation/keywords';
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

  /**
   * How rare each key word of `query` is over the searchable chunks (stem → 0..1, the rarest 1):
   * lets an answerer weigh 'quick ratio' above the company name every page of a filing repeats.
   */
  async wordRarity(query: string): Promise<Record<string, number>> {
    const terms = await this.repository.termWeights(keywords(query));
    const max = Math.max(0, ...terms.map((t) => t.idf));
    const out: Record<string, number> = {};
    if (max <= 0) return out;
    for (const t of terms) out[/^\d/.test(t.word) ? t.word : stemOf(t.word)] = t.idf / max;
    return out;
  }

  /** The passages for `query` through the retriever (LangChain `invoke`), best first. */
  async retrieve(query: string, options: RetrievalOptions = {}): Promise<Passage[]> {
    const docs = await this.retriever(options).invoke(query);
    return docs.map((d) => d.metadata);
  }
}
