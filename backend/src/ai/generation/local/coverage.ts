import type { GenerationPassage } from '../generation.types';
import { DETERMINERS, NOT_NAME_WORDS } from '../../../text/lexicon';
import { fold } from '../../../text/lang/fold';
import {
  COVERAGE_THRESHOLD,
  COVERAGE_WEIGHTS,
  SIMILARITY_THRESHOLD,
  SUMMARY_COVERAGE,
  VOCABULARY_COVERAGE,
  VOCABULARY_PHRASES,
} from '../../../answering/knobs';
import type { QuestionTerms } from './question-terms';

/**
 * The coverage policy of the local answerer: whether the passages cover the question (an answer) or
 * not (the "not covered" refusal), and the names a question asks about that no passage mentions.
 */

/** Capitalised words of a question that are names ('Kirsty Williams', 'Microsoft') when not at its start. */
const NAME_WORD = /(?<![.?!]\s|^)\b(\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}*)*(?:['’]s)?)\b/gu;
/** A name this long may be misspelt by one letter ('Dhillabeer' for 'Shillabeer') and still be the same person. */
const MISSPELT_NAME_LENGTH = 6;

/** A name or a speaker label compared: folded by the language layer, spaces collapsed. */
export const foldName = (s: string): string => fold(s).replace(/\s+/g, ' ').trim();

/** Whether one passage covers the question (PRODUCT.md: refuse only when the materials don't cover it). */
export function coversQuestion(
  terms: QuestionTerms,
  passage: GenerationPassage,
  passageStems: Set<string>,
  { statementPage, summary, vocabulary }: { statementPage: boolean; summary: boolean; vocabulary: number },
): boolean {
  const coverage = terms.coverageOf(passageStems);
  const distinctSpecific = terms.stems.filter((s) => terms.specific(s) && passageStems.has(s)).length;
  return (
    coverage > COVERAGE_THRESHOLD ||
    (distinctSpecific >= 2 && coverage >= 0.4) ||
    passage.similarity >= SIMILARITY_THRESHOLD ||
    (distinctSpecific >= 1 && statementPage) ||
    // A passage in the words the materials use for the question's business term ('litigation' and
    // 'legal proceedings' for 'legal battles') that holds some of its other words.
    (vocabulary >= VOCABULARY_PHRASES && coverage >= VOCABULARY_COVERAGE) ||
    // "Summarize the discussion about X" in a meeting where X's own words are said.
    (summary && passage.kind === 'transcript' && coverage >= SUMMARY_COVERAGE && terms.stems.filter((s) => passageStems.has(s)).length >= 2)
  );
}

/** The evidence a coverage score is made of (`coverageEvidence`), each part in [0, 1] or a flag. */
export interface CoverageEvidence {
  /** A passage passes the rule-based test (`coversQuestion`). */
  rule: boolean;
  /** Weighted share of the question's key words the best passage holds. */
  words: number;
  /** Share of the question's adjacent key-word pairs the best passage writes side by side. */
  phrases: number;
  /** The best passage's embedding similarity, against the similarity that covers a question by itself. */
  similarity: number;
  /** How far the first passage's retrieval score stands above the others' mean (0: level, 1: alone). */
  falloff: number;
  /** The attendee chose the session the passages come from. */
  chosen: boolean;
}

/** The adjacent pairs of a sequence of stems, as 'a b'. */
export function pairsOf(stems: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < stems.length; i++) if (stems[i - 1] !== stems[i]) out.push(`${stems[i - 1]} ${stems[i]}`);
  return out;
}

/**
 * The evidence that the passages cover the question: the question's key words and word pairs in the
 * passage that holds most of them (`passageTerms`: each passage's stems and its sentences' stems in
 * order, and the adjacent pairs of those sequences when kept), the best similarity, how the retrieval scores fall off after the first passage, and whether
 * the attendee chose the session. Language-neutral: words are the language layer's stems.
 */
export function coverageEvidence(
  terms: QuestionTerms,
  passages: readonly GenerationPassage[],
  passageTerms: readonly { stems: Set<string>; sequences: readonly (readonly string[])[]; pairs?: () => ReadonlySet<string> }[],
  rule: boolean,
): CoverageEvidence {
  const chosen = passages[0]?.chosen === true;
  const asked = pairsOf(terms.stems);
  let best = { words: 0, phrases: 0 };
  passageTerms.forEach(({ stems, sequences, pairs }) => {
    const words = terms.coverageOf(stems);
    let phrases = words;
    if (asked.length > 0) {
      // `pairs`: the same pairs, kept with the passage's analysis.
      const held = pairs ? pairs() : new Set(sequences.flatMap((seq) => pairsOf(seq)));
      phrases = asked.filter((p) => held.has(p)).length / asked.length;
    }
    if (words + phrases > best.words + best.phrases) best = { words, phrases };
  });
  const similarity = Math.min(1, Math.max(0, ...passages.map((p) => p.similarity)) / SIMILARITY_THRESHOLD);
  const scores = passages.map((p) => p.score).filter((s) => Number.isFinite(s) && s > 0);
  const rest = scores.slice(1);
  const falloff =
    scores.length === 0 ? 0 : rest.length === 0 ? 1 : Math.max(0, 1 - rest.reduce((a, b) => a + b, 0) / rest.length / scores[0]);
  return { rule, ...best, similarity, falloff, chosen };
}

/**
 * The coverage score in [0, 1]: at least 0.5 when the rule-based test covers the question, and within
 * each half the weighted evidence (COVERAGE_WEIGHTS) places it. Thresholds on it decide refusal
 * (REFUSE_BELOW) and the unsure answer (UNSURE_BELOW).
 */
export function coverageScore(e: CoverageEvidence): number {
  const w = COVERAGE_WEIGHTS;
  const evidence =
    w.words * e.words + w.phrases * e.phrases + w.similarity * e.similarity + w.falloff * e.falloff + (e.chosen ? w.chosen : 0);
  const score = e.rule ? 0.5 + 0.5 * evidence : 0.499 * evidence;
  return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
}

/**
 * The capitalised words past the question's first word ('Kirsty Williams', 'Microsoft', 'Canada',
 * 'PepsiCo') that neither the passages nor their session titles mention, folded to lower case. A long
 * name one letter away from a word of the passages is a misspelling of it, not someone else.
 */
export function unknownNames(question: string, passages: GenerationPassage[]): string[] {
  const names = [...question.matchAll(NAME_WORD)]
    .map((m) => m[1].replace(/['’]s$/, ''))
    .filter((w) => !NOT_NAME_WORDS.has(w) && !QUESTION_STOP.has(w.toLowerCase()));
  if (names.length === 0) return [];
  const haystack = foldName(passages.map((p) => `${p.sessionTitle} ${p.speaker ?? ''} ${p.text}`).join(' '));
  const squashed = haystack.replace(/[^a-z0-9]/g, '');
  let passageWords: Set<string> | null = null;
  const unknown = names.map(foldName).filter((n) => {
    if (new RegExp(`\\b${n}`).test(haystack) || squashed.includes(n)) return false;
    if (n.length < MISSPELT_NAME_LENGTH) return true;
    passageWords ??= new Set(haystack.match(/[a-z]+/g) ?? []);
    for (const w of passageWords) if (oneEditApart(n, w)) return false;
    return true;
  });
  return [...new Set(unknown)];
}

/**
 * The unknown names (`unknownNames`) the question uses the way English uses an ordinary word: between
 * a determiner and a lower-case word ('the Real change in Sales'). Those may be ordinary words written
 * with a capital; a word that names someone stands elsewhere ('did Block report', 'by Marketing',
 * 'CVS Health').
 */
export function capitalisedWords(question: string, passages: GenerationPassage[]): string[] {
  // The question's own shape first: most questions have no such word, and then the passages are not read.
  const tokens = question.split(/\s+/);
  const placed = tokens.filter(
    (t, i) => /^\p{Lu}\p{Ll}+$/u.test(t) && DETERMINERS.has((tokens[i - 1] ?? '').toLowerCase()) && /^\p{Ll}/u.test(tokens[i + 1] ?? ''),
  );
  if (placed.length === 0) return [];
  const unknown = new Set(unknownNames(question, passages));
  return [...new Set(placed.map((t) => foldName(t)))].filter((word) => unknown.has(word));
}

/**
 * True when the question names someone or something the passages never mention (`unknownNames`):
 * answering from them would answer about someone else. `commonWords`: those of them the materials
 * write in lower case elsewhere (`AnswerRequest.commonWords`), ordinary words a question wrote with a
 * capital ('the Real change in Sales'), not names.
 */
export function unknownName(question: string, passages: GenerationPassage[], commonWords: readonly string[] = []): boolean {
  return unknownNames(question, passages).some((n) => !commonWords.includes(n));
}

/** True when `a` becomes `b` by changing, adding or removing one letter. */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
const QUESTION_STOP = new Set(['what', 'which', 'who', 'how', 'when', 'where', 'why']);
