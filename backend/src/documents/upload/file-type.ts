import fs from 'node:fs/promises';
import type { DocumentKind } from '../document.types';
import { UPLOAD_MESSAGES } from '../dto/documents.messages';
import type { FileFacts } from './file-sniffer';

export interface DetectedType {
  mimeType: 'application/pdf' | 'text/plain' | 'application/json';
  extension: '.pdf' | '.txt' | '.json';
}

/** A PDF starts with `%PDF-` (readers accept it within the first 1 KB, after junk bytes). */
export function looksLikePdf(head: Buffer): boolean {
  return head.indexOf('%PDF-') >= 0;
}

/** Text is valid UTF-8 without NUL bytes (an optional BOM is fine). */
export function looksLikeText(facts: FileFacts): boolean {
  return facts.validUtf8 && !facts.hasNul && !looksLikePdf(facts.head);
}

/** The document kind the content says, when the form gave none. */
export function kindOf(facts: FileFacts): DocumentKind {
  return looksLikePdf(facts.head) ? 'pdf' : 'transcript';
}

async function parsesAsJson(path: string, facts: FileFacts): Promise<boolean> {
  const first = facts.head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()[0];
  if (first !== '{' && first !== '[') return false;
  try {
    JSON.parse((await fs.readFile(path, 'utf8')).replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of an uploaded file, decided from its content (not its name): a PDF by its magic bytes;
 * a transcript is UTF-8 text, JSON when it parses as JSON or its name ends in .json (a broken
 * .json file is accepted and fails at ingestion with the parser's reason). Returns the spec's
 * message when the content does not fit the kind.
 */
export async function detectType(
  kind: DocumentKind,
  path: string,
  facts: FileFacts,
  originalName: string,
): Promise<DetectedType | { rejection: string }> {
  if (kind === 'pdf') {
    return looksLikePdf(facts.head) ? { mimeType: 'application/pdf', extension: '.pdf' } : { rejection: UPLOAD_MESSAGES.pdfType };
  }
  if (!looksLikeText(facts)) return { rejection: UPLOAD_MESSAGES.transcriptType };
  const json = /\.json$/i.test(originalName) || (await parsesAsJson(path, facts));
  return json ? { mimeType: 'application/json', extension: '.json' } : { mimeType: 'text/plain', extension: '.txt' };
}
