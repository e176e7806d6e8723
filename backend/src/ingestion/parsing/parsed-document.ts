/** One turn or paragraph of a transcript. */
export interface TranscriptSegment {
  speaker: string | null;
  /** Seconds from the start of the recording, when the transcript says. */
  start: number | null;
  text: string;
}

/** The text of one PDF page (1-based page number). */
export interface PdfPage {
  num: number;
  text: string;
  /** The text was read by OCR from the rendered page (the page had no usable text layer). */
  ocr?: boolean;
}
