import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
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
}

const splitter = new RecursiveCharacterTextSplitter({ chunkSize: CHUNK_SIZE, chunkOverlap: CHUNK_OVERLAP });

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

/** The chunks of one PDF page (never spanning two pages): about 1,000 characters, 150 overlapping. */
export async function chunkPdfPage(page: PdfPage): Promise<ChunkDraft[]> {
  const text = cleanPageText(page.text);
  if (!text) return [];
  const pieces = text.length <= CHUNK_SIZE ? [text] : await splitter.splitText(text);
  return pieces.map((piece) => ({ text: piece, page: page.num, speaker: null, startTime: null }));
}

function turnText(segment: TranscriptSegment): string {
  return segment.speaker ? `${segment.speaker}: ${segment.text}` : segment.text;
}

/**
 * Chunks a transcript by turns: consecutive short turns are merged up to about 1,000 characters,
 * a long turn is split (with overlap) into pieces that all keep its speaker and time. Each chunk
 * keeps the speaker and start time of its first turn; a turn without a time takes the last time
 * seen before it.
 */
export async function chunkTranscript(segments: TranscriptSegment[]): Promise<ChunkDraft[]> {
  const chunks: ChunkDraft[] = [];
  let lines: string[] = [];
  let length = 0;
  let first: { speaker: string | null; startTime: number | null } | null = null;
  let lastTime: number | null = null;

  const flush = () => {
    if (lines.length && first) chunks.push({ text: lines.join('\n'), page: null, ...first });
    lines = [];
    length = 0;
    first = null;
  };

  for (const segment of segments) {
    if (segment.start !== null) lastTime = segment.start;
    const meta = { speaker: segment.speaker, startTime: segment.start ?? lastTime };
    const text = turnText(segment);
    if (text.length > CHUNK_SIZE) {
      flush();
      for (const piece of await splitter.splitText(text)) chunks.push({ text: piece, page: null, ...meta });
      continue;
    }
    if (length > 0 && length + 1 + text.length > CHUNK_SIZE) flush();
    if (!first) first = meta;
    lines.push(text);
    length += (length ? 1 : 0) + text.length;
  }
  flush();
  return chunks;
}
