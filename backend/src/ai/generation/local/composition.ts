import type { AnswerRequest, ComposedText, GenerationPassage, PassageCitation } from '../generation.types';
import { notCoveredFor } from '../generation.types';
import { asksForFigure, keywordStems } from '../../../text/keywords';
import { readerSentences, speakerName } from '../../../text/sentences';
import { withoutMarkers } from '../../../text/citation-grammar';
import { FACT_POOL, FACT_SHARE_OF_BEST, MAX_BULLETS, STATEMENT_ROWS } from '../../../answering/knobs';
import { foldName, unknownName } from './coverage';
import { asksAttendees, extractFact, factKind, ownFact } from './short-fact';
import { tableFact } from './table-fact';
import {
  factSpeaker,
  FIGURE_ROW,
  pickDiverse,
  type RankedSentences,
  type ScoredSentence,
  type SentenceScorer,
  SUMMARY_QUESTION,
} from './scoring';

/**
 * Composition of a local answer: the text (a lead sentence and bullets, a speaker's turns, a
 * discussion in meeting order) with a citation after every sentence, as pieces a stream sends.
 */

/** Words per streamed delta. */
const WORDS_PER_DELTA = 3;

/** "What did X say / think / suggest about Y": the answer keeps to X's turns. */
const SPEAKER_QUESTION =
  /\b(?:what|how)\b.*\b(?:did|does|do|would)\s+(\S(?:.{0,58}?\S)?)\s+(?:say|said|think|thought|feel|felt|suggest|suggested|propose|proposed|recommend|recommended|argue|argued|mention|mentioned|explain|explained|believe|describe|report|present|presented|add|raise|disagree|agree|prefer|want)\b/i;

/**
 * The answer to a question from its passages, as text and citations: the sentence that best
 * answers it (its key words and figures) with its citation, then 2–5 supporting bullets, each with
 * its citation. "What did X say about Y" keeps to X's turns; "summarize the discussion about Y" gives
 * the turns about Y in meeting order with their speakers. Refuses when no passage covers the
 * question, or when it names someone or something the passages never mention.
 */
export function composePieces(
  scorer: SentenceScorer,
  request: Pick<AnswerRequest, 'question' | 'carried' | 'passages' | 'simple' | 'rarity' | 'expansions' | 'commonWords'>,
): AnswerPiece[] {
  return composeAnswer(scorer, request).pieces;
}

/**
 * The answer (`composePieces`) with what settled it: `unanswerable` (no passage, or a name no passage
 * mentions), `attendees` (the speakers of a chosen meeting), else `ranked`, the sentences it was written
 * from, which the answer's coverage score is read from (ranked once per answer).
 */
export type ComposedAnswer =
  { pieces: AnswerPiece[]; settled: 'unanswerable' | 'attendees' } | { pieces: AnswerPiece[]; settled: 'ranked'; ranked: RankedSentences };

export function composeAnswer(
  scorer: SentenceScorer,
  request: Pick<AnswerRequest, 'question' | 'carried' | 'passages' | 'simple' | 'rarity' | 'expansions' | 'commonWords'>,
): ComposedAnswer {
  const { question, passages } = request;
  const refused = [{ text: notCoveredFor(question) }];
  if (passages.length === 0 || unknownName(question, passages, request.commonWords)) return { pieces: refused, settled: 'unanswerable' };
  // Who attended a chosen meeting is answered by its speakers.
  const attendees = attendeesPieces(scorer, question, passages);
  if (attendees) return { pieces: attendees, settled: 'attendees' };
  const ranked = scorer.rankSentences(question, passages, request.rarity, request.expansions, request.carried);
  return { pieces: piecesOf(question, passages, request.simple, ranked) ?? refused, settled: 'ranked', ranked };
}

/** The answer written from the ranked sentences; null when they do not cover the question (refused). */
function piecesOf(
  question: string,
  passages: GenerationPassage[],
  simple: boolean | undefined,
  ranked: RankedSentences,
): AnswerPiece[] | null {
  if (!ranked.covered || ranked.sentences.length === 0) return null;
  let sentences = ranked.sentences;
  const speaker = askedSpeaker(question, passages);
  if (speaker) {
    // X's turns in the passages about Y, even those that do not repeat Y's words.
    const own = ranked.all.filter((s) => sameSpeaker(s.speaker ?? s.passage.speaker, speaker) && !s.text.endsWith('?'));
    if (own.length > 0) sentences = own;
  }
  const max = simple ? 4 : MAX_BULLETS;
  const quote = (s: ScoredSentence) => quoted(s, true);
  const who = (s: ScoredSentence) => (s.passage.kind === 'transcript' ? speakerName(s.speaker ?? s.passage.speaker) : null);
  const bullet = (s: ScoredSentence): AnswerPiece[] => [{ text: `- ${who(s) ? `**${who(s)}:** ` : ''}` }, ...quoted(s, Boolean(s.joined))];

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
  let picked = withStatementRows(
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
  let [lead] = picked.splice(leadAt, 1);
  const cellLine = tableFactLine(question, passages);
  // A short fact first (who, when, where, how many): the fact itself, then the sentence it comes from.
  const fact = cellLine.length > 0 ? null : shortFact(question, [lead, ...picked.slice(0, FACT_CANDIDATES - 1)], sentences);
  if (fact && fact.from !== lead) [lead, picked] = [fact.from, withLeadSwapped(fact.from, lead, picked, max)];
  const leadWho = who(lead);
  // The fact that is the speaker is not said twice ('**Dana**: Dana: …').
  const leadLabel = leadWho && !speaker && !(fact && foldName(fact.text) === foldName(leadWho)) ? `${leadWho}: ` : '';
  const opening = fact ? `**${fact.text}** — ` : '';
  const body = picked.length > 0 ? [{ text: '\n\n' }, ...lines(picked.map(bullet))] : [];
  return tidyPieces([...cellLine, { text: opening + leadLabel }, ...quote(lead), ...body]);
}

/** Bullets one per line. */
const lines = (bullets: AnswerPiece[][]) => bullets.flatMap((b, i) => (i > 0 ? [{ text: '\n' }, ...b] : b));

/**
 * "Who attended the meeting?" asked of a chosen transcript: its speakers in the order they first speak,
 * each with a cited turn of theirs (their first statement, else their first words); null when the
 * question asks something else or no chosen transcript passage names a speaker.
 */
export function attendeesPieces(scorer: SentenceScorer, question: string, passages: GenerationPassage[]): AnswerPiece[] | null {
  if (!asksAttendees(question)) return null;
  const transcripts = passages.filter((p) => p.kind === 'transcript' && p.chosen);
  transcripts.sort((a, b) => (a.documentId ?? '').localeCompare(b.documentId ?? '') || (a.chunkIndex ?? a.n) - (b.chunkIndex ?? b.n));
  const turns = new Map<string, { passage: GenerationPassage; lineIndex: number; text: string; statement: boolean }>();
  for (const passage of transcripts) {
    for (const unit of scorer.analyse(passage).units) {
      const name = speakerName(unit.speaker ?? passage.speaker);
      const known = name ? turns.get(name) : undefined;
      // A short reply is no statement of its own ('In [LOCATION2].'), though it answers with its question.
      const statement = unit.stems != null && !unit.asked;
      if (name && (!known || (!known.statement && statement)))
        turns.set(name, { passage, lineIndex: unit.lineIndex, text: unit.text, statement });
    }
  }
  if (turns.size === 0) return null;
  const cite = (t: { passage: GenerationPassage; lineIndex: number }): PassageCitation =>
    t.passage.lineMarkers?.[t.lineIndex] != null ? { cite: t.passage.n, turn: t.lineIndex } : { cite: t.passage.n };
  const [[firstName, first], ...rest] = [...turns];
  const others = rest.flatMap(([name, t], i): AnswerPiece[] => [{ text: `${i > 0 ? '\n' : '\n\n'}- **${name}:** ${t.text} ` }, cite(t)]);
  return tidyPieces([{ text: `**${[...turns.keys()].join(', ')}** — ${firstName}: ${endSentence(first.text)} ` }, cite(first), ...others]);
}

/**
 * The bullets once the sentence stating a short fact (`from`) leads: the former lead takes its place among
 * them, or, when it came from further down the ranking, the first place (the weakest bullet left out).
 */
function withLeadSwapped(from: ScoredSentence, lead: ScoredSentence, picked: ScoredSentence[], max: number): ScoredSentence[] {
  return picked.includes(from) ? picked.map((s) => (s === from ? lead : s)) : [lead, ...picked].slice(0, max);
}

/** How many of the best sentences a short fact is looked for in (its speaker alone answering who). */
const FACT_CANDIDATES = 3;

/**
 * The short fact a who / when / where / how-many question asks for, and the sentence that gives it: the
 * sentence stating the fact in its own words (`ownFact`: a name, a first-person statement, a date, a
 * number) that holds most of the question's words, among the best few (`best`, the answer's lead first)
 * and the next FACT_POOL ranked sentences scoring at least FACT_SHARE_OF_BEST of the best; else, of the
 * best few, the first whose speaker answers who.
 */
function shortFact(question: string, best: ScoredSentence[], ranked: ScoredSentence[]): { text: string; from: ScoredSentence } | null {
  const kind = factKind(question);
  if (!kind) return null;
  const source = (s: ScoredSentence) => ({
    text: s.joined ? `${s.text} ${s.joined.text}` : s.text,
    speaker: factSpeaker(s),
  });
  const top = Math.max(best[0]?.score ?? 0, ranked[0]?.score ?? 0);
  const further = ranked.filter((s) => !best.includes(s)).slice(0, FACT_POOL);
  const asked = new Set(keywordStems(question));
  let stated: { text: string; from: ScoredSentence; held: number } | null = null;
  for (const s of [...best, ...further.filter((x) => x.score >= top * FACT_SHARE_OF_BEST)]) {
    // Of the sentences stating such a fact, the one holding most of the question's words (the better-ranked on a tie).
    const held = [...s.stems].filter((x) => asked.has(x)).length;
    if (held === 0 || (stated && held <= stated.held)) continue;
    const text = ownFact(kind, source(s), question);
    if (text) stated = { text, from: s, held };
  }
  if (stated) return stated;
  for (const s of best) {
    // A number in a sentence holding none of the question's words counts something else.
    if (kind === 'howMany' && ![...s.stems].some((x) => asked.has(x))) continue;
    const text = extractFact(kind, source(s), question);
    if (text) return { text, from: s };
  }
  return null;
}

/** A figure named by line item and period first: the cell where the table's row and column meet, cited to its page. */
function tableFactLine(question: string, passages: GenerationPassage[]): AnswerPiece[] {
  const cell = asksForFigure(question) ? tableFact(question, passages) : null;
  return cell ? [{ text: `**${cell.text}** ` }, { cite: cell.passage.n }, { text: '\n\n' }] : [];
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

/**
 * A picked sentence quoted with its citations (`citedQuote`: every sentence a reader sees in it cited); a
 * joined pair cites each of its lines. `close`: the quote ends with punctuation (a fragment gets a period).
 */
function quoted(s: ScoredSentence, close: boolean): AnswerPiece[] {
  const at = (line: number): PassageCitation =>
    s.passage.lineMarkers?.[line] != null ? { cite: s.passage.n, turn: line } : { cite: s.passage.n };
  if (!s.joined) return citedQuote(close ? endSentence(s.text) : s.text, at(s.lineIndex));
  // A reply by another speaker is labelled with theirs ('… 3 hours? PERSON17: Yeah, almost 3 hours.').
  const replier = speakerName(s.joined.speaker);
  return [
    ...citedQuote(endSentence(s.joined.first), at(s.lineIndex)),
    ...citedQuote(`${replier ? `${replier}: ` : ''}${endSentence(s.joined.text)}`, at(s.joined.lineIndex), true),
  ];
}

/** Words a part of a quote needs to state something (shorter parts, 'So.' or 'Yeah.', ride with a neighbour). */
const STATEMENT_WORDS = 4;

/**
 * A quote with its citation after every sentence a reader sees in it (`readerSentences`: 'right? that
 * maybe…', "don't. So."), so that no statement goes uncited; a part too short to state anything goes
 * with the next part, or after the citation of the one before. `after`: the quote follows a citation.
 */
function citedQuote(text: string, citation: PassageCitation, after = false): AnswerPiece[] {
  const parts = readerSentences(text);
  const out: AnswerPiece[] = [];
  let pending = '';
  let cited = false;
  const lead = () => (cited || after ? ' ' : '');
  parts.forEach((part, i) => {
    if ((part.match(/[\p{L}\p{N}]+/gu) ?? []).length >= STATEMENT_WORDS || (i === parts.length - 1 && !cited)) {
      out.push({ text: `${lead()}${pending}${part} ` }, citation);
      pending = '';
      cited = true;
    } else if (cited) out.push({ text: ` ${part}` });
    else pending += `${part} `;
  });
  return out;
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
  const asked = foldName(m[1].replace(/^(?:the|a|an|our|their)\s+/i, ''));
  const speakers = passageSpeakers(passages);
  return (
    speakers.find((s) => foldName(s) === asked) ?? speakers.find((s) => asked.includes(foldName(s)) || foldName(s).includes(asked)) ?? null
  );
}

function sameSpeaker(speaker: string | null | undefined, asked: string): boolean {
  return !!speaker && foldName(speaker) === foldName(asked);
}

/** A piece of a composed answer: its own text, or a citation of a passage. */
export type AnswerPiece = ComposedText | PassageCitation;

/** The marker a citation of a passage shows: its turn's line marker, else the passage's marker. */
export function markerOf(c: PassageCitation, passages: GenerationPassage[]): string {
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
export function* paced(pieces: AnswerPiece[]): Generator<AnswerPiece> {
  for (const p of pieces) {
    if (!('text' in p)) {
      yield p;
      continue;
    }
    const words = p.text.match(/\S+\s*|\s+/g) ?? [];
    for (let i = 0; i < words.length; i += WORDS_PER_DELTA) yield { text: words.slice(i, i + WORDS_PER_DELTA).join('') };
  }
}
