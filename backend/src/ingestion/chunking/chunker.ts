import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { tableRow } from '../../text/table';
import { UNIT_NOTE } from '../../text/table-cells';
import type { PdfPage, TranscriptSegment } from '../parsing/parsed-document';

/** Target chunk length in characters, and the overlap between consecutive pieces of one text. */
export const CHUNK_SIZE = 1000;
export const CHUNK_OVERLAP = 150;

/** A chunk before embedding: its text and where it comes from. */
export interface ChunkDraft {
  text: string;
  page: number | null;
  speaker: string | null;
  /** Seconds from the start of the recording. */
  startTime: number | null;
  /** Transcripts: first and last line (or JSON segment) of the uploaded file the chunk covers. */
  lineStart?: number | null;
  lineEnd?: number | null;
  /** Transcripts: the file line where each line of `text` (one turn each) starts. */
  turnLines?: number[] | null;
  /** Timed transcripts: the time (seconds) each line of `text` (one turn each) starts. */
  turnTimes?: number[] | null;
}

const splitter = new RecursiveCharacterTextSplitter({ chunkSize: CHUNK_SIZE, chunkOverlap: CHUNK_OVERLAP });
/** A long PDF page is split into pieces of this size, leaving room for the title and headings put before them. */
const pageSplitter = new RecursiveCharacterTextSplitter({ chunkSize: CHUNK_SIZE - 200, chunkOverlap: CHUNK_OVERLAP });

/** Milliseconds spent in each step of `chunkPdfPage`, added up over the pages of a document. */
export interface PdfChunkTiming {
  /** `cleanPageText`: whitespace, hyphenation, line breaks. */
  cleanMs: number;
  /** Running header and footer detection. */
  boilerplateMs: number;
  /** Table-of-contents detection. */
  tocMs: number;
  /** Splitting long pages and giving pieces their title and headings. */
  splitMs: number;
}

export const newPdfChunkTiming = (): PdfChunkTiming => ({ cleanMs: 0, boilerplateMs: 0, tocMs: 0, splitMs: 0 });

/**
 * Normalises the text pdf-parse extracts from a page: table cells and runs of spaces become one
 * space, words hyphenated across a line break are joined, and blank lines are kept as paragraph breaks.
 */
export function cleanPageText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\u00a0 ]+/g, ' ')
    .replace(/([a-z])-\n([a-z])/g, '$1$2')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A bare page number line: '52', 'Page 52', '- 52 -', '52 of 190', 'F-12'. */
const PAGE_NUMBER_LINE = /^(?:page\s+|\s*)(?:[-–—]\s*)?(?:[A-Z]-)?\d{1,4}\s*(?:[-–—]\s*)?(?:(?:of|\/)\s*\d{1,4})?$/i;
/** A table-of-contents entry: 'Item 7. Management's Discussion … 25', 'Notes to … ..... 61'. */
const TOC_ENTRY = /(?:\.{3,}|…)\s*\d{1,4}$|^(?:item|part|note)\s+[\dIVX]+[A-Z]?\b.*\s\d{1,4}$/i;
/** A column-heading line of a table: two or more years ('2020 2019 2018', 'Fiscal Year 2022 2021'). */
const YEAR_HEADINGS = /^[\p{L} ,()&$-]{0,40}?(?:(?:19|20)\d{2}[ ,]*){2,}$/u;
/** Lines longer than this are content, never running headers or footers. */
const BOILERPLATE_MAX = 100;
/** A table's column-heading block carried into a split page's later pieces: at most this many lines and characters. */
export const TABLE_HEADER_LINES = 5;
export const TABLE_HEADER_CHARS = 150;
/** A section label inside a table body ('Operating expenses:', 'Current assets:'). */
const SECTION_LABEL = /^[^\n]{1,80}:$/;

/**
 * Running headers and footers of one PDF (the company name, 'Table of Contents' links, page
 * numbers): lines that recur on many pages say nothing about any page and would otherwise match
 * every query naming the company. Pages arrive in order; a line (digits folded) seen on at least
 * three earlier pages and a fifth of the pages so far is dropped from the pages that follow.
 */
export class PdfBoilerplate {
  private readonly seen = new Map<string, number>();
  private pages = 0;

  /** The page's lines without boilerplate; records the page's lines for the pages after it. */
  filter(lines: string[]): string[] {
    const keys = lines.map((l) => (l.length <= BOILERPLATE_MAX ? l.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim() : ''));
    const kept = lines.filter((line, i) => {
      if (PAGE_NUMBER_LINE.test(line.trim()) || /^table of contents$/i.test(line.trim())) return false;
      const n = keys[i] ? (this.seen.get(keys[i]) ?? 0) : 0;
      return !(n >= 3 && n >= this.pages * 0.2);
    });
    this.pages++;
    for (const key of new Set(keys)) if (key) this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
    return kept;
  }
}

/** True for a table-of-contents page: most of its lines are entries ending in a page number. */
export function isTableOfContents(lines: string[]): boolean {
  const entries = lines.filter((l) => TOC_ENTRY.test(l.trim())).length;
  return entries >= 6 && entries >= lines.length * 0.4;
}

/**
 * The title of a page (its first short lines before the body: 'Consolidated Statements of Cash
 * Flows', 'GENERAL MILLIS, INC. AND SUBSIDIARIES', '(In Millions)'), at most 120 characters.
 */
function pageTitle(lines: string[]): string {
  const out: string[] = [];
  for (const line of lines.slice(0, 4)) {
    // A short name ending in an abbreviation ('NORTHWIND TRADERS, INC.') is not a sentence.
    if (line.length > 80 || (/[.;]$/.test(line) && line.split(' ').length > 3)) break;
    out.push(line);
  }
  return out.join(' ').slice(0, 120);
}

/**
 * The column headings of the table a piece starts in, from the page's lines before the piece: above
 * the rows (and section labels) that lead up to it, the short lines that head the table ('Years
 * Ended', 'December 2,', '2016 November 27,', '2015'), read by layout rather than by their words.
 * Empty when the piece does not continue a table.
 */
export function tableHeaderAbove(before: string[], title = ''): string {
  let i = before.length - 1;
  let rows = 0;
  while (i >= 0) {
    const line = before[i].trim();
    if (tableRow(line)) rows++;
    else if (line && !SECTION_LABEL.test(line)) break;
    i--;
  }
  if (rows === 0) return '';
  const header: string[] = [];
  let length = 0;
  for (; i >= 0 && header.length < TABLE_HEADER_LINES; i--) {
    const line = before[i].trim();
    if (!line) continue;
    if (line.length > BOILERPLATE_MAX || /[.;]$/.test(line) || length + line.length > TABLE_HEADER_CHARS) break;
    // Lines of the page's title are carried with it already.
    if (title.includes(line)) continue;
    header.unshift(line);
    length += line.length + 1;
  }
  return header.join(' ');
}

/** Characters of the context line a split page's later pieces start with. */
const CONTEXT_CHARS = 190;

/**
 * The context line of a split page's later piece: the page's title, the column headings of the table the
 * piece continues (rows are whole lines: the splitter cuts between lines; else the last line of year
 * headings above it) and the table's unit note ('(In thousands)') when neither holds it, kept whole.
 */
function pieceContext(title: string, before: string[], piece: string): string {
  const headings =
    tableHeaderAbove(before, title) ||
    ([...before]
      .reverse()
      .find((l) => YEAR_HEADINGS.test(l.trim()))
      ?.trim() ??
      '');
  const note = [...before].reverse().find((l) => l.length <= BOILERPLATE_MAX && UNIT_NOTE.test(l));
  const unit = note && !title.includes(note.trim()) && !headings.includes(note.trim()) ? note.trim().slice(0, CONTEXT_CHARS / 2) : '';
  const context = [title, headings]
    .filter((x) => x && !piece.startsWith(x))
    .join(' | ')
    .slice(0, unit ? CONTEXT_CHARS - unit.length - 3 : CONTEXT_CHARS);
  return unit ? (context ? `${context} | ${unit}` : unit) : context;
}

/**
 * The chunks of one PDF page (never spanning two pages): about 1,000 characters, 150 overlapping.
 * Running headers/footers are dropped (`boilerplate`, shared by the pages of one document) and a
 * table-of-contents page gives no chunks. When a page is split, every piece after the first starts
 * with the page's title and the table's column headings above it ('Consolidated Statements of Cash
 * Flows … | Fiscal Year 2020 2019 2018'), so a row keeps its label, years and table.
 */
export async function chunkPdfPage(page: PdfPage, boilerplate?: PdfBoilerplate, timing?: PdfChunkTiming): Promise<ChunkDraft[]> {
  let t = performance.now();
  const lap = (key: keyof PdfChunkTiming) => {
    if (!timing) return;
    const now = performance.now();
    timing[key] += now - t;
    t = now;
  };
  let lines = cleanPageText(page.text).split('\n');
  lap('cleanMs');
  if (boilerplate) lines = boilerplate.filter(lines);
  lap('boilerplateMs');
  const toc = isTableOfContents(lines);
  lap('tocMs');
  if (toc) return [];
  const text = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) return [];
  const draft = (piece: string) => ({ text: piece, page: page.num, speaker: null, startTime: null });
  if (text.length <= CHUNK_SIZE) return [draft(text)];
  const title = pageTitle(lines.filter((l) => l.trim()));
  const pieces = await pageSplitter.splitText(text);
  let searchFrom = 0;
  const chunks = pieces.map((piece, i) => {
    const at = text.indexOf(piece.slice(0, 60), Math.max(0, searchFrom - CHUNK_OVERLAP - 60));
    if (at >= 0) searchFrom = at + 1;
    if (i === 0) return draft(piece);
    const before = at >= 0 ? text.slice(0, at).split('\n') : [];
    const context = pieceContext(title, before, piece);
    return draft(context ? `${context}\n${piece}` : piece);
  });
  lap('splitMs');
  return chunks;
}

const single = (value: number | null): number[] | null => (value === null ? null : [value]);

function turnText(segment: TranscriptSegment): string {
  // One turn is one line of the chunk text, so a chunk line maps to the file line it came from.
  const text = segment.text.replace(/\s*\n\s*/g, ' ');
  return segment.speaker ? `${segment.speaker}: ${text}` : text;
}

/**
 * Chunks a transcript by turns: consecutive short turns are merged up to about 1,000 characters,
 * a long turn is split (with overlap) into pieces that all keep its speaker and time. Each chunk
 * keeps the speaker and start time of its first turn; a turn without a time takes the last time
 * seen before it. Each chunk also keeps the file lines it covers and the line and time of each of its turns.
 */
export async function chunkTranscript(segments: TranscriptSegment[]): Promise<ChunkDraft[]> {
  const chunks: ChunkDraft[] = [];
  let lines: string[] = [];
  let turnLines: number[] = [];
  let turnTimes: number[] = [];
  let lineEnd: number | null = null;
  let length = 0;
  let first: { speaker: string | null; startTime: number | null } | null = null;
  let lastTime: number | null = null;

  const located = () => turnLines.length === lines.length && turnLines.length > 0;
  const flush = () => {
    if (lines.length && first) {
      chunks.push({
        text: lines.join('\n'),
        page: null,
        ...first,
        lineStart: located() ? turnLines[0] : null,
        lineEnd: located() ? lineEnd : null,
        turnLines: located() ? turnLines : null,
        turnTimes: turnTimes.length === lines.length ? turnTimes : null,
      });
    }
    lines = [];
    turnLines = [];
    turnTimes = [];
    lineEnd = null;
    length = 0;
    first = null;
  };

  for (const segment of segments) {
    if (segment.start !== null) lastTime = segment.start;
    const meta = { speaker: segment.speaker, startTime: segment.start ?? lastTime };
    const text = turnText(segment);
    const line = segment.line ?? null;
    const end = segment.lineEnd ?? line;
    if (text.length > CHUNK_SIZE) {
      flush();
      const whole = { page: null, ...meta, lineStart: line, lineEnd: end, turnLines: single(line), turnTimes: single(meta.startTime) };
      for (const piece of await splitter.splitText(text)) chunks.push({ text: piece, ...whole });
      continue;
    }
    if (length > 0 && length + 1 + text.length > CHUNK_SIZE) flush();
    if (!first) first = meta;
    lines.push(text);
    if (line !== null) turnLines.push(line);
    if (meta.startTime !== null) turnTimes.push(meta.startTime);
    lineEnd = end;
    length += (length ? 1 : 0) + text.length;
  }
  flush();
  return chunks;
}
