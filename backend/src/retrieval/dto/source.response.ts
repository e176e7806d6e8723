/** One turn of an untimed transcript's passage, as shown under a line citation. */
export class SourceExcerptLine {
  line: number;
  text: string;
  /** The turn the marker points at. */
  cited: boolean;
}

/** A citation the client shows as a badge: one per distinct marker of an answer. */
export class Source {
  /** '' for a program entry (kind 'session'): it cites the session itself, no document. */
  documentId: string;
  sessionId: string;
  sessionTitle: string;
  /** 'session': a program entry ('[Session: Title]'); the snippet gives its day, time, room and speakers. */
  kind: 'transcript' | 'pdf' | 'session';
  page?: number;
  /** Seconds from the start of the recording. */
  startTime?: number;
  /** Untimed transcripts: the cited turn's first and last line in the uploaded file (1-based). */
  line?: number;
  lineEnd?: number;
  /**
   * The marker as it appears in the answer: '[p. 3]', '[12:34]', '[line 112]', '[Lender Panel, p. 3]',
   * '[Session: Title]'. The grammar of markers is `CITATION_MARKER` (x-constants of this schema).
   */
  marker: string;
  snippet: string;
  /**
   * Untimed transcripts: the turns of the passage around the cited one, each with its file line;
   * `cited` marks the turn(s) the marker points at (the client highlights them).
   */
  excerpt?: SourceExcerptLine[];
  score: number;
}
