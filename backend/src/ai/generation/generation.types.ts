import { languageOf } from '../../text/lang/detect';
import { LANGUAGE_CODES, LANGUAGES } from '../../text/lang';
import type { UsageContext } from '../ai.types';
import type { CoverageEvidence } from '../../answering/coverage-evidence';

/** Injection token of the answer generator (`AnswerGenerator`) chosen by AI_PROVIDER. */
export const ANSWER_GENERATOR = Symbol('ANSWER_GENERATOR');

/** What the generators answer when the retrieved passages do not cover the question (the spec's text, in English). */
export const NOT_COVERED_ANSWER = LANGUAGES.en.notCovered;

/** The refusal in the question's language (French, German, Spanish, Italian, Portuguese, Dutch; English otherwise). */
export function notCoveredFor(question: string): string {
  return LANGUAGES[languageOf(question)].notCovered;
}

/** What an unsure answer says first, in the question's language: its passages may not answer the question. */
export function mayNotCoverFor(question: string): string {
  return LANGUAGES[languageOf(question)].mayNotCover;
}

/** Whether an answer opens with the generators' refusal, in any language the assistant answers in. */
export function isRefusal(content: string): boolean {
  return LANGUAGE_CODES.some((c) => content.startsWith(LANGUAGES[c].notCovered));
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * A follow-up rewritten to stand alone: `text` is the question as searched and answered; `carried`,
 * the words it took from the thread's earlier questions (in `text` too, they count half when the
 * local answerer weighs the question's words). A model's rewrite carries none apart.
 */
export interface StandaloneQuestion {
  text: string;
  carried: string[];
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
  /** The passage is of a session the attendee chose (evidence for the coverage score). */
  chosen?: boolean;
  /** Untimed transcripts: the marker of each line (turn) of `text`, e.g. '[line 112]'. */
  lineMarkers?: string[];
  /** Position of the passage in its document (meeting order). */
  documentId?: string;
  chunkIndex?: number;
}

export interface AnswerRequest extends UsageContext {
  /** The standalone question (after follow-up rewriting). */
  question: string;
  /** Words of `question` carried over from the thread's earlier questions (`StandaloneQuestion.carried`). */
  carried?: string[];
  passages: GenerationPassage[];
  /** How rare each key word of the question is in the materials (stem → 0..1); see rarityOf (conference-retriever.ts). */
  rarity?: Record<string, number>;
  /** Phrases of the lexicon's general vocabulary the search added to the question (`expansionsOf`). */
  expansions?: string[];
  /**
   * Capitalised words of the question that no passage mentions but the materials write in lower case
   * elsewhere (`unknownNames`, `RetrievalService.writtenInLowerCase`): ordinary words written with a
   * capital ('the Real change in Sales'), not names of someone the materials never mention.
   */
  commonWords?: string[];
  /**
   * What the passages hold of the question (its content words and phrases, by passage) and whether the
   * attendee chose the sessions (`coverageEvidence`, answering/coverage-evidence.ts): a model's prompt
   * carries it so the model refuses or hedges on evidence.
   */
  coverage?: CoverageEvidence;
  /** Recent turns of the thread, oldest first. */
  history?: ChatTurn[];
  /** Aborts generation (the client went away). */
  signal?: AbortSignal;
  /** A quicker, smaller answer (the `/api/chat/simple` fallback). */
  simple?: boolean;
  /** false: nobody watches the deltas arrive (non-streaming endpoints), so the local answerer does not pace them. */
  paced?: boolean;
}

/** Text a generator composed itself from the passages it holds: shown as it is, never read for citations. */
export interface ComposedText {
  text: string;
}

/**
 * A citation a generator attaches as data: passage `cite` (its number `n`) and, in an untimed
 * transcript, the cited turn (index into the passage's `lineMarkers`).
 */
export interface PassageCitation {
  cite: number;
  turn?: number;
}

/**
 * One piece of a streamed answer. A string is a model's text: its citations are read from it through
 * the citation grammar (text/citation-grammar.ts). A generator that builds its answer from the
 * passages it holds (local) sends its text and its citations as data instead.
 */
export type AnswerDelta = string | ComposedText | PassageCitation | CoverageScore;

/**
 * How well the passages cover the question, in [0, 1] (the local answerer's coverage score, sent once
 * before its text): below the refusal threshold the answer is the refusal, below the unsure one it
 * opens with the `mayNotCover` sentence.
 */
export interface CoverageScore {
  coverage: number;
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
  /** The transcript speaker whose words it quotes; `text` then opens with '{speaker}: '. */
  speaker?: string;
  /** The passage it comes from, attached as data by a generator that knows it (local); a model cites in its text. */
  cite?: PassageCitation;
  /** The canonical marker of the passage it quotes, set by the engine's filter (answering/takeaway-filter.ts). */
  citation?: string;
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
  rewriteQuestion(question: string, history: ChatTurn[], ctx?: UsageContext): Promise<StandaloneQuestion>;
  /** The answer in deltas, citing passages by their markers (in a model's text) or as data. Stops when `signal` aborts. */
  streamAnswer(request: AnswerRequest): AsyncIterable<AnswerDelta>;
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
