import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { AbortedError, IngestError, INGEST_MESSAGES } from './ingest-errors';
import type { PdfPage } from './parsed-document';

/** Pages extracted per message from the parsing thread. */
const PAGES_PER_BATCH = 8;
/** Batches the parsing thread may run ahead of the consumer (bounds memory). */
const WINDOW = 3;
/** Parsing threads kept warm between documents (pdf.js compiled and optimised once, not per file). */
const MAX_IDLE_THREADS = 2;
/** After a file this large the thread is not kept: its heap goes back to the system. */
const KEEP_THREAD_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The parsing thread: pdf-parse 2.4 (`new PDFParse({ data })`, `getText({ first, last })` page range
 * by page range on the one loaded document, always `destroy()`), one document at a time, posting
 * pages as it goes and waiting for acknowledgements so it never runs more than WINDOW batches ahead.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { PDFParse } = require(workerData.pdfParse);
let job = null;
parentPort.on('message', (m) => {
  if (m.type === 'parse') {
    job = { id: m.jobId, credits: m.window, wake: null };
    void parse(m, job);
  } else if (m.type === 'ack' && job && job.id === m.jobId) {
    job.credits++;
    if (job.wake) { const w = job.wake; job.wake = null; w(); }
  }
});
async function parse(m, current) {
  let parser;
  try {
    parser = new PDFParse({ data: new Uint8Array(fs.readFileSync(m.file)) });
    let total = Infinity;
    for (let first = 1; first <= total; first += m.perBatch) {
      const result = await parser.getText({ first, last: first + m.perBatch - 1, pageJoiner: '' });
      total = result.total;
      if (current.credits <= 0) await new Promise((resolve) => (current.wake = resolve));
      current.credits--;
      parentPort.postMessage({ jobId: m.jobId, type: 'pages', total, pages: result.pages.map((p) => ({ num: p.num, text: p.text })) });
      if (total === 0) break;
    }
    parentPort.postMessage({ jobId: m.jobId, type: 'done' });
  } catch (err) {
    parentPort.postMessage({ jobId: m.jobId, type: 'error', name: (err && err.name) || 'Error', message: String((err && err.message) || err) });
  } finally {
    if (parser) await parser.destroy().catch(() => {});
    if (job === current) job = null;
  }
}
`;

type WorkerMessage = { jobId: number } & (
  | { type: 'pages'; total: number; pages: PdfPage[] }
  | { type: 'done' }
  | { type: 'error'; name: string; message: string }
);

export interface PdfPageBatch {
  /** Number of pages of the document. */
  total: number;
  pages: PdfPage[];
}

/** A parsing thread and the job it serves. */
interface ParsingThread {
  worker: Worker;
  listener: ((m: WorkerMessage) => void) | null;
  failure: Error | null;
  onFailure: (() => void) | null;
}

const idle: ParsingThread[] = [];
let jobSeq = 0;

function spawnThread(): ParsingThread {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pdfParse: require.resolve('pdf-parse') } });
  const thread: ParsingThread = { worker, listener: null, failure: null, onFailure: null };
  worker.on('message', (m: WorkerMessage) => thread.listener?.(m));
  const fail = (err: Error) => {
    thread.failure ??= err;
    const i = idle.indexOf(thread);
    if (i >= 0) idle.splice(i, 1);
    thread.onFailure?.();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the PDF parsing thread stopped (exit code ${code})`)));
  return thread;
}

function acquireThread(): ParsingThread {
  const thread = idle.pop() ?? spawnThread();
  thread.worker.ref();
  return thread;
}

function releaseThread(thread: ParsingThread, reusable: boolean): void {
  thread.listener = null;
  thread.onFailure = null;
  if (reusable && !thread.failure && idle.length < MAX_IDLE_THREADS) {
    thread.worker.unref(); // an idle thread never keeps the process alive
    idle.push(thread);
  } else {
    void thread.worker.terminate();
  }
}

/** The reason shown to the user for a pdf-parse failure. */
export function pdfFailureReason(name: string, message: string): string {
  if (name === 'PasswordException') return INGEST_MESSAGES.pdfEncrypted;
  if (name === 'InvalidPDFException' || name === 'FormatError' || /invalid pdf|corrupt|unexpected end/i.test(message)) {
    return INGEST_MESSAGES.pdfBroken;
  }
  return INGEST_MESSAGES.pdfUnreadable(message.replace(/\.$/, ''));
}

/**
 * Reads the pages of a PDF file in order, in batches, parsed on a worker thread (so the parsing
 * runs beside the embedding and database work, and the API thread stays responsive). Threads are
 * kept warm between documents. Throws an IngestError with a reason a person understands for
 * encrypted, broken or unreadable files.
 */
export async function* readPdfPages(file: string, signal?: AbortSignal): AsyncGenerator<PdfPageBatch> {
  const bytes = fs.statSync(file).size;
  const thread = acquireThread();
  const jobId = ++jobSeq;
  const inbox: WorkerMessage[] = [];
  let notify: (() => void) | null = null;
  thread.listener = (m) => {
    if (m.jobId !== jobId) return;
    inbox.push(m);
    notify?.();
  };
  thread.onFailure = () => notify?.();
  const onAbort = () => notify?.();
  signal?.addEventListener('abort', onAbort);
  let finished = false;
  try {
    thread.worker.postMessage({ type: 'parse', jobId, file, perBatch: PAGES_PER_BATCH, window: WINDOW });
    for (;;) {
      if (signal?.aborted) throw new AbortedError('shutting down');
      const message = inbox.shift();
      if (!message) {
        if (thread.failure) throw thread.failure;
        await new Promise<void>((resolve) => (notify = resolve));
        notify = null;
        continue;
      }
      if (message.type === 'done') {
        finished = true;
        return;
      }
      if (message.type === 'error') {
        finished = true;
        throw new IngestError(pdfFailureReason(message.name, message.message));
      }
      yield { total: message.total, pages: message.pages };
      thread.worker.postMessage({ type: 'ack', jobId });
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    // A thread left mid-document (abort, consumer gone) is stopped; a finished one is kept warm.
    releaseThread(thread, finished && bytes <= KEEP_THREAD_MAX_BYTES);
  }
}
