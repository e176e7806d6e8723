import type { Takeaway } from './generation.types';
import { isStatement, MAX_TAKEAWAYS, pointOf, quoteOf, samePoint } from '../../answering/takeaway-filter';

/**
 * Reduce step of the local generator (and the openai one's fallback): the best of every session first,
 * then the second of each, … up to ten (eight for one session); questions, greetings and biographies
 * are dropped, and a point already kept from any session is kept once.
 */
export function mergeRoundRobin(perSession: Takeaway[][]): Takeaway[] {
  const out: Takeaway[] = [];
  const seen: Set<string>[] = [];
  const lists = perSession.map((l) => l.filter((t) => isStatement(quoteOf(t))));
  const limit = lists.length === 1 ? Math.min(MAX_TAKEAWAYS, 8) : MAX_TAKEAWAYS;
  const depth = Math.max(0, ...lists.map((l) => l.length));
  // Sessions whose best takeaway rates highest go first in every round.
  const ordered = [...lists].sort((a, b) => (b[0]?.score ?? 0) - (a[0]?.score ?? 0));
  for (let round = 0; round < depth && out.length < limit; round++) {
    for (const list of ordered) {
      const t = list[round];
      if (!t || out.length >= limit) continue;
      const point = pointOf(t);
      if (seen.some((s) => samePoint(s, point))) continue;
      seen.push(point);
      out.push(t);
    }
  }
  return out;
}
