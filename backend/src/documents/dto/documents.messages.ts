/** What the upload and document routes answer, in the spec's words (PRODUCT.md §5 and §8). */
export const UPLOAD_MESSAGES = {
  missing: 'Please select both a file and a session.',
  transcriptType: 'Please select a TXT or JSON file.',
  pdfType: 'Please select a PDF file.',
  tooLarge: 'Please select a file smaller than 50MB.',
  badKind: 'Please choose the kind of document: transcript or pdf.',
  sessionNotFound: 'Session not found.',
} as const;

export const DOCUMENT_NOT_FOUND = 'Document not found.';
export const DOCUMENT_FILE_MISSING = 'The file of this document is no longer available.';
export const MEDIA_TOOLS_UNAVAILABLE = 'Recordings cannot be read on this server: ffmpeg is not installed. Please try again later.';
export const FILE_STORE_UNAVAILABLE = 'The file store is unavailable. Please try again in a moment.';

/** What the Recordings upload (audio, video, captions) answers; not in the spec (added with recordings). */
export const RECORDING_MESSAGES = {
  tooLarge: (mb: number) => `Please select a recording smaller than ${mb} MB (RECORDING_MAX_MB).`,
  empty: 'The file is empty (0 bytes): there is nothing to transcribe.',
  notMedia:
    'This file is not a recording or captions. The Recordings upload takes audio (.mp3, .m4a, .wav, .ogg), ' +
    'video (.mp4, .mov, .webm) and captions (.vtt, .srt).',
  notCaptions: (ext: string) =>
    `This ${ext} file is not ${ext === '.vtt' ? 'WebVTT (it must start with WEBVTT)' : 'SubRip (numbered cues with "00:00:01,000 --> 00:00:04,000" times)'}.`,
  noAudio: 'This recording has no audio track: there is nothing to transcribe.',
  zeroLength: 'This recording has zero length: there is nothing to transcribe.',
  tooLong: (duration: string, hours: number) =>
    `This recording is ${duration} long; recordings up to ${hours} hours are accepted (RECORDING_MAX_HOURS).`,
} as const;
