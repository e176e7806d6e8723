import { GENERIC_STEMS, INSTRUCTION_STEMS, keywords, keywordStems, withoutInstructions } from '../../../text/keywords';
import { termKey } from '../../../text/term-key';
import { RARITY_FLOOR, SPECIFIC_RARITY } from '../../../answering/knobs';

/** The question's key words and how much each one weighs in the coverage test. */
export interface QuestionTerms {
  stems: string[];
  /** A word the materials use in few places (it says what the question is about). */
  specific: (stem: string) => boolean;
  /** Weighted share of the question's key words among `stems`. */
  coverageOf: (stems: Set<string>) => number;
}

/**
 * The question's key words (instructions on how to answer left out, and the lexicon's generic words
 * when others remain), each weighted by
 * its rarity in the materials; the words carried over from earlier questions (`StandaloneQuestion.carried`,
 * never words of the question asked) count half.
 */
export function questionTerms(
  question: string,
  rarity?: Record<string, number>,
  carriedWords: string[] = [],
  known?: { stems: Set<string>; text: () => string; titles: () => string[] },
): QuestionTerms {
  const carried = new Set(carriedWords.flatMap((w) => keywordStems(w)));
  const asked = [
    ...new Set(
      keywords(withoutInstructions(question)).flatMap((w) =>
        known ? (titleWordOf(w, known.stems, known.titles) ?? splitCompound(w, known.stems, known.text)) : [termKey(w)],
      ),
    ),
  ].filter((s) => !INSTRUCTION_STEMS.has(s));
  const specificStems = asked.filter((s) => !GENERIC_STEMS.has(s));
  const stems = specificStems.length > 0 ? specificStems : asked;
  // A word every page repeats (the company in its own filing) counts less than a rare one.
  const rare = (s: string) => (rarity ? RARITY_FLOOR + (1 - RARITY_FLOOR) * (rarity[s] ?? 1) : 1);
  const weight = (s: string) => (carried.has(s) ? 0.5 : 1) * rare(s);
  const total = stems.reduce((sum, s) => sum + weight(s), 0);
  return {
    stems,
    specific: (s) => (rarity ? (rarity[s] ?? 1) >= SPECIFIC_RARITY : true),
    coverageOf: (found) => (total === 0 ? 0 : stems.reduce((sum, s) => sum + (found.has(s) ? weight(s) : 0), 0) / total),
  };
}

/** Shortest length of a question word read as the beginning of a word of a session's title. */
const TITLE_PREFIX_MIN = 3;

/**
 * A word of the question the passages never write that begins a longer word of their sessions' titles
 * ('JPM' of 'JPMorgan 2021Q1 10-Q'): the title's word, whose passages all belong to what it names.
 */
function titleWordOf(word: string, known: Set<string>, titles: () => string[]): string[] | null {
  if (word.length < TITLE_PREFIX_MIN || /\d/.test(word) || known.has(termKey(word))) return null;
  const whole = titles().find((t) => t.length > word.length && t.startsWith(word));
  return whole ? [termKey(whole)] : null;
}

/**
 * A word of the question the passages never write but write as two words ('cashflow' where they say
 * 'cash flow', 'teamwork' for 'team work'): the stems of those two words.
 */
function splitCompound(word: string, known: Set<string>, passagesText: () => string): string[] {
  const whole = termKey(word);
  if (known.has(whole) || word.length < 7 || /\d/.test(word)) return [whole];
  const text = passagesText();
  for (let i = 3; i <= word.length - 3; i++) {
    const [a, b] = [word.slice(0, i), word.slice(i)];
    if (text.includes(`${a} ${b}`) || text.includes(`${a}-${b}`)) return [termKey(a), termKey(b)];
  }
  return [whole];
}
