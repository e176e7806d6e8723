/**
 * The ranking knobs of the answer engine, stage by stage, in one place. Each constant says in one line
 * which evaluation chose it; the story of each choice is in bench/history/ (eval-tuning.md, named below
 * by its section's topic), the current figures in bench/EVAL.md. "Dev set `tune`" alone: chosen
 * on the `tune` half of bench/EVAL.md before bench/history/ was kept, no comparison recorded.
 * Retrieval's knobs stay beside the code that uses them (retrieval/ owns its algorithms) and are
 * re-exported here so the whole chain reads in one file.
 */

// ---------- 1. Retrieval: candidates and fusion (retrieval/retrieval.repository.ts, retrieval/bm25.ts) ----------
export {
  /** Reciprocal rank fusion constant: the common default, never tuned (dev set `tune`). */
  RRF_K,
  /** Candidates each ranking gives the fusion: dev set `tune`. */
  DEFAULT_CANDIDATES,
  /** Text-rank bonus per business-vocabulary phrase held: dev set `tune`. */
  PHRASE_BONUS,
} from '../retrieval/retrieval.repository';
export {
  /** Share of its IDF an expansion word counts for: dev set `tune`. */
  EXPANSION_WEIGHT,
  /** Chunks the full-text side may score per query: bench/history/server-deployment.md (CPU, not quality). */
  TEXT_CANDIDATE_BUDGET,
} from '../retrieval/bm25';
export {
  /** Full-text weight in the fusion with local embeddings: demo questions, bench/RESULTS.md. */
  LOCAL_TEXT_WEIGHT,
  /** Passages a search returns by default, and per document: dev set `tune`. */
  DEFAULT_K,
  DEFAULT_PER_DOCUMENT,
  /** Fused candidates reranked per passage returned (at least MIN_RERANK_POOL): dev set `tune`. */
  RERANK_POOL_FACTOR,
  MIN_RERANK_POOL,
  /** Every fused candidate reranked with a session filter: eval-tuning.md, 'a session's search decides a session's answer'. */
  FILTERED_RERANK_POOL,
  /** A filtered session this small is reranked whole: eval-tuning.md, 'whole small sessions reranked'. */
  WHOLE_SESSION_MAX_CHUNKS,
} from '../retrieval/conference-retriever';

// ---------- 2. Rerank (retrieval/rerank.ts) ----------
export {
  /** The rerank features' weights: dev set `tune` (bench/EVAL.md), neighbour and document added in eval-tuning.md, 'ranking and refusals'. */
  RERANK_WEIGHTS,
  /** Speaker feature for one turn of the named speaker: eval-tuning.md, 'ranking and refusals'. */
  SPEAKER_PRESENT,
  /** Score kept by a passage whose neighbouring chunk is taken: eval-tuning.md, 'ranking and refusals'. */
  ADJACENT_PENALTY,
  /** Share of a transcript passage's score its neighbouring chunk needs to be taken into it: pool folds 0-1 (0.5-0.8 tried), bench/history/2026-11-28-passages.md. */
  JOIN_SHARE,
} from '../retrieval/rerank';

// ---------- 3. What the answer reads (answering/answering.service.ts, takeaways/) ----------
/** Passages given to the generator for a chat answer: dev set `tune`. */
export const PASSAGES = 8;
/** Passages of the simple fallback (POST /api/chat/simple): eval-tuning.md, 'instructions left out of a question's words' (8 tried and dropped). */
export const SIMPLE_PASSAGES = 5;

// ---------- 4. Sentence scoring (ai/generation/local/scoring.ts, question-terms.ts) ----------
/** A sentence's score: question words, similarity, passage rank (sum 1): dev set `tune` (bench/EVAL.md). */
export const SENTENCE_WEIGHTS = { coverage: 0.55, similarity: 0.25, prior: 0.2 };
/** A table-of-figures row holding the question's words, against prose repeating them: dev set `tune`. */
export const FIGURE_ROW_BOOST = 1.4;
/** A figure question: sentences with a figure up, without one down: dev set `tune`. */
export const QUANTITY_BOOST = 1.3;
export const QUANTITY_PENALTY = 0.85;
/** Any other question: a sentence with a figure a little up: dev set `tune`. */
export const NUMBER_BONUS = 1.05;
/** A who / when / where / how-many question: a sentence stating that kind of fact in its own words up: bench/history/2026-11-28-short-facts-2.md. */
export const FACT_BOOST = 1.3;
/**
 * A short-fact or what / which question: a sentence holding words the question does not (its new
 * material, up to NOVELTY_CAP stems) weighs up to NOVELTY_BOOST more than one repeating the question's
 * words: bench/history/2026-11-28-short-facts-3.md.
 */
export const NOVELTY_BOOST = 0.5;
export const NOVELTY_CAP = 4;
/** Weight of a question word every passage uses, against its rarest word: eval-tuning.md, 'instructions left out of a question's words' (less tried and dropped). */
export const RARITY_FLOOR = 0.3;
/** A question word this rare (share of its rarest word's IDF) names the topic: dev set `tune`. */
export const SPECIFIC_RARITY = 0.5;

// ---------- 5. The coverage policy: answer or "not covered" (ai/generation/local/coverage.ts) ----------
/** Weighted share of the question's words one passage must exceed: eval-tuning.md, 'ranking and refusals' (0.45 / 0.40 tried with 'instructions left out of a question's words'). */
export const COVERAGE_THRESHOLD = 0.5;
/** Embedding similarity that covers a question by itself: dev set `tune`. */
export const SIMILARITY_THRESHOLD = 0.45;
/** Business-vocabulary phrases and share of words that cover a question: eval-tuning.md, 'ranking and refusals'. */
export const VOCABULARY_PHRASES = 2;
export const VOCABULARY_COVERAGE = 0.3;
/** Share of a summary topic's words (and two of them) a meeting passage needs: eval-tuning.md, 'ranking and refusals'. */
export const SUMMARY_COVERAGE = 0.34;

/**
 * The coverage score's evidence weights (sum 1; ai/generation/local/coverage.ts `coverageScore`): set by
 * hand, not tuned (bench/history/refusal-calibration.md); only the thresholds below are chosen on the pool.
 */
export const COVERAGE_WEIGHTS = { words: 0.45, phrases: 0.2, similarity: 0.15, falloff: 0.1, chosen: 0.1 };
/**
 * Coverage score below which the answer is the refusal: pool folds 0-3, the fewest false refusals that still
 * refuse 92% of uncovered questions (bench/EVAL.md's curve; bench/history/refusal-calibration.md).
 */
export const REFUSE_BELOW = 0.2;
/** Coverage score below which an answer opens with the "may not answer" sentence: the rule-based test's cut (score 0.5). */
export const UNSURE_BELOW = 0.5;

// ---------- 6. Composition (ai/generation/local/composition.ts, scoring.ts's pickDiverse) ----------
/** Bullets of an answer at most / at least before the score cut applies: dev set `tune`. */
export const MAX_BULLETS = 6;
export const MIN_BULLETS = 3;
/** A supporting sentence scores at least this share of the best one: dev set `tune`. */
export const MIN_SHARE_OF_BEST = 0.3;
/** ...and its passage holds at least this share of the best passage's question words: dev set `tune`. */
export const MIN_SHARE_OF_BEST_COVERAGE = 0.4;
/** Statement rows added to a figure answer: eval-tuning.md, 'ranking and refusals'. */
export const STATEMENT_ROWS = 2;
/** A short fact's sentence: looked for among this many ranked sentences past the picked ones: bench/history/2026-11-28-short-facts-2.md. */
export const FACT_POOL = 8;
/** ...scoring at least this share of the best sentence: bench/history/2026-11-28-short-facts-2.md. */
export const FACT_SHARE_OF_BEST = 0.5;

// ---------- 7. Takeaways (ai/generation/local/takeaways.ts, takeaways/takeaways.service.ts) ----------
/** Takeaways one session gives at most: no evaluation recorded (set by hand; bench/EVAL.md measures their filler share). */
export const MAX_TAKEAWAYS_PER_SESSION = 6;
/** Passages of one session read for its takeaways: no evaluation recorded (set by hand). */
export const TAKEAWAY_PASSAGES_PER_SESSION = 10;
