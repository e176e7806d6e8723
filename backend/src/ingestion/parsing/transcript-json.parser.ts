import { IngestError, INGEST_MESSAGES } from './ingest-errors';
import type { TranscriptSegment } from './parsed-document';
import { timeValue } from './timestamps';
import { parseTextTranscript } from './transcript-text.parser';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTurnList = (v: unknown): v is Obj[] => Array.isArray(v) && v.length > 0 && v.every((t) => isObj(t) && typeof t.text === 'string');

function speakerOf(value: unknown, assemblyStyle: boolean): string | null {
  if (typeof value === 'number') return `Speaker ${value}`;
  if (typeof value !== 'string' || !value.trim()) return null;
  const s = value.trim();
  // AssemblyAI labels speakers 'A', 'B', …
  return assemblyStyle && /^[A-Z]$/.test(s) ? `Speaker ${s}` : s;
}

/** Numbers above a day in seconds can only be milliseconds. */
function guessUnit(turns: Obj[]): 'seconds' | 'milliseconds' {
  const max = Math.max(0, ...turns.map((t) => (typeof t.end === 'number' ? t.end : typeof t.start === 'number' ? t.start : 0)));
  return max > 86_400 ? 'milliseconds' : 'seconds';
}

function fromTurns(turns: Obj[], unit: 'seconds' | 'milliseconds', assemblyStyle: boolean): TranscriptSegment[] {
  return turns
    .map((t, i) => ({
      line: i + 1,
      lineEnd: i + 1,
      speaker: speakerOf(t.speaker ?? t.speaker_label ?? t.name, assemblyStyle),
      start: timeValue(t.start ?? t.start_time ?? t.startTime, unit),
      text: String(t.text).replace(/\s+/g, ' ').trim(),
    }))
    .filter((s) => s.text !== '');
}

/**
 * Parses a JSON transcript: Whisper `{segments:[{start,end,text}]}` (seconds), AssemblyAI
 * `{utterances:[{speaker,start,end,text}]}` (milliseconds), a plain array of
 * `{speaker,start,end,text}` (seconds, or milliseconds when the numbers say so) or `{text}`.
 * Anything else is an IngestError naming the accepted shapes.
 */
export function parseJsonTranscript(content: string): TranscriptSegment[] {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (err) {
    if (content.trim() === '') throw new IngestError(INGEST_MESSAGES.emptyTranscript);
    throw new IngestError(INGEST_MESSAGES.invalidJson((err as Error).message.replace(/\.$/, '')));
  }
  if (isObj(data)) {
    if (isTurnList(data.utterances)) return fromTurns(data.utterances, 'milliseconds', true);
    if (isTurnList(data.segments)) return fromTurns(data.segments, 'seconds', false);
    if (typeof data.text === 'string') return parseTextTranscript(data.text);
  }
  if (isTurnList(data)) return fromTurns(data, guessUnit(data), false);
  throw new IngestError(INGEST_MESSAGES.unknownJsonShape);
}
