import type { CallbackManagerForRetrieverRun } from '@langchain/core/callbacks/manager';
import { Document } from '@langchain/core/documents';
import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import type { EmbeddingsProvider } from '../ai/ai.types';
import { keywords } from '../text/keywords';
import { termKey } from '../text/term-key';
import { EXPANSION_WEIGHT } from './bm25';
import { ROUTE_SESSIONS, routedSessions } from './document-routing';
import type { HybridSearch } from './hybrid-search';
import type { QueryTerms, TermWeight } from './retrieval.types';
import { expansionsOf } from './query-expansion';
import { type Synonym, weighSynonyms } from './learned-expansions';
import { capPerDocument, rerank } from './rerank';
import { DEFAULT_CANDIDATES } from './retrieval.repository';
import type { Passage, RetrievalOptions, RetrievalResult } from './retrieval.types';

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
/**
 * Fused candidates reranked at least with a session filter: every candidate of the two rankings
 * (DEFAULT_CANDIDATES each, all of the filtered sessions), so the five passages an answer in a
 * session's thread is written from are the first five of that session's search: how many passages a
 * caller asks for does not decide which chunks compete for the first places.
 */
export const FILTERED_RERANK_POOL = 2 * DEFAULT_CANDIDATES;
/**
 * A session filter leaving at most this many searchable chunks (a meeting of a few hours, a short
 * filing or slide deck) has every one of them reranked: the cutoff of the fused candidates cannot
 * leave out the chunk that answers (its words may be common all over the session), and each passage's
 * neighbouring chunks are always among the candidates, so a discussion running over several chunks
 * counts. Larger sessions keep the fused pool.
 */
export const WHOLE_SESSION_MAX_CHUNKS = 400;

/**
 * How rare each key word is over the searchable chunks (stem → 0..1, the rarest 1): lets an answerer
 * weigh 'quick ratio' above the company name every page of a filing repeats.
 */
export function rarityOf(terms: TermWeight[]): Record<string, number> {
  const max = Math.max(0, ...terms.map((t) => t.idf));
  const out: Record<string, number> = {};
  if (max <= 0) return out;
  for (const t of terms) out[termKey(t.word)] = t.idf / max;
  return out;
}

export interface ConferenceRetrieverInput extends BaseRetrieverInput, RetrievalOptions {
  repository: HybridSearch;
  embeddings: EmbeddingsProvider;
}

/**
 * The one retriever of the product (chat, takeaways, search): hybrid pgvector + full-text search
 * over the conference documents, fused by reciprocal rank. The product calls `search` and gets one
 * typed result; as a LangChain retriever (`invoke`) it gives the same passages as Documents.
 */
export class ConferenceRetriever extends BaseRetriever<Passage> {
  lc_namespace = ['conference', 'retrievers'];
  private readonly repository: HybridSearch;
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
    const { passages } = await this.search(query);
    return passages.map((p) => new Document<Passage>({ pageContent: p.text, metadata: p, id: p.chunkId }));
  }

  /**
   * The words searched for `text`: its key words, plus the short forms of the abbreviations whose long
   * form it spells out (`synonyms`: a short form stands for the whole long form, so it counts as one of
   * the question's own words, weighed as that long form, `weighSynonyms`); the expansion phrases of the lexicon's vocabulary and
   * the long forms of the short forms it writes (`learnedExpansionsOf`, the meanings they have in the
   * filtered sessions), with their words.
   */
  private async searchWords(
    text: string,
  ): Promise<{ words: string[]; synonyms: Synonym[]; expansions: string[]; expansionWords: string[] }> {
    const own = keywords(text);
    const learned = await this.repository.learnedExpansions(text, this.options.sessionIds ?? []);
    const synonyms = learned.shortForms.flatMap((d) =>
      keywords(d.shortForm)
        .filter((word) => !own.includes(word))
        .map((word) => ({ word, standsFor: keywords(d.longForm) })),
    );
    const words = [...own, ...synonyms.map((s) => s.word)];
    const expansions = [...new Set([...expansionsOf(text), ...learned.phrases])];
    const expansionWords = keywords(expansions.join(' ')).filter((w) => !words.includes(w));
    return { words, synonyms, expansions, expansionWords };
  }

  /**
   * The passages for `query`, best first: a pool of fused candidates (vectors + full text; all of them
   * with a session filter, FILTERED_RERANK_POOL; every chunk of a small filtered session,
   * WHOLE_SESSION_MAX_CHUNKS) is reranked on lexical evidence
   * (`rerank`), then capped per document; with the rarity of the query's
   * words and the expansions searched, from the same word statistics. Without a session filter (or
   * with more sessions ticked than ROUTE_SESSIONS) the question is first matched to the documents it
   * is about (`routeDocuments`): the sessions of the best ones are searched as if ticked, their
   * candidates join the pool of the whole search, and the rerank weighs how much the question is about
   * each passage's document.
   */
  async search(query: string): Promise<RetrievalResult> {
    const text = query.trim();
    if (!text) return { passages: [], rarity: {}, expansions: [], routedSessionIds: [], contentVersion: null };
    const k = this.options.k ?? DEFAULT_K;
    const sessionIds = this.options.sessionIds ?? [];
    const { words, synonyms, expansions, expansionWords } = await this.searchWords(text);
    const routing = sessionIds.length === 0 || sessionIds.length > ROUTE_SESSIONS;
    // The word statistics are looked up once, for the SQL, the rerank weights and the answerer.
    const [embedding, looked, route] = await Promise.all([
      this.embeddings.embedQuery(text, { userId: this.options.userId ?? null }),
      this.repository.queryTerms(words, expansionWords),
      routing ? this.repository.routeDocuments(words, sessionIds) : null,
    ]);
    const routedIds = route && ROUTE_SESSIONS > 0 && route.sessions > ROUTE_SESSIONS ? routedSessions(route.routed) : [];
    const terms = weighSynonyms(looked, synonyms);
    const searchIn = (ids: string[]) => this.candidates({ embedding, words, expansionWords, terms, expansions }, ids, k);
    const [all, routed] = await Promise.all([searchIn(sessionIds), routedIds.length > 0 ? searchIn(routedIds) : null]);
    const candidates = routed ? interleave(all.passages, routed.passages) : all.passages;
    // The question's own words; the rerank reads a passage's short form as the long form they spell out.
    const questionTerms = looked.own.filter((t) => !synonyms.some((s) => s.word === t.word));
    const weighted = [
      ...questionTerms.map((t) => ({ stem: termKey(t.word), idf: t.idf })),
      ...terms.expansion.map((t) => ({ stem: termKey(t.word), idf: t.idf * EXPANSION_WEIGHT })),
    ];
    const prior = new Map((route?.routed ?? []).map((r) => [r.documentId, r.score]));
    const ranked = rerank(text, candidates, weighted, expansions, synonyms, prior);
    return {
      passages: capPerDocument(ranked, k, this.options.perDocument ?? DEFAULT_PER_DOCUMENT),
      rarity: rarityOf(questionTerms),
      expansions,
      routedSessionIds: routedIds,
      contentVersion: all.contentVersion ?? routed?.contentVersion ?? null,
    };
  }

  /** The fused candidates of one hybrid search in `sessionIds` (none: every session), as many as the rerank takes. */
  private async candidates(
    query: { embedding: number[]; words: string[]; expansionWords: string[]; terms: QueryTerms; expansions: string[] },
    sessionIds: string[],
    k: number,
  ): Promise<{ passages: Passage[]; contentVersion: string | null }> {
    const sessionChunks = sessionIds.length > 0 ? await this.repository.chunksOf(sessionIds) : Infinity;
    const whole = sessionChunks <= WHOLE_SESSION_MAX_CHUNKS;
    const pool = Math.max(
      k * RERANK_POOL_FACTOR,
      MIN_RERANK_POOL,
      sessionIds.length > 0 ? FILTERED_RERANK_POOL : 0,
      whole ? sessionChunks : 0,
    );
    return this.repository.hybridSearchAtVersion({
      embedding: query.embedding,
      words: query.words,
      expansionWords: query.expansionWords,
      terms: query.terms,
      phrases: query.expansions,
      vectorWeight: 1,
      textWeight: this.embeddings.model.startsWith('local-') ? LOCAL_TEXT_WEIGHT : 1,
      sessionIds,
      // Counted once per question: the hybrid search decides exact scan or HNSW from the same count.
      sessionChunks,
      k: pool,
      perDocument: pool,
      // Each ranking then brings every chunk of the session (the vector side ranks them all).
      ...(whole ? { candidates: Math.max(DEFAULT_CANDIDATES, sessionChunks) } : {}),
    });
  }
}

/** Two candidate lists merged rank by rank (the first list's first, then the second's first, …), each passage once. */
function interleave(a: Passage[], b: Passage[]): Passage[] {
  const out: Passage[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    for (const p of [a[i], b[i]]) {
      if (p && !seen.has(p.chunkId)) {
        seen.add(p.chunkId);
        out.push(p);
      }
    }
  }
  return out;
}
