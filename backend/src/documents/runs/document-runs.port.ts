import type { EntityManager } from 'typeorm';
import type { DocumentKind } from '../document.types';

/**
 * The port through which ingestion moves a document along its runs: the state columns of `documents`
 * (status, attempts, progress, heartbeat, the saved transcript, the counted run). The table belongs to
 * `documents`, which provides this port (`DocumentRunsModule`); ingestion never writes the table itself.
 * A run is the document's `attempts` value when its job was queued: every write names it and changes
 * nothing once a re-process or a delete replaced it.
 */
export const DOCUMENT_RUNS = Symbol('DOCUMENT_RUNS');

/** A document taken by a job. */
export interface ClaimedDocument {
  id: string;
  kind: DocumentKind;
  sessionId: string;
  storagePath: string;
  mimeType: string;
}

export interface ProgressUpdate {
  stage: string;
  percent: number;
  processedChunks: number;
  totalChunks: number;
  etaSeconds: number | null;
}

/** A document to queue: its id and current run. */
export interface QueueableDocument {
  id: string;
  run: number;
}

/** What the end of a run records on its document. */
export interface EmbeddedRun {
  model: string;
  totalChunks: number;
  /** The pages whose text this run read by OCR. */
  ocrPages: number[];
}

export interface DocumentRuns {
  /**
   * Takes the document for run `run` when it waits (`uploaded`) or its previous job is dead (stale
   * heartbeat). Returns null when another run replaced it, it was deleted or a live job holds it.
   */
  claim(id: string, run: number): Promise<ClaimedDocument | null>;
  /** Writes progress (and the heartbeat); false when the run is no longer current. */
  progress(id: string, run: number, p: ProgressUpdate): Promise<boolean>;
  heartbeat(id: string, run: number): Promise<void>;
  /** The turns of a recording transcribed by `model` in an earlier run, or null. */
  savedTranscript<T>(id: string, model: string): Promise<T | null>;
  /** Keeps a recording's transcription with the document (while `run` is current), for later runs. */
  saveTranscript(id: string, run: number, model: string, turns: unknown): Promise<void>;
  /** Locks the document in the caller's transaction; false when `run` is no longer its current, running one. */
  lockRun(id: string, run: number, m: EntityManager): Promise<boolean>;
  /** The document becomes `embedded` (version + 1, its word counts current) in the caller's transaction. */
  markEmbedded(id: string, result: EmbeddedRun, m: EntityManager): Promise<void>;
  /** Records the document's current run as the one its word counts were made from (`words_run`). */
  markWordsCounted(id: string, m?: EntityManager): Promise<void>;
  /** Ends the run in `error` with the reason. */
  fail(id: string, run: number, reason: string): Promise<void>;
  /** Puts the run back to `uploaded` until its next attempt. */
  markRetrying(id: string, run: number, stage: string, reason: string): Promise<void>;
  /** A run interrupted by a shutdown waits again, so the next process to start takes it at once. */
  release(id: string, run: number): Promise<void>;
  /** Every `chunked` document waits again (the embedded database's process owns every job); how many. */
  releaseAllChunked(): Promise<number>;
  /** Documents embedded with another model than `model` start a new run. */
  requeueOtherModels(model: string): Promise<{ id: string; embeddingModel: string | null }[]>;
  /** Waiting documents (optionally only those waiting longer than `waitingForSeconds`) and stale `chunked` ones. */
  needingWork(waitingForSeconds?: number): Promise<QueueableDocument[]>;
}
