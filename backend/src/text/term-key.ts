import { porterStem } from './porter-stemmer';

const CACHE_LIMIT = 50_000;
const cache = new Map<string, string>();

/**
 * The one form a lower-case word is compared in everywhere (search, rerank, rarity, answers,
 * highlights, local embeddings): a figure or a year ('2022', '1.6', '10k') is kept as written, any
 * other word becomes its Porter stem ('financing' → 'financ'). Memoised: the same words come back
 * for every sentence of every passage.
 */
export function termKey(word: string): string {
  let key = cache.get(word);
  if (key === undefined) {
    key = /^\p{N}/u.test(word) ? word : porterStem(word);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(word, key);
  }
  return key;
}
