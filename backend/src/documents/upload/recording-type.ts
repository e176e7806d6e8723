import path from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { RECORDINGS_NEED_TRANSCRIPTION } from '../../ai/transcription/transcription.types';
import { MediaFacts, probeMedia } from '../../media/ffmpeg';
import { RECORDING_MESSAGES } from '../dto/documents.messages';
import type { FileFacts } from './file-sniffer';
import { looksLikeText } from './file-type';

/** A file of the Recordings upload: how it is stored and which ingestion reads it. */
export interface RecordingType {
  mimeType: string;
  extension: string;
  /** Seconds of audio (recordings; 0 for captions). */
  durationSeconds: number;
}

/** The caption types, by what their text starts with. */
const CAPTIONS = {
  vtt: { mimeType: 'text/vtt', extension: '.vtt' },
  srt: { mimeType: 'application/x-subrip', extension: '.srt' },
} as const;

/** A SubRip file starts with a cue number, then its times. */
const SRT_START = /^\s*\d{1,9}[ \t]*\r?\n[ \t]*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}[ \t]*-->/;

function captionsOf(facts: FileFacts): keyof typeof CAPTIONS | null {
  const head = facts.head.toString('utf8').replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(head)) return 'vtt';
  return SRT_START.test(head) ? 'srt' : null;
}

/**
 * The stored type of a recording by ffprobe's container name (and whether it has a picture track);
 * null for containers the Recordings upload does not take.
 */
function mediaType(media: MediaFacts, originalName: string): { mimeType: string; extension: string } | null {
  const formats = media.formatName.split(',');
  const ext = path.extname(originalName).toLowerCase();
  if (formats.includes('mp4') || formats.includes('mov')) {
    if (ext === '.mov') return { mimeType: 'video/quicktime', extension: '.mov' };
    return media.hasVideo ? { mimeType: 'video/mp4', extension: '.mp4' } : { mimeType: 'audio/mp4', extension: '.m4a' };
  }
  if (formats.includes('webm'))
    return media.hasVideo ? { mimeType: 'video/webm', extension: '.webm' } : { mimeType: 'audio/webm', extension: '.webm' };
  if (formats.includes('wav')) return { mimeType: 'audio/wav', extension: '.wav' };
  if (formats.includes('mp3')) return { mimeType: 'audio/mpeg', extension: '.mp3' };
  if (formats.includes('ogg')) return { mimeType: 'audio/ogg', extension: '.ogg' };
  return null;
}

/** '1 h 05 min' or '12 min 30 s'. */
function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min ${Math.round(seconds % 60)} s`;
}

/**
 * Decides what a file of the Recordings upload is, from its content: captions (WebVTT, SubRip) by
 * their first characters; otherwise audio or video as ffprobe reads it, refused without a
 * transcription endpoint, without an audio track, at zero length or over RECORDING_MAX_HOURS.
 */
export async function detectRecording(
  file: string,
  facts: FileFacts,
  originalName: string,
  config: AppConfig,
): Promise<RecordingType | { rejection: string }> {
  if (facts.bytes === 0) return { rejection: RECORDING_MESSAGES.empty };
  const ext = path.extname(originalName).toLowerCase();
  if (looksLikeText(facts)) {
    const format = captionsOf(facts);
    if (format) return { ...CAPTIONS[format], durationSeconds: 0 };
    if (ext === '.vtt' || ext === '.srt') return { rejection: RECORDING_MESSAGES.notCaptions(ext) };
    return { rejection: RECORDING_MESSAGES.notMedia };
  }
  if (!config.transcriptionEnabled) return { rejection: RECORDINGS_NEED_TRANSCRIPTION };
  const media = await probeMedia(file);
  const type = media && mediaType(media, originalName);
  if (!media || !type) return { rejection: RECORDING_MESSAGES.notMedia };
  if (!media.hasAudio) return { rejection: RECORDING_MESSAGES.noAudio };
  if (media.durationSeconds <= 0) return { rejection: RECORDING_MESSAGES.zeroLength };
  if (media.durationSeconds > config.recordingMaxSeconds) {
    return { rejection: RECORDING_MESSAGES.tooLong(clock(media.durationSeconds), config.recordingMaxSeconds / 3600) };
  }
  return { ...type, durationSeconds: media.durationSeconds };
}
