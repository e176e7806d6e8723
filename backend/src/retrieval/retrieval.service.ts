import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { EMBEDDINGS, type EmbeddingsProvider } from '../ai/ai.types';
import { ContentVersionWatch } from '../database/content-version';
import { ConferenceRetriever, DEFAULT_K, DEFAULT_PER_DOCUMENT } from './conference-retriever';
import { HybridSearch } from './hybrid-search';
import type { Passage, RetrievalOptions, RetrievalResult } from './retrieval.types';

/** Searches whose result is kept for the same search asked again (10-25 KB each). */
export const SHARED_SEARCHES = 500;

export type { RetrievalResult } from './retrieval.types';

/**
 * Hands out the conference retriever, configured per call (sessions, number of passages, user), and
 * shares a search among everyone asking the same one: a hall of new attendees clicking the same
 * suggested question runs one search, not fifty. A question asked for the first time costs nothing
 * more than its search. One asked again reads the content version (any change of a session or of a
 * document's status moves it, in whichever process it happened; `ContentVersionWatch`: on a server
 * callers arriving together share one read, on the embedded database a value stays known until this
 * process writes) and takes the earlier result only if it was found at that same version, so a shared
 * answer is as fresh as a search of one's own.
 */
@Injectable()
export class RetrievalService {
  /** Searches in flight or done, by the options that shape the result and the normalised question. */
  private readonly shared = new LRUCache<string, Promise<RetrievalResult>>({ max: SHARED_SEARCHES });

  constructor(
    private readonly repository: HybridSearch,
    @Inject(EMBEDDINGS) private readonly embeddings: EmbeddingsProvider,
    private readonly version: ContentVersionWatch,
  ) {}

  retriever(options: RetrievalOptions = {}): ConferenceRetriever {
    return new ConferenceRetriever({ repository: this.repository, embeddings: this.embeddings, ...options });
  }

  /**
   * Which of `words` (lower case) the conference's materials write in lower case somewhere: ordinary
   * words, where a question writes them with a capital, rather than names. Asked only for the
   * capitalised words of a question that its passages never mention (`unknownNames`).
   */
  writtenInLowerCase(words: string[]): Promise<string[]> {
    return this.repository.writtenInLowerCase(words);
  }

  /** The passages for `query`, best first. */
  async retrieve(query: string, options: RetrievalOptions = {}): Promise<Passage[]> {
    return (await this.search(query, options)).passages;
  }

  /**
   * What a search for `query` finds: the passages, how rare each of its key words is over the
   * searchable chunks, the expansions searched and the content version, from the word statistics the
   * search itself looked up. Each caller gets its own copy of a shared result.
   */
  async search(query: string, options: RetrievalOptions = {}): Promise<RetrievalResult> {
    const text = normalizeQuery(query);
    const sessionIds = [...new Set(options.sessionIds ?? [])].sort();
    // The user only tags the query embedding's usage row: not part of what makes two searches the same.
    const key = JSON.stringify([options.k ?? DEFAULT_K, options.perDocument ?? DEFAULT_PER_DOCUMENT, sessionIds, text]);
    const earlier = this.shared.get(key);
    if (earlier) {
      // Read after this request arrived: the earlier result is current if nothing changed since it was found.
      const [current, found] = await Promise.all([this.version.current(), earlier.catch(() => null)]);
      if (found?.contentVersion === current) return copyOf(found);
      // Someone who arrived meanwhile may have started the search at the current version already.
      const latest = this.shared.get(key);
      if (latest && latest !== earlier) {
        const again = await latest.catch(() => null);
        if (again?.contentVersion === current) return copyOf(again);
      }
    }
    const search = this.retriever({ ...options, sessionIds }).search(text);
    this.shared.set(key, search);
    const forget = () => this.shared.get(key) === search && this.shared.delete(key);
    // A failed search, or one that found nothing (no version to check against), is not shared later.
    search.then((r) => r.contentVersion === null && forget(), forget);
    return copyOf(await search);
  }
}

/** The question as searched: spacing is not part of it (two askers of the same words share one search). */
export function normalizeQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ');
}

function copyOf(result: RetrievalResult): RetrievalResult {
  return structuredClone(result);
}
