import { spawn } from 'node:child_process';

/**
 * ffmpeg and ffprobe, spawned from PATH (Debian's `ffmpeg` package; the Docker image and `.ci/run`
 * install it). Media is only ever read by them: nothing here parses a media format itself.
 */
export const FFMPEG = 'ffmpeg';
export const FFPROBE = 'ffprobe';

/** Most of a tool's standard error kept for its error message and for `silencedetect`'s report. */
const MAX_STDERR = 4 * 1024 * 1024;

export class MediaToolError extends Error {
  override readonly name = 'MediaToolError';
}

interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs `command args`, resolving its output when it exits with 0; rejects with its last words otherwise. */
export function runTool(command: string, args: string[], signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      if (stdout.length < MAX_STDERR) stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < MAX_STDERR) stderr += d.toString();
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') reject(new MediaToolError(`${command} is not installed (install Debian's ffmpeg package).`));
      else reject(err);
    });
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new MediaToolError(`${command} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

/** What ffprobe reads of a file. */
export interface MediaFacts {
  /** ffprobe's container name, e.g. 'mov,mp4,m4a,3gp,3g2,mj2', 'wav', 'mp3', 'matroska,webm', 'ogg'. */
  formatName: string;
  durationSeconds: number;
  hasAudio: boolean;
  hasVideo: boolean;
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; duration?: string; disposition?: { attached_pic?: number } }[];
}

/** ffprobe's reading of `file`, or null when ffprobe cannot read it as media. */
export async function probeMedia(file: string, signal?: AbortSignal): Promise<MediaFacts | null> {
  let out: RunResult;
  try {
    out = await runTool(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], signal);
  } catch (err) {
    if (err instanceof MediaToolError && /not installed/.test(err.message)) throw err;
    return null;
  }
  const data = JSON.parse(out.stdout || '{}') as ProbeJson;
  if (!data.format?.format_name) return null;
  const streams = data.streams ?? [];
  const audio = streams.filter((s) => s.codec_type === 'audio');
  // A cover picture of an audio file is a "video" stream too: it is not a video.
  const video = streams.filter((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const durations = [data.format.duration, ...audio.map((s) => s.duration)].map(Number).filter((n) => Number.isFinite(n) && n > 0);
  return {
    formatName: data.format.format_name,
    durationSeconds: durations.length ? Math.max(...durations) : 0,
    hasAudio: audio.length > 0,
    hasVideo: video.length > 0,
  };
}

/** A stretch of silence found by ffmpeg's `silencedetect`, in seconds from the start. */
export interface Silence {
  start: number;
  end: number;
}

const SILENCE_LINE = /silence_(start|end): (\d+(?:\.\d+)?)/g;

/** The silences `silencedetect` reports in its standard error (a silence running to the end ends there). */
export function silencesOf(stderr: string, duration: number): Silence[] {
  const found: Silence[] = [];
  let open: number | null = null;
  for (const m of stderr.matchAll(SILENCE_LINE)) {
    const at = Number(m[2]);
    if (m[1] === 'start') open = at;
    else if (open !== null) {
      found.push({ start: open, end: at });
      open = null;
    }
  }
  if (open !== null) found.push({ start: open, end: duration });
  return found;
}

/** Silences of at least `minSeconds` quieter than -35 dB in the audio of `file`. */
export async function detectSilences(file: string, duration: number, signal?: AbortSignal, minSeconds = 0.4): Promise<Silence[]> {
  const { stderr } = await runTool(
    FFMPEG,
    ['-hide_banner', '-nostats', '-i', file, '-vn', '-af', `silencedetect=noise=-35dB:d=${minSeconds}`, '-f', 'null', '-'],
    signal,
  );
  return silencesOf(stderr, duration);
}

/**
 * Encodes `seconds` of the audio of `file` from `start` as mono 16 kHz 32 kbit/s MP3 into `out`
 * (about 4 KB a second: ten minutes make 2.4 MB). The seek is exact (decoded), so the piece starts at `start`.
 */
export async function encodeAudioPiece(file: string, start: number, seconds: number, out: string, signal?: AbortSignal): Promise<void> {
  await runTool(
    FFMPEG,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-ss',
      start.toFixed(3),
      '-t',
      seconds.toFixed(3),
      '-i',
      file,
      '-vn',
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      '16000',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '32k',
      out,
    ],
    signal,
  );
}
