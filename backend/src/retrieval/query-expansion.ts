import { BUSINESS_TERMS } from '../text/lexicon';

/**
 * Phrases of the pages that answer `question` in the general business vocabulary of the lexicon
 * (`BUSINESS_TERMS`: 'quick ratio' → 'current assets', 'current liabilities'…); empty for most
 * questions. They search at EXPANSION_WEIGHT of the question's own words and never select a passage
 * on their own (see `rerank`).
 */
export function expansionsOf(question: string): string[] {
  const out: string[] = [];
  for (const [pattern, phrases] of BUSINESS_TERMS) if (pattern.test(question)) out.push(...phrases);
  return [...new Set(out)];
}
