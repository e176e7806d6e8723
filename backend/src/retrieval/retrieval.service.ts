import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { EMBEDDINGS, type EmbeddingsProvider } from '../ai/ai.types';
import { CoalescedRead } from '../common/coalesced-read';
import { ConferenceRetriever, DEFAULT_K, DEFAULT_PER_DOCUMENT } from './conference-retriever';
import { RetrievalRepository } from './retrieval.repository';
import type { Passage, RetrievalOptions } from './retrieval.types';

/** Searches whose result is kept for the same search asked again (about 10 KB each). */
export const SHARED_SEARCHES = 500;

export interface RetrievalResult {
  passages: Passage[];
  /** How rare each key word of the query is over the searchable chunks (stem → 0..1, `rarityOf`). */
  rarity: Record<string, number>;
}

/**
 * Hands out the conference retriever, configured per call (sessions, number of passages, user), and
 * shares the result of a search among everyone asking the same one: a hall of new attendees clicking
 * the same suggested question runs one search, not fifty. A result is shared only at the content
 * version it was searched at (any change of a session or of a document's status starts new searches,
 * in whichever process it happened), so a shared answer is as fresh as a search of one's own.
 */
@Injectable()
export class RetrievalService {
  /**
   * Searches in flight or done, by what makes two searches the same: the content version, the options
   * that shape the result and the normalised question (the user only tags the embedding's usage row).
   */
  private readonly shared = new LRUCache<string, Promise<RetrievalResult>>({ max: SHARED_SEARCHES });
  /** Requests arriving together share one version read, each still answered by a read begun after it arrived. */
  private readonly version = new CoalescedRead(() => this.repository.contentVersion());

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
   * (stem → 0..1, `rarityOf`), from the word statistics the search itself looked up. The same search
   * at the same content version is run once (`shared`); each caller gets its own copy of the result.
   */
  async retrieveWithRarity(query: string, options: RetrievalOptions = {}): Promise<RetrievalResult> {
    const text = normalizeQuery(query);
    const sessionIds = [...new Set(options.sessionIds ?? [])].sort();
    const key = JSON.stringify([
      await this.version.get(),
      options.k ?? DEFAULT_K,
      options.perDocument ?? DEFAULT_PER_DOCUMENT,
      sessionIds,
      text,
    ]);
    let result = this.shared.get(key);
    if (!result) {
      const search = this.search(text, { ...options, sessionIds });
      this.shared.set(key, search);
      // A failed search is not shared beyond the callers already waiting for it.
      search.catch(() => this.shared.get(key) === search && this.shared.delete(key));
      result = search;
    }
    return structuredClone(await result);
  }

  private async search(query: string, options: RetrievalOptions): Promise<RetrievalResult> {
    const retriever = this.retriever(options);
    const docs = await retriever.invoke(query);
    return { passages: docs.map((d) => d.metadata), rarity: retriever.wordRarity };
  }
}

/** The question as searched: spacing is not part of it (two askers of the same words share one search). */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ');
}
