import { contentKey } from './term-key';

export { STOP_WORDS } from './lexicon';

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/**
 * Normalised, stemmed content words of `text`: lower-cased, accents folded, possessive "'s" and
 * contractions removed, stop words dropped, each as its `termKey` (figures as written, else the stem).
 */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  const normalised = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  for (const match of normalised.matchAll(WORD)) {
    let word = match[0];
    const apostrophe = word.search(/['’]/);
    if (apostrophe >= 0) word = word.slice(0, apostrophe);
    if (!word) continue;
    const key = contentKey(word);
    if (key !== null) terms.push(key);
  }
  return terms;
}
