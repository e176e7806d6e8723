import { GENERIC_STEMS, INSTRUCTION_STEMS, keywords, termsOf, withoutInstructions } from '../text/keywords';
import { languageOf } from '../text/lang/detect';
import { LANGUAGES } from '../text/lang';
import { termKey } from '../text/term-key';

/** A word or phrase of the question and the passages (their numbers in the prompt) that hold it. */
export interface CoveredTerm {
  term: string;
  passages: number[];
}

/**
 * What the passages given for a question hold of it: the question's content words and two-word
 * phrases each passage holds (its text, session title or speaker), those no passage holds, and
 * whether the attendee limited the question to sessions they chose. Handed to a model with the
 * passages, so it can refuse or hedge on evidence rather than guess.
 */
export interface CoverageEvidence {
  found: CoveredTerm[];
  missing: string[];
  sessionChosen: boolean;
}

/** The part of a passage the evidence reads (a `GenerationPassage` has it). */
export interface EvidencePassage {
  n: number;
  text: string;
  sessionTitle: string;
  speaker?: string | null;
}

/** Whether the stems of a passage hold `a` directly followed by `b` (stop words between are not counted). */
function adjacent(stems: string[], a: string, b: string): boolean {
  for (let i = 0; i + 1 < stems.length; i++) if (stems[i] === a && stems[i + 1] === b) return true;
  return false;
}

/**
 * The coverage evidence of `passages` for `question`. The question's words are its keywords (question
 * words, stop words and sentences on how to answer left out; the lexicon's generic words too when others
 * remain), compared as stems; a phrase is two keywords (no figures) the question writes in a row, held when
 * a passage writes their stems in a row too. A phrase is listed only when both its words are held (a missing word
 * is listed itself).
 */
export function coverageEvidence(question: string, passages: EvidencePassage[], sessionChosen: boolean): CoverageEvidence {
  // The question's own language's function words and verbs of asking ('que', 'dijo', 'sobre') are not its topic.
  const language = LANGUAGES[languageOf(question)];
  const asking = new Set([...language.stopWords.split(/\s+/), ...language.contentVerbs]);
  // `at`: the word's place among the question's keywords (a phrase is two words in a row there).
  const asked = keywords(withoutInstructions(question))
    .map((word, at) => ({ word, at, stem: termKey(word) }))
    .filter((w) => !asking.has(w.word) && !INSTRUCTION_STEMS.has(w.stem));
  const specific = asked.filter((w) => !GENERIC_STEMS.has(w.stem));
  const words = (specific.length > 0 ? specific : asked).filter((w, i, all) => all.findIndex((x) => x.stem === w.stem) === i);
  const read = passages.map((p) => {
    const stems = termsOf(`${p.sessionTitle}\n${p.speaker ?? ''}\n${p.text}`);
    return { n: p.n, stems, set: new Set(stems) };
  });
  const found: CoveredTerm[] = [];
  const missing: string[] = [];
  for (const w of words) {
    const holding = read.filter((p) => p.set.has(w.stem)).map((p) => p.n);
    if (holding.length > 0) found.push({ term: w.word, passages: holding });
    else missing.push(w.word);
  }
  // Phrases: consecutive keywords of the question, both held.
  const held = new Set(found.map((f) => f.term));
  for (let i = 0; i + 1 < asked.length; i++) {
    const [a, b] = [asked[i], asked[i + 1]];
    // A figure or a year beside a word is not a phrase ('revenue 2022' is said 'revenue in 2022').
    if (b.at !== a.at + 1 || !held.has(a.word) || !held.has(b.word) || a.stem === b.stem || /\d/.test(a.word + b.word)) continue;
    const term = `${a.word} ${b.word}`;
    if (found.some((f) => f.term === term) || missing.includes(term)) continue;
    const holding = read.filter((p) => adjacent(p.stems, a.stem, b.stem)).map((p) => p.n);
    if (holding.length > 0) found.push({ term, passages: holding });
    else missing.push(term);
  }
  return { found, missing, sessionChosen };
}

/** The evidence as the model reads it after the passages: computed by the assistant, not a passage. */
export function formatCoverageEvidence(evidence: CoverageEvidence): string {
  const quote = (s: string) => `"${s}"`;
  const found = evidence.found.map((f) => `${quote(f.term)} (passage${f.passages.length > 1 ? 's' : ''} ${f.passages.join(', ')})`);
  const lines = [
    `- Held by the passages: ${found.length > 0 ? found.join('; ') : 'none of them'}`,
    `- In no passage: ${evidence.missing.length > 0 ? evidence.missing.map(quote).join('; ') : 'none'}`,
    evidence.sessionChosen
      ? '- The attendee chose the sessions to ask about: the passages come only from those sessions and their program entries.'
      : '- The attendee chose no session: the passages come from the whole conference.',
  ];
  return lines.join('\n');
}
