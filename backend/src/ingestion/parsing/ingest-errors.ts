/**
 * A reason the document cannot be ingested, written for the person who uploaded it; the document
 * ends in `error` with this message and is not retried (re-processing the same file fails the same way).
 */
export class IngestError extends Error {
  override readonly name = 'IngestError';
}

/** The job's run was replaced (re-process) or its document deleted: stop quietly. */
export class SupersededError extends Error {
  override readonly name = 'SupersededError';
}

/** The process is shutting down: stop, the document is picked up again on the next start. */
export class AbortedError extends Error {
  override readonly name = 'AbortedError';
}

export const INGEST_MESSAGES = {
  emptyTranscript: 'The transcript is empty: there is no text to index.',
  notUtf8: 'The transcript is not UTF-8 text. Save it as UTF-8 (TXT or JSON) and upload it again.',
  invalidJson: (detail: string) => `The JSON transcript is not valid JSON (${detail}). Fix the file or upload it as plain text.`,
  unknownJsonShape:
    'The JSON transcript has an unrecognised shape. Accepted shapes: Whisper {"segments": [{"start", "end", "text"}]}, ' +
    'AssemblyAI {"utterances": [{"speaker", "start", "end", "text"}]} (times in milliseconds), ' +
    'a list of {"speaker", "start", "end", "text"}, or {"text": "..."}.',
  pdfNoText: 'This PDF has no extractable text (it is probably scanned images). Upload a PDF with a text layer, or run OCR on it first.',
  pdfNoReadableText:
    'This PDF has no text layer and OCR found no readable text on its pages. Upload a clearer scan or a PDF with a text layer.',
  pdfParseTimeout: (seconds: number) =>
    `Reading this PDF took longer than the limit of ${seconds} seconds (PDF_PARSE_TIMEOUT_SECONDS), so it was stopped. ` +
    'Export or save it again (smaller or simpler) and upload the new file.',
  pdfParseMemory: (mb: number) =>
    `Reading this PDF needed more memory than the limit of ${mb} MB (PDF_PARSE_MAX_MEMORY_MB), so it was stopped. ` +
    'Export or save it again (smaller or simpler) and upload the new file.',
  pdfEncrypted: 'This PDF is password-protected. Remove the password and upload it again.',
  pdfBroken: 'This PDF is damaged or incomplete and could not be read. Export or download it again and upload the new file.',
  pdfUnreadable: (detail: string) => `This PDF could not be read (${detail}).`,
  fileMissing: 'The uploaded file is missing from storage. Upload the document again.',
  captionsUnreadable: (format: string, detail: string) =>
    `The ${format === 'vtt' ? 'WebVTT' : 'SubRip'} caption file could not be read (${detail}). Fix the file and upload it again.`,
  noCaptions: 'The caption file has no cues with text: there is nothing to index.',
  noSpeech: 'The transcription service found no speech in this recording: there is no text to index.',
  transcriptionFailed: (piece: number, of: number, attempts: number, reason: string) =>
    `Transcribing piece ${piece} of ${of} of the recording failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${reason}`,
  recordingUnreadable: (detail: string) => `The recording could not be read by ffmpeg (${detail}).`,
} as const;
