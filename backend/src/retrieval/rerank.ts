import { LRUCache } from 'lru-cache';
import { asksForFigure, keywords } from '../text/keywords';
import { termsOf } from '../text/tokens';
import { periodsIn, type Period } from '../text/periods';
import { isFigureTable } from '../text/sentences';
import { type PassageTable, readTables, tableCellEvidence } from '../text/table-cells';
import { termKey } from '../text/term-key';
import type { Synonym } from './learned-expansions';
import type { Passage } from './retrieval.types';

/** Weights of the reranking features (chosen on the `tune` half of the dev set: bench/EVAL.md). */
export const RERANK_WEIGHTS = {
  /** IDF-weighted share of the question's words in the passage. */
  coverage: 0.35,
  /** The question's words close together (smallest window holding the matched words). */
  proximity: 0.3,
  /** Adjacent pairs of the question's words found adjacent in the passage. */
  phrase: 0.1,
  /** Figures and years of the question found in the passage. */
  numbers: 0.1,
  /** The passage's first line (page title, table heading, speaker) holding the question's words. */
  heading: 0.05,
  /** The fused retrieval rank (vectors + full text). */
  fused: 0.25,
  /** A table row naming the question's line item with a cell in the column of the period it asks ('total revenue in FY2019'). */
  cell: 0.3,
  /** Line items of the question's business vocabulary ('current liabilities'; `expansionsOf`), most on a table of figures. */
  statement: 0.2,
  /** A speaker the question names ('What did Grad A explain …') has a turn in the passage, more when they hold the floor. */
  speaker: 0.3,
  /** A question about what people said or discussed, and a transcript passage. */
  conversation: 0.15,
  /** The best evidence of the chunk just before or after the passage (among the candidates). */
  neighbour: 0.25,
  /** How well the passage's document answers, relative to the best document among the candidates. */
  document: 0.3,
  /**
   * Without a session filter: how much the question is about the passage's document, relative to the
   * document it is most about (`routeDocuments`; 0.3, 0.6 and 1 tried on the pool's tune folds, 0.3 kept:
   * bench/history/document-routing.md).
   */
  route: 0.3,
};

/** Questions about a conversation: what someone said, thought or proposed, what was discussed. */
const CONVERSATION_QUESTION =
  /\b(?:say|said|says|talk\w*|discuss\w*|think|thought|feel|felt|feedback|meeting|team|agree\w*|disagree\w*|propos\w*|suggest\w*|opinion|mention\w*|explain\w*|summari[sz]e|comments?|conclusions?|decid\w*)\b/i;

/** Passages whose stemmed words (`passageTerms`) are kept: the same passages answer many questions. */
const TOKENISED_PASSAGES = 4000;
const tokenised = new LRUCache<string, PassageTerms>({ max: TOKENISED_PASSAGES });

/** What the reranker reads from a passage whatever the question (`passageTerms`). */
interface PassageTerms {
  /** Stemmed words in order, speaker labels left out of transcripts. */
  tokens: string[];
  /** The distinct `tokens`. */
  distinct: Set<string>;
  /** Stems of the first line (a PDF's title block). */
  heading: Set<string>;
  /** A transcript's turns: each line's speaker label (lower case, words only; '' for none) and length. */
  turns: { label: string; length: number }[];
  /** Characters of the lines (`turns`' lengths added up). */
  length: number;
}

/** A passage's stemmed words (speaker labels left out of transcripts), its first line's and its turns, once per text. */
function passageTerms(p: Pick<Passage, 'kind' | 'text'>): PassageTerms {
  const key = `${p.kind}\u0000${p.text}`;
  let terms = tokenised.get(key);
  if (!terms) {
    // Speaker labels ('Industrial Designer:') are left out: they would match 'design' in every turn.
    const tokens = termsOf(p.kind === 'transcript' ? p.text.replace(SPEAKER_LABEL, '') : p.text);
    const heading = p.kind === 'pdf' ? titleLines(p.text) : p.text.slice(0, Math.max(0, p.text.indexOf('\n')) || 200);
    const turns = p.kind === 'transcript' ? turnsOf(p.text) : [];
    const length = turns.reduce((n, t) => n + t.length, 0);
    terms = { tokens, distinct: new Set(tokens), heading: new Set(termsOf(heading)), turns, length };
    tokenised.set(key, terms);
  }
  return terms;
}

/** PDF passages whose tables (`readTables`) are kept. */
const TABLES = 2000;
const tables = new LRUCache<string, PassageTable>({ max: TABLES });

/** The tables of a PDF passage, read once per text. */
function tablesOf(text: string): PassageTable {
  let table = tables.get(text);
  if (!table) {
    table = readTables(text);
    tables.set(text, table);
  }
  return table;
}

/** Lines of a page's title block, by layout: at most this many short lines before the body. */
const TITLE_LINES = 4;
const TITLE_LINE_MAX = 100;

/**
 * The title block of a PDF chunk, found by its layout rather than its words: the first short lines
 * that do not end a sentence ('NOTE 5 - ACQUISITIONS', 'Consolidated Statements of Cash Flows', the
 * title and column headings a split page's later chunks start with), up to the first line of body text.
 */
export function titleLines(text: string): string {
  const out: string[] = [];
  for (const line of text.split('\n').slice(0, TITLE_LINES)) {
    const t = line.trim();
    if (!t) continue;
    if (t.length > TITLE_LINE_MAX || /[.;,]$/.test(t)) break;
    out.push(t);
  }
  return out.length > 0 ? out.join('\n') : text.slice(0, Math.max(0, text.indexOf('\n')) || 200);
}

/** A question's words as the reranker weighs them: stem, and IDF over the searchable chunks. */
export interface WeightedTerm {
  stem: string;
  idf: number;
}

/** Number forms a question's figure may take in a filing: '1.6 billion' → 1.6, 1,600 (millions), 1600. */
export function numberForms(question: string): Set<string> {
  const out = new Set<string>();
  for (const m of question.matchAll(/\$?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(billion|million|bn|mm|m|%|percent)?/gi)) {
    const value = Number(m[1].replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    out.add(String(value));
    const scale = (m[2] ?? '').toLowerCase();
    if (scale === 'billion' || scale === 'bn') out.add(String(Math.round(value * 1000)));
  }
  for (const w of keywords(question)) if (/^(19|20)\d{2}$/.test(w)) out.add(w);
  return out;
}

/** The figures written in a passage, normalised ('3,676.2' → '3676.2'; '$1.6' → '1.6'). */
function passageNumbers(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g)) {
    const v = Number(m[0].replace(/,/g, ''));
    if (Number.isFinite(v)) {
      out.add(String(v));
      out.add(String(Math.round(v)));
    }
  }
  return out;
}

/** Smallest token window holding every distinct matched term (Infinity when none); `distinct`: the set of `tokens`. */
function coverWindow(tokens: string[], distinct: Set<string>, wanted: Set<string>): { matched: number; window: number } {
  const present = new Set([...wanted].filter((t) => distinct.has(t)));
  if (present.size === 0) return { matched: 0, window: Infinity };
  const counts = new Map<string, number>();
  let have = 0;
  let best = Infinity;
  let left = 0;
  for (let right = 0; right < tokens.length; right++) {
    const t = tokens[right];
    if (!present.has(t)) continue;
    counts.set(t, (counts.get(t) ?? 0) + 1);
    if (counts.get(t) === 1) have++;
    while (have === present.size) {
      best = Math.min(best, right - left + 1);
      const l = tokens[left];
      if (present.has(l)) {
        counts.set(l, counts.get(l)! - 1);
        if (counts.get(l) === 0) have--;
      }
      left++;
    }
  }
  return { matched: present.size, window: best };
}

/** What a question brings to the reranker, worked out once for all its candidates. */
interface QuestionEvidence {
  /** IDF weight of each stem of the question (and of its expansions). */
  weights: Map<string, number>;
  total: number;
  wanted: Set<string>;
  /** Adjacent pairs of the question's stems, by their first stem (a passage's word that starts none is passed over). */
  pairs: Map<string, Set<string>>;
  /** Distinct pairs in `pairs`. */
  pairCount: number;
  figures: Set<string>;
  lowerQuestion: string;
  conversational: boolean;
  expansions: string[];
  /** The periods a question asking for a figure names ('FY2019', 'Q3 2020'); none for other questions. */
  periods: Period[];
  /** Stem of a short form the search added for a long form the question spells out → that long form's stems. */
  synonyms: Map<string, string[]>;
}

/** A passage's stems with each short form the search added written out as its long form (`QuestionEvidence.synonyms`). */
function spelledOut(tokens: string[], synonyms: Map<string, string[]>): string[] {
  return synonyms.size === 0 ? tokens : tokens.flatMap((t) => synonyms.get(t) ?? [t]);
}

function questionEvidence(question: string, terms: WeightedTerm[], expansions: string[], synonyms: Synonym[]): QuestionEvidence {
  const weights = new Map<string, number>();
  for (const t of terms) weights.set(t.stem, Math.max(weights.get(t.stem) ?? 0, t.idf));
  const pairs = new Map<string, Set<string>>();
  const ordered = keywords(question).map(termKey);
  for (let i = 0; i + 1 < ordered.length; i++) pairs.set(ordered[i], (pairs.get(ordered[i]) ?? new Set<string>()).add(ordered[i + 1]));
  return {
    weights,
    total: [...weights.values()].reduce((s, x) => s + x, 0),
    wanted: new Set(weights.keys()),
    pairs,
    pairCount: [...pairs.values()].reduce((n, seconds) => n + seconds.size, 0),
    figures: numberForms(question),
    lowerQuestion: ` ${question.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `,
    conversational: CONVERSATION_QUESTION.test(question),
    expansions,
    // A question asking for a figure ('how much…', 'the total revenue in FY2019'): its periods pick table columns.
    periods: asksForFigure(question) ? periodsIn(question) : [],
    synonyms: new Map(synonyms.map((s) => [termKey(s.word), s.standsFor.map(termKey)])),
  };
}

/** IDF-weighted share of the question's stems among `stems`, 0..1. */
function weightedShare(q: QuestionEvidence, stems: Set<string>): number {
  if (q.total <= 0) return 0;
  let sum = 0;
  for (const [stem, w] of q.weights) if (stems.has(stem)) sum += w;
  return sum / q.total;
}

/** The passage's own lexical evidence for the question, weighted by RERANK_WEIGHTS (the fused rank aside). */
function passageEvidence(q: QuestionEvidence, p: Passage): number {
  const read = passageTerms(p);
  const tokens = spelledOut(read.tokens, q.synonyms);
  const distinct = tokens === read.tokens ? read.distinct : new Set(tokens);
  const headingStems = read.heading;
  const coverage = weightedShare(q, distinct);
  const { matched, window } = coverWindow(tokens, distinct, q.wanted);
  const proximity = matched >= 2 ? (matched / Math.max(1, q.wanted.size)) * Math.min(1, (matched + 4) / window) : 0;
  let phraseHits = 0;
  if (q.pairCount > 0) for (let i = 0; i + 1 < tokens.length; i++) if (q.pairs.get(tokens[i])?.has(tokens[i + 1])) phraseHits++;
  const phrase = q.pairCount > 0 ? Math.min(1, phraseHits / q.pairCount) : 0;
  let numbers = 0;
  if (q.figures.size > 0) {
    const inText = passageNumbers(p.text);
    numbers = [...q.figures].filter((f) => inText.has(f)).length / q.figures.size;
  }
  const heading = weightedShare(q, headingStems);
  // The line items of the question's business vocabulary on a page of figures (by its layout) count
  // most: that page holds the figures; on a page of prose they count half.
  let statement = 0;
  if (q.expansions.length > 0) {
    const lower = p.text.toLowerCase();
    const found = Math.min(1, q.expansions.filter((e) => lower.includes(e)).length / 2);
    statement = found > 0 && isFigureTable(p.text) ? found : 0.5 * found;
  }
  const cell = p.kind === 'pdf' && q.periods.length > 0 ? tableCellEvidence(tablesOf(p.text), q.wanted, q.periods) : 0;
  const share = p.kind === 'transcript' ? namedSpeakerShare(q.lowerQuestion, read) : 0;
  const speaker = share > 0 ? SPEAKER_PRESENT + (1 - SPEAKER_PRESENT) * share : 0;
  const w = RERANK_WEIGHTS;
  return (
    w.coverage * coverage +
    w.proximity * proximity +
    w.phrase * phrase +
    w.numbers * numbers +
    w.heading * heading +
    w.statement * statement +
    w.cell * cell +
    w.speaker * speaker +
    w.conversation * (q.conversational && p.kind === 'transcript' ? 1 : 0)
  );
}

/**
 * Evidence around a passage, from the other candidates: the best neighbouring chunk's evidence (a
 * discussion or a table runs over several chunks) and how well the passage's document as a whole
 * answers (the mean evidence of its best DOCUMENT_TOP candidates, relative to the best document's),
 * so that without a session filter the passages of the file the question is about come first.
 */
function contextEvidence(candidates: Passage[], evidence: number[]): { neighbour: number[]; document: number[] } {
  const at = new Map<string, number>();
  const perDocument = new Map<string, number[]>();
  candidates.forEach((p, i) => {
    at.set(`${p.documentId}:${p.chunkIndex}`, evidence[i]);
    const list = perDocument.get(p.documentId) ?? [];
    list.push(evidence[i]);
    perDocument.set(p.documentId, list);
  });
  const documentValue = new Map<string, number>();
  for (const [id, values] of perDocument) {
    const top = values.sort((a, b) => b - a).slice(0, DOCUMENT_TOP);
    documentValue.set(id, top.reduce((s, x) => s + x, 0) / DOCUMENT_TOP);
  }
  const best = Math.max(0, ...documentValue.values());
  return {
    neighbour: candidates.map((p) =>
      Math.max(at.get(`${p.documentId}:${p.chunkIndex - 1}`) ?? 0, at.get(`${p.documentId}:${p.chunkIndex + 1}`) ?? 0),
    ),
    document: candidates.map((p) => (best > 0 ? documentValue.get(p.documentId)! / best : 0)),
  };
}

/** Share of the speaker feature a passage gets for one turn of the named speaker (the rest grows with their share of it). */
export const SPEAKER_PRESENT = 0.5;

/** Candidates of one document whose evidence makes up its document score. */
const DOCUMENT_TOP = 3;

/**
 * The reranking stage over the fused candidates: lexical evidence a bag-of-words rank misses
 * (the question's words close together, phrases, figures and years, the page or table heading),
 * the evidence of the passage's neighbours and of its document, plus the fused rank itself, and
 * (`routes`: document id → 0..1, without a session filter) how much the question is about the passage's
 * document. Returns the passages best first, `score` set to the reranked score.
 */
export function rerank(
  question: string,
  candidates: Passage[],
  terms: WeightedTerm[],
  expansions: string[] = [],
  synonyms: Synonym[] = [],
  routes: ReadonlyMap<string, number> = new Map(),
): Passage[] {
  const q = questionEvidence(question, terms, expansions, synonyms);
  const evidence = candidates.map((p) => passageEvidence(q, p));
  const context = contextEvidence(candidates, evidence);
  const w = RERANK_WEIGHTS;
  const scored = candidates.map((p, rank) => ({
    p,
    value:
      evidence[rank] +
      w.fused * (1 / (1 + rank / 4)) +
      w.neighbour * context.neighbour[rank] +
      w.document * context.document[rank] +
      w.route * (routes.get(p.documentId) ?? 0),
  }));
  return scored.sort((a, b) => b.value - a.value).map((s) => ({ ...s.p, score: s.value }));
}

const SPEAKER_LABEL = /^[^:\n]{1,40}:\s/gm;

/**
 * Share of the passage's turns (by their length) spoken by a speaker the question names ('Grad A:',
 * 'Industrial Designer:'), 0..1: a passage where that speaker holds the floor answers 'what did X say'.
 */
function namedSpeakerShare(lowerQuestion: string, passage: PassageTerms): number {
  let named = 0;
  for (const turn of passage.turns) if (turn.label && lowerQuestion.includes(` ${turn.label} `)) named += turn.length;
  return passage.length > 0 ? named / passage.length : 0;
}

/** Each line of a transcript passage: its speaker label ('grad a' for 'Grad A:'; '' when it has none) and its length. */
function turnsOf(text: string): { label: string; length: number }[] {
  return text.split('\n').map((line) => {
    const m = /^([^:\n]{1,40}):\s/.exec(line);
    const label = m
      ? m[1]
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, ' ')
          .trim()
      : '';
    return { label, length: line.length };
  });
}

/** Two passages of one place: the same document's chunks next to each other, or of the same PDF page. */
function nextTo(a: Passage, b: Passage): boolean {
  if (a.documentId !== b.documentId) return false;
  if (Math.abs(a.chunkIndex - b.chunkIndex) <= 1 || (a.page !== null && a.page === b.page)) return true;
  // Pieces of one long transcript turn: the same lines of the file.
  return (
    a.lineStart != null && b.lineStart != null && a.lineStart <= (b.lineEnd ?? b.lineStart) && b.lineStart <= (a.lineEnd ?? a.lineStart)
  );
}

/** Share of its score a passage keeps when the chunk before or after it is already taken. */
export const ADJACENT_PENALTY = 0.5;

/**
 * A transcript passage takes in the chunk before or after it (the better scoring of the two) when that chunk
 * scores at least this share of its own score: a discussion the chunk boundary cuts in two is one passage.
 */
export const JOIN_SHARE = 0.7;

const placeOf = (documentId: string, chunkIndex: number) => `${documentId}:${chunkIndex}`;

/** Two chunks of one transcript next to each other as one passage: their turns in file order. */
export function joinPassages(first: Passage, second: Passage): Passage {
  const [a, b] = first.chunkIndex <= second.chunkIndex ? [first, second] : [second, first];
  const located = a.turnLines && b.turnLines;
  return {
    ...first,
    chunkIndex: a.chunkIndex,
    text: `${a.text}\n${b.text}`,
    startTime: a.startTime ?? b.startTime,
    endTime: b.endTime ?? a.endTime,
    speaker: a.speaker,
    lineStart: located ? a.lineStart : null,
    lineEnd: located ? b.lineEnd : null,
    turnLines: located ? [...a.turnLines!, ...b.turnLines!] : null,
    // Each line's time, when both chunks kept theirs (a quoted sentence cites its turn's time).
    turnTimes: a.turnTimes && b.turnTimes ? [...a.turnTimes, ...b.turnTimes] : null,
    similarity: Math.max(a.similarity, b.similarity),
    textRank: Math.max(a.textRank, b.textRank),
  };
}

/**
 * The best `k` passages, picked greedily: at most `perDocument` of one document (so one long file
 * cannot crowd out the rest; the cap gives way when nothing else is left), and a passage next to one
 * already taken (the chunk before or after it, or another chunk of its PDF page) counts at
 * ADJACENT_PENALTY of its score, so five passages cover more places of a long meeting or more pages of
 * a filing unless the neighbour is clearly better than the rest. A transcript passage picked takes in its
 * better neighbouring chunk when that one scores at least JOIN_SHARE of it (`joinPassages`): the passage is
 * the stretch of turns the question is about, and the chunk it took in is not offered again.
 * `score` becomes the score the passage was picked with (non-increasing down the list).
 */
export function capPerDocument(passages: Passage[], k: number, perDocument: number): Passage[] {
  const picked: Passage[] = [];
  const left = [...passages];
  const count = new Map<string, number>();
  const at = new Map(passages.map((p) => [placeOf(p.documentId, p.chunkIndex), p]));
  /** Chunks of transcripts already in a picked passage. */
  const taken = new Set<string>();
  while (picked.length < k && left.length > 0) {
    let best = -1;
    let bestValue = -Infinity;
    left.forEach((p, i) => {
      const adjacent =
        picked.some((q) => nextTo(q, p)) ||
        taken.has(placeOf(p.documentId, p.chunkIndex - 1)) ||
        taken.has(placeOf(p.documentId, p.chunkIndex + 1));
      const capped = (count.get(p.documentId) ?? 0) >= perDocument;
      const value = (capped ? -1e6 : 0) + p.score * (adjacent ? ADJACENT_PENALTY : 1);
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    });
    let [p] = left.splice(best, 1);
    taken.add(placeOf(p.documentId, p.chunkIndex));
    if (p.kind === 'transcript' && JOIN_SHARE > 0) {
      const neighbours = [p.chunkIndex - 1, p.chunkIndex + 1]
        .map((i) => at.get(placeOf(p.documentId, i)))
        .filter((n): n is Passage => n !== undefined && !taken.has(placeOf(n.documentId, n.chunkIndex)));
      const join = neighbours.sort((a, b) => b.score - a.score)[0];
      if (join && join.score >= JOIN_SHARE * p.score) {
        taken.add(placeOf(join.documentId, join.chunkIndex));
        left.splice(left.indexOf(join), 1);
        p = joinPassages(p, join);
      }
    }
    count.set(p.documentId, (count.get(p.documentId) ?? 0) + 1);
    const previous = picked[picked.length - 1]?.score ?? Infinity;
    picked.push({ ...p, score: Math.min(previous, bestValue < 0 ? p.score : bestValue) });
  }
  return picked;
}
