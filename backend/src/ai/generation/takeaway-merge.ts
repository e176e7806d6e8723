import type { Takeaway } from './generation.types';
import { jaccard, termsOf } from '../../text/keywords';

/** Most takeaways a merge keeps. */
const MAX_TAKEAWAYS = 10;

/**
 * Reduce step of takeaways (both generators): the best of every session first, then the second of each, … up to
 * ten; near-duplicates across sessions are dropped.
 */
export function mergeRoundRobin(perSession: Takeaway[][]): Takeaway[] {
  const out: Takeaway[] = [];
  const seen: Set<string>[] = [];
  const limit = perSession.length === 1 ? Math.min(MAX_TAKEAWAYS, 8) : MAX_TAKEAWAYS;
  const depth = Math.max(0, ...perSession.map((l) => l.length));
  // Sessions whose best takeaway rates highest go first in every round.
  const ordered = [...perSession].sort((a, b) => (b[0]?.score ?? 0) - (a[0]?.score ?? 0));
  for (let round = 0; round < depth && out.length < limit; round++) {
    for (const list of ordered) {
      const t = list[round];
      if (!t || out.length >= limit) continue;
      const stems = new Set(termsOf(t.text));
      if (seen.some((s) => jaccard(s, stems) >= 0.6)) continue;
      seen.push(stems);
      out.push(t);
    }
  }
  return out;
}
