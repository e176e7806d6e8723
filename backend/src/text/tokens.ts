import { LANGUAGE_CODES, LANGUAGES, type Language, wordsOf } from './lang';
import { fold } from './lang/fold';
import { contentKey } from './term-key';

/**
 * The one tokeniser of the backend's matching: a word is a run of letters and digits of the folded
 * text (`fold`: lower case, accents removed), so an apostrophe or a hyphen ends a word ('Stinner's' →
 * stinner, s; "l'atelier" → l, atelier). The program parser reads questions and sessions with
 * `tokens`; the reranker, the learned expansions, the answerer and the local embedder read passages
 * with `termsOf` (the same words, stop words dropped, each as its `termKey`).
 */
const WORD_RUN = /[\p{L}\p{N}]+/gu;

/** Folded word tokens (letters and digits), in order. */
export function tokens(text: string): string[] {
  return fold(text).match(WORD_RUN) ?? [];
}

/** The same words as written (case and accents kept, composed): a capital or the original spelling is read from these. */
export function writtenWords(text: string): string[] {
  return text.normalize('NFC').match(WORD_RUN) ?? [];
}

/** Function words and the verbs of asking, per language (the language data's `stopWords`). */
export const STOP_WORDS_OF = Object.fromEntries(LANGUAGE_CODES.map((c) => [c, new Set(wordsOf(LANGUAGES[c].stopWords))])) as Record<
  Language,
  Set<string>
>;

/** True when `word` (folded) is a stop word of `lang`. */
export const isStopWord = (word: string, lang: Language): boolean => STOP_WORDS_OF[lang].has(word);

/** The tokens of `text` that are not stop words of `lang`, in order. */
export function contentWords(text: string, lang: Language): string[] {
  return tokens(text).filter((w) => !isStopWord(w, lang));
}

const NON_ASCII = /[^\p{ASCII}]/u;

/**
 * The content terms of `text`: its `tokens` without the search's stop words, each as its `termKey`
 * (`contentKey`), in order. What the local embedder hashes and the reranker and answerer compare; it
 * reads every sentence of every passage a question reads, so ASCII text (nearly all of it) skips the
 * Unicode folding and is read by `asciiTerms`.
 */
export function termsOf(text: string): string[] {
  if (!NON_ASCII.test(text)) return asciiTerms(text.toLowerCase());
  const out: string[] = [];
  for (const word of tokens(text)) {
    const key = contentKey(word);
    if (key !== null) out.push(key);
  }
  return out;
}

const isWordCode = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);

/**
 * `termsOf` for lower-case ASCII text, read character by character: the words are the runs of letters
 * and digits (the same words as `tokens`, tokens.spec.ts), each looked up once (`contentKey`), without a
 * match object per word.
 */
function asciiTerms(text: string): string[] {
  const out: string[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    if (!isWordCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && isWordCode(text.charCodeAt(i))) i++;
    const key = contentKey(text.slice(start, i));
    if (key !== null) out.push(key);
  }
  return out;
}
