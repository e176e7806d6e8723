import { LRUCache } from 'lru-cache';
import { keywords, termsOf } from '../text/keywords';
import { isFigureTable } from '../text/sentences';
import { termKey } from '../text/term-key';
import type { Passage } from './retrieval.types';

/** Weights of the reranking features (chosen on the `tune` half of the dev set: bench/EVAL.md). */
export const RERANK_WEIGHTS = {
  /** IDF-weighted share of the question's words in the passage. */
  coverage: 0.35,
  /** The question's words close together (smallest window holding the matched words). */
  proximity: 0.2,
  /** Adjacent pairs of the question's words found adjacent in the passage. */
  phrase: 0.1,
  /** Figures and years of the question found in the passage. */
  numbers: 0.1,
  /** The passage's first line (page title, table heading, speaker) holding the question's words. */
  heading: 0.05,
  /** The fused retrieval rank (vectors + full text). */
  fused: 0.25,
  /** Line items of the question's business vocabulary ('current liabilities'; `expansionsOf`), most on a table of figures. */
  statement: 0.2,
  /** A speaker the question names ('What did Grad A explain …') has a turn in the passage. */
  speaker: 0.15,
  /** A question about what people said or discussed, and a transcript passage. */
  conversation: 0.15,
};

/** Questions about a conversation: what someone said, thought or proposed, what was discussed. */
const CONVERSATION_QUESTION =
  /\b(?:say|said|says|talk\w*|discuss\w*|think|thought|feel|felt|feedback|meeting|team|agree\w*|disagree\w*|propos\w*|suggest\w*|opinion|mention\w*|explain\w*|summari[sz]e|comments?|conclusions?|decid\w*)\b/i;

/** Passages whose stemmed words (`passageTerms`) are kept: the same passages answer many questions. */
const TOKENISED_PASSAGES = 4000;
const tokenised = new LRUCache<string, { tokens: string[]; heading: Set<string> }>({ max: TOKENISED_PASSAGES });

/** A passage's stemmed words (speaker labels left out of transcripts) and its first line's, once per text. */
function passageTerms(p: Pick<Passage, 'kind' | 'text'>): { tokens: string[]; heading: Set<string> } {
  const key = `${p.kind}\u0000${p.text}`;
  let terms = tokenised.get(key);
  if (!terms) {
    // Speaker labels ('Industrial Designer:') are left out: they would match 'design' in every turn.
    const tokens = termsOf(p.kind === 'transcript' ? p.text.replace(SPEAKER_LABEL, '') : p.text);
    const firstLine = p.text.slice(0, Math.max(0, p.text.indexOf('\n')) || 200);
    terms = { tokens, heading: new Set(termsOf(firstLine)) };
    tokenised.set(key, terms);
  }
  return terms;
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

/** Smallest token window holding every distinct matched term (Infinity when none). */
function coverWindow(tokens: string[], wanted: Set<string>): { matched: number; window: number } {
  const present = new Set(tokens.filter((t) => wanted.has(t)));
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

/**
 * The reranking stage over the fused candidates: lexical evidence a bag-of-words rank misses
 * (the question's words close together, phrases, figures and years, the page or table heading),
 * plus the fused rank itself. Returns the passages best first, `score` set to the reranked score.
 */
export function rerank(question: string, candidates: Passage[], terms: WeightedTerm[], expansions: string[] = []): Passage[] {
  const weights = new Map<string, number>();
  for (const t of terms) weights.set(t.stem, Math.max(weights.get(t.stem) ?? 0, t.idf));
  const total = [...weights.values()].reduce((s, x) => s + x, 0);
  const qStems = [...weights.keys()];
  const wanted = new Set(qStems);
  const pairs = new Set<string>();
  const ordered = keywords(question).map(termKey);
  for (let i = 0; i + 1 < ordered.length; i++) pairs.add(`${ordered[i]} ${ordered[i + 1]}`);
  const figures = numberForms(question);
  const lowerQuestion = ` ${question.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const conversational = CONVERSATION_QUESTION.test(question);

  const scored = candidates.map((p, rank) => {
    const { tokens, heading: headingStems } = passageTerms(p);
    const present = new Set(tokens);
    const coverage = total > 0 ? qStems.reduce((s, t) => s + (present.has(t) ? weights.get(t)! : 0), 0) / total : 0;
    const { matched, window } = coverWindow(tokens, wanted);
    const proximity = matched >= 2 ? (matched / Math.max(1, wanted.size)) * Math.min(1, (matched + 4) / window) : 0;
    let phraseHits = 0;
    if (pairs.size > 0) for (let i = 0; i + 1 < tokens.length; i++) if (pairs.has(`${tokens[i]} ${tokens[i + 1]}`)) phraseHits++;
    const phrase = pairs.size > 0 ? Math.min(1, phraseHits / pairs.size) : 0;
    let numbers = 0;
    if (figures.size > 0) {
      const inText = passageNumbers(p.text);
      numbers = [...figures].filter((f) => inText.has(f)).length / figures.size;
    }
    const heading = total > 0 ? qStems.reduce((s, t) => s + (headingStems.has(t) ? weights.get(t)! : 0), 0) / total : 0;
    const fused = 1 / (1 + rank / 4);
    // The line items of the question's business vocabulary on a page of figures (by its layout) count
    // most: that page holds the figures; on a page of prose they count half.
    let statement = 0;
    if (expansions.length > 0) {
      const lower = p.text.toLowerCase();
      const found = Math.min(1, expansions.filter((e) => lower.includes(e)).length / 2);
      statement = found > 0 && isFigureTable(p.text) ? found : 0.5 * found;
    }
    const speaker = p.kind === 'transcript' && namesSpeaker(lowerQuestion, p.text) ? 1 : 0;
    const w = RERANK_WEIGHTS;
    const value =
      w.coverage * coverage +
      w.proximity * proximity +
      w.phrase * phrase +
      w.numbers * numbers +
      w.heading * heading +
      w.fused * fused +
      w.statement * statement +
      w.speaker * speaker +
      w.conversation * (conversational && p.kind === 'transcript' ? 1 : 0);
    return { p, value };
  });
  return scored.sort((a, b) => b.value - a.value).map((s) => ({ ...s.p, score: s.value }));
}

const SPEAKER_LABEL = /^[^:\n]{1,40}:\s/gm;

/** True when a speaker label of the passage's turns ('Grad A:', 'Industrial Designer:') is named in the question. */
function namesSpeaker(lowerQuestion: string, text: string): boolean {
  for (const m of text.matchAll(/^([^:\n]{1,40}):\s/gm)) {
    const label = m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (label && lowerQuestion.includes(` ${label} `)) return true;
  }
  return false;
}

/** Share of its score a passage keeps when the chunk before or after it is already taken. */
export const ADJACENT_PENALTY = 0.5;

/**
 * The best `k` passages, picked greedily: at most `perDocument` of one document (so one long file
 * cannot crowd out the rest; the cap gives way when nothing else is left), and a passage next to one
 * already taken (the chunk before or after it) counts at ADJACENT_PENALTY of its score, so five
 * passages cover more places of a long meeting unless the neighbour is clearly better than the rest.
 * `score` becomes the score the passage was picked with (non-increasing down the list).
 */
export function capPerDocument(passages: Passage[], k: number, perDocument: number): Passage[] {
  const picked: Passage[] = [];
  const left = [...passages];
  const count = new Map<string, number>();
  while (picked.length < k && left.length > 0) {
    let best = -1;
    let bestValue = -Infinity;
    left.forEach((p, i) => {
      const adjacent = picked.some((q) => q.documentId === p.documentId && Math.abs(q.chunkIndex - p.chunkIndex) <= 1);
      const capped = (count.get(p.documentId) ?? 0) >= perDocument;
      const value = (capped ? -1e6 : 0) + p.score * (adjacent ? ADJACENT_PENALTY : 1);
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    });
    const [p] = left.splice(best, 1);
    count.set(p.documentId, (count.get(p.documentId) ?? 0) + 1);
    const previous = picked[picked.length - 1]?.score ?? Infinity;
    picked.push({ ...p, score: Math.min(previous, bestValue < 0 ? p.score : bestValue) });
  }
  return picked;
}
