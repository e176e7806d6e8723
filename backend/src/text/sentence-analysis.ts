import { isFiller } from './filler';
import { termsOf } from './keywords';
import { splitSentences, tidySentence } from './sentences';

/**
 * Version of `analyseSentences`' output as stored with each chunk (`chunks.sentences`, migration
 * 1735000030000-chunk-sentences). Raise it whenever a change of `analyseSentences` or of what it calls
 * (sentence splitting, tidying, the filler rule, stemming) changes its output: stored analyses of
 * another version are then ignored and made again when read (`readSentences`).
 */
export const SENTENCE_ANALYSIS_VERSION = 1;

/** A sentence of a passage as the local answerer reads it, whatever the question. */
export interface AnalysedSentence {
  text: string;
  speaker: string | null;
  /** Line of the passage text the sentence starts on. */
  lineIndex: number;
  /** The sentence's content terms in order (`termsOf`); null: never an answer sentence (heading, too short or long, small talk). */
  terms: string[] | null;
  /** The sentence holds a figure, a date or a duration (`hasNumber`). */
  number: boolean;
}

const NUMBER_WORDS =
  /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|percent|half|quarter|double|triple)\b/i;
const MONTHS = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
/** A duration said in words ('about a day', 'a couple of weeks'). */
const DURATION = /\b(?:an?|per|each|every|couple of|few)\s+(?:day|week|month|year|hour|minute|quarter)s?\b/i;

/** A figure, in digits or in words ('forty-three percent'), or a date. */
export function hasNumber(text: string): boolean {
  return /\d/.test(text) || NUMBER_WORDS.test(text) || MONTHS.test(text) || DURATION.test(text);
}

/**
 * The sentences of a passage's text (a transcript's with their speakers), tidied, each with its
 * content terms unless it can never be an answer sentence: a heading, shorter than 25 or longer than
 * 420 characters, small talk (`isFiller`), or fewer than 3 distinct terms.
 */
export function analyseSentences(text: string, transcript: boolean): AnalysedSentence[] {
  return splitSentences(text, transcript).map((raw) => {
    const sentence = tidySentence(raw.text);
    let terms: string[] | null = null;
    if (!(raw.heading || sentence.length < 25 || sentence.length > 420 || isFiller(sentence))) {
      terms = termsOf(sentence);
      if (new Set(terms).size < 3) terms = null;
    }
    return { text: sentence, speaker: raw.speaker, lineIndex: raw.lineIndex ?? 0, terms, number: terms ? hasNumber(sentence) : false };
  });
}

/** The analysis as stored with a chunk: JSON with its version, made once at ingestion. */
export function storedSentences(text: string, transcript: boolean): string {
  const sentences = analyseSentences(text, transcript).map((s) => [s.text, s.speaker, s.lineIndex, s.terms, s.number ? 1 : 0]);
  return JSON.stringify({ v: SENTENCE_ANALYSIS_VERSION, s: sentences });
}

/** A stored analysis (`storedSentences`), or null when there is none, it is of another version or unreadable. */
export function readSentences(stored: string | null | undefined): AnalysedSentence[] | null {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as { v?: unknown; s?: unknown };
    if (parsed.v !== SENTENCE_ANALYSIS_VERSION || !Array.isArray(parsed.s)) return null;
    return (parsed.s as [string, string | null, number, string[] | null, number][]).map(([text, speaker, lineIndex, terms, number]) => ({
      text,
      speaker,
      lineIndex,
      terms,
      number: number === 1,
    }));
  } catch {
    return null;
  }
}
