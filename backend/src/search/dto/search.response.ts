/** A matched word of a snippet: [start, end) in JavaScript string offsets (UTF-16 code units). */
export class SearchHighlight {
  start: number;
  end: number;
}

export class SearchResult {
  sessionId: string;
  sessionTitle: string;
  documentId: string;
  kind: 'transcript' | 'pdf';
  page: number | null;
  startTime: number | null;
  /** Untimed transcripts: the file lines the passage covers (1-based, inclusive); null otherwise. */
  line: number | null;
  lineEnd: number | null;
  marker: string;
  /** Text around the best match, as it is (plain text). */
  snippet: string;
  /** The words of `snippet` the search matched, in order, given as spans of it (the client marks them). */
  highlights: SearchHighlight[];
  score: number;
}

/** GET /api/search: best first, at most 20. */
export class SearchResponse {
  results: SearchResult[];
}
