import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Transcriber, TranscriptionError, TranscriptionResult } from '../../ai/transcription/transcription.types';
import { detectSilences, encodeAudioPiece, MediaToolError, probeMedia } from '../../media/ffmpeg';
import { parseCaptions } from '../parsing/captions.parser';
import { IngestError, INGEST_MESSAGES } from '../parsing/ingest-errors';
import type { TranscriptSegment } from '../parsing/parsed-document';
import type { ProgressReporter } from '../progress-reporter';
import { Piece, planPieces } from './pieces';

/** Attempts per piece (the first and two retries) for failures that may pass (connection, 429, 5xx). */
export const TRANSCRIPTION_ATTEMPTS = 3;
/** Pause before the second attempt of a piece; doubled before the third. */
export const TRANSCRIPTION_RETRY_MS = 1_000;

export interface RecordingDeps {
  transcriber: Transcriber;
  /** Longest piece sent in one request (TRANSCRIPTION_PIECE_SECONDS). */
  pieceSeconds: number;
  progress: ProgressReporter;
  signal: AbortSignal;
}

/** Seconds of `seconds` from `offset`, to the millisecond. */
const at = (offset: number, seconds: number) => Math.round((offset + seconds) * 1000) / 1000;

/** A piece's answer as transcript turns, its times moved by where the piece starts in the recording. */
async function turnsOf(result: TranscriptionResult, piece: Piece): Promise<TranscriptSegment[]> {
  if (result.kind === 'segments') {
    return result.segments.filter((s) => s.text).map((s) => ({ speaker: null, start: at(piece.start, s.start), text: s.text }));
  }
  if (result.kind === 'captions') {
    const format = result.text.startsWith('WEBVTT') ? 'vtt' : 'srt';
    return (await parseCaptions(result.text, format)).map((s) => ({
      speaker: s.speaker,
      start: at(piece.start, s.start ?? 0),
      text: s.text,
    }));
  }
  return result.text ? [{ speaker: null, start: at(piece.start, 0), text: result.text }] : [];
}

/** One piece sent until it succeeds, at most TRANSCRIPTION_ATTEMPTS times; then an IngestError with the reason. */
async function transcribePiece(file: string, piece: Piece, number: number, of: number, deps: RecordingDeps): Promise<TranscriptionResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.transcriber.transcribe(file, piece.end - piece.start, deps.signal);
    } catch (err) {
      if (deps.signal.aborted) throw err;
      const retryable = !(err instanceof TranscriptionError) || err.retryable;
      if (!retryable || attempt >= TRANSCRIPTION_ATTEMPTS) {
        throw new IngestError(INGEST_MESSAGES.transcriptionFailed(number, of, attempt, (err as Error).message));
      }
      await sleep(TRANSCRIPTION_RETRY_MS * 2 ** (attempt - 1), undefined, { signal: deps.signal });
    }
  }
}

/** Seconds left at the pace of the pieces done so far (wall time per second of audio); null before the first. */
function etaOf(started: number, doneSeconds: number, leftSeconds: number): number | null {
  if (doneSeconds <= 0) return null;
  return Math.ceil((((Date.now() - started) / 1000) * leftSeconds) / doneSeconds);
}

/**
 * A recording's transcript: ffprobe reads its length, ffmpeg finds its silences and cuts it into
 * pieces (mono 16 kHz MP3, each under TRANSCRIPTION_PIECE_SECONDS, cut on silence where there is
 * one), each piece is transcribed in turn (stage 'Transcribing n/m' with the time left) and its
 * segment times moved by the piece's start. The pieces live in a temporary directory removed after.
 */
export async function transcribeRecording(file: string, deps: RecordingDeps): Promise<TranscriptSegment[]> {
  await deps.progress.stage('Preparing audio');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ca-recording-'));
  try {
    const media = await probeMedia(file, deps.signal);
    if (!media?.hasAudio || media.durationSeconds <= 0) throw new IngestError(INGEST_MESSAGES.recordingUnreadable('no audio track'));
    const duration = media.durationSeconds;
    const silences = duration > deps.pieceSeconds ? await detectSilences(file, duration, deps.signal) : [];
    const pieces = planPieces(duration, silences, deps.pieceSeconds);
    const turns: TranscriptSegment[] = [];
    const started = Date.now();
    for (const [i, piece] of pieces.entries()) {
      await deps.progress.transcribing(i + 1, pieces.length, etaOf(started, piece.start, duration - piece.start));
      const out = path.join(dir, `piece-${i + 1}.mp3`);
      await encodeAudioPiece(file, piece.start, piece.end - piece.start, out, deps.signal);
      turns.push(...(await turnsOf(await transcribePiece(out, piece, i + 1, pieces.length, deps), piece)));
      await fs.rm(out, { force: true });
    }
    return turns.map((t, i) => ({ ...t, line: i + 1, lineEnd: i + 1 }));
  } catch (err) {
    if (err instanceof MediaToolError) throw new IngestError(INGEST_MESSAGES.recordingUnreadable(err.message));
    throw err;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
