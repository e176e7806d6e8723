/** Injection token of the transcriber (`Transcriber`): recordings become transcripts through it. */
export const TRANSCRIBER = Symbol('TRANSCRIBER');

/** One timed segment of a transcription, in seconds from the start of the audio sent. */
export interface TranscribedSegment {
  start: number;
  end: number;
  text: string;
}

/**
 * What the endpoint answered: timed segments (`verbose_json`), caption text (`srt`, `vtt`: read by
 * the captions parser) or only text (`json`, `text`: one untimed passage at the piece's start).
 */
export type TranscriptionResult =
  { kind: 'segments'; segments: TranscribedSegment[] } | { kind: 'captions'; text: string } | { kind: 'text'; text: string };

/** A request that failed; `retryable` when trying again may help (connection, timeout, 408, 429, 5xx). */
export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface Transcriber {
  /** null when no transcription endpoint is configured (AI_PROVIDER=local). */
  readonly model: string | null;
  /** Transcribes one audio file of `seconds` seconds; records its usage (kind 'transcription'). */
  transcribe(file: string, seconds: number, signal?: AbortSignal): Promise<TranscriptionResult>;
}

/** The answer to a recording uploaded while no transcription endpoint is configured (AI_PROVIDER=local). */
export const RECORDINGS_NEED_TRANSCRIPTION =
  'Recordings are transcribed by an OpenAI-compatible transcription service: set AI_PROVIDER=openai with OPENAI_API_KEY ' +
  '(and TRANSCRIPTION_BASE_URL for a local whisper server) to upload recordings. Captions (.vtt, .srt) work without it.';
