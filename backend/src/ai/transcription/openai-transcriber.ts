import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config/app-config';
import type { AiUsageService } from '../usage/ai-usage.service';
import {
  RECORDINGS_NEED_TRANSCRIPTION,
  TranscribedSegment,
  Transcriber,
  TranscriptionError,
  TranscriptionResult,
} from './transcription.types';

/** Longest wait for one piece's transcription (a ten-minute piece takes well under a minute on OpenAI). */
export const TRANSCRIPTION_TIMEOUT_MS = 10 * 60 * 1000;
/** OpenAI's base URL when neither TRANSCRIPTION_BASE_URL nor OPENAI_BASE_URL is set. */
const OPENAI_API = 'https://api.openai.com/v1';

interface VerboseJson {
  text?: string;
  segments?: { start?: number; end?: number; text?: string }[];
}

function segmentsOf(body: VerboseJson): TranscriptionResult {
  const segments: TranscribedSegment[] = (body.segments ?? [])
    .filter((s) => typeof s.text === 'string' && Number.isFinite(s.start))
    .map((s) => ({ start: Number(s.start), end: Number.isFinite(s.end) ? Number(s.end) : Number(s.start), text: String(s.text).trim() }));
  if (segments.length) return { kind: 'segments', segments };
  return { kind: 'text', text: typeof body.text === 'string' ? body.text.trim() : '' };
}

/** The reason an error response gives (`{error: {message}}`), else its first characters. */
function reasonOf(status: number, body: string): string {
  try {
    const message = (JSON.parse(body) as { error?: { message?: string } }).error?.message;
    if (message) return `HTTP ${status}: ${message}`;
  } catch {
    // not JSON
  }
  return `HTTP ${status}${body.trim() ? `: ${body.trim().slice(0, 200)}` : ''}`;
}

/**
 * Transcription through an OpenAI-compatible `POST {TRANSCRIPTION_BASE_URL}/audio/transcriptions`
 * (multipart: file, model, response_format=verbose_json with segment timestamps). Answers in `json`,
 * `text`, `srt` and `vtt` are understood too (servers that ignore the format asked for). One usage row
 * per piece: kind 'transcription', the audio's seconds, costed per minute (`../pricing.ts`).
 */
export class OpenAiTranscriber implements Transcriber {
  readonly model: string;
  private readonly endpoint: string;

  constructor(
    private readonly config: AppConfig,
    private readonly usage: AiUsageService,
  ) {
    this.model = config.transcriptionModel;
    this.endpoint = `${(config.transcriptionBaseUrl ?? OPENAI_API).replace(/\/+$/, '')}/audio/transcriptions`;
  }

  async transcribe(file: string, seconds: number, signal?: AbortSignal): Promise<TranscriptionResult> {
    // Over OPENAI_DAILY_BUDGET_USD nothing is sent (the piece fails with the budget's message).
    await this.usage.assertWithinBudget();
    const form = new FormData();
    form.append('file', await fs.openAsBlob(file, { type: 'audio/mpeg' }), path.basename(file));
    form.append('model', this.model);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');
    const timeout = AbortSignal.timeout(TRANSCRIPTION_TIMEOUT_MS);
    let res: Response;
    try {
      res = await fetch(this.endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.config.openaiApiKey ?? ''}` },
        body: form,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new TranscriptionError(`the transcription service could not be reached (${(err as Error).message})`, true);
    }
    const body = await res.text();
    if (!res.ok) {
      const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
      throw new TranscriptionError(reasonOf(res.status, body), retryable);
    }
    const result = this.read(res.headers.get('content-type') ?? '', body);
    await this.usage.record({ kind: 'transcription', provider: 'openai', model: this.model, promptTokens: 0, audioSeconds: seconds });
    return result;
  }

  private read(contentType: string, body: string): TranscriptionResult {
    const trimmed = body.trim();
    if (contentType.includes('json') || trimmed.startsWith('{')) {
      try {
        return segmentsOf(JSON.parse(trimmed) as VerboseJson);
      } catch {
        throw new TranscriptionError('the transcription service answered with invalid JSON', true);
      }
    }
    if (/^WEBVTT/.test(trimmed) || /^\d+\r?\n\d{1,2}:\d{2}:\d{2}[,.]\d{1,3} -->/.test(trimmed)) return { kind: 'captions', text: trimmed };
    return { kind: 'text', text: trimmed };
  }
}

/** The transcriber of the local provider: there is none (uploads of recordings are refused before this). */
export class NoTranscriber implements Transcriber {
  readonly model = null;

  transcribe(): Promise<TranscriptionResult> {
    return Promise.reject(new TranscriptionError(RECORDINGS_NEED_TRANSCRIPTION, false));
  }
}

export function createTranscriber(config: AppConfig, usage: AiUsageService): Transcriber {
  return config.transcriptionEnabled ? new OpenAiTranscriber(config, usage) : new NoTranscriber();
}
