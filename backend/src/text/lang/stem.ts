import { stemmer as frenchStem } from '@orama/stemmers/french';
import { stemmer as dutchStem } from '@orama/stemmers/dutch';
import { stemmer as germanStem } from '@orama/stemmers/german';
import { stemmer as italianStem } from '@orama/stemmers/italian';
import { stemmer as portugueseStem } from '@orama/stemmers/portuguese';
import { stemmer as spanishStem } from '@orama/stemmers/spanish';
import { LANGUAGE_CODES } from './index';
import { porterStem } from './porter';
import type { Language } from './types';

/**
 * The stemmer of each language, for folded lower-case words: English keeps Porter (porter.ts, the
 * revised rules the search has always compared on); French, German, Spanish, Italian, Portuguese and
 * Dutch are the Snowball stemmers of @orama/stemmers.
 */
const STEMMERS: Record<Language, (word: string) => string> = {
  en: porterStem,
  fr: frenchStem,
  de: germanStem,
  es: spanishStem,
  it: italianStem,
  pt: portugueseStem,
  nl: dutchStem,
};

const CACHE_LIMIT = 50_000;
const caches = Object.fromEntries(LANGUAGE_CODES.map((c) => [c, new Map<string, string>()])) as Record<Language, Map<string, string>>;

/**
 * The one stemmer of the backend: a folded lower-case word's stem in `lang` ('financing' → 'financ',
 * 'Migrationen' → 'migration' in German). A figure or a year ('2022', '10k') is kept as written.
 * Memoised per language: the same words come back for every sentence of every passage.
 */
export function stem(word: string, lang: Language = 'en'): string {
  const cache = caches[lang];
  let key = cache.get(word);
  if (key === undefined) {
    key = /^\p{N}/u.test(word) ? word : STEMMERS[lang](word);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, key);
  }
  return key;
}

/**
 * A word's stems under every language, each once, English first: the language-neutral key two texts
 * in different languages meet on ('Migrationen' and 'Migrations' share the German stem 'migration').
 */
export function stemsOf(word: string): readonly string[] {
  let keys = allStems.get(word);
  if (keys === undefined) {
    keys = [...new Set(LANGUAGE_CODES.map((c) => stem(word, c)))];
    if (allStems.size >= CACHE_LIMIT) allStems.clear();
    allStems.set(word, keys);
  }
  return keys;
}

/** `stemsOf` per word, bounded like each language's stems: one lookup where seven were. */
const allStems = new Map<string, readonly string[]>();

/** True when two words share a stem under some language (`stemsOf`). */
export function sameStem(a: string, b: string): boolean {
  const keys = stemsOf(b);
  return stemsOf(a).some((k) => keys.includes(k));
}
