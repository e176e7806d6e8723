import type { Source } from '@/lib/types';

// Citation markers in an answer's text: the rule both apps share (packages/conference-rules/src/citations.ts).
export { CITATION_PATTERN, splitCitations, type Piece } from '@rules/citations';

const normalise = (m: string) => m.replace(/\s+/g, ' ').trim().toLowerCase();

/** The source a marker points at (matched on `marker`). */
export function findSource(sources: Source[] | undefined, marker: string): Source | undefined {
  const wanted = normalise(marker);
  return sources?.find((s) => normalise(s.marker) === wanted);
}

const WORD = /[\p{L}\p{N}]{4,}/gu;
const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

export interface CitedSplit {
  before: string;
  cited: string;
  after: string;
}

/** A run of sentence-ending punctuation with the closing quotes or brackets after it. */
const SENTENCE_END = /[.!?…]+["'’”)\]]*/g;
/** What may open the next sentence after a space: a capital, a figure, a currency sign, an opening quote. */
const SENTENCE_START = /^["“‘(]?[\p{Lu}\p{N}$€£¥]/u;
/** Abbreviations after which a period does not end a sentence (the server's list, backend/src/text/sentences.ts). */
const ABBREVIATIONS = new Set(
  'mr mrs ms dr prof st vs etc inc ltd co corp jr sr e.g i.e p pp no approx est dept fig jan feb mar apr jun jul aug sep sept oct nov dec u.s a.m p.m'.split(
    ' ',
  ),
);

/** Whether the period at `at` closes an abbreviation ('approx.', 'U.S.', 'No.') or an initial ('J.'). */
function afterAbbreviation(passage: string, at: number): boolean {
  const word = /([\p{L}.]+)$/u
    .exec(passage.slice(Math.max(0, at - 20), at))?.[1]
    ?.toLowerCase()
    .replace(/\.$/, '');
  return !!word && (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word));
}

/**
 * The passage cut into sentences that join back into it exactly (each with the spaces after it), a
 * line break ending one unless the next line continues it. The server's rule (`sentenceSpans` in backend/src/text/sentences.ts): a period between figures ('6.1',
 * '$0.18'), after an abbreviation ('approx.') or an initial ('U.S.') is not an end; an end needs a space then a capital, a figure
 * or a currency sign, or, with no space ('having.If'), a lower-case word before and a capitalised one after.
 */
export function splitSentences(passage: string): string[] {
  return lineUnits(passage).flatMap(sentencesOf);
}

/** A line continuing the one before (a wrapped line): it opens in lower case or with a figure. */
const CONTINUES = /^\s*[a-z0-9(,;$%]/;
/** A bullet opening a line of a list ('• …', '- …'): shown, never highlighted. */
const BULLET = /^\s*(?:[•▪◦●·*]|-(?=\s))\s*/;

/**
 * The passage's lines (each with its line break), a wrapped line joined to the one it continues: a
 * slide's bullets and a table's rows end where their line does, without a period (the server's
 * `joinWrappedLines`).
 */
function lineUnits(passage: string): string[] {
  const out: string[] = [];
  for (const line of passage.split(/(?<=\n)/)) {
    const prev = out[out.length - 1];
    if (prev !== undefined && CONTINUES.test(line) && !/[.!?]["”’)]?\s*$/.test(prev)) out[out.length - 1] = prev + line;
    else out.push(line);
  }
  return out;
}

/** One line's sentences, by the rule above. */
function sentencesOf(passage: string): string[] {
  const out: string[] = [];
  let start = 0;
  const spaces = /\s*/y;
  for (const m of passage.matchAll(SENTENCE_END)) {
    const at = m.index ?? 0;
    const after = at + m[0].length;
    spaces.lastIndex = after;
    const end = after + (spaces.exec(passage)?.[0].length ?? 0);
    const next = passage.slice(end, end + 2);
    const before = passage.slice(Math.max(0, at - 2), at);
    const ends =
      end > after
        ? SENTENCE_START.test(next) && !(m[0].startsWith('.') && afterAbbreviation(passage, at))
        : next === '' || (/^[.!?]$/.test(m[0]) && /\p{Ll}{2}$/u.test(before) && /^\p{Lu}\p{Ll}/u.test(next));
    if (!ends) continue;
    out.push(passage.slice(start, end));
    start = end;
  }
  if (start < passage.length || out.length === 0) out.push(passage.slice(start));
  return out;
}

/**
 * The passage split around the sentence that best matches `claim` (the answer's sentence that carries
 * the marker): most shared words of four letters or more. Null when no sentence shares a word.
 */
export function splitCited(passage: string, claim: string | undefined): CitedSplit | null {
  if (!claim) return null;
  const wanted = new Set(fold(claim).match(WORD) ?? []);
  if (wanted.size === 0) return null;
  const sentences = splitSentences(passage);
  let best = -1;
  let bestScore = 0;
  sentences.forEach((sentence, i) => {
    const words = fold(sentence).match(WORD) ?? [];
    const score = words.filter((w) => wanted.has(w)).length;
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  if (best < 0) return null;
  const lead = BULLET.exec(sentences[best])?.[0].length ?? 0;
  const cited = sentences[best].slice(lead).trimEnd();
  const at = sentences.slice(0, best).join('').length + lead;
  return { before: passage.slice(0, at), cited, after: passage.slice(at + cited.length) };
}
