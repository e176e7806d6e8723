import { fold } from './lang/fold';
import { termKey } from './term-key';
import { languageOf } from './lang/detect';
import { STOP_WORDS_OF, termsOf } from './tokens';
import {
  ABBREVIATIONS,
  ANSWER_CONDITION,
  ANSWER_IMPERATIVE,
  GENERIC_WORDS,
  INSTRUCTION_WORDS,
  MEASURE_WORDS,
  QUANTITY_QUESTION,
  QUESTION_WORDS,
  STOP_WORDS,
} from './lexicon';

export { termsOf };

export const WORD = /[\p{L}\p{N}]+(?:[-'’.][\p{L}\p{N}]+)*/gu;

/** Words of `text` in order, lower-cased, accents folded. */
export function words(text: string): string[] {
  const normalised = fold(text);
  return [...normalised.matchAll(WORD)].map((m) => m[0].replace(/['’]s$/, ''));
}

/**
 * A word glued to a year ('FY2022', 'H1-2023' → 'fy', '2022'): the year is searched as written, the
 * prefix through the lexicon's abbreviations.
 */
function splitYear(word: string): string[] | null {
  const m = /^([a-z]{1,3})['’-]?((?:19|20)\d{2})$/.exec(word);
  return m ? [m[1], m[2]] : null;
}

/** A word as the materials write it: a general abbreviation spelt out ('capex' → 'capital', 'expenditures'). */
function spelledOut(word: string): string[] {
  const full = ABBREVIATIONS[word];
  return full ? full.split(' ') : [word];
}

/** The last text `keywords` read and its language's own stop words (none for English, whose are the lexicon's). */
let lastText: { text: string; stop: ReadonlySet<string> | null } | null = null;
function ownStopWords(text: string): ReadonlySet<string> | null {
  if (lastText?.text !== text) {
    const language = languageOf(text);
    lastText = { text, stop: language === 'en' ? null : STOP_WORDS_OF[language] };
  }
  return lastText.stop;
}

/**
 * The words of a question that carry its topic (no stop words, no question words), in order, unique: the
 * lexicon's English stop words, and those of the question's own language when it is another ('quel',
 * 'aux', 'welche', 'die': the language layer's `stopWords`).
 */
export function keywords(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const own = ownStopWords(text);
  for (const w of words(text)) {
    // A figure stays whole ('1.6', '3,215'): its digits alone say nothing.
    const parts = /^\d+(?:[.,]\d+)+$/.test(w) ? [w.replace(/,/g, '')] : (splitYear(w) ?? w.split(/[-.’']/)).flatMap(spelledOut);
    for (const part of parts) {
      if (!part || STOP_WORDS.has(part) || QUESTION_WORDS.has(part) || own?.has(part) || seen.has(part)) continue;
      if (part.length < 2 && !/\d/.test(part)) continue;
      seen.add(part);
      out.push(part);
    }
  }
  return out;
}

/** Stems of the keywords (the form the local embedder and the highlighter compare on). */
export function keywordStems(text: string): string[] {
  return [...new Set(keywords(text).map(termKey))];
}

/** Stems of the lexicon's generic question words (`GENERIC_WORDS`): left out of the coverage test. */
export const GENERIC_STEMS: ReadonlySet<string> = new Set(GENERIC_WORDS.flatMap((w) => termsOf(w)));

/** Stems of the lexicon's answer-instruction words (`INSTRUCTION_WORDS`): left out of the coverage test. */
export const INSTRUCTION_STEMS: ReadonlySet<string> = new Set(INSTRUCTION_WORDS.flatMap((w) => termsOf(w)));

/** Overlap of two sets of stems, 0..1. */
export const jaccard = (a: Set<string>, b: Set<string>) => {
  if (a.size === 0 || b.size === 0) return 0;
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter);
};

/**
 * The question without its sentences on how to answer (`ANSWER_IMPERATIVE`, `ANSWER_CONDITION`: 'Round your answer to two
 * decimal places.', 'If X is not a useful measure, then state that and explain why.'): what the
 * materials must hold. A question that is only such sentences stays whole.
 */
export function withoutInstructions(question: string): string {
  const sentences = question.split(/(?<=[.?!])\s+(?=\p{Lu})/u);
  const instruction = (s: string) =>
    !s.endsWith('?') && (ANSWER_IMPERATIVE.test(s) || (ANSWER_CONDITION.opening.test(s) && ANSWER_CONDITION.request.test(s)));
  const kept = sentences.filter((s) => !instruction(s.trim()));
  return kept.length > 0 ? kept.join(' ') : question;
}

/** A question asking for a figure or a measure ('how much…', 'the quick ratio', 'the largest liability'). */
export function asksForFigure(question: string): boolean {
  return QUANTITY_QUESTION.test(question) || words(question).some((w) => MEASURE_WORDS.has(w));
}
