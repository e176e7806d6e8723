/**
 * The queue port between `documents` (which accepts uploads) and `ingestion` (which processes
 * them). Defined here so `documents` never imports `ingestion`; the ingestion module provides it
 * (Bull on Redis when REDIS_URL is set, the in-process runner otherwise).
 */
export const INGEST_QUEUE = Symbol('INGEST_QUEUE');

export interface IngestJob {
  documentId: string;
  /**
   * The document's `attempts` value when the job was queued. A re-process increments it, so a job
   * for an older run finds it changed and stops without touching the document.
   */
  run: number;
}

export interface IngestQueue {
  /** Queues the ingestion of a document; resolves once the job is accepted (not when it is done). */
  enqueue(job: IngestJob): Promise<void>;
}
