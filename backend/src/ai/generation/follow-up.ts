import type { ChatTurn, StandaloneQuestion } from './generation.types';
import { GENERIC_STEMS, keywords, keywordStems } from '../../text/keywords';

/** Pronouns and phrases that make a question lean on the previous one. */
const FOLLOW_UP =
  /\b(it|its|they|them|their|theirs|this|that|these|those|he|she|him|her|his|there|the same|what about|how about|what else|why not|such|ones?)\b/i;
/** How a short follow-up often opens ('And for banks?', 'Also the timing?'). */
const FOLLOW_UP_OPENING = /^\s*(and|also|so|but|or|plus|then)\b/i;

/**
 * A deterministic standalone form of a follow-up: when the question is short or leans on the previous
 * one (pronouns, 'what about …'), the key words of the previous questions not already in it are carried
 * over, e.g. 'What about their FICO floors?' after 'What do captive lenders look for?' becomes
 * 'What about their FICO floors? (captive lenders)', with 'captive' and 'lenders' as `carried`.
 */
export function standaloneQuestion(question: string, history: ChatTurn[]): StandaloneQuestion {
  const q = question.trim();
  const previous = history
    .filter((t) => t.role === 'user')
    .map((t) => t.content)
    .slice(-2)
    .reverse();
  if (previous.length === 0) return { text: q, carried: [] };
  const own = new Set(keywordStems(q));
  const isFollowUp = own.size === 0 || FOLLOW_UP.test(q) || (own.size <= 2 && FOLLOW_UP_OPENING.test(q));
  if (!isFollowUp) return { text: q, carried: [] };
  const carried: string[] = [];
  const carriedStems = new Set<string>();
  for (const prev of previous) {
    // The previous question's own words, in its original spelling (names and acronyms keep their case).
    const original = new Map<string, string>();
    for (const m of prev.matchAll(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu)) {
      const w = m[0];
      if (!original.has(w.toLowerCase())) original.set(w.toLowerCase(), w);
    }
    for (const k of keywords(prev)) {
      const stem = keywordStems(k)[0];
      if (!stem || own.has(stem) || carriedStems.has(stem) || GENERIC_STEMS.has(stem)) continue;
      carriedStems.add(stem);
      carried.push(original.get(k) ?? k);
      if (carried.length >= 8) break;
    }
    if (carried.length >= 4) break;
  }
  return { text: carried.length > 0 ? `${q} (${carried.join(' ')})` : q, carried };
}

/** The standalone question's text (`standaloneQuestion`). */
export function rewriteFollowUp(question: string, history: ChatTurn[]): string {
  return standaloneQuestion(question, history).text;
}
