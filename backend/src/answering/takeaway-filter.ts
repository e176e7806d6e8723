import type { Takeaway } from '../ai/generation/generation.types';
import { isBiography, isFiller } from '../text/filler';
import { termsOf } from '../text/keywords';
import { fold } from '../text/lang/fold';
import { speakerName, splitSentences } from '../text/sentences';
import type { CitationSet, CitedPassage } from './citations/citation-set';

/**
 * The one filter of takeaways, for both providers' outputs (the answer engine applies it): a takeaway
 * is a statement (not a question, a greeting, housekeeping or a speaker's biography), cited to a
 * passage of its session, names its speaker when that passage is a transcript (the speaker of the
 * cited words, whatever name the generator wrote), and says a point once across sessions.
 */

/** Most takeaways the attendee gets. */
export const MAX_TAKEAWAYS = 10;
/**
 * A takeaway whose content words are mostly another's is the same point: Jaccard at 0.6 (two wordings
 * of one sentence), or 0.8 of the shorter one's words within the longer (one sentence extended by a
 * clause). Chosen on the unit tests' paraphrases and the dev set's tune half, where no two distinct
 * points reach either.
 */
const SAME_POINT_JACCARD = 0.6;
const SAME_POINT_CONTAINMENT = 0.8;

/** A bracket group of a generator's text: a citation (resolved by the passages' set) or text. */
const BRACKET = /[ \t]*\[([^[\]\n]{1,200})\]/g;
/** A name before a colon opening a takeaway ('Dana Whitfield: …'): one to four capitalised words. */
const NAME_PREFIX = /^([\p{Lu}][\p{L}\p{N}_.'’-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}_.'’-]*){0,3})\s*:\s+/u;
/** A question, however it is closed ('…?', '…?"'). */
const QUESTION = /\?["”’)\]]*$/;

/** The quote of a takeaway, without the speaker's name it opens with. */
export function quoteOf(t: Takeaway): string {
  return t.speaker && t.text.startsWith(`${t.speaker}: `) ? t.text.slice(t.speaker.length + 2) : t.text;
}

/** A statement an attendee would keep: not a question, a greeting or thanks, housekeeping or a speaker's biography. */
export function isStatement(quote: string): boolean {
  const text = quote.trim();
  return text.length > 0 && !QUESTION.test(text) && !isFiller(text) && !isBiography(text);
}

/** Whether two takeaways' content words (stems) make the same point. */
export function samePoint(a: Set<string>, b: Set<string>): boolean {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  const smaller = Math.min(a.size, b.size);
  const union = a.size + b.size - shared;
  return (union > 0 && shared / union >= SAME_POINT_JACCARD) || (smaller > 0 && shared / smaller >= SAME_POINT_CONTAINMENT);
}

/** Content words of a takeaway's quote, for `samePoint`. */
export const pointOf = (t: Takeaway): Set<string> => new Set(termsOf(quoteOf(t)));

/** The speakers labelled in a passage (its turns' labels, else the chunk's speaker), by their folded name. */
function speakersOf(p: CitedPassage): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of splitSentences(p.text, true)) {
    const name = speakerName(s.speaker);
    if (name) out.set(fold(name), name);
  }
  const own = speakerName(p.speaker);
  if (own && out.size === 0) out.set(fold(own), own);
  return out;
}

/**
 * The speaker a transcript takeaway names: whoever says the passage's words it quotes (in the cited
 * turn when one is cited), the sentence sharing most of its content words; the name the generator
 * wrote (`claimed`) when that person's words share as many, or when no sentence shares any.
 */
function speakerFor(p: CitedPassage, quote: string, claimed: string | null, turn: number | undefined): string | null {
  const wanted = new Set(termsOf(quote));
  const scores = new Map<string, number>();
  for (const s of splitSentences(p.text, true)) {
    const name = speakerName(s.speaker);
    if (!name || (turn != null && s.lineIndex !== turn)) continue;
    const score = termsOf(s.text).filter((w) => wanted.has(w)).length;
    scores.set(fold(name), Math.max(score, scores.get(fold(name)) ?? -1));
  }
  const speakers = speakersOf(p);
  const best = [...scores].reduce<[string, number] | null>((a, b) => (a && a[1] >= b[1] ? a : b), null);
  const mine = claimed ? scores.get(fold(claimed)) : undefined;
  if (claimed && mine != null && (best == null || mine >= best[1])) return speakers.get(fold(claimed)) ?? claimed;
  if (best && best[1] > 0) return speakers.get(best[0]) ?? null;
  if (claimed && turn == null && speakers.has(fold(claimed))) return speakers.get(fold(claimed))!;
  return best ? (speakers.get(best[0]) ?? null) : speakerName(p.speaker);
}

/** The passage and turn a canonical marker names, among the set's passages. */
function passageOf(set: CitationSet, marker: string): { passage: CitedPassage; turn?: number } | null {
  for (const passage of set.passages) {
    if (passage.marker === marker && !passage.lineMarkers) return { passage };
    const turn = passage.lineMarkers?.indexOf(marker) ?? -1;
    if (turn >= 0) return { passage, turn };
  }
  return null;
}

/** The citation of a generator's takeaway: attached as data, else the first marker of its text the set resolves. */
function citationOf(t: Takeaway, set: CitationSet): { marker: string; text: string } | null {
  let marker: string | null = t.cite ? set.cite(t.cite.cite, t.cite.turn) : null;
  const text = t.text
    .replace(BRACKET, (whole, inner: string) => {
      const resolved = set.resolve(inner);
      const first = resolved.match(/\[[^[\]]+\]/)?.[0];
      if (first && !set.isCitation(first)) return whole; // not a citation: the text's own brackets
      marker ??= first ?? null;
      return '';
    })
    .trim();
  return marker ? { marker, text } : null;
}

/** The name a takeaway's text opens with and the quote after it (no name: the whole text). */
function splitName(text: string, speakers: Map<string, string>, claimed?: string): { name: string | null; quote: string } {
  if (claimed && text.startsWith(`${claimed}: `)) return { name: claimed, quote: text.slice(claimed.length + 2) };
  const m = NAME_PREFIX.exec(text);
  // A known speaker's name, or a person's (two words or more) the passage does not hold: an attribution, not text.
  if (m && (speakers.has(fold(m[1])) || /\s/.test(m[1]))) return { name: m[1], quote: text.slice(m[0].length) };
  return { name: null, quote: text };
}

/**
 * One session's takeaways as a generator wrote them, grounded in the session's passages (`set`, as the
 * generator numbered them): each cited (a citation attached as data or a marker in its text; the
 * marker leaves the text), a statement, a transcript's naming the speaker of the cited words. Takeaways
 * citing nothing the set holds are left out.
 */
export function groundTakeaways(takeaways: Takeaway[], set: CitationSet): Takeaway[] {
  const out: Takeaway[] = [];
  for (const t of takeaways) {
    const cited = citationOf(t, set);
    const at = cited ? passageOf(set, cited.marker) : null;
    if (!cited || !at) continue;
    const transcript = at.passage.kind === 'transcript';
    const { name, quote: raw } = transcript ? splitName(cited.text, speakersOf(at.passage), t.speaker) : { name: null, quote: cited.text };
    const quote = raw
      .trim()
      .replace(/^["“]([^"“”]*)["”]$/, '$1')
      .trim();
    if (!isStatement(quote)) continue;
    const speaker = transcript ? speakerFor(at.passage, quote, name, at.turn) : null;
    const sentence = /[.!?…]["”’)]*$/.test(quote) ? quote : `${quote}.`;
    out.push({
      text: speaker ? `${speaker}: ${sentence}` : sentence,
      sessionTitle: at.passage.sessionTitle,
      ...(t.score != null ? { score: t.score } : {}),
      ...(speaker ? { speaker } : {}),
      citation: cited.marker,
    });
  }
  return out;
}

/**
 * The takeaways the attendee gets from a merge (either provider's reduce step): only cited statements,
 * each point once across sessions, at most MAX_TAKEAWAYS.
 */
export function finalTakeaways(merged: Takeaway[]): Takeaway[] {
  const out: Takeaway[] = [];
  const seen: Set<string>[] = [];
  for (const t of merged) {
    if (!t.citation || !isStatement(quoteOf(t))) continue;
    const point = pointOf(t);
    if (seen.some((s) => samePoint(s, point))) continue;
    seen.push(point);
    out.push(t);
    if (out.length >= MAX_TAKEAWAYS) break;
  }
  return out;
}
