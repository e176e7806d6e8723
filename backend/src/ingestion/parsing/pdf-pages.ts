import { Worker } from 'node:worker_threads';
import { AbortedError, IngestError, INGEST_MESSAGES } from './ingest-errors';
import type { PdfPage } from './parsed-document';

/** Pages extracted per message from the parsing thread. */
const PAGES_PER_BATCH = 8;
/** Batches the parsing thread may run ahead of the consumer (bounds memory). */
const WINDOW = 3;

/**
 * The parsing thread: pdf-parse 2.4 (`new PDFParse({ data })`, `getText({ first, last })` page range
 * by page range on the one loaded document, always `destroy()`), posting pages as it goes and
 * waiting for acknowledgements so it never runs more than WINDOW batches ahead.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { PDFParse } = require(workerData.pdfParse);
let credits = workerData.window;
let wake = null;
parentPort.on('message', (m) => {
  if (m === 'ack') { credits++; if (wake) { const w = wake; wake = null; w(); } }
});
(async () => {
  let parser;
  try {
    parser = new PDFParse({ data: new Uint8Array(fs.readFileSync(workerData.file)) });
    let total = Infinity;
    for (let first = 1; first <= total; first += workerData.perBatch) {
      const result = await parser.getText({ first, last: first + workerData.perBatch - 1, pageJoiner: '' });
      total = result.total;
      if (credits <= 0) await new Promise((resolve) => (wake = resolve));
      credits--;
      parentPort.postMessage({ type: 'pages', total, pages: result.pages.map((p) => ({ num: p.num, text: p.text })) });
      if (total === 0) break;
    }
    parentPort.postMessage({ type: 'done' });
  } catch (err) {
    parentPort.postMessage({ type: 'error', name: (err && err.name) || 'Error', message: String((err && err.message) || err) });
  } finally {
    if (parser) await parser.destroy().catch(() => {});
  }
})();
`;

type WorkerMessage =
  | { type: 'pages'; total: number; pages: PdfPage[] }
  | { type: 'done' }
  | { type: 'error'; name: string; message: string };

export interface PdfPageBatch {
  /** Number of pages of the document. */
  total: number;
  pages: PdfPage[];
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
 * runs beside the embedding and database work, and the API thread stays responsive). Throws an
 * IngestError with a reason a person understands for encrypted, broken or unreadable files.
 */
export async function* readPdfPages(file: string, signal?: AbortSignal): AsyncGenerator<PdfPageBatch> {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, pdfParse: require.resolve('pdf-parse'), perBatch: PAGES_PER_BATCH, window: WINDOW },
  });
  const inbox: WorkerMessage[] = [];
  let notify: (() => void) | null = null;
  let failure: Error | null = null;
  const push = (m: WorkerMessage) => {
    inbox.push(m);
    notify?.();
  };
  worker.on('message', push);
  worker.on('error', (err) => {
    failure = err;
    notify?.();
  });
  worker.on('exit', (code) => {
    if (code !== 0 && !failure) failure = new Error(`the PDF parsing thread stopped (exit code ${code})`);
    notify?.();
  });
  const onAbort = () => void worker.terminate();
  signal?.addEventListener('abort', onAbort);
  try {
    for (;;) {
      if (signal?.aborted) throw new AbortedError('shutting down');
      const message = inbox.shift();
      if (!message) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (notify = resolve));
        notify = null;
        continue;
      }
      if (message.type === 'done') return;
      if (message.type === 'error') throw new IngestError(pdfFailureReason(message.name, message.message));
      yield { total: message.total, pages: message.pages };
      worker.postMessage('ack');
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await worker.terminate();
  }
}
