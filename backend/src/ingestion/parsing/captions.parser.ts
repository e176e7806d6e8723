import { parseSync } from 'subtitle';
import { WebVTTNode, WebVTTParser } from 'webvtt-parser';
import { IngestError, INGEST_MESSAGES } from './ingest-errors';
import type { TranscriptSegment } from './parsed-document';

export type CaptionFormat = 'vtt' | 'srt';

/** A SubRip file starts with a cue number, then its times. */
const SRT_START = /^\s*\d{1,9}[ \t]*\r?\n[ \t]*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}[ \t]*-->/;

/** Whether a text is captions, by its first bytes: WebVTT's header or SubRip's first cue; null for other text. */
export function captionFormatOf(text: string): CaptionFormat | null {
  const head = text.slice(0, 512).replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(head)) return 'vtt';
  return SRT_START.test(head) ? 'srt' : null;
}

/** One caption cue as the format's parser gives it: start in seconds, the text with its markup. */
interface RawCue {
  start: number;
  text: string;
  /** The WebVTT voice (`<v Name>`), when the cue has one. */
  voice: string | null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', nbsp: ' ', quot: '"', apos: "'", lrm: '', rlm: '' };
/** Markup inside a cue: WebVTT/SRT tags (`<b>`, `<c.yellow>`, `<00:01:02.000>`, `<font color=…>`) and ASS overrides (`{\an8}`). */
const TAG = /<[^>]*>|\{\\[^}]*\}/g;
const ENTITY = /&(amp|lt|gt|nbsp|quot|apos|lrm|rlm|#\d{1,7}|#x[\da-f]{1,6});/gi;

function entity(name: string): string {
  const lower = name.toLowerCase();
  if (!lower.startsWith('#')) return ENTITIES[lower] ?? '';
  const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : Number(lower.slice(1));
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}
/**
 * A speaker label opening a cue: 'Name:' with one to four capitalised words, or the
 * '>> Name:' of broadcast captions. Bounded repetitions over disjoint classes (linear).
 */
const LABEL = /^(?:>>\s?|-\s?)?([A-Z][\w.'’-]{0,30}(?: [A-Z][\w.'’-]{0,30}){0,3}):\s+(?=\S)/;

function plainText(markup: string): string {
  return markup.replace(TAG, '').replace(ENTITY, (_, name: string) => entity(name));
}

function voiceOf(nodes: WebVTTNode[]): string | null {
  for (const node of nodes) {
    if (node.type === 'object' && node.name === 'v' && typeof node.value === 'string' && node.value.trim()) return node.value.trim();
    const inner = node.children ? voiceOf(node.children) : null;
    if (inner) return inner;
  }
  return null;
}

function vttCues(content: string): RawCue[] {
  const result = new WebVTTParser().parse(content, 'metadata');
  return result.cues.map((c) => ({ start: c.startTime, text: c.text, voice: voiceOf(c.tree.children) }));
}

function srtCues(content: string): RawCue[] {
  return parseSync(content)
    .filter((node) => node.type === 'cue')
    .map((node) => {
      const cue = node.data as { start: number; text: string };
      return { start: cue.start / 1000, text: cue.text, voice: null };
    });
}

/** The lines of a cue without markup, trimmed, empty ones dropped. */
function cueLines(text: string): string[] {
  return plainText(text)
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * How many of `lines`' first lines repeat the last lines of the cue before (roll-up captions, as
 * YouTube's automatic ones: each cue shows the previous line again above the new one).
 */
function repeatedLines(previous: string[], lines: string[]): number {
  for (let k = Math.min(previous.length, lines.length); k > 0; k--) {
    const tail = previous.slice(previous.length - k);
    if (tail.every((line, i) => line === lines[i])) return k;
  }
  return 0;
}

/** Turns the cues into transcript turns: one per cue, its start time kept, repeats merged. */
function toSegments(cues: RawCue[]): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let previous: string[] = [];
  cues.forEach((cue, index) => {
    const lines = cueLines(cue.text);
    const fresh = lines.slice(repeatedLines(previous, lines));
    previous = lines;
    if (fresh.length === 0) return;
    let text = fresh.join(' ');
    let speaker = cue.voice;
    const label = speaker ? null : LABEL.exec(text);
    if (label) {
      speaker = label[1];
      text = text.slice(label[0].length);
    }
    segments.push({ speaker, start: Math.round(cue.start * 1000) / 1000, text, line: index + 1, lineEnd: index + 1 });
  });
  return segments;
}

/** Caption files are parsed in pieces of about this many characters, the event loop free between two. */
const PIECE_CHARS = 64 * 1024;
/** A blank line before a cue's timing line (after an optional identifier line): where a piece may end. */
const CUE_BOUNDARY = /\r?\n[ \t]*\r?\n(?=(?:[^\r\n]*\r?\n)?[^\r\n]*-->)/g;

/**
 * The file in pieces of about PIECE_CHARS, each cut before a cue (never inside one, even where a cue's text
 * holds a blank line): a WebVTT piece after the first carries the file's signature line, so each parses alone.
 */
function* captionPieces(content: string, format: CaptionFormat): Generator<string> {
  let from = 0;
  while (from < content.length) {
    CUE_BOUNDARY.lastIndex = from + PIECE_CHARS;
    const cut = content.length - from > PIECE_CHARS ? CUE_BOUNDARY.exec(content) : null;
    const to = cut ? cut.index : content.length;
    const piece = content.slice(from, to);
    yield format === 'vtt' && from > 0 ? `WEBVTT\n\n${piece}` : piece;
    from = cut ? cut.index + cut[0].length : content.length;
  }
}

const freeEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Parses a caption file (WebVTT by webvtt-parser, SubRip by subtitle) into transcript turns: every
 * cue's start time kept, speaker labels kept (`<v Name>`, `Name:`), styling tags, cue settings and
 * cue numbers dropped, roll-up repeats of the previous cue's lines merged. Cues come in time order.
 * A long file is read piece by piece (`captionPieces`), giving the event loop back between pieces, so
 * answers are not held up while it is read and the parser's trees of one piece at a time are kept.
 */
export async function parseCaptions(content: string, format: CaptionFormat): Promise<TranscriptSegment[]> {
  const cues: RawCue[] = [];
  let first = true;
  for (const piece of captionPieces(content.replace(/^\uFEFF/, ''), format)) {
    if (!first) await freeEventLoop();
    first = false;
    try {
      cues.push(...(format === 'vtt' ? vttCues(piece) : srtCues(piece)));
    } catch (err) {
      throw new IngestError(INGEST_MESSAGES.captionsUnreadable(format, (err as Error).message));
    }
  }
  const ordered = cues.map((c, i) => ({ c, i })).sort((a, b) => a.c.start - b.c.start || a.i - b.i);
  return toSegments(ordered.map((o) => o.c));
}
