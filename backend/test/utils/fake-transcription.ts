import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** OpenAI's request limit for `/audio/transcriptions`: bodies over it are answered 413. */
export const TRANSCRIPTION_LIMIT_BYTES = 25 * 1024 * 1024;

export type TranscriptionFormat = 'json' | 'verbose_json' | 'srt' | 'vtt' | 'text';

export interface FakeTranscriptionOptions {
  /** Seconds of audio per segment the fake "hears" (default 2). */
  segmentSeconds?: number;
  /** What segment `segment` (0-based) of request `request` (1-based) says (default: a sentence naming both). */
  say?: (request: number, segment: number) => string;
  /** An HTTP status to answer request `request` (1-based) with instead of a transcription, or null. */
  failWith?: (request: number) => number | null;
  /** Answers in this format whatever was asked (a server that ignores `response_format`). */
  forceFormat?: TranscriptionFormat;
}

export interface TranscriptionRequest {
  model: string;
  responseFormat: string;
  bytes: number;
  /** Seconds of the audio received, read with ffprobe. */
  durationSeconds: number;
  status: number;
}

const ffprobe = promisify(execFile);

async function durationOf(audio: Buffer): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fake-whisper-'));
  try {
    const file = path.join(dir, 'piece');
    await fs.writeFile(file, audio);
    const { stdout } = await ffprobe('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
    return Number(stdout.trim());
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const clock = (s: number, comma: boolean) => {
  const ms = Math.round(s * 1000);
  const hh = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const mm = String(Math.floor(ms / 60_000) % 60).padStart(2, '0');
  const ss = String(Math.floor(ms / 1000) % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}${comma ? ',' : '.'}${String(ms % 1000).padStart(3, '0')}`;
};

function render(format: TranscriptionFormat, segments: { start: number; end: number; text: string }[], duration: number) {
  const text = segments.map((s) => s.text).join(' ');
  switch (format) {
    case 'json':
      return { type: 'application/json', body: JSON.stringify({ text }) };
    case 'verbose_json':
      return {
        type: 'application/json',
        body: JSON.stringify({
          task: 'transcribe',
          language: 'english',
          duration,
          text,
          segments: segments.map((s, id) => ({ id, ...s })),
        }),
      };
    case 'srt':
      return {
        type: 'text/plain',
        body: segments.map((s, i) => `${i + 1}\n${clock(s.start, true)} --> ${clock(s.end, true)}\n${s.text}\n`).join('\n'),
      };
    case 'vtt':
      return {
        type: 'text/plain',
        body: `WEBVTT\n\n${segments.map((s) => `${clock(s.start, false)} --> ${clock(s.end, false)}\n${s.text}\n`).join('\n')}`,
      };
    case 'text':
      return { type: 'text/plain', body: text };
  }
}

/**
 * POST /v1/audio/transcriptions of the fake OpenAI server: reads the multipart body (413 over 25 MB,
 * as OpenAI), measures the audio with ffprobe and answers one segment per `segmentSeconds` of it,
 * in the asked `response_format` (json, verbose_json with segments, srt, vtt, text).
 */
export function answerTranscription(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  options: FakeTranscriptionOptions,
  requests: TranscriptionRequest[],
): void {
  const parts: Buffer[] = [];
  let bytes = 0;
  req.on('data', (c: Buffer) => {
    bytes += c.length;
    if (bytes <= TRANSCRIPTION_LIMIT_BYTES) parts.push(c);
  });
  req.on('end', () => {
    void (async () => {
      const reply = (status: number, type: string, body: string) => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      const number = requests.length + 1;
      if (bytes > TRANSCRIPTION_LIMIT_BYTES) {
        requests.push({ model: '', responseFormat: '', bytes, durationSeconds: 0, status: 413 });
        return reply(413, 'application/json', JSON.stringify({ error: { message: 'Maximum content size limit (26214400) exceeded.' } }));
      }
      const form = await new Response(Buffer.concat(parts), {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
      const file = form.get('file') as File;
      const audio = Buffer.from(await file.arrayBuffer());
      const duration = await durationOf(audio);
      const format = options.forceFormat ?? ((form.get('response_format') as TranscriptionFormat | null) || 'json');
      const failure = options.failWith?.(number) ?? null;
      requests.push({ model: String(form.get('model')), responseFormat: format, bytes, durationSeconds: duration, status: failure ?? 200 });
      if (failure) return reply(failure, 'application/json', JSON.stringify({ error: { message: `Fake failure of request ${number}.` } }));
      const step = options.segmentSeconds ?? 2;
      const segments = [];
      // The last quarter second is left out: MP3 pieces end with up to 0.1 s of encoder padding.
      for (let k = 0; k * step < duration - 0.25; k++) {
        const text = options.say?.(number, k) ?? `Request ${number} segment ${k} is heard here.`;
        segments.push({ start: k * step, end: Math.min((k + 1) * step, duration), text });
      }
      const { type, body } = render(format, segments, duration);
      reply(200, type, body);
    })().catch((err: Error) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: err.message } }));
    });
  });
}
