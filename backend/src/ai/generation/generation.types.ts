import type { UsageContext } from '../ai.types';

/** Injection token of the answer generator (`AnswerGenerator`) chosen by AI_PROVIDER. */
export const ANSWER_GENERATOR = Symbol('ANSWER_GENERATOR');

/** What the generators answer when the retrieved passages do not cover the question. */
export const NOT_COVERED_ANSWER = "The conference materials don't cover this.";

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A retrieved passage as a generator sees it: numbered, with the marker it must be cited with. */
export interface GenerationPassage {
  /** 1-based number in the prompt. */
  n: number;
  /** '[p. 3]', '[12:34]' or '[Lender Panel, p. 3]'. */
  marker: string;
  text: string;
  sessionTitle: string;
  /** 'session': a program entry (title, day, time, room, speakers, description), cited '[Session: Title]'. */
  kind: 'transcript' | 'pdf' | 'session';
  speaker: string | null;
  /** Fused retrieval score (higher is better). */
  score: number;
  /** Cosine similarity to the query embedding. */
  similarity: number;
  /** Untimed transcripts: the marker of each line (turn) of `text`, e.g. '[line 112]'. */
  lineMarkers?: string[];
  /** Position of the passage in its document (meeting order). */
  documentId?: string;
  chunkIndex?: number;
}

export interface AnswerRequest extends UsageContext {
  /** The standalone question (after follow-up rewriting). */
  question: string;
  passages: GenerationPassage[];
  /** How rare each key word of the question is in the materials (stem → 0..1); see rarityOf (conference-retriever.ts). */
  rarity?: Record<string, number>;
  /** Phrases of the lexicon's general vocabulary the search added to the question (`expansionsOf`). */
  expansions?: string[];
  /** Recent turns of the thread, oldest first. */
  history?: ChatTurn[];
  /** Aborts generation (the client went away). */
  signal?: AbortSignal;
  /** A quicker, smaller answer (the `/api/chat/simple` fallback). */
  simple?: boolean;
  /** false: nobody watches the deltas arrive (non-streaming endpoints), so the local answerer does not pace them. */
  paced?: boolean;
}

/** Passages of one session, for the map step of takeaways. */
export interface SessionMaterial {
  sessionTitle: string;
  passages: GenerationPassage[];
}

export interface Takeaway {
  text: string;
  /** Title of the session it comes from. */
  sessionTitle: string;
  /** How strongly the generator rates it (local provider); used to order sessions when merging. */
  score?: number;
}

/**
 * Writes answers, standalone questions and takeaways from retrieved passages. `local` is offline and
 * extractive; `openai` is a LangChain chain over ChatOpenAI. Every call records an AI usage row
 * (kind 'chat' for answers and rewrites, 'takeaway' for takeaways).
 */
export interface AnswerGenerator {
  readonly provider: 'local' | 'openai';
  readonly model: string;
  /** The follow-up `question` rewritten, using the thread's recent turns, into a standalone one. */
  rewriteQuestion(question: string, history: ChatTurn[], ctx?: UsageContext): Promise<string>;
  /** The answer in text deltas, citing passages by their markers. Stops when `signal` aborts. */
  streamAnswer(request: AnswerRequest): AsyncIterable<string>;
  /** Map step: concrete takeaways of one session. */
  sessionTakeaways(material: SessionMaterial, ctx?: UsageContext): Promise<Takeaway[]>;
  /** Reduce step: 5–10 takeaways merged from the sessions' ones (fewer only when there is too little). */
  mergeTakeaways(perSession: Takeaway[][], ctx?: UsageContext): Promise<Takeaway[]>;
}

/** The error a generator throws when its signal aborted. */
export class GenerationAborted extends Error {
  constructor() {
    super('Generation aborted: the client went away.');
    this.name = 'AbortError';
  }
}

/** The AI provider did not answer (or stopped sending) within OPENAI_TIMEOUT_MS. */
export class AiTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`The AI provider sent nothing for ${Math.round(timeoutMs / 1000)} s; the request was stopped.`);
    this.name = 'AiTimeoutError';
  }
}
