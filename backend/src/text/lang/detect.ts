import { writtenWords } from '../tokens';
import { fold } from './fold';
import { LANGUAGE_CODES, LANGUAGES, wordsOf } from './index';
import type { Language } from './types';

/** Letters a language writes ('ñ', 'ß'), per language. */
const LETTERS = LANGUAGE_CODES.map((c) => [c, [...LANGUAGES[c].letters]] as const);
/** How many languages write each letter: a letter of one language weighs 1.5, one of two ('è': French, Italian) 0.75 each. */
const WRITERS = new Map<string, number>();
for (const [, letters] of LETTERS) for (const l of letters) WRITERS.set(l, (WRITERS.get(l) ?? 0) + 1);
const letterWeight = (letters: readonly string[], text: string): number =>
  Math.max(0, ...letters.filter((l) => text.includes(l)).map((l) => 1.5 / (WRITERS.get(l) ?? 1)));
/** Words frequent in one language's questions and rare in the others', per language. */
const MARKERS = Object.fromEntries(LANGUAGE_CODES.map((c) => [c, new Set(wordsOf(LANGUAGES[c].markers))])) as Record<Language, Set<string>>;

/**
 * The language of the question: the one whose marker words and letters it holds most; English when
 * none (a language the assistant does not know is answered in English). English's markers are short words
 * other languages write too ('is' and 'in' in Dutch, 'do' in Portuguese, the borrowed 'talk'): a tie
 * between English and another language goes to the other one. `quoted`: the words that quote the program (a title's words), which are the program's language,
 * not the asker's ('When is Le duo comique ?' is English).
 */
export function languageOf(text: string, quoted: string[] = []): Language {
  const skip = new Set(quoted);
  const original = writtenWords(text).filter((w) => !skip.has(fold(w)));
  const words = original.map(fold);
  const lower = original.join(' ').toLowerCase() + text.replace(/[\p{L}\p{N}\s]/gu, '');
  let best: Language = 'en';
  let bestScore = 0;
  for (const [c, letters] of LETTERS) {
    let score = words.filter((w) => MARKERS[c].has(w)).length;
    score += letterWeight(letters, lower);
    if (score > bestScore || (score > 0 && score === bestScore && best === 'en')) [best, bestScore] = [c, score];
  }
  return best;
}
