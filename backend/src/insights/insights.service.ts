import { Injectable } from '@nestjs/common';
import { InsightsRepository, type WordingRow } from './insights.repository';
import {
  ALL_SESSIONS_LABEL,
  type InsightsResponse,
  type QuestionGroup,
  UNKNOWN_SESSION_LABEL,
  type UnansweredGroup,
} from './dto/insights.response';

/**
 * Trigram similarity (pg_trgm, on the normalised wording) from which two questions are folded into
 * one line. Chosen on the eval-dev questions: see bench/RESULTS.md, "Insights".
 */
export const FOLD_SIMILARITY = 0.6;
/** Wording groups considered for folding in each list (the newest unanswered, the most asked). */
export const FOLD_CANDIDATES = 300;
/** Lines shown: unanswered questions, top questions, 'Not helpful' answers. */
export const UNANSWERED_LIMIT = 100;
export const TOP_QUESTIONS_LIMIT = 20;
export const NOT_HELPFUL_LIMIT = 100;
/** Folded wordings listed under a line. */
const MAX_VARIANTS = 5;

const iso = (d: string | Date) => new Date(d).toISOString();

interface Folded {
  leader: WordingRow;
  count: number;
  last: string;
  variants: string[];
}

/**
 * pg_trgm's similarity of two trigram sets (as `show_trgm` lists them, each trigram once): shared
 * trigrams over all distinct trigrams of both.
 */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

/** What tells one question from a near-identical one: its numbers, its names, and all its words (lower case). */
interface Particulars {
  numbers: Set<string>;
  names: Set<string>;
  words: Set<string>;
}

/** A word (letters, marks, inner apostrophes and hyphens) or a number ('3', '2.5', '10,000'). */
const TOKEN = /\p{L}[\p{L}\p{M}\p{N}'’-]*|\p{N}+(?:[.,]\p{N}+)*/gu;
/** What ends a sentence: the word after it opens the next one, capitalised whatever it is. */
const SENTENCE_END = /[.!?¡¿:;…]\s*$/u;

/**
 * A question's particulars. A name is a word written with a capital that does not open a sentence
 * ('Larimer', 'Room', 'FICO'); a number is any run of digits. Case and script come from the text as
 * typed, so this holds for any language that writes names with capitals, and numbers hold in all.
 */
export function particulars(text: string): Particulars {
  const numbers = new Set<string>();
  const names = new Set<string>();
  const words = new Set<string>();
  for (const m of text.matchAll(TOKEN)) {
    const token = m[0];
    if (/^\p{N}/u.test(token)) {
      numbers.add(token.replace(/[.,]/g, ''));
      continue;
    }
    const lower = token.toLocaleLowerCase();
    words.add(lower);
    const before = text.slice(0, m.index);
    const opensSentence = before.trim() === '' || SENTENCE_END.test(before);
    if (!opensSentence && /^\p{Lu}/u.test(token)) names.add(lower);
  }
  return { numbers, names, words };
}

/**
 * Whether two questions may be one line: the same numbers, and each one's names also in the other
 * (in any case: 'larimer' typed in lower case still matches 'Larimer'). 'What is in Larimer Room 1?'
 * and '… Room 3?' are two questions however alike their letters are.
 */
export function sameParticulars(a: Particulars, b: Particulars): boolean {
  if (a.numbers.size !== b.numbers.size || [...a.numbers].some((n) => !b.numbers.has(n))) return false;
  return [...a.names].every((n) => b.words.has(n)) && [...b.names].every((n) => a.words.has(n));
}

/**
 * Pairs of groups (by rank) at least `threshold` similar and with the same particulars (numbers and
 * names); with `sameSession`, only within a session.
 */
export function similarPairs(groups: WordingRow[], threshold: number, sameSession: boolean): [number, number][] {
  const sets = groups.map((g) => new Set(g.trgm));
  const details = groups.map((g) => particulars(g.text));
  const pairs: [number, number][] = [];
  for (let x = 0; x < groups.length; x++) {
    for (let y = x + 1; y < groups.length; y++) {
      if (sameSession && groups[x].sessionId !== groups[y].sessionId) continue;
      if (trigramSimilarity(sets[x], sets[y]) >= threshold && sameParticulars(details[x], details[y]))
        pairs.push([groups[x].i, groups[y].i]);
    }
  }
  return pairs;
}

/**
 * Folds near-duplicate wording groups: groups are taken in their order (rank `i`); a group similar
 * to an earlier leader joins the first such leader, otherwise it leads its own line. Joining only
 * leaders (not any member) keeps chains of slightly different wordings from merging unrelated ones.
 */
export function foldGroups(groups: WordingRow[], pairs: [number, number][]): Folded[] {
  const similar = new Map<number, Set<number>>();
  for (const [a, b] of pairs) {
    if (!similar.has(a)) similar.set(a, new Set());
    if (!similar.has(b)) similar.set(b, new Set());
    similar.get(a)!.add(b);
    similar.get(b)!.add(a);
  }
  const lines: Folded[] = [];
  for (const g of [...groups].sort((x, y) => x.i - y.i)) {
    const near = similar.get(g.i);
    const line = near ? lines.find((l) => near.has(l.leader.i)) : undefined;
    if (!line) {
      lines.push({ leader: g, count: g.count, last: g.last, variants: [] });
      continue;
    }
    line.count += g.count;
    if (new Date(g.last) > new Date(line.last)) line.last = g.last;
    if (line.variants.length < MAX_VARIANTS) line.variants.push(g.text);
  }
  return lines;
}

@Injectable()
export class InsightsService {
  constructor(private readonly repo: InsightsRepository) {}

  async insights(days: number, sessionId: string | null): Promise<InsightsResponse> {
    const row = await this.repo.insights({
      days,
      sessionId,
      candidates: FOLD_CANDIDATES,
      notHelpfulLimit: NOT_HELPFUL_LIMIT,
    });
    const title = (id: string | null, t: string | null) => (id === null ? ALL_SESSIONS_LABEL : (t ?? UNKNOWN_SESSION_LABEL));
    const unanswered: UnansweredGroup[] = foldGroups(row.unansweredGroups, similarPairs(row.unansweredGroups, FOLD_SIMILARITY, true))
      .sort((a, b) => new Date(b.last).getTime() - new Date(a.last).getTime())
      .slice(0, UNANSWERED_LIMIT)
      .map((l) => ({
        sessionId: l.leader.sessionId,
        sessionTitle: title(l.leader.sessionId, l.leader.sessionTitle),
        question: l.leader.text,
        count: l.count,
        variants: l.variants,
        lastAskedAt: iso(l.last),
      }));
    const topQuestions: QuestionGroup[] = foldGroups(row.topGroups, similarPairs(row.topGroups, FOLD_SIMILARITY, false))
      .sort((a, b) => b.count - a.count || new Date(b.last).getTime() - new Date(a.last).getTime())
      .slice(0, TOP_QUESTIONS_LIMIT)
      .map((l) => ({ question: l.leader.text, count: l.count, variants: l.variants, lastAskedAt: iso(l.last) }));
    return {
      days,
      sessionId,
      since: iso(row.since),
      totals: { questions: row.questions, unanswered: row.unanswered },
      questionsBySession: row.bySession.map((b) => ({
        sessionId: b.sessionId,
        sessionTitle: title(b.sessionId, b.sessionTitle),
        questions: b.questions,
      })),
      unanswered,
      feedback: {
        rated: row.rated,
        helpful: row.helpful,
        notHelpful: row.rated - row.helpful,
        helpfulShare: row.rated > 0 ? row.helpful / row.rated : null,
        notHelpfulAnswers: row.notHelpful.map((n) => ({
          messageId: n.messageId,
          question: n.question,
          answer: n.answer,
          sources: Array.isArray(n.sources) ? n.sources : [],
          comment: n.comment,
          ratedAt: iso(n.ratedAt),
        })),
      },
      topQuestions,
    };
  }
}
