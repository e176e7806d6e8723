import { Inject, Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DF_CACHE_WORDS, EXACT_SCAN_MAX_CHUNKS, textRanking, WordStatistics } from './bm25';
import {
  type DocumentProfile,
  type DocumentWordCount,
  type RoutedDocument,
  type RoutingIndex,
  routeDocuments,
  routingIndex,
} from './document-routing';
import { LEARNED_DEFINITIONS, type LearnedDefinitionsPort } from './learned-definitions.port';
import { LearnedDefinitions, type LearnedExpansions } from './learned-expansions';
import { RetrievalRepository } from './retrieval.repository';
import type { HybridQuery, Passage, QueryTerms, TermWeight } from './retrieval.types';
import { VersionedCache } from './versioned-cache';

/** The words of the transcripts' speaker labels, lower case ('marketing' of 'Marketing', 'kirsty' of 'Kirsty Williams'). */
function speakerWords({ speakers }: { speakers: string[] }): Set<string> {
  return new Set(speakers.flatMap((s) => s.toLowerCase().split(/[^\p{L}\p{N}_]+/u)).filter(Boolean));
}

/**
 * The hybrid search as the retriever asks for it: the ranking policy (the words' BM25 weights from
 * the cached word statistics, the full-text candidate budget, exact scan or HNSW) applied here, the
 * statement run by `RetrievalRepository` in one round trip.
 */
@Injectable()
export class HybridSearch {
  readonly words: WordStatistics;
  readonly definitions: LearnedDefinitions;
  /** The words of the speaker labels, read once per content version (as the word statistics are). */
  private readonly speakers: VersionedCache<{ version: string; speakers: string[] }, Set<string>>;
  /**
   * The documents' profiles for routing a question to them, and the words' chunk counts per document as
   * questions ask for them (bounded like the word statistics), read once per content version.
   */
  private readonly routing: VersionedCache<
    { version: string; profiles: DocumentProfile[] },
    { index: RoutingIndex; counts: LRUCache<string, DocumentWordCount[]> }
  >;

  constructor(
    private readonly repository: RetrievalRepository,
    @Inject(LEARNED_DEFINITIONS) definitions: LearnedDefinitionsPort,
  ) {
    this.words = new WordStatistics(repository);
    this.definitions = new LearnedDefinitions(definitions);
    this.speakers = new VersionedCache(() => repository.speakersAtVersion(), speakerWords);
    this.routing = new VersionedCache(
      () => repository.documentProfilesAtVersion(),
      ({ profiles }) => ({ index: routingIndex(profiles), counts: new LRUCache({ max: DF_CACHE_WORDS }) }),
    );
  }

  /**
   * The documents `words` (a question's key words) are about, best first (`routeDocuments`), among
   * `sessionIds` when given; with the number of sessions they were chosen among.
   */
  async routeDocuments(words: string[], sessionIds: readonly string[] = []): Promise<{ routed: RoutedDocument[]; sessions: number }> {
    const { index, counts: cached } = await this.routing.get();
    // A word's counts are read once per content version: a question of known words costs no statement here.
    const missing = [...new Set(words)].filter((w) => !cached.has(w));
    if (missing.length > 0) {
      const rows = await this.repository.documentWordCounts(missing);
      for (const w of missing) cached.set(w, []);
      for (const { asked, ...row } of rows) cached.get(asked)?.push(row);
    }
    const seen = new Set<string>();
    const counts = words
      .flatMap((w) => cached.get(w) ?? [])
      .filter((c) => {
        const key = `${c.word}\u0000${c.documentId}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    const allowed = sessionIds.length > 0 ? new Set(sessionIds) : null;
    const sessions = new Set(index.profiles.map((p) => p.sessionId).filter((id) => !allowed || allowed.has(id))).size;
    return { routed: routeDocuments(index, counts, words, sessionIds), sessions };
  }

  /** What the abbreviations the materials define add to `question` searched in `sessionIds` (`learnedExpansionsOf`; cached per content version). */
  learnedExpansions(question: string, sessionIds: readonly string[] = []): Promise<LearnedExpansions> {
    return this.definitions.expansionsOf(question, sessionIds);
  }

  /** The word statistics of a query's own words and of its expansion words (full IDF). */
  queryTerms(words: string[], expansionWords: string[]): Promise<QueryTerms> {
    return this.words.queryTerms(words, expansionWords);
  }

  termWeights(words: string[]): Promise<TermWeight[]> {
    return this.words.termWeights(words);
  }

  /**
   * Which of `words` (lower case) the materials write in lower case in their running text
   * (`RetrievalRepository.writtenInLowerCase`) and no speaker label holds ('Marketing' of the
   * meetings' roles is a name).
   */
  async writtenInLowerCase(words: string[]): Promise<string[]> {
    const inText = await this.repository.writtenInLowerCase(words);
    if (inText.length === 0) return [];
    const speakers = await this.speakers.get();
    return inText.filter((w) => !speakers.has(w));
  }

  /** Searchable chunks of these sessions (from the cached word statistics). */
  chunksOf(sessionIds: string[]): Promise<number> {
    return this.words.chunksOf(sessionIds);
  }

  async hybridSearch(query: HybridQuery): Promise<Passage[]> {
    return (await this.hybridSearchAtVersion(query)).passages;
  }

  /** The passages and the content version they were found at (null when nothing was found). */
  async hybridSearchAtVersion(query: HybridQuery): Promise<{ passages: Passage[]; contentVersion: string | null }> {
    const { words, expansionWords, terms, sessionChunks, exact, ...rest } = query;
    const text = textRanking(terms ?? (await this.words.queryTerms(words, expansionWords ?? [])));
    // A few sessions' chunks are compared exactly (their session index, then a sort) instead of walking
    // the HNSW graph past everyone else's: faster and exact below a few thousand chunks.
    const exactScan =
      exact ?? (query.sessionIds.length > 0 && (sessionChunks ?? (await this.words.chunksOf(query.sessionIds))) <= EXACT_SCAN_MAX_CHUNKS);
    const result = await this.repository.hybridSearchAtVersion({
      ...rest,
      textTerms: text.terms,
      candidateFilter: text.filter,
      exact: exactScan,
    });
    this.words.sawContentVersion(result.contentVersion);
    this.definitions.sawContentVersion(result.contentVersion);
    this.speakers.sawContentVersion(result.contentVersion);
    this.routing.sawContentVersion(result.contentVersion);
    return result;
  }

  /** Ids of the `k` nearest chunks by cosine distance alone (HNSW, or exact scan): recall measurement. */
  nearestChunkIds(embedding: number[], k: number, opts: { exact?: boolean; efSearch?: number } = {}): Promise<string[]> {
    return this.repository.nearestChunkIds(embedding, k, opts);
  }
}
