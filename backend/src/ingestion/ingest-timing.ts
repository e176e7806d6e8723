import { newPdfChunkTiming, PdfChunkTiming } from './chunking/chunker';
import type { ParseThreadTiming } from './parsing/pdf-pages';

/**
 * Where the milliseconds of one run go (logged as `document <id> timing {…}` at the end, read by
 * bench:ingest). Main thread: `sourceMs` waiting for the next pages or turns (parsing runs on its
 * own thread for PDFs), `textCleanMs` making parser text storable, the chunker's steps, `embedMs`
 * (embeddings and their usage row), `insertMs` (INSERT round trips, which overlap the reading of
 * the next chunks), `insertWaitMs` (the part of the writing the run waited for: a backlog of a full
 * batch, and the end), `yieldMs` (INSERTs held back while the process's other statements ran: the
 * embedded database yielding to answers), `progressMs`, `tallyMs` (the abbreviations the chunks define, counted as
 * they are read), `learnMs` (those stored), `indexMs` (the full-text index's pending list merged,
 * `mergeTextIndex`), `finishMs`; `batches`: the number of INSERTs; `heartbeats`: lease refreshes written
 * besides the progress writes (`JobLease`).
 * `thread`: the parsing thread's own account (PDF); `ocrMs`: OCR of pages without text layer.
 */
export interface IngestTiming extends PdfChunkTiming {
  totalMs: number;
  sourceMs: number;
  textCleanMs: number;
  embedMs: number;
  insertMs: number;
  insertWaitMs: number;
  yieldMs: number;
  progressMs: number;
  tallyMs: number;
  learnMs: number;
  indexMs: number;
  finishMs: number;
  batches: number;
  heartbeats: number;
  thread: Partial<ParseThreadTiming> & { ocrMs?: number };
}

export function newTiming(): IngestTiming {
  return {
    totalMs: 0,
    sourceMs: 0,
    textCleanMs: 0,
    ...newPdfChunkTiming(),
    embedMs: 0,
    insertMs: 0,
    insertWaitMs: 0,
    yieldMs: 0,
    progressMs: 0,
    tallyMs: 0,
    learnMs: 0,
    indexMs: 0,
    finishMs: 0,
    batches: 0,
    heartbeats: 0,
    thread: {},
  };
}

export const roundTiming = (t: IngestTiming) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v) : v]));
