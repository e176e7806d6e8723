import { STOP_WORDS } from './lexicon';
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

/** Content keys of the words seen (null: a stop word), bounded like `termKey`'s. */
const contentKeys = new Map<string, string | null>();

/** Words in `contentKey`'s cache (at most CACHE_LIMIT). */
export function contentKeysCached(): number {
  return contentKeys.size;
}

/**
 * A lower-case word as a content term: null for a stop word, else its `termKey`. One lookup per word
 * for the tokeniser that reads every passage a question ranks and answers from and every text the
 * local embedder embeds (`termsOf`), where a stop-word test and then the stem were two.
 */
export function contentKey(word: string): string | null {
  let key = contentKeys.get(word);
  if (key === undefined) {
    key = STOP_WORDS.has(word) ? null : termKey(word);
    if (contentKeys.size >= CACHE_LIMIT) contentKeys.clear();
    contentKeys.set(word, key);
  }
  return key;
}
