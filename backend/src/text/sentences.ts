import type { TextSpan } from './highlight';

/** Abbreviations after which a period does not end a sentence. */
const ABBREVIATIONS = new Set(
  'mr mrs ms dr prof st vs etc inc ltd co corp jr sr e.g i.e p pp no approx est dept fig jan feb mar apr jun jul aug sep sept oct nov dec u.s a.m p.m'.split(
    ' ',
  ),
);

/** Spoken fillers removed from transcript sentences. */
const FILLERS = /\b(?:um+|uh+|erm|you know|i mean|kind of|sort of|like I said)\b,?\s*/gi;
/** Openers that make a sentence read as part of a conversation rather than a statement. */
const OPENERS = /^(?:(?:so|well|and|but|yeah|yes|right|look|okay|ok|now|honestly|basically|actually|oh)\b[,\s]+)+/i;
/** A leading time stamp ('[12:34]', '00:12:34 -') or speaker label ('Dana Whitfield:', 'Speaker 2:', an anonymised 'PERSON3:'). */
const TIME_PREFIX = /^\s*\[?\(?\d{1,2}:\d{2}(?::\d{2})?\)?\]?\s*[-–—:]?\s*/;
const SPEAKER_PREFIX = /^\s*([A-Z][\p{L}\p{N}_.'’-]+(?:\s+(?:[A-Z][\p{L}\p{N}_.'’-]*|\d{1,3})){0,3})\s*(?:\([^)]{0,60}\)\s*)?:\s+/u;

export interface Sentence {
  text: string;
  /** Speaker named in a label before the sentence, if any. */
  speaker: string | null;
  /** A heading or title line (no sentence punctuation, few words): context, not an answer. */
  heading: boolean;
  /** Index of the line of the passage text the sentence starts on. */
  lineIndex?: number;
}

/**
 * Annotations of transcript corpora and ASR exports, by their form rather than by their names: any
 * braced annotation ('{gap}', '{comment: …}'), and a tag of one or two words in square or angle
 * brackets written all in lower case or all in capitals ('[laughter]', '<noise>', '[INAUDIBLE]',
 * '[cross talk]'), and a self-closing tag in lower case ('<laugh/>', '<parallel_talk/>'). A time stamp ('[12:34]'), a capitalised name in brackets and the label of a markdown link
 * or image ('![chart](…)', left for the link neutraliser to turn into plain text) are not one.
 */
const CORPUS_MARKUP =
  /\{[^{}\n]{1,60}\}|<[a-z]+(?:[ _-][a-z]+)?\s*\/>|(?<!!)[[<](?:[a-z]+(?:[ _-][a-z]+)?|[A-Z]+(?:[ _-][A-Z]+)?)[\]>](?!\()/g;

/** Text as shown to a reader: corpus markup removed, spaces tidied (the stored text stays as uploaded). */
export function cleanMarkup(text: string): string {
  if (!text.includes('{') && !text.includes('<') && !text.includes('[')) return text;
  return text
    .replace(CORPUS_MARKUP, ' ')
    .replace(/[ \t]+([,.;:!?])(?!\[)/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/^ +| +$/gm, '');
}

/** A line opening with a time stamp starts a new transcript turn. */
const TIME_PREFIX_ONLY = /^\s*\[?\(?\d{1,2}:\d{2}/;
/** Page footers of slide decks ('Page 6 of 6 <event name> | …'). */
const FOOTER = /^page \d+ of \d+\b/i;
/** A bulleted line ('• …', '- …', '* …'). */
const BULLET = /^\s*(?:[•▪◦●·*]|-(?=\s))\s*/;

/**
 * A table's column headings: two or more years ending a line, after words or alone ('2022 2021 2020',
 * 'Fiscal Year 2020 2019 2018', 'Years ended December 31, 2022 2021').
 */
const YEAR_COLUMNS = /^(?:\p{L}[^\n]*?\s)?((?:(?:19|20)\d{2}\b[ ,]*){2,})$/u;
/** One figure of a table row: '2,071', '(460.8)', '$55,893', '21.6%', '(2)%'. */
const FIGURE = /^[-–—(]?\$?\d[\d,]*(?:\.\d+)?\)?%?$/;
/** Tokens between a row's figures: '$', '%', a dash or '#' for an empty cell. */
const CELL_FILLER = /^(?:\$|%|[-–—#])$/;

/**
 * A table row as a sentence, with its column headings: 'Effective tax rate: 21.6% (2022), 24.6% (2021),
 * 27.0% (2020).' When the columns are unknown or do not line up, the figures in order. Read token by
 * token from the end of the line (linear time, whatever the line).
 */
export function tableRowSentence(line: string, columns: string[] | null): string | null {
  const tokens = line.trim().split(/\s+/);
  const values: string[] = [];
  let percent = false;
  let i = tokens.length - 1;
  for (; i >= 0; i--) {
    const token = tokens[i];
    if (FIGURE.test(token)) {
      values.unshift(percent && !token.endsWith('%') ? `${token}%` : token);
      percent = false;
    } else if (token === '%') percent = true;
    else if (!CELL_FILLER.test(token)) break;
  }
  const label = tokens
    .slice(0, i + 1)
    .join(' ')
    .replace(/[\s:$]+$/, '');
  if (values.length < 2 || !/^\p{L}/u.test(label) || label.length < 3 || label.split(' ').length > 14) return null;
  const cells = columns && columns.length >= values.length ? values.map((v, j) => `${v} (${columns[j]})`) : values;
  return `${label}: ${cells.join(', ')}.`;
}

/**
 * The layout of a page of figures, learned from the text rather than from its words: how many lines
 * are table rows (a label then two or more figures) and whether a line heads columns with years. A
 * page with year columns and three or more rows is a statement of figures (income, balance sheet, cash
 * flows, or any table of any conference's slides).
 */
export function tableShape(text: string): { rows: number; yearColumns: boolean } {
  let rows = 0;
  let yearColumns = false;
  for (const line of text.split('\n')) {
    const flat = line.replace(/\s*\|\s*/g, ' ').trim();
    if (!flat) continue;
    if (!yearColumns && YEAR_COLUMNS.test(flat)) yearColumns = true;
    else if (tableRowSentence(flat, null)) rows++;
  }
  return { rows, yearColumns };
}

/** True for a page of figures by its layout (`tableShape`): year columns and three rows or more. */
export function isFigureTable(text: string): boolean {
  const shape = tableShape(text);
  return shape.yearColumns && shape.rows >= 3;
}

/**
 * Splits passage text into sentences, keeping the speaker labels of transcript lines
 * ('Priya Raman: …') with the sentences that follow them (`transcript`: labels are looked for; a
 * slide's 'Budget: …' is not a speaker).
 */
export function splitSentences(text: string, transcript = true): Sentence[] {
  const out: Sentence[] = [];
  let columns: string[] | null = null;
  for (const { text: rawLine, index: lineIndex } of joinWrappedLines(cleanMarkup(text).split('\n'))) {
    if (!transcript) {
      // Tables: the column headings give each row's figures their years.
      // The context line a split page's later chunks start with ('Title | Fiscal Year 2020 2019 2018').
      const context = / \| /.test(rawLine) && lineIndex === 0;
      const heading =
        YEAR_COLUMNS.exec(rawLine.replace(/\s*\|\s*/g, ' ').trim()) ??
        (context ? YEAR_COLUMNS.exec(rawLine.split(' | ').pop()!.trim()) : null);
      if (heading || context) {
        if (heading)
          columns = heading[1]
            .trim()
            .split(/[\s,]+/)
            .filter(Boolean);
        out.push({ text: rawLine.trim(), speaker: null, heading: true, lineIndex });
        continue;
      }
      const row = tableRowSentence(rawLine, columns);
      if (row) {
        out.push({ text: row, speaker: null, heading: false, lineIndex });
        continue;
      }
    }
    let line = rawLine.replace(TIME_PREFIX, '');
    let speaker: string | null = null;
    // A line may carry more than one label ('Walt Kessler: Tomás Echeverría: …'): the last one speaks.
    for (let label = transcript ? SPEAKER_PREFIX.exec(line) : null; label; label = SPEAKER_PREFIX.exec(line)) {
      speaker = label[1];
      line = line.slice(label[0].length).replace(TIME_PREFIX, '');
    }
    line = line.replace(/\s+/g, ' ').trim();
    if (!line || FOOTER.test(line)) continue;
    const bulleted = BULLET.test(line);
    if (bulleted) line = line.replace(BULLET, '');
    if (!bulleted && !/[.!?:;"”)]$/.test(line) && line.split(' ').length <= 10) {
      out.push({ text: line, speaker, heading: true, lineIndex });
      continue;
    }
    for (const span of sentenceSpans(line)) out.push({ text: line.slice(span.start, span.end), speaker, heading: false, lineIndex });
  }
  return out;
}

/** A run of sentence-ending punctuation with the closing quotes or brackets after it. */
const SENTENCE_END = /[.!?…]+["”’)\]]*/g;
/** What may open the next sentence after a space: a capital, a figure, a currency sign, an opening quote. */
const SENTENCE_START = /^["“‘(]?[\p{Lu}\p{N}$€£¥]/u;
const SPACES = /\s*/y;

/**
 * Whether the punctuation `end` of `text` (found at `at`) closes a sentence. A period between figures
 * ('6.1', '$0.18'), after an abbreviation ('approx.', 'U.S.') or an initial is not an end; an end
 * needs a space then a capital, a figure or a currency sign after it, or, with no space ('having.If'),
 * a word in lower case before it and a capitalised word after it.
 */
function endsSentence(text: string, at: number, end: string): boolean {
  const after = at + end.length;
  if (after >= text.length) return true;
  const next = text.slice(after, after + 2);
  if (!/\s/.test(next[0])) {
    return /^[.!?]$/.test(end) && /\p{Ll}{2}$/u.test(text.slice(Math.max(0, at - 2), at)) && /^\p{Lu}\p{Ll}/u.test(next);
  }
  SPACES.lastIndex = after;
  const first = after + (SPACES.exec(text)?.[0].length ?? 0);
  if (!SENTENCE_START.test(text.slice(first, first + 2))) return false;
  if (!end.startsWith('.')) return true;
  const lastWord = /([\p{L}.]+)$/u
    .exec(text.slice(Math.max(0, at - 20), at))?.[1]
    ?.toLowerCase()
    .replace(/\.$/, '');
  return !lastWord || !(ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord));
}

/**
 * The sentences of `text` as [start, end) offsets of the text itself (leading spaces left out), so a
 * highlight or a window shows the text exactly as written. The one sentence splitter: answers,
 * takeaways and the cited passage all cut sentences here.
 */
export function sentenceSpans(text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  let start = 0;
  const push = (end: number) => {
    const lead = text.slice(start, end).search(/\S/);
    if (lead >= 0) spans.push({ start: start + lead, end: start + text.slice(start, end).trimEnd().length });
  };
  for (const m of text.matchAll(SENTENCE_END)) {
    if (!endsSentence(text, m.index, m[0])) continue;
    push(m.index + m[0].length);
    start = m.index + m[0].length;
  }
  push(text.length);
  return spans;
}

/**
 * `text` cut wherever a reader sees a sentence end: an end mark (with its closing quotes) and then a space,
 * whatever follows ('right? that maybe', "don't. So.", 'plan A. It was'), except after an abbreviation
 * ('Dr. Atherton'). Looser than `sentenceSpans`, which chooses what an answer quotes: an answer cites
 * each of these parts of a quote, so that no sentence a reader sees goes without its citation.
 */
export function readerSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(/[.!?…]+["”’)\]]*(?=\s+\S)/g)) {
    const lastWord = /([\p{L}.]+)$/u
      .exec(text.slice(Math.max(0, m.index - 20), m.index))?.[1]
      ?.toLowerCase()
      .replace(/\.$/, '');
    if (m[0].startsWith('.') && lastWord && ABBREVIATIONS.has(lastWord)) continue;
    const end = m.index + m[0].length;
    if (text.slice(start, end).trim()) out.push(text.slice(start, end).trim());
    start = end;
  }
  if (text.slice(start).trim()) out.push(text.slice(start).trim());
  return out;
}

/**
 * Lines of extracted PDF text wrap mid-sentence ('… are financed with a' / 'lease, loan or …'): a line
 * that starts in lower case (or with a figure) continues the one before unless that one ended a sentence.
 */
function joinWrappedLines(lines: string[]): { text: string; index: number }[] {
  const out: { text: string; index: number }[] = [];
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    const prev = out[out.length - 1];
    if (
      prev !== undefined &&
      !prev.text.includes(' | ') &&
      /^\s*[a-z0-9(,;$%]/.test(line) &&
      !TIME_PREFIX_ONLY.test(line) &&
      !/[.!?]["”’)]?\s*$/.test(prev.text)
    ) {
      prev.text = `${prev.text.trimEnd()} ${line.trimStart()}`;
    } else {
      out.push({ text: line, index });
    }
  });
  return out;
}

/** A sentence tidied for quoting: fillers and conversational openers removed, first letter capitalised. */
export function tidySentence(text: string): string {
  let t = text
    .replace(FILLERS, '')
    .replace(/\s+,/g, ',')
    .replace(/\s{2,}/g, ' ')
    .trim();
  t = t.replace(OPENERS, '').trim();
  t = t.replace(/^[,;:\-–—\s]+/, '');
  if (!t) return t;
  return t[0].toUpperCase() + t.slice(1);
}

/** The first name part of a speaker field ('Rebecca Lindqvist, Chief Credit Officer' → 'Rebecca Lindqvist'). */
export function speakerName(speaker: string | null | undefined): string | null {
  if (!speaker) return null;
  const name = speaker.split(',')[0].trim();
  return name && name.length <= 60 ? name : null;
}
