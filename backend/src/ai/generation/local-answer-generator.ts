import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { UsageContext } from '../ai.types';
import { estimateTokens, LocalHashEmbeddings } from '../embeddings/local-hash-embeddings';
import type { AiUsageService } from '../usage/ai-usage.service';
import {
  type AnswerDelta,
  type AnswerGenerator,
  type AnswerRequest,
  type ChatTurn,
  type ComposedText,
  GenerationAborted,
  type GenerationPassage,
  notCoveredFor,
  type PassageCitation,
  type SessionMaterial,
  type StandaloneQuestion,
  type Takeaway,
} from './generation.types';
import { standaloneQuestion } from './follow-up';
import {
  GENERIC_STEMS,
  INSTRUCTION_STEMS,
  jaccard,
  keywords,
  keywordStems,
  termsOf,
  withoutInstructions,
  words,
} from '../../text/keywords';
import { termKey } from '../../text/term-key';
import { mergeRoundRobin } from './takeaway-merge';
import { isBiography, isFiller } from '../../text/filler';
import { DETERMINERS, MEASURE_WORDS, NOT_NAME_WORDS } from '../../text/lexicon';
import { isFigureTable, speakerName, splitSentences, tidySentence } from '../../text/sentences';
import { withoutMarkers } from '../../text/citation-grammar';

export const LOCAL_CHAT_MODEL = 'local-extractive-v1';
/**
 * Pause between streamed deltas of a local answer: 3 words every 40 ms (about 75 words a second, the
 * pace a hosted model streams at), so both providers read alike and a client can abort mid-answer.
 */
export const LOCAL_STREAM_DELAY_MS = 40;
/** Words per streamed delta. */
const WORDS_PER_DELTA = 3;
/**
 * Share of the question's (weighted) key words that one passage must exceed for the question to count
 * as covered (or two specific words and 40 %); below it, and without a close embedding match, the
 * answer says the materials don't cover it.
 */
export const COVERAGE_THRESHOLD = 0.5;
/**
 * How a sentence is scored for a question (chosen on the `tune` half of the dev set, bench/EVAL.md):
 * the weighted share of the question's words it holds leads, its embedding similarity to the question
 * and its passage's retrieval rank (the reranked order is trusted) follow; the three add up to 1.
 */
const SENTENCE_WEIGHTS = { coverage: 0.55, similarity: 0.25, prior: 0.2 };
/**
 * A row of a table of figures (by its layout, `isFigureTable`) holding the question's words is the
 * evidence a figure question asks for: it outranks prose that repeats the words.
 */
const FIGURE_ROW_BOOST = 1.4;
/** A question asking for a figure: sentences with one rank up, those without one down. */
const QUANTITY_BOOST = 1.3;
const QUANTITY_PENALTY = 0.85;
/** Any other question: a sentence with a figure is a little more concrete. */
const NUMBER_BONUS = 1.05;
/**
 * Weight of a question word the materials use everywhere (rarity 0) relative to its rarest word
 * (rarity 1): the conference's own common words ('lease' at a leasing conference, the company in its
 * own filing) are learned from the corpus at search time (`rarityOf`).
 */
const RARITY_FLOOR = 0.3;
/**
 * A question word at least this rare (its IDF over the searchable chunks at least this share of the
 * question's rarest word's) names the topic rather than the conference's everyday vocabulary.
 */
const SPECIFIC_RARITY = 0.5;
const SIMILARITY_THRESHOLD = 0.45;
/** A passage holding this many phrases of the question's business vocabulary and this share of its words covers it. */
const VOCABULARY_PHRASES = 2;
const VOCABULARY_COVERAGE = 0.3;
/**
 * A summary of a discussion: a meeting passage holding this weighted share of the topic's words, and
 * two of them, covers it (one word alone answered uncovered summaries). The two need not be rare over
 * the whole conference: a meeting about petitions says 'petitions' everywhere, and that is why it is
 * the one to summarise (PRODUCT.md: a discussion the meeting holds is never refused).
 */
const SUMMARY_COVERAGE = 0.34;
const MAX_BULLETS = 6;
const MIN_BULLETS = 3;
/** A supporting sentence scores at least this share of the best one. */
const MIN_SHARE_OF_BEST = 0.3;
const MIN_SHARE_OF_BEST_COVERAGE = 0.4;
const MAX_TAKEAWAYS_PER_SESSION = 6;

/** Cues of a recommendation or a finding: takeaways favour these sentences. */
const TAKEAWAY_CUES =
  /\b(should|must|need to|recommend\w*|key|important|critical|biggest|best practice|lesson\w*|rule of thumb|expect\w*|forecast\w*|we (?:found|saw|see|learned)|the answer is|make sure|start with|focus on|avoid|never|always|grew|growth|declin\w*|increas\w*|decreas\w*)\b/i;
/** Questions asking for a figure, a date or a duration: sentences with numbers answer them. */
const QUANTITY_QUESTION =
  /\b(how (much|many|long|old|often|far|big|large|high|low|fast|soon)|what (share|percentage|percent|portion|proportion|rate|level|amount|number|date|year|month|probability|size|threshold|limit|cost|price|ratio|reading|age|minimum|maximum|floor|cap)|when|which year|by how much|by what)\b/i;
const NUMBER_WORDS =
  /\b(zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|percent|half|quarter|double|triple)\b/i;
const MONTHS = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\b/i;
/** A figure, in digits or in words ('forty-three percent'), or a date. */
export function hasNumber(text: string): boolean {
  return /\d/.test(text) || NUMBER_WORDS.test(text) || MONTHS.test(text) || DURATION.test(text);
}
/** A duration said in words ('about a day', 'a couple of weeks'). */
const DURATION = /\b(?:an?|per|each|every|couple of|few)\s+(?:day|week|month|year|hour|minute|quarter)s?\b/i;
/** Sentences about the session itself rather than its substance: never a takeaway. */
const META_TALK =
  /\b(i'm|i am|my name|moderat\w*|on (the|this) slide|this (session|panel|morning|afternoon|talk)|in this room|on this stage|today we|let's|let me|dinner|told me|you'll hear|by the end of|next speaker|our panel(ists)?|audience|raise your hand|show of hands)\b/i;
/** A sentence that may become a takeaway: a statement, not filler, talk about the session or a speaker's biography. */
function keepable(text: string): boolean {
  return !text.endsWith('?') && !isFiller(text) && !META_TALK.test(text) && !isBiography(text);
}

/**
 * Passages whose question-independent analysis (`PassageAnalysis`) is kept: up to about 20 KB each
 * with the sentence embeddings, so at most about 20 MB.
 */
const ANALYSED_PASSAGES = 1000;

/** What the answerer reads from a passage whatever the question: done once per passage text. */
interface PassageAnalysis {
  /** Stems of the speaker, session title and text. */
  stems: Set<string>;
  units: {
    text: string;
    speaker: string | null;
    lineIndex: number;
    /** Stems of the sentence; null: never an answer sentence (heading, too short or long, small talk). */
    stems: Set<string> | null;
    /** The sentence's content terms in order (what its embedding hashes), kept with its stems. */
    terms: string[] | null;
    number: boolean;
    /** The sentence's local embedding, made the first time a question shares a word with it. */
    vector?: number[];
  }[];
}

interface ScoredSentence {
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
  /** A figure question's subject sentence taken with the next one (`linkNeighbours`): both parts, each cited. */
  joined?: { first: string; text: string; lineIndex: number };
}

/** "What did X say / think / suggest about Y": the answer keeps to X's turns. */
const SPEAKER_QUESTION =
  /\b(?:what|how)\b.*\b(?:did|does|do|would)\s+(\S(?:.{0,58}?\S)?)\s+(?:say|said|think|thought|feel|felt|suggest|suggested|propose|proposed|recommend|recommended|argue|argued|mention|mentioned|explain|explained|believe|describe|report|present|presented|add|raise|disagree|agree|prefer|want)\b/i;
/** "Summarize the discussion / meeting / questioning about Y": the turns about Y in meeting order. */
const SUMMARY_QUESTION =
  /^\s*(?:please\s+)?(?:summari[sz]e|give (?:me )?(?:a |an )?(?:summary|overview)|what was (?:discussed|said)|recap)\b/i;
/** Capitalised words of a question that are names ('Kirsty Williams', 'Microsoft') when not at its start. */
const NAME_WORD = /(?<![.?!]\s|^)\b(\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}*)*(?:['’]s)?)\b/gu;
/** A name this long may be misspelt by one letter ('Dhillabeer' for 'Shillabeer') and still be the same person. */
const MISSPELT_NAME_LENGTH = 6;

/** A table row as `tableRowSentence` writes it with its years: 'Net income: 300 (2022), 290 (2021).' */
const FIGURE_ROW = /: \D*\d.*\(\d{4}\)/;

const cosine = (a: number[], b: number[]) => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
  return dot; // both unit length
};

/**
 * The offline generator: extractive answers (a lead sentence and 3–6 bullet points built from the most
 * relevant sentences of the retrieved passages, each with its citation marker), deterministic question
 * rewriting and extractive takeaways. Usage is recorded with estimated tokens at cost 0.
 */
export class LocalAnswerGenerator implements AnswerGenerator {
  readonly provider = 'local' as const;
  readonly model = LOCAL_CHAT_MODEL;
  private readonly embedder: LocalHashEmbeddings;
  private readonly analysed = new LRUCache<string, PassageAnalysis>({ max: ANALYSED_PASSAGES });

  constructor(
    dimensions: number,
    private readonly usage: AiUsageService,
    private readonly streamDelayMs = LOCAL_STREAM_DELAY_MS,
  ) {
    // Used only for its synchronous `embed` (sentence similarity); it records nothing.
    this.embedder = new LocalHashEmbeddings(dimensions, usage);
  }

  /** Deterministic, no model call (so no usage record): see `standaloneQuestion`. */
  async rewriteQuestion(question: string, history: ChatTurn[], _ctx?: UsageContext): Promise<StandaloneQuestion> {
    return standaloneQuestion(question, history);
  }

  /** The answer's text in small deltas (paced like a hosted model's stream), its citations as data. */
  async *streamAnswer(request: AnswerRequest): AsyncIterable<AnswerDelta> {
    const pieces = this.composePieces(request);
    let sent = '';
    try {
      const deltas = [...paced(pieces)];
      for (const [i, delta] of deltas.entries()) {
        if (request.signal?.aborted) throw new GenerationAborted();
        sent += 'text' in delta ? delta.text : markerOf(delta, request.passages);
        yield delta;
        // A pause after each few words (none after the last one): citations go out with their words.
        const last = i === deltas.length - 1;
        if ('text' in delta && !last && this.streamDelayMs > 0 && request.paced !== false) await sleep(this.streamDelayMs);
      }
    } finally {
      await this.record('chat', [request.question, ...request.passages.map((p) => p.text)], [sent], request);
    }
  }

  /** The whole answer text, markers written in (what `streamAnswer` sends, as one text). */
  composeAnswer(
    request: Pick<AnswerRequest, 'question' | 'carried' | 'passages' | 'simple' | 'rarity' | 'expansions' | 'commonWords'>,
  ): string {
    return this.composePieces(request)
      .map((p) => ('text' in p ? p.text : markerOf(p, request.passages)))
      .join('');
  }

  /**
   * The answer to a question from its passages, as text and citations: the sentence that best
   * answers it (its key words and figures) with its citation, then 2–5 supporting bullets, each with
   * its citation. "What did X say about Y" keeps to X's turns; "summarize the discussion about Y" gives
   * the turns about Y in meeting order with their speakers. Refuses when no passage covers the
   * question, or when it names someone or something the passages never mention.
   */
  composePieces(
    request: Pick<AnswerRequest, 'question' | 'carried' | 'passages' | 'simple' | 'rarity' | 'expansions' | 'commonWords'>,
  ): AnswerPiece[] {
    const { question, passages } = request;
    const refused = [{ text: notCoveredFor(question) }];
    if (passages.length === 0) return refused;
    if (unknownName(question, passages, request.commonWords)) return refused;
    const ranked = this.rankSentences(question, passages, request.rarity, request.expansions, request.carried);
    if (!ranked.covered || ranked.sentences.length === 0) return refused;
    let sentences = ranked.sentences;
    const speaker = askedSpeaker(question, passages);
    if (speaker) {
      // X's turns in the passages about Y, even those that do not repeat Y's words.
      const own = ranked.all.filter((s) => sameSpeaker(s.speaker ?? s.passage.speaker, speaker) && !s.text.endsWith('?'));
      if (own.length > 0) sentences = own;
    }
    const max = request.simple ? 4 : MAX_BULLETS;
    const citeAt = (s: ScoredSentence, line: number): PassageCitation =>
      s.passage.lineMarkers?.[line] != null ? { cite: s.passage.n, turn: line } : { cite: s.passage.n };
    const cite = (s: ScoredSentence) => citeAt(s, s.lineIndex);
    // Every sentence carries its own citation: a joined pair cites each of its lines.
    const quote = (s: ScoredSentence): AnswerPiece[] =>
      s.joined
        ? [{ text: `${endSentence(s.joined.first)} ` }, cite(s), { text: ` ${endSentence(s.joined.text)} ` }, citeAt(s, s.joined.lineIndex)]
        : [{ text: `${endSentence(s.text)} ` }, cite(s)];
    const who = (s: ScoredSentence) => (s.passage.kind === 'transcript' ? speakerName(s.speaker ?? s.passage.speaker) : null);
    const bullet = (s: ScoredSentence): AnswerPiece[] => [
      { text: `- ${who(s) ? `**${who(s)}:** ` : ''}` },
      ...(s.joined ? quote(s) : [{ text: `${s.text} ` }, cite(s)]),
    ];
    const lines = (bullets: AnswerPiece[][]) => bullets.flatMap((b, i) => (i > 0 ? [{ text: '\n' }, ...b] : b));

    if (SUMMARY_QUESTION.test(question) && passages.some((p) => p.kind === 'transcript')) {
      const picked = pickDiverse(sentences, max + 1, (s, best) => s.score >= best * 0.4, 4);
      picked.sort(meetingOrder);
      // The turns themselves, each with its speaker: no lead-in line saying who discussed it.
      return tidyPieces(lines(picked.map(bullet)));
    }

    // A document's answer draws on more of its pages: the best sentence of each page first, then up to
    // two a page (three a transcript passage, taken best-first).
    const document = passages.every((p) => p.kind === 'pdf');
    const perPage = document ? 2 : 3;
    const picked = withStatementRows(
      pickDiverse(sentences, max + 1, (s, best) => s.score >= best * 0.45, speaker ? 4 : perPage, document),
      sentences,
      question,
      max + 1,
    );
    // The lead is a whole statement: of the best three, the first of eight words or more.
    const leadAt = Math.max(
      0,
      picked.slice(0, 3).findIndex((s) => s.text.split(/\s+/).length >= 8),
    );
    const [lead] = picked.splice(leadAt, 1);
    const leadWho = who(lead);
    const leadLabel = leadWho && !speaker ? `${leadWho}: ` : '';
    const body = picked.length > 0 ? [{ text: '\n\n' }, ...lines(picked.map(bullet))] : [];
    return tidyPieces([{ text: leadLabel }, ...quote(lead), ...body]);
  }

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
  ): { covered: boolean; sentences: ScoredSentence[]; all: ScoredSentence[] } {
    // The passages' text is joined only when a question word needs splitting (rare), not for every question.
    let joined: string | undefined;
    let titles: string[] | undefined;
    const known = {
      stems: new Set(passages.flatMap((p) => [...this.analyse(p).stems])),
      text: () => (joined ??= passages.map((p) => p.text.toLowerCase().replace(/\s+/g, ' ')).join(' ')),
      titles: () => (titles ??= [...new Set(passages.flatMap((p) => p.sessionTitle.toLowerCase().match(/\p{L}+/gu) ?? []))]),
    };
    const terms = questionTerms(question, rarity, carried, known);
    const qVec = this.embedder.embed(question);
    const quantity = QUANTITY_QUESTION.test(question);
    const summary = SUMMARY_QUESTION.test(question);
    let covered = false;
    const sentences: ScoredSentence[] = [];
    const all: ScoredSentence[] = [];
    passages.forEach((passage, i) => {
      const analysis = this.analyse(passage);
      const statementPage = figureTableFor(passage, expansions);
      const vocabulary = expansionsIn(passage, expansions);
      if (coversQuestion(terms, passage, analysis.stems, { statementPage, summary, vocabulary })) covered = true;
      const prior = 1 - i / Math.max(1, passages.length);
      const scored = this.scoreUnits(analysis, passage, terms, qVec, { prior, statementPage, quantity });
      linkNeighbours(scored, quantity);
      for (const s of scored) {
        if (!s) continue;
        all.push(s);
        if (s.score >= 0.2 || terms.coverageOf(s.stems) > 0) sentences.push(s);
      }
    });
    sentences.sort((a, b) => b.score - a.score);
    all.sort((a, b) => b.score - a.score);
    return { covered, sentences, all };
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
      const { text, stems } = unit; // shared with later questions: never changed in place
      const coverage = terms.coverageOf(stems);
      // Without a shared word the hashed vectors only meet by collision: skip the embedding then.
      const similarity = coverage > 0 ? cosine((unit.vector ??= this.embedder.embedTerms(unit.terms ?? [])), qVec) : 0;
      const w = SENTENCE_WEIGHTS;
      let score = w.coverage * coverage + w.similarity * Math.max(0, similarity) + w.prior * prior;
      if (statementPage && FIGURE_ROW.test(text)) score *= FIGURE_ROW_BOOST;
      if (quantity) score *= unit.number ? QUANTITY_BOOST : QUANTITY_PENALTY;
      else if (unit.number) score *= NUMBER_BONUS;
      return { text, speaker: unit.speaker, passage, stems, score, lineIndex: unit.lineIndex, position: k, coverage: passageCoverage };
    });
  }

  /** The passage's sentences and stems, split and stemmed once per passage text (LRU). */
  private analyse(passage: GenerationPassage): PassageAnalysis {
    const key = `${passage.kind}\u0000${passage.speaker ?? ''}\u0000${passage.sessionTitle}\u0000${passage.text}`;
    let analysis = this.analysed.get(key);
    if (!analysis) {
      const units = splitSentences(passage.text, passage.kind === 'transcript').map((raw) => {
        const text = tidySentence(raw.text);
        let stems: Set<string> | null = null;
        let terms: string[] | null = null;
        if (!(raw.heading || text.length < 25 || text.length > 420 || isFiller(text))) {
          terms = termsOf(text);
          stems = new Set(terms);
          if (stems.size < 3) [stems, terms] = [null, null];
        }
        return { text, speaker: raw.speaker, lineIndex: raw.lineIndex ?? 0, stems, terms, number: stems ? hasNumber(text) : false };
      });
      analysis = { stems: new Set(termsOf(`${passage.speaker ?? ''} ${passage.sessionTitle} ${passage.text}`)), units };
      this.analysed.set(key, analysis);
    }
    return analysis;
  }

  async sessionTakeaways(material: SessionMaterial, ctx?: UsageContext): Promise<Takeaway[]> {
    const scored = this.scoreTakeaways(material);
    const picked = pickDiverse(scored, MAX_TAKEAWAYS_PER_SESSION, () => true);
    await this.record(
      'takeaway',
      material.passages.map((p) => p.text),
      picked.map((s) => s.text),
      ctx,
    );
    return picked.map((s) => {
      // A transcript's words are a speaker's: the takeaway names them ('Dana Whitfield: Our rule of thumb is …').
      const speaker = s.passage.kind === 'transcript' ? speakerName(s.speaker ?? s.passage.speaker) : null;
      const text = speaker ? `${speaker}: ${s.text}` : s.text;
      return { text, sessionTitle: material.sessionTitle, score: s.score, ...(speaker ? { speaker } : {}) };
    });
  }

  async mergeTakeaways(perSession: Takeaway[][], ctx?: UsageContext): Promise<Takeaway[]> {
    const merged = mergeRoundRobin(perSession);
    await this.record(
      'takeaway',
      perSession.flat().map((t) => t.text),
      merged.map((t) => t.text),
      ctx,
    );
    return merged;
  }

  /** Sentences of one session scored as takeaways: central to the session, concrete, advice or findings. */
  private scoreTakeaways(material: SessionMaterial): ScoredSentence[] {
    const centroid = new Array<number>(this.embedder.dimensions).fill(0);
    for (const p of material.passages) this.embedder.embed(p.text).forEach((x, i) => (centroid[i] += x));
    const norm = Math.sqrt(centroid.reduce((s, x) => s + x * x, 0)) || 1;
    const unit = centroid.map((x) => x / norm);
    const out: ScoredSentence[] = [];
    for (const passage of material.passages) {
      for (const raw of splitSentences(passage.text, passage.kind === 'transcript')) {
        const text = tidySentence(raw.text);
        if (raw.heading || text.length < 50 || text.length > 300 || /\?["”’)]*$/.test(raw.text) || !keepable(text)) continue;
        const stems = new Set(termsOf(text));
        if (stems.size < 5) continue;
        let score = 0.6 * Math.max(0, cosine(this.embedder.embed(text), unit));
        if (TAKEAWAY_CUES.test(text)) score += 0.2;
        if (/\d|%|\$/.test(text)) score += 0.15;
        if (/^(i|we|you)\b/i.test(text) && !TAKEAWAY_CUES.test(text)) score -= 0.1;
        // Slides state findings concisely; a spoken sentence needs its conversation around it.
        if (passage.kind === 'pdf') score += 0.05;
        out.push({
          text: /[.!?]$/.test(text) ? text : `${text}.`,
          speaker: raw.speaker,
          passage,
          stems,
          score,
          lineIndex: raw.lineIndex ?? 0,
          position: 0,
        });
      }
    }
    return out.sort((a, b) => b.score - a.score);
  }

  private async record(kind: 'chat' | 'takeaway', prompt: string[], completion: string[], ctx?: UsageContext): Promise<void> {
    await this.usage.record({
      kind,
      provider: 'local',
      model: this.model,
      promptTokens: estimateTokens(prompt),
      completionTokens: estimateTokens(completion),
      userId: ctx?.userId ?? null,
    });
  }
}

/** The question's key words and how much each one weighs in the coverage test. */
interface QuestionTerms {
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
function questionTerms(
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

/** Whether one passage covers the question (PRODUCT.md: refuse only when the materials don't cover it). */
function coversQuestion(
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

/** Statement rows added to a figure question's answer (the best page's rows that name its words). */
const STATEMENT_ROWS = 2;

/** A question asking for a figure or a measure ('how much…', 'the quick ratio', 'the largest liability'). */
function asksForFigure(question: string): boolean {
  return QUANTITY_QUESTION.test(question) || words(question).some((w) => MEASURE_WORDS.has(w));
}

/**
 * A question that needs a figure is answered with the statement rows that hold it, both years, citing
 * their page (PRODUCT.md §5): when the picked sentences hold no row of a table of figures, the best
 * page's rows naming the question's words take the place of the weakest supporting sentences.
 */
function withStatementRows(picked: ScoredSentence[], ranked: ScoredSentence[], question: string, max: number): ScoredSentence[] {
  if (!asksForFigure(question) || picked.some((s) => FIGURE_ROW.test(s.text))) return picked;
  const asked = new Set(keywordStems(question));
  const rows = ranked.filter((s) => s.passage.kind === 'pdf' && FIGURE_ROW.test(s.text) && [...s.stems].some((x) => asked.has(x)));
  if (rows.length === 0) return picked;
  const page = rows[0].passage;
  const added = rows.filter((s) => s.passage === page && !picked.includes(s)).slice(0, STATEMENT_ROWS);
  return [...picked.slice(0, Math.max(1, max - added.length)), ...added];
}

/** A sentence ending in punctuation (a quoted fragment gets a period). */
function endSentence(text: string): string {
  return /[.!?:"”)]$/.test(text) ? text : `${text}.`;
}

/** Meeting order: by document, passage position, line, then sentence. */
function meetingOrder(a: ScoredSentence, b: ScoredSentence): number {
  return (
    (a.passage.documentId ?? '').localeCompare(b.passage.documentId ?? '') ||
    (a.passage.chunkIndex ?? a.passage.n) - (b.passage.chunkIndex ?? b.passage.n) ||
    a.lineIndex - b.lineIndex ||
    a.position - b.position
  );
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Speakers named in the passages' turns ('Grad E', 'Vaughan Gething AM', 'Project Manager'). */
function passageSpeakers(passages: GenerationPassage[]): string[] {
  const out = new Set<string>();
  for (const p of passages) {
    if (p.kind !== 'transcript') continue;
    if (p.speaker) out.add(p.speaker);
    for (const m of p.text.matchAll(/^([\p{Lu}][\p{L}\p{N}.'’ -]{0,40}?):\s/gmu)) out.add(m[1].trim());
  }
  return [...out];
}

/** The speaker a "what did X say about Y" question asks about, as the transcript labels them. */
function askedSpeaker(question: string, passages: GenerationPassage[]): string | null {
  const m = SPEAKER_QUESTION.exec(question);
  if (!m) return null;
  const asked = fold(m[1].replace(/^(?:the|a|an|our|their)\s+/i, ''));
  const speakers = passageSpeakers(passages);
  return speakers.find((s) => fold(s) === asked) ?? speakers.find((s) => asked.includes(fold(s)) || fold(s).includes(asked)) ?? null;
}

function sameSpeaker(speaker: string | null | undefined, asked: string): boolean {
  return !!speaker && fold(speaker) === fold(asked);
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
  const haystack = fold(passages.map((p) => `${p.sessionTitle} ${p.speaker ?? ''} ${p.text}`).join(' '));
  const squashed = haystack.replace(/[^a-z0-9]/g, '');
  let passageWords: Set<string> | null = null;
  const unknown = names.map(fold).filter((n) => {
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
  return [...new Set(placed.map((t) => fold(t)))].filter((word) => unknown.has(word));
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

/**
 * Best-first sentences with near-duplicates (and a third sentence from one passage) left out. `spread`:
 * the best sentence of every passage is taken before a second one of any passage (a document's answer
 * cites each page that holds evidence rather than two sentences of the first page), then best-first.
 */
function pickDiverse(
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

/** A piece of a composed answer: its own text, or a citation of a passage. */
export type AnswerPiece = ComposedText | PassageCitation;

/** The marker a citation of a passage shows: its turn's line marker, else the passage's marker. */
function markerOf(c: PassageCitation, passages: GenerationPassage[]): string {
  const p = passages.find((x) => x.n === c.cite);
  if (!p) return '';
  return (c.turn != null ? p.lineMarkers?.[c.turn] : undefined) ?? p.marker;
}

/**
 * Adjacent text pieces joined, empty ones left out, and marker-shaped text quoted from a passage
 * ('see [p. 3]' on a slide) taken out: only the citations attached as data cite.
 */
function tidyPieces(pieces: AnswerPiece[]): AnswerPiece[] {
  const out: AnswerPiece[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if ('text' in p && last && 'text' in last) out[out.length - 1] = { text: last.text + p.text };
    else out.push(p);
  }
  return out.map((p) => ('text' in p ? { text: withoutMarkers(p.text) } : p)).filter((p) => !('text' in p) || p.text);
}

/** The pieces as streamed: text in deltas of WORDS_PER_DELTA words, each citation on its own. */
function* paced(pieces: AnswerPiece[]): Generator<AnswerPiece> {
  for (const p of pieces) {
    if (!('text' in p)) {
      yield p;
      continue;
    }
    const words = p.text.match(/\S+\s*|\s+/g) ?? [];
    for (let i = 0; i < words.length; i += WORDS_PER_DELTA) yield { text: words.slice(i, i + WORDS_PER_DELTA).join('') };
  }
}
