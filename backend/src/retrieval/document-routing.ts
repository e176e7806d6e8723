import { termsOf } from '../text/keywords';
import { termKey } from '../text/term-key';
import { bm25Idf } from './bm25';

/**
 * Sessions searched as if ticked when a question comes without a session filter (or with more sessions
 * ticked than this): the sessions of the documents it is most about (`routeDocuments`), whose
 * candidates join the whole search's. 3, 5 and routing alone (0) tried on the pool's tune folds: 5 kept
 * (bench/history/document-routing.md).
 */
export const ROUTE_SESSIONS = 5;
/**
 * Share of a document's chunks holding a word at which the word counts half of its weight for that
 * document (the share saturates: a word on every page counts little more than one on a tenth of them).
 * Chosen on the tune folds by how often the meeting or filing asked about ranks first (BM25 over chunk
 * counts and query likelihood ranked it first less often: bench/history/document-routing.md).
 */
export const ROUTE_HALF_SHARE = 0.08;
/** Weight of the program entry (title, description, speakers, file name) beside the document's own words. */
export const ROUTE_ENTRY_WEIGHT = 1;

/** What routing knows of one searchable document, read once per content version. */
export interface DocumentProfile {
  documentId: string;
  sessionId: string;
  /** Searchable chunks of the document (its length). */
  chunks: number;
  /** Its session's program entry and the file's name: title, description, speakers, original file name. */
  entry: string;
}

/** Chunks of one document holding one word (a `to_tsvector` lexeme of the question). */
export interface DocumentWordCount {
  documentId: string;
  word: string;
  chunks: number;
}

export interface RoutedDocument {
  documentId: string;
  sessionId: string;
  /** Relative to the best document's (0..1). */
  score: number;
}

/** The documents' program entries as stems, and in how many entries each stem occurs. */
export interface RoutingIndex {
  profiles: DocumentProfile[];
  entryStems: Map<string, Set<string>>;
  entryDf: Map<string, number>;
}

export function routingIndex(profiles: DocumentProfile[]): RoutingIndex {
  const entryStems = new Map<string, Set<string>>();
  const entryDf = new Map<string, number>();
  for (const p of profiles) {
    const stems = new Set(termsOf(p.entry.replace(/_/g, ' ')));
    entryStems.set(p.documentId, stems);
    for (const s of stems) entryDf.set(s, (entryDf.get(s) ?? 0) + 1);
  }
  return { profiles, entryStems, entryDf };
}

/**
 * The documents a question is about, best first: per word of the question, its IDF over the documents
 * times the saturated share of each document's chunks holding it (`ROUTE_HALF_SHARE`: a word every
 * document uses weighs nothing, one that a single meeting or filing uses throughout weighs most), plus the question's words found in the
 * document's program entry (title, description, speakers, file name: a company, a year, a speaker),
 * weighed by how few entries hold them. `counts`: the question's words' chunk counts per document;
 * `questionWords`: the question's own key words (lower case). Documents outside `sessionIds` (when
 * given) are left out.
 */
export function routeDocuments(
  index: RoutingIndex,
  counts: DocumentWordCount[],
  questionWords: string[],
  sessionIds: readonly string[] = [],
): RoutedDocument[] {
  const allowed = sessionIds.length > 0 ? new Set(sessionIds) : null;
  const profiles = allowed ? index.profiles.filter((p) => allowed.has(p.sessionId)) : index.profiles;
  if (profiles.length === 0) return [];
  const byId = new Map(profiles.map((p) => [p.documentId, p]));
  const n = index.profiles.length;
  const docsPerWord = new Map<string, number>();
  for (const c of counts) if (c.chunks > 0) docsPerWord.set(c.word, (docsPerWord.get(c.word) ?? 0) + 1);
  const score = new Map<string, number>();
  for (const c of counts) {
    const p = byId.get(c.documentId);
    if (!p || c.chunks <= 0) continue;
    const idf = bm25Idf(docsPerWord.get(c.word) ?? 0, n);
    const share = Math.min(1, c.chunks / Math.max(1, p.chunks));
    score.set(p.documentId, (score.get(p.documentId) ?? 0) + (idf * share) / (share + ROUTE_HALF_SHARE));
  }
  const stems = [...new Set(questionWords.map(termKey))];
  for (const p of profiles) {
    const entry = index.entryStems.get(p.documentId);
    if (!entry) continue;
    let sum = 0;
    for (const s of stems) if (entry.has(s)) sum += bm25Idf(index.entryDf.get(s) ?? 0, n);
    if (sum > 0) score.set(p.documentId, (score.get(p.documentId) ?? 0) + ROUTE_ENTRY_WEIGHT * sum);
  }
  const best = Math.max(0, ...score.values());
  if (best <= 0) return [];
  return [...score]
    .map(([documentId, s]) => ({ documentId, sessionId: byId.get(documentId)!.sessionId, score: s / best }))
    .sort((a, b) => b.score - a.score || a.documentId.localeCompare(b.documentId));
}

/** The sessions of the best documents, best first, until `limit` sessions. */
export function routedSessions(routed: RoutedDocument[], limit = ROUTE_SESSIONS): string[] {
  const out: string[] = [];
  for (const r of routed) {
    if (out.length >= limit) break;
    if (!out.includes(r.sessionId)) out.push(r.sessionId);
  }
  return out;
}
