import { LRUCache } from 'lru-cache';
import type { LocalHashEmbeddings } from '../../embeddings/local-hash-embeddings';
import type { GenerationPassage } from '../generation.types';
import { jaccard, termsOf } from '../../../text/keywords';
import { isFiller } from '../../../text/filler';
import { QUANTITY_QUESTION } from '../../../text/lexicon';
import { isFigureTable, type Sentence, splitSentences, tidySentence } from '../../../text/sentences';
import {
  FACT_BOOST,
  NOVELTY_BOOST,
  NOVELTY_CAP,
  FIGURE_ROW_BOOST,
  MIN_BULLETS,
  MIN_SHARE_OF_BEST,
  MIN_SHARE_OF_BEST_COVERAGE,
  NUMBER_BONUS,
  QUANTITY_BOOST,
  QUANTITY_PENALTY,
  REFUSE_BELOW,
  SENTENCE_WEIGHTS,
} from '../../../answering/knobs';
import { LANGUAGES } from '../../../text/lang';
import { languageOf } from '../../../text/lang/detect';
import type { LanguageData } from '../../../text/lang/types';
import { coverageEvidence, coverageScore, coversQuestion, pairsOf } from './coverage';
import { type QuestionTerms, questionTerms } from './question-terms';
import { asksOpen, asksWhat, type FactKind, factKind, newNames, ownFact, statesReply } from './short-fact';

/**
 * Sentence and passage scoring of the local answerer: each sentence of the retrieved passages scored
 * against the question (its words, its similarity, its passage's rank), and the best ones picked.
 */

const NUMBER_WORDS =
  /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|percent|half|quarter|double|triple)\b/i;
const MONTHS = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
/** A figure, in digits or in words ('forty-three percent'), or a date. */
export function hasNumber(text: string): boolean {
  return /\d/.test(text) || NUMBER_WORDS.test(text) || MONTHS.test(text) || DURATION.test(text);
}
/** A duration said in words ('about a day', 'a couple of weeks'). */
const DURATION = /\b(?:an?|per|each|every|couple of|few)\s+(?:day|week|month|year|hour|minute|quarter)s?\b/i;

/**
 * Passages whose question-independent analysis (`PassageAnalysis`) is kept: up to about 20 KB each
 * with the sentence embeddings, so at most about 20 MB.
 */
const ANALYSED_PASSAGES = 1000;

/** Characters an answer sentence has at least and at most (shorter: 'Okay, sure.'; longer: a run-on transcript turn). */
const ANSWER_MIN_CHARS = 25;
const ANSWER_MAX_CHARS = 420;

/** A sentence of a passage as the answerer reads it whatever the question. */
export interface PassageUnit {
  text: string;
  speaker: string | null;
  lineIndex: number;
  /** Stems of the sentence; null: never an answer sentence (heading, too short or long, small talk). */
  stems: Set<string> | null;
  /** The sentence's content terms in order (what its embedding hashes), kept with its stems. */
  terms: string[] | null;
  number: boolean;
  /** A short reply's question (`answerShortReplies`): the unit is the exchange, its stems both parts'. */
  asked?: { text: string; lineIndex: number; speaker: string | null };
  /** The sentence's local embedding, made the first time a question shares a word with it. */
  vector?: number[];
}

/** What the answerer reads from a passage whatever the question: done once per passage text. */
export interface PassageAnalysis {
  /** Stems of the speaker, session title and text. */
  stems: Set<string>;
  units: PassageUnit[];
  /** The adjacent pairs of the sentences' terms (`pairsOf`), made the first time a question of two words or more reads them. */
  pairs?: Set<string>;
}

export interface ScoredSentence {
  text: string;
  speaker: string | null;
  passage: GenerationPassage;
  stems: Set<string>;
  score: number;
  /** Line of the passage text the sentence starts on (its turn, in a transcript). */
  lineIndex: number;
  /** Order of the sentence within its passage. */
  position: number;
  /** Weighted share of the question's key words the sentence's passage holds. */
  coverage?: number;
  /**
   * Two parts answering together, each cited: a figure question's subject sentence and the next one
   * (`linkNeighbours`), or a question and its short reply (`answerShortReplies`), whose `speaker` is the
   * one replying when another speaker asked.
   */
  joined?: { first: string; text: string; lineIndex: number; speaker?: string | null };
}

/** The sentences of the passages scored against a question, and whether and how well the passages cover it. */
export interface RankedSentences {
  /** The coverage score reaches the refusal threshold (REFUSE_BELOW): the passages are answered from. */
  covered: boolean;
  /** The coverage score in [0, 1] (`coverageScore`). */
  coverage: number;
  /** The sentences that may answer (a question word or a fair score), best first. */
  sentences: ScoredSentence[];
  /** Every answer sentence, best first. */
  all: ScoredSentence[];
}

/** "Summarize the discussion / meeting / questioning about Y": the turns about Y in meeting order. */
export const SUMMARY_QUESTION =
  /^\s*(?:please\s+)?(?:summari[sz]e|give (?:me )?(?:a |an )?(?:summary|overview)|what was (?:discussed|said)|recap)\b/i;

/** A table row as `tableRowSentence` writes it with its years: 'Net income: 300 (2022), 290 (2021).' */
export const FIGURE_ROW = /: \D*\d.*\(\d{4}\)/;

export const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot; // both unit length
};

/** The sentences of passages scored against questions; each passage's question-independent analysis is kept (LRU). */
export class SentenceScorer {
  private readonly analysed = new LRUCache<string, PassageAnalysis>({ max: ANALYSED_PASSAGES });

  constructor(private readonly embedder: LocalHashEmbeddings) {}
  /**
   * Sentences of the passages scored against the question: weighted share of its key words present
   * (common conference words weigh less), embedding similarity, and the passage's retrieval rank.
   */
  rankSentences(
    question: string,
    passages: GenerationPassage[],
    rarity?: Record<string, number>,
    expansions: string[] = [],
    carried: string[] = [],
  ): RankedSentences {
    // The passages' text is joined only when a question word needs splitting (rare), not for every question.
    let joined: string | undefined;
    let titles: string[] | undefined;
    const analyses = passages.map((p) => this.analyse(p));
    const known = {
      stems: new Set(analyses.flatMap((a) => [...a.stems])),
      text: () => (joined ??= passages.map((p) => p.text.toLowerCase().replace(/\s+/g, ' ')).join(' ')),
      titles: () => (titles ??= [...new Set(passages.flatMap((p) => p.sessionTitle.toLowerCase().match(/\p{L}+/gu) ?? []))]),
    };
    const terms = questionTerms(question, rarity, carried, known);
    const qVec = this.embedder.embed(question);
    const fact = factKind(question);
    // How many and when ask for a figure or a date in every language, as the English quantity words do.
    const quantity = QUANTITY_QUESTION.test(question) || fact === 'howMany' || fact === 'when';
    const summary = SUMMARY_QUESTION.test(question);
    // A short fact, or what / which thing: the answering sentence adds words the question does not hold.
    const what = !summary && !fact && asksWhat(question);
    const novel = !summary && (fact != null || what) ? new Set(terms.stems) : null;
    let rule = false;
    const sentences: ScoredSentence[] = [];
    const all: ScoredSentence[] = [];
    passages.forEach((passage, i) => {
      const analysis = analyses[i];
      const statementPage = figureTableFor(passage, expansions);
      const vocabulary = expansionsIn(passage, expansions);
      if (coversQuestion(terms, passage, analysis.stems, { statementPage, summary, vocabulary })) rule = true;
      const prior = 1 - i / Math.max(1, passages.length);
      const scored = this.scoreUnits(analysis, passage, terms, qVec, { prior, statementPage, quantity });
      if (fact) boostFacts(scored, fact, question);
      if (novel) boostNovelty(scored, novel);
      if (what) boostNames(scored, question);
      linkNeighbours(scored, quantity);
      for (const s of scored) {
        if (!s) continue;
        all.push(s);
        if (s.score >= 0.2 || terms.coverageOf(s.stems) > 0) sentences.push(s);
      }
    });
    sentences.sort((a, b) => b.score - a.score);
    all.sort((a, b) => b.score - a.score);
    const passageTerms = analyses.map((analysis) => {
      // An exchange's terms run across its question and reply: the sentences' own sequences are the evidence.
      const sequences = analysis.units.flatMap((u) => (u.terms && !u.asked ? [u.terms] : []));
      const pairs = () => (analysis.pairs ??= new Set(sequences.flatMap((seq) => pairsOf(seq))));
      return { stems: analysis.stems, sequences, pairs };
    });
    const coverage = coverageScore(coverageEvidence(terms, passages, passageTerms, rule));
    return { covered: coverage >= REFUSE_BELOW, coverage, sentences, all };
  }

  /** Each answer sentence of a passage scored: its share of the question's words, its similarity, the passage's rank. */
  private scoreUnits(
    analysis: PassageAnalysis,
    passage: GenerationPassage,
    terms: QuestionTerms,
    qVec: number[],
    { prior, statementPage, quantity }: { prior: number; statementPage: boolean; quantity: boolean },
  ): (ScoredSentence | null)[] {
    const passageCoverage = terms.coverageOf(analysis.stems);
    return analysis.units.map((unit, k) => {
      if (!unit.stems) return null;
      const { text, stems, asked } = unit; // shared with later questions: never changed in place
      const coverage = terms.coverageOf(stems);
      // Without a shared word the hashed vectors only meet by collision: skip the embedding then.
      const similarity = coverage > 0 ? cosine((unit.vector ??= this.embedder.embedTerms(unit.terms ?? [])), qVec) : 0;
      const w = SENTENCE_WEIGHTS;
      let score = w.coverage * coverage + w.similarity * Math.max(0, similarity) + w.prior * prior;
      if (statementPage && FIGURE_ROW.test(text)) score *= FIGURE_ROW_BOOST;
      if (quantity) score *= unit.number ? QUANTITY_BOOST : QUANTITY_PENALTY;
      else if (unit.number) score *= NUMBER_BONUS;
      const scored = {
        text,
        speaker: unit.speaker,
        passage,
        stems,
        score,
        lineIndex: unit.lineIndex,
        position: k,
        coverage: passageCoverage,
      };
      if (!asked) return scored;
      // A short reply is quoted with its question: the asker's words, then the reply, each cited.
      const replier = asked.speaker !== unit.speaker ? unit.speaker : undefined;
      const joined = { first: asked.text, text, lineIndex: unit.lineIndex, speaker: replier };
      return { ...scored, text: `${asked.text} ${text}`, speaker: asked.speaker, lineIndex: asked.lineIndex, joined };
    });
  }

  /** The passage's sentences and stems, split and stemmed once per passage text (LRU). */
  analyse(passage: GenerationPassage): PassageAnalysis {
    const key = `${passage.kind}\u0000${passage.speaker ?? ''}\u0000${passage.sessionTitle}\u0000${passage.text}`;
    let analysis = this.analysed.get(key);
    if (!analysis) {
      const raws = splitSentences(passage.text, passage.kind === 'transcript');
      const units: PassageUnit[] = raws.map((raw) => {
        const text = tidySentence(raw.text);
        let stems: Set<string> | null = null;
        let terms: string[] | null = null;
        if (!(raw.heading || text.length < ANSWER_MIN_CHARS || text.length > ANSWER_MAX_CHARS || isFiller(text))) {
          terms = termsOf(text);
          stems = new Set(terms);
          if (stems.size < 3) [stems, terms] = [null, null];
        }
        return { text, speaker: raw.speaker, lineIndex: raw.lineIndex ?? 0, stems, terms, number: stems ? hasNumber(text) : false };
      });
      if (passage.kind === 'transcript') {
        let lang: LanguageData | undefined;
        answerShortReplies(raws, units, () => (lang ??= LANGUAGES[languageOf(passage.text)]));
      }
      analysis = { stems: new Set(termsOf(`${passage.speaker ?? ''} ${passage.sessionTitle} ${passage.text}`)), units };
      this.analysed.set(key, analysis);
    }
    return analysis;
  }
}

/**
 * A short reply ('In [LOCATION2].', 'Um, Friday.'), too short to be an answer sentence by itself, answers
 * the question asked right before it, by another speaker or by the asker ('Is anybody missing? [ORG5],
 * yes.'): a reply that says something (`statesReply`) right after a sentence ending with a question mark
 * becomes the exchange, an answer unit holding the question's words and the reply's, quoted with both.
 * A question of a few words ('3 hours?') is taken with the sentence of its turn before it; the question
 * asks for more than yes or no (`asksOpen`, in the passage's language `lang`).
 */
function answerShortReplies(raws: Sentence[], units: PassageUnit[], lang: () => LanguageData): void {
  for (let k = 1; k < units.length; k++) {
    const [reply, before] = [units[k], units[k - 1]];
    if (reply.stems || raws[k].heading || reply.text.length >= ANSWER_MIN_CHARS) continue;
    // The reply comes right after the question: another speaker's turn, or the asker's own answer.
    if (raws[k - 1].heading || !before.text.endsWith('?') || !statesReply(reply.text)) continue;
    const opening = before.text.length < ANSWER_MIN_CHARS && k >= 2 && units[k - 2].lineIndex === before.lineIndex ? k - 2 : k - 1;
    const question = units
      .slice(opening, k)
      .map((u) => u.text)
      .join(' ');
    // A yes-or-no question's short reply ('Right?' – 'Say it again.') answers nothing a reader asks.
    if (!asksOpen(question, lang())) continue;
    if (question.length + reply.text.length > ANSWER_MAX_CHARS) continue;
    const terms = termsOf(`${question} ${reply.text}`);
    if (new Set(terms).size < 3) continue;
    units[k] = {
      ...reply,
      stems: new Set(terms),
      terms,
      number: hasNumber(`${question} ${reply.text}`),
      asked: { text: question, lineIndex: before.lineIndex, speaker: before.speaker },
    };
  }
}

/**
 * A table of figures holding the line items of the question's general business vocabulary (current
 * assets and liabilities for a quick ratio): it covers the question whatever the question's own words.
 */
function figureTableFor(passage: GenerationPassage, expansions: string[]): boolean {
  if (expansions.length === 0) return false;
  const lower = passage.text.toLowerCase();
  return expansions.some((e) => lower.includes(e)) && isFigureTable(passage.text);
}

/** How many of the phrases of the question's general business vocabulary (`expansions`) the passage holds. */
function expansionsIn(passage: GenerationPassage, expansions: string[]): number {
  if (expansions.length === 0) return 0;
  const lower = passage.text.toLowerCase();
  return expansions.filter((e) => lower.includes(e)).length;
}

/** A short-fact question's sentences that state that kind of fact in their own words (`ownFact`) weigh FACT_BOOST more. */
function boostFacts(scored: (ScoredSentence | null)[], kind: FactKind, question: string): void {
  for (const s of scored) {
    if (!s) continue;
    if (ownFact(kind, { text: s.text, speaker: factSpeaker(s) }, question)) s.score *= FACT_BOOST;
  }
}

/** Who states a sentence's fact: in a transcript its speaker, the one replying in a question and its reply. */
export function factSpeaker(s: ScoredSentence): string | null {
  return s.passage.kind === 'transcript' ? (s.joined?.speaker ?? s.speaker ?? s.passage.speaker) : null;
}

/** A what / which question's sentences naming something the question does not (`newNames`) weigh FACT_BOOST more. */
function boostNames(scored: (ScoredSentence | null)[], question: string): void {
  for (const s of scored) if (s && newNames(s.text, question).length > 0) s.score *= FACT_BOOST;
}

/** Sentences adding words to the question's (`asked`, its stems) weigh more, up to NOVELTY_BOOST at NOVELTY_CAP new stems. */
function boostNovelty(scored: (ScoredSentence | null)[], asked: Set<string>): void {
  for (const s of scored) {
    if (!s) continue;
    let added = 0;
    for (const stem of s.stems) if (!asked.has(stem) && ++added >= NOVELTY_CAP) break;
    s.score *= 1 + (NOVELTY_BOOST * added) / NOVELTY_CAP;
  }
}

/**
 * Neighbouring sentences that answer together: a question asked on stage is not an answer, but what
 * is said right after it usually is; a sentence that names the subject of a figure question but not
 * the figure takes the next one (with the figure) with it.
 */
function linkNeighbours(scored: (ScoredSentence | null)[], quantity: boolean): void {
  scored.forEach((s, j) => {
    if (!s) return;
    const next = scored[j + 1];
    if (s.text.endsWith('?')) {
      if (next && !next.text.endsWith('?')) next.score = Math.max(next.score, s.score * 0.95);
      s.score *= 0.5;
    }
    if (
      quantity &&
      !s.joined &&
      !next?.joined &&
      !hasNumber(s.text) &&
      next &&
      hasNumber(next.text) &&
      !next.text.endsWith('?') &&
      s.text.length + next.text.length < 420
    ) {
      s.joined = { first: s.text, text: next.text, lineIndex: next.lineIndex };
      s.text = `${s.text} ${next.text}`;
      s.stems = new Set([...s.stems, ...next.stems]);
      s.score *= QUANTITY_BOOST / QUANTITY_PENALTY;
    }
  });
}

/**
 * Best-first sentences with near-duplicates (and a third sentence from one passage) left out. `spread`:
 * the best sentence of every passage is taken before a second one of any passage (a document's answer
 * cites each page that holds evidence rather than two sentences of the first page), then best-first.
 */
export function pickDiverse(
  sorted: ScoredSentence[],
  max: number,
  keep: (s: ScoredSentence, best: number) => boolean,
  perPassage = 2,
  spread = false,
): ScoredSentence[] {
  const picked: ScoredSentence[] = [];
  const best = sorted[0]?.score ?? 0;
  for (const limit of spread && perPassage > 1 ? [1, perPassage] : [perPassage]) {
    for (const s of sorted) {
      if (picked.length >= max) break;
      if (picked.includes(s)) continue;
      if (picked.length >= MIN_BULLETS && !keep(s, best)) break;
      // Never padding: a sentence far below the best, or from a passage holding few of the words the
      // best one's passage holds, is not evidence for this question.
      if (s.score < best * MIN_SHARE_OF_BEST) break;
      if ((s.coverage ?? 1) < (sorted[0]?.coverage ?? 0) * MIN_SHARE_OF_BEST_COVERAGE) continue;
      if (picked.some((p) => p.text === s.text || jaccard(p.stems, s.stems) >= 0.6)) continue;
      if (picked.filter((p) => p.passage === s.passage).length >= limit) continue;
      picked.push(s);
    }
  }
  return spread ? picked.sort((a, b) => b.score - a.score) : picked;
}
