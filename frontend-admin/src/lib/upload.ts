import {
  MAX_UPLOAD_BYTES,
  MSG_FILE_TOO_LARGE,
  MSG_INVALID_PDF_TYPE,
  MSG_INVALID_RECORDING_TYPE,
  MSG_INVALID_TRANSCRIPT_TYPE,
  MSG_MISSING_INFORMATION,
} from '@/constants';
import type { DocumentKind } from './types';

/** PRODUCT.md §5: what each kind accepts. */
export const ACCEPTED_TYPES: Record<DocumentKind, { mimeTypes: string[]; extensions: string[] }> = {
  transcript: { mimeTypes: ['text/plain', 'application/json'], extensions: ['.txt', '.json'] },
  pdf: { mimeTypes: ['application/pdf'], extensions: ['.pdf'] },
};

/** The `accept` attribute of the file input of a kind. */
export function acceptAttribute(kind: DocumentKind): string {
  const t = ACCEPTED_TYPES[kind];
  return [...t.extensions, ...t.mimeTypes].join(',');
}

/**
 * A file's problem for an upload of `kind` (type, then size), or null when it is acceptable.
 * A browser that gives no MIME type is judged by the extension.
 */
export function fileProblem(file: Pick<File, 'name' | 'type' | 'size'>, kind: DocumentKind): string | null {
  const accepted = ACCEPTED_TYPES[kind];
  const name = file.name.toLowerCase();
  const typeOk = file.type ? accepted.mimeTypes.includes(file.type) : accepted.extensions.some((e) => name.endsWith(e));
  if (!typeOk) return kind === 'pdf' ? MSG_INVALID_PDF_TYPE : MSG_INVALID_TRANSCRIPT_TYPE;
  if (file.size > MAX_UPLOAD_BYTES) return MSG_FILE_TOO_LARGE;
  return null;
}

/** PRODUCT.md §5: the upload form's checks before anything is sent. */
export function uploadProblem(file: Pick<File, 'name' | 'type' | 'size'> | null, sessionId: string, kind: DocumentKind): string | null {
  if (!file || !sessionId) return MSG_MISSING_INFORMATION;
  return fileProblem(file, kind);
}

/** The Recordings tab (not in the spec): audio, video and captions; the server checks the content and its limits. */
export const RECORDING_TYPES = {
  mimePrefixes: ['audio/', 'video/'],
  mimeTypes: ['text/vtt', 'application/x-subrip'],
  extensions: ['.mp3', '.m4a', '.wav', '.ogg', '.mp4', '.mov', '.webm', '.vtt', '.srt'],
};

export const RECORDING_ACCEPT = ['audio/*', 'video/*', ...RECORDING_TYPES.mimeTypes, ...RECORDING_TYPES.extensions].join(',');

/**
 * A file's problem for the Recordings tab, or null: judged by the extension (browsers give .srt and
 * .vtt files no or varying types), else by an audio or video MIME type. Size and length limits are the server's.
 */
export function recordingProblem(file: Pick<File, 'name' | 'type'> | null, sessionId: string): string | null {
  if (!file || !sessionId) return MSG_MISSING_INFORMATION;
  const name = file.name.toLowerCase();
  if (RECORDING_TYPES.extensions.some((e) => name.endsWith(e))) return null;
  const type = file.type.toLowerCase();
  const typeOk = RECORDING_TYPES.mimePrefixes.some((p) => type.startsWith(p)) || RECORDING_TYPES.mimeTypes.includes(type);
  return typeOk ? null : MSG_INVALID_RECORDING_TYPE;
}
