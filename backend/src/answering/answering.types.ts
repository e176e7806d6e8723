import type { ChatTurn } from '../ai/generation/generation.types';
import type { Source } from '../retrieval/dto/source.response';

/** One question to answer, as the user asked it. */
export interface Question {
  userId: string;
  /** The user's own words. */
  message: string;
  /** The thread's recent messages before this question, oldest first. */
  history: ChatTurn[];
  /** The sessions the answer is limited to (none: the whole conference). */
  sessionIds: string[];
  /** The simplified fallback (POST /api/chat/simple): fewer passages, the question rewritten without a model. */
  simple?: boolean;
  /** The answer is streamed to a client (deltas paced); otherwise it is returned whole. */
  stream?: boolean;
}

/** The stages of an answer, reported as they start (chat shows them as its status events). */
export type AnswerStage = 'searching' | 'analyzing' | 'generating';

export interface AnswerHooks {
  signal?: AbortSignal;
  onStage?: (stage: AnswerStage) => void;
  /** The search has run (the question may be recorded now). */
  onSearched?: () => void;
  /** A delta of the answer's text, as it is written. */
  onContent?: (delta: string) => void;
}

/**
 * The citations of an answer, as data: one source per marker the text shows, in order of first
 * citation, each naming its session and document and where in it (page, time, lines) and the
 * passage's text around the cited sentence.
 */
export type Citations = Source[];

/** The final answer: its text (markers written in) and its citations. */
export interface EngineAnswer {
  content: string;
  sources: Citations;
  /** How well the passages cover the question, in [0, 1], when the generator scores it (the local one does). */
  coverage?: number;
}
