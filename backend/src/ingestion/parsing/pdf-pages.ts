import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AbortedError, IngestError, INGEST_MESSAGES } from './ingest-errors';
import { alphanumerics, MIN_READABLE_CHARS, OcrPageText, PageOcr } from './page-ocr';
import type { PdfPage } from './parsed-document';

/** Pages extracted per message from the parsing thread. */
const PAGES_PER_BATCH = 8;
/** Batches the parsing thread may run ahead of the consumer (bounds memory). */
const WINDOW = 3;
/** Parsing threads kept warm between documents (pdf.js compiled and optimised once, not per file). */
const MAX_IDLE_THREADS = 2;
/** After a file this large the thread is not kept: its heap goes back to the system. */
const KEEP_THREAD_MAX_BYTES = 16 * 1024 * 1024;
/** A page whose text layer holds fewer non-blank characters than this is read by OCR. */
export const OCR_MIN_TEXT_CHARS = 24;
/** Width in pixels a page is rendered at for OCR: about 200 dpi for Letter and A4 (slides about 170 dpi). */
export const OCR_RENDER_WIDTH = 1700;

/** Defaults of the settings PDF_PARSE_TIMEOUT_SECONDS and PDF_PARSE_MAX_MEMORY_MB. */
const DEFAULT_LIMITS = { timeoutSeconds: 300, maxMemoryMb: 512 };

/** The parsing thread's program (its header says what it does). */
const WORKER_ENTRY = path.join(__dirname, 'pdf-pages.worker.cjs');

/** A page as the parsing thread posts it (the image of a page to read by OCR was posted before it, in an 'image' message). */
interface ThreadPage {
  num: number;
  text: string;
  /** The page was rendered for OCR: its image came in an 'image' message. */
  imagePosted?: boolean;
  /** A page to OCR beyond the document's OCR page cap. */
  ocrSkipped?: boolean;
  /** A page to OCR that pdf.js could not render. */
  renderFailed?: boolean;
  /** A page without text layer that draws nothing OCR could read (no image, no glyphs beyond its text, no curves). */
  nothingToRead?: boolean;
}

type WorkerMessage = { jobId: number } & (
  | { type: 'pages'; total: number; ocrTotal: number; pages: ThreadPage[] }
  | { type: 'image'; num: number; image: Uint8Array }
  | { type: 'done'; timing?: ParseThreadTiming }
  | { type: 'error'; name: string; message: string }
);

/** Milliseconds the parsing thread spent on one document, by phase (the thread runs beside the consumer). */
export interface ParseThreadTiming {
  /** Reading the file and opening it with pdf.js. */
  loadMs: number;
  /** Extracting the text of the pages (`getText`). */
  textMs: number;
  /** Telling pages without a usable text layer (the OCR check). */
  ocrCheckMs: number;
  /** Rendering pages to images for OCR. */
  renderMs: number;
  /** Waiting for the consumer to take batches (it is behind). */
  waitMs: number;
}

export interface PdfPageBatch {
  /** Number of pages of the document. */
  total: number;
  pages: PdfPage[];
}

/** Progress of the OCR of a document: page `page` of `of` is being read. */
export interface OcrProgress {
  page: number;
  of: number;
  /** Seconds left for the remaining OCR pages at the speed measured so far (null before the first page). */
  etaSeconds: number | null;
}

export interface PdfReadOptions {
  signal?: AbortSignal;
  /** Per-document bounds of the parsing thread (settings PDF_PARSE_TIMEOUT_SECONDS, PDF_PARSE_MAX_MEMORY_MB). */
  limits?: { timeoutSeconds: number; maxMemoryMb: number };
  /** Filled in with the parsing thread's timing when the document has been read to its end. */
  timing?: Partial<ParseThreadTiming> & { ocrMs?: number };
  /** OCR of pages without a usable text layer; absent or null: no OCR (such pages come out empty). */
  ocr?: {
    maxPages: number;
    pageTimeoutSeconds: number;
    /** Called (and awaited) before each page is read by OCR. */
    onProgress?: (p: OcrProgress) => Promise<void>;
  } | null;
}

/** What OCR did for a document, filled in while its pages are read. */
export interface OcrReport {
  /** Pages whose text was read by OCR. */
  pages: number[];
  /** Pages rendered and given to OCR (readable or not). */
  attempted: number;
  /** Pages OCR gave up on (over the per-page time limit). */
  timedOut: number[];
  /** Pages to OCR that could not be rendered. */
  unrendered: number[];
  /** Pages without text layer left out because of the OCR page cap. */
  skipped: number;
  /**
   * Pages without text layer not given to OCR because they draw nothing it could read: no image, no
   * glyphs beyond those of their text layer, only straight lines and rectangles (a blank sheet, rules).
   */
  nothingToRead: number[];
}

/** A parsing thread and the job it serves. */
interface ParsingThread {
  worker: Worker;
  maxMemoryMb: number;
  listener: ((m: WorkerMessage) => void) | null;
  failure: Error | null;
  onFailure: (() => void) | null;
}

const idle: ParsingThread[] = [];
let jobSeq = 0;

function spawnThread(maxMemoryMb: number): ParsingThread {
  const worker = new Worker(WORKER_ENTRY, {
    workerData: { pdfParse: require.resolve('pdf-parse') },
    resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
  });
  const thread: ParsingThread = { worker, maxMemoryMb, listener: null, failure: null, onFailure: null };
  worker.on('message', (m: WorkerMessage) => thread.listener?.(m));
  const fail = (err: Error) => {
    thread.failure ??= err;
    const i = idle.indexOf(thread);
    if (i >= 0) idle.splice(i, 1);
    thread.onFailure?.();
  };
  worker.on('error', (err: Error & { code?: string }) =>
    fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new IngestError(INGEST_MESSAGES.pdfParseMemory(maxMemoryMb)) : err),
  );
  worker.on('exit', (code) => fail(new Error(`the PDF parsing thread stopped (exit code ${code})`)));
  return thread;
}

function acquireThread(maxMemoryMb: number): ParsingThread {
  const i = idle.findIndex((t) => t.maxMemoryMb === maxMemoryMb);
  const thread = i >= 0 ? idle.splice(i, 1)[0] : spawnThread(maxMemoryMb);
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
 * A stopwatch of the time the parsing thread works for one document: it runs while the thread has
 * credit to produce a batch, and stands still while the thread waits for the consumer (embedding,
 * OCR). When the budget is spent `onExpired` is called once.
 */
class WorkClock {
  private left: number;
  private since: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    budgetMs: number,
    private readonly onExpired: () => void,
  ) {
    this.left = budgetMs;
  }

  run(): void {
    if (this.since !== null) return;
    this.since = Date.now();
    this.timer = setTimeout(this.onExpired, Math.max(0, this.left));
  }

  pause(): void {
    if (this.since === null) return;
    this.left -= Date.now() - this.since;
    this.since = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

type PagesMessage = Extract<WorkerMessage, { type: 'pages' }>;
/** The thread's messages taken by the consumer in order (images go straight to OCR). */
type InboxMessage = Exclude<WorkerMessage, { type: 'image' }>;
type OcrOptions = NonNullable<PdfReadOptions['ocr']>;

/**
 * One document's job on a parsing thread: the thread's messages as they arrive, the flow control
 * (the thread runs at most WINDOW batches ahead of the consumer) and the clock of its working time,
 * which terminates the thread when the document's time limit is spent.
 */
class ParseJob {
  readonly id = ++jobSeq;
  private readonly inbox: InboxMessage[] = [];
  private notify: (() => void) | null = null;
  private credits = WINDOW;
  private threadDone = false;
  readonly clock: WorkClock;
  /** Wakes up a consumer waiting in next() (a message, a failure, an abort). */
  readonly wake = () => this.notify?.();
  /** Called with each page image the thread rendered for OCR, as soon as it comes (before its page's batch). */
  onImage: ((num: number, image: Uint8Array) => void) | null = null;

  constructor(
    readonly thread: ParsingThread,
    timeoutSeconds: number,
  ) {
    this.clock = new WorkClock(timeoutSeconds * 1000, () => {
      thread.failure ??= new IngestError(INGEST_MESSAGES.pdfParseTimeout(timeoutSeconds));
      void thread.worker.terminate();
      this.wake();
    });
    thread.listener = (m) => {
      if (m.jobId !== this.id) return;
      if (m.type === 'image') return this.onImage?.(m.num, m.image);
      // The thread's work is timed as its messages arrive: it waits once it used all its credits, and is done at the end.
      if (m.type !== 'pages') this.threadDone = true;
      if (this.threadDone || --this.credits === 0) this.clock.pause();
      this.inbox.push(m);
      this.wake();
    };
    thread.onFailure = this.wake;
  }

  /** The thread's next message, once it has come; throws when `signal` aborts or the thread failed. */
  async next(signal: AbortSignal | undefined): Promise<InboxMessage> {
    for (;;) {
      if (signal?.aborted) throw new AbortedError('shutting down');
      if (this.thread.failure) throw this.thread.failure;
      const message = this.inbox.shift();
      if (message) return message;
      await new Promise<void>((resolve) => (this.notify = resolve));
      this.notify = null;
    }
  }

  /** The consumer has taken a batch: the thread may produce one more. */
  ack(): void {
    if (this.credits++ === 0 && !this.threadDone) this.clock.run();
    this.thread.worker.postMessage({ type: 'ack', jobId: this.id });
  }
}

/**
 * The OCR side of reading one document: each page image the parsing thread rendered is read by OCR
 * as soon as it comes (one page at a time, on tesseract's thread, while the parsing thread reads
 * on); its page waits for that reading when the consumer reaches it, with progress and an ETA. The
 * other pages keep their text layer. Fills in the document's report.
 */
class OcrPass {
  private readonly engine: PageOcr | null;
  // The first page is slower (the engine warms up): once others are timed it no longer counts for the ETA.
  private readonly timing = { pages: 0, ms: 0, firstMs: 0 };
  /** The OCR of each rendered page, started when its image came. */
  private readonly reads = new Map<number, Promise<OcrPageText | null>>();
  /** The OCR of the last image (the next one starts after it). */
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly ocr: OcrOptions | null | undefined,
    private readonly report: OcrReport,
    private readonly options: PdfReadOptions,
  ) {
    this.engine = ocr ? new PageOcr(ocr.pageTimeoutSeconds * 1000) : null;
  }

  /** A page image from the parsing thread: its OCR starts after the pages before it. */
  readonly prefetch = (num: number, image: Uint8Array): void => {
    const engine = this.engine;
    if (!engine || this.closed) return;
    const read = this.queue.then(() => (this.closed ? null : this.recognize(engine, image)));
    read.catch(() => undefined); // thrown to the consumer when it reaches the page
    this.reads.set(num, read);
    this.queue = read.catch(() => undefined);
  };

  /** The pages of a batch, those rendered for OCR read by it. */
  async pagesOf(message: PagesMessage, signal: AbortSignal | undefined): Promise<PdfPage[]> {
    const pages: PdfPage[] = [];
    for (const page of message.pages) {
      if (page.ocrSkipped) this.report.skipped++;
      if (page.renderFailed) this.report.unrendered.push(page.num);
      if (page.nothingToRead) this.report.nothingToRead.push(page.num);
      const read = this.reads.get(page.num);
      if (!page.imagePosted || !read || !this.ocr) {
        pages.push({ num: page.num, text: page.text });
        continue;
      }
      if (signal?.aborted) throw new AbortedError('shutting down');
      this.reads.delete(page.num);
      pages.push(await this.read(page, read, message.ocrTotal, this.ocr));
    }
    return pages;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.engine?.close();
  }

  /** One page image read by OCR (null: over the per-page time limit); its time feeds the ETA. */
  private async recognize(engine: PageOcr, image: Uint8Array): Promise<OcrPageText | null> {
    await engine.start(); // not part of the page's time: the measured speed gives the ETA
    const started = Date.now();
    const read = await engine.read(image);
    const ms = Date.now() - started;
    if (this.timing.pages++ === 0) this.timing.firstMs = ms;
    this.timing.ms += ms;
    if (this.options.timing) this.options.timing.ocrMs = this.timing.ms;
    return read;
  }

  /** Seconds left for the OCR pages from the one being read, at the speed measured so far (null before the first page). */
  private etaSeconds(ocrTotal: number): number | null {
    const t = this.timing;
    const perPage = t.pages > 1 ? (t.ms - t.firstMs) / (t.pages - 1) : t.pages === 1 ? t.ms : null;
    const left = Math.max(0, ocrTotal - this.report.attempted + 1);
    return perPage === null ? null : Math.ceil((perPage * left) / 1000);
  }

  /** One page as OCR read it; its text layer is kept when OCR reads less of it. */
  private async read(page: ThreadPage, reading: Promise<OcrPageText | null>, ocrTotal: number, ocr: OcrOptions): Promise<PdfPage> {
    const report = this.report;
    report.attempted++;
    await ocr.onProgress?.({ page: report.attempted, of: ocrTotal, etaSeconds: this.etaSeconds(ocrTotal) });
    const read = await reading;
    if (read === null) report.timedOut.push(page.num);
    if (read && read.chars >= MIN_READABLE_CHARS && read.chars >= alphanumerics(page.text)) {
      report.pages.push(page.num);
      return { num: page.num, text: read.text, ocr: true };
    }
    return { num: page.num, text: page.text };
  }
}

/**
 * Reads the pages of a PDF file in order, in batches, parsed on a worker thread (so the parsing
 * runs beside the embedding and database work, and the API thread stays responsive). Threads are
 * kept warm between documents. Throws an IngestError with a reason a person understands for
 * encrypted, broken or unreadable files, and for a file that needs more time or memory than its
 * limits (the thread is then terminated; the next document gets a new one).
 *
 * With `ocr`, pages without a usable text layer are rendered by the thread and read by OCR here
 * (tesseract.js, on its own worker thread), page by page, each within the per-page time limit;
 * `report` tells which pages OCR read.
 */
export async function* readPdfPages(
  file: string,
  options: PdfReadOptions = {},
  report: OcrReport = { pages: [], attempted: 0, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [] },
): AsyncGenerator<PdfPageBatch> {
  const { signal, ocr } = options;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const bytes = fs.statSync(file).size;
  const job = new ParseJob(acquireThread(limits.maxMemoryMb), limits.timeoutSeconds);
  signal?.addEventListener('abort', job.wake);
  const ocrPass = new OcrPass(ocr, report, options);
  job.onImage = ocrPass.prefetch;
  let finished = false;
  try {
    job.thread.worker.postMessage({
      type: 'parse',
      jobId: job.id,
      file,
      perBatch: PAGES_PER_BATCH,
      window: WINDOW,
      ocr: ocr ? { minChars: OCR_MIN_TEXT_CHARS, maxPages: ocr.maxPages, renderWidth: OCR_RENDER_WIDTH } : null,
    });
    job.clock.run();
    for (;;) {
      const message = await job.next(signal);
      if (message.type === 'done') {
        finished = true;
        if (options.timing && message.timing) {
          for (const [k, v] of Object.entries(message.timing)) options.timing[k as keyof ParseThreadTiming] = Math.round(v);
        }
        return;
      }
      if (message.type === 'error') {
        finished = true;
        throw new IngestError(pdfFailureReason(message.name, message.message));
      }
      yield { total: message.total, pages: await ocrPass.pagesOf(message, signal) };
      job.ack();
    }
  } finally {
    job.clock.pause();
    signal?.removeEventListener('abort', job.wake);
    await ocrPass.close();
    // A thread left mid-document (abort, consumer gone, limits) is stopped; a finished one is kept warm.
    releaseThread(job.thread, finished && bytes <= KEEP_THREAD_MAX_BYTES);
  }
}
