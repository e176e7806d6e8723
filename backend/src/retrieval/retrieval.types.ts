/** One retrieved chunk of a session document, with what the citation and the answerer need. */
export interface Passage {
  chunkId: string;
  documentId: string;
  sessionId: string;
  sessionTitle: string;
  kind: 'transcript' | 'pdf';
  chunkIndex: number;
  text: string;
  /** PDF page (1-based), or null for transcripts. */
  page: number | null;
  /** Transcript time in seconds where the chunk starts, or null for PDFs. */
  startTime: number | null;
  /** Transcript time in seconds where the next chunk starts (null for the last one and for PDFs). */
  endTime: number | null;
  speaker: string | null;
  /** Transcripts: first and last line (or JSON segment) of the uploaded file the chunk covers. */
  lineStart?: number | null;
  lineEnd?: number | null;
  /** Transcripts: the file line where each line of `text` (one turn each) starts. */
  turnLines?: number[] | null;
  /** Timed transcripts: the time (seconds) each line of `text` (one turn each) starts; null for chunks stored before turn times. */
  turnTimes?: number[] | null;
  /** Relevance (higher is better): the reciprocal-rank-fusion score, replaced by the reranked score (`rerank`). */
  score: number;
  /** Cosine similarity of the chunk to the query embedding (0 when not among the vector candidates). */
  similarity: number;
  /** PostgreSQL full-text rank (ts_rank_cd; 0 when no query word matched). */
  textRank: number;
}

/** What one search found, handed to the answerer as data. */
export interface RetrievalResult {
  /** Best first. */
  passages: Passage[];
  /** How rare each key word of the query is over the searchable chunks (`termKey` → 0..1, the rarest 1; `rarityOf`). */
  rarity: Record<string, number>;
  /** Phrases searched beside the query's own words: the lexicon's general vocabulary (`expansionsOf`) and the long forms of abbreviations the question writes (`learnedExpansionsOf`). */
  expansions: string[];
  /**
   * Without a session filter (or with more sessions ticked than ROUTE_SESSIONS): the sessions the
   * question was matched to, best first, that the passages were chosen in (`routeDocuments`); else empty.
   */
  routedSessionIds: string[];
  /** The content version the passages were found at (null: nothing found). */
  contentVersion: string | null;
}

export interface RetrievalOptions {
  /** Restrict to these sessions; empty or undefined: every session. */
  sessionIds?: string[];
  /** Passages to return (default 8). */
  k?: number;
  /** At most this many passages of one document (default 4), so one long file cannot crowd out the rest. */
  perDocument?: number;
  /** Who the query embedding is made for (usage record). */
  userId?: string | null;
}

/** Tuning of the hybrid query; defaults in `retrieval.repository.ts` (SQL) and `bm25.ts` (ranking policy). */
export interface HybridQuery {
  embedding: number[];
  /** Key words of the question (`keywords()`); none: vector search only. */
  words: string[];
  /** Words of the expansion phrases (`expansionsOf`), ranked at EXPANSION_WEIGHT of their IDF. */
  expansionWords?: string[];
  /** The statistics of `words` and `expansionWords` when the caller already has them (else looked up). */
  terms?: QueryTerms;
  /** Multi-word expansion phrases: chunks holding one are full-text candidates whatever the budget. */
  phrases?: string[];
  /** Weight of the vector ranking in the fusion (default 1). */
  vectorWeight?: number;
  /** Weight of the full-text ranking in the fusion (default 1). */
  textWeight?: number;
  sessionIds: string[];
  /**
   * Searchable chunks of `sessionIds` when the caller already counted them (`chunksOf`), so the count
   * deciding exact scan or HNSW is asked once per question; else `HybridSearch` counts them. Unused
   * without a filter.
   */
  sessionChunks?: number;
  k: number;
  perDocument: number;
  /** Candidates taken from each ranking before fusion. */
  candidates?: number;
  /** HNSW candidate list size (`hnsw.ef_search`). */
  efSearch?: number;
  /**
   * true: exact scan (recall measurement); false: HNSW; unset: HNSW, or an exact scan when the session
   * filter leaves few chunks (EXACT_SCAN_MAX_CHUNKS).
   */
  exact?: boolean;
}

export interface TermWeight {
  word: string;
  /** The word as `websearch_to_tsquery('english', word)` parses it, e.g. `'financ'`. */
  tsquery: string;
  /** Searchable chunks containing the word. */
  df: number;
  total: number;
  /** BM25 inverse document frequency. */
  idf: number;
}

/** A query's word statistics, looked up once and shared by the SQL, the rerank and the answerer. */
export interface QueryTerms {
  own: TermWeight[];
  /** Expansion words at their full IDF (EXPANSION_WEIGHT is applied where they are used). */
  expansion: TermWeight[];
}
