import type { Takeaway } from './generation.types';
import { termsOf } from '../../text/keywords';
import { isBiography, isFiller } from '../../text/filler';

/** Most takeaways a merge keeps. */
const MAX_TAKEAWAYS = 10;
/**
 * A takeaway whose content words are mostly another's is the same point: Jaccard at 0.6 (two wordings
 * of one sentence), or 0.8 of the shorter one's words within the longer (one sentence extended by a
 * clause). Chosen on the unit tests' paraphrases and the dev set's tune half, where no two distinct
 * points reach either.
 */
const SAME_POINT_JACCARD = 0.6;
const SAME_POINT_CONTAINMENT = 0.8;

/** The quote of a takeaway, without the speaker's name a local takeaway opens with. */
function quoteOf(t: Takeaway): string {
  return t.speaker && t.text.startsWith(`${t.speaker}: `) ? t.text.slice(t.speaker.length + 2) : t.text;
}

/** A statement an attendee would keep: not a question, a greeting or thanks, housekeeping or a speaker's biography. */
export function isKeepable(t: Takeaway): boolean {
  const quote = quoteOf(t).trim();
  return !quote.endsWith('?') && !isFiller(quote) && !isBiography(quote);
}

function samePoint(a: Set<string>, b: Set<string>): boolean {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const smaller = Math.min(a.size, b.size);
  const union = a.size + b.size - shared;
  return (union > 0 && shared / union >= SAME_POINT_JACCARD) || (smaller > 0 && shared / smaller >= SAME_POINT_CONTAINMENT);
}

/**
 * Reduce step of takeaways (both generators): the best of every session first, then the second of each, … up to
 * ten; questions, greetings and biographies are dropped, and a point already kept from any session is kept once.
 */
export function mergeRoundRobin(perSession: Takeaway[][]): Takeaway[] {
  const out: Takeaway[] = [];
  const seen: Set<string>[] = [];
  const lists = perSession.map((l) => l.filter(isKeepable));
  const limit = lists.length === 1 ? Math.min(MAX_TAKEAWAYS, 8) : MAX_TAKEAWAYS;
  const depth = Math.max(0, ...lists.map((l) => l.length));
  // Sessions whose best takeaway rates highest go first in every round.
  const ordered = [...lists].sort((a, b) => (b[0]?.score ?? 0) - (a[0]?.score ?? 0));
  for (let round = 0; round < depth && out.length < limit; round++) {
    for (const list of ordered) {
      const t = list[round];
      if (!t || out.length >= limit) continue;
      const stems = new Set(termsOf(quoteOf(t)));
      if (seen.some((s) => samePoint(s, stems))) continue;
      seen.push(stems);
      out.push(t);
    }
  }
  return out;
}
