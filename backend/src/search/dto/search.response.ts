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
  /** Text around the best match, matched words wrapped in `**…**`. */
  snippet: string;
  score: number;
}

/** GET /api/search: best first, at most 20. */
export class SearchResponse {
  results: SearchResult[];
}
