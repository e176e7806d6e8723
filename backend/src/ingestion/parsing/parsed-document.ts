/** One turn or paragraph of a transcript. */
export interface TranscriptSegment {
  speaker: string | null;
  /** Seconds from the start of the recording, when the transcript says. */
  start: number | null;
  text: string;
  /**
   * Where the turn is in the uploaded file: 1-based first and last line of a text transcript, or the
   * 1-based segment number of a JSON one (both equal then). Citations of untimed transcripts point here.
   */
  line?: number;
  lineEnd?: number;
}

/** The text of one PDF page (1-based page number). */
export interface PdfPage {
  num: number;
  text: string;
  /** The text was read by OCR from the rendered page (the page had no usable text layer). */
  ocr?: boolean;
}
