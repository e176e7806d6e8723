import { LANGUAGE_CODES, LANGUAGES, type Language, wordsOf } from './lang';
import { fold } from './lang/fold';
import { contentKey } from './term-key';

/**
 * The one tokeniser of the backend's matching: a word is a run of letters and digits of the folded
 * text (`fold`: lower case, accents removed), so an apostrophe or a hyphen ends a word ('Stinner's' →
 * stinner, s; "l'atelier" → l, atelier). The program parser reads questions and sessions with
 * `tokens`; the reranker, the learned expansions, the answerer and the local embedder read passages
 * with `termsOf` (the same runs, an English clitic after an apostrophe cut, stop words dropped, each as
 * its `termKey`; an elided word before an apostrophe, "l'entreprise", left for the word after it).
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

/** Elided words of every language ("l'", "d'", "qu'", "dell'"): before an apostrophe, the word is the one after it. */
export const ELISIONS: ReadonlySet<string> = new Set(LANGUAGE_CODES.flatMap((c) => wordsOf(LANGUAGES[c].elisions ?? '')));

const NON_ASCII = /[^\p{ASCII}]/u;
/** A word run and the letters after an apostrophe inside it ("lessee's", "they're"): `termsOf` cuts them. */
const TERM_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/**
 * The content terms of `text`: the runs of letters and digits of `tokens`, the letters after an apostrophe
 * inside a word cut with it ("lessee's" → lessee, "they're" → they) unless the word before it is elided
 * ("l'entreprise", "d'accord", "qu'il", "dell'anno" → the word after, `ELISIONS`), stop words of the search dropped, each
 * as its `termKey` (`contentKey`), in order. What the local embedder hashes and the reranker and answerer
 * compare; it reads every sentence of every passage a question reads, so ASCII text (nearly all of it) skips
 * the Unicode folding and is read by `asciiTerms`.
 */
export function termsOf(text: string): string[] {
  if (!NON_ASCII.test(text)) return asciiTerms(text.toLowerCase());
  const out: string[] = [];
  const normalised = fold(text);
  TERM_WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = TERM_WORD.exec(normalised)) !== null) {
    let word = m[0];
    let apostrophe = word.indexOf("'");
    if (apostrophe < 0) apostrophe = word.indexOf('’');
    if (apostrophe >= 0) word = word.slice(0, apostrophe);
    if (apostrophe >= 0 && ELISIONS.has(word)) {
      // "l'entreprise": the word starts after the apostrophe.
      TERM_WORD.lastIndex = m.index + apostrophe + 1;
      continue;
    }
    if (!word) continue;
    const key = contentKey(word);
    if (key !== null) out.push(key);
  }
  return out;
}

const isWordCode = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
const isLetterCode = (c: number) => c >= 97 && c <= 122;

/**
 * `termsOf` for lower-case ASCII text, read character by character: the words are the runs of letters
 * and digits, a run's apostrophe and the letters after it are cut, and each word is looked up once
 * (`contentKey`). The same terms as matching `/[a-z0-9]+(?:'[a-z]+)?/g` and cutting at the apostrophe
 * (tokens.spec.ts), without a match object per word.
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
    const end = i;
    const apostrophe = i + 1 < n && text.charCodeAt(i) === 39 && isLetterCode(text.charCodeAt(i + 1));
    // "l'entreprise", "d'accord": an elided word is left out and the word after the apostrophe read.
    if (apostrophe && ELISIONS.has(text.slice(start, end))) {
      i++;
      continue;
    }
    // "'s", "'re": the apostrophe and its letters belong to the word and are cut from it.
    if (apostrophe) {
      i += 2;
      while (i < n && isLetterCode(text.charCodeAt(i))) i++;
    }
    const key = contentKey(text.slice(start, end));
    if (key !== null) out.push(key);
  }
  return out;
}
