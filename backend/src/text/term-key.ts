import { stem } from './lang/stem';
import { STOP_WORDS } from './lexicon';

const CACHE_LIMIT = 50_000;

/**
 * The one form a lower-case word is compared in everywhere in search, rerank, rarity, answers,
 * highlights and local embeddings: its English stem (`stem(word, 'en')`, Porter: 'financing' →
 * 'financ'), a figure or a year ('2022', '1.6', '10k') kept as written.
 */
export function termKey(word: string): string {
  return stem(word, 'en');
}

/** Content keys of the words seen (null: a stop word), bounded like `stem`'s. */
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
