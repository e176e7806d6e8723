import fs from 'node:fs';
import path from 'node:path';
import { TextDecoder } from 'node:util';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EMBEDDINGS, EmbeddingsProvider } from '../ai/ai.types';
import { AppConfig } from '../config/app-config';
import type { IngestJob } from '../documents/ingest-queue.port';
import { cleanText } from '../common/text-sanitize';
import { FILE_STORE, FileStore } from '../storage/file-store.port';
import { ChunkDraft, chunkPdfPage, chunkTranscript, newPdfChunkTiming, PdfBoilerplate, PdfChunkTiming } from './chunking/chunker';
import { ClaimedDocument, IngestionRepository, EmbeddedChunk } from './ingestion.repository';
import { AbortedError, IngestError, INGEST_MESSAGES } from './parsing/ingest-errors';
import { OcrReport, ParseThreadTiming, readPdfPages } from './parsing/pdf-pages';
import { parseJsonTranscript } from './parsing/transcript-json.parser';
import { parseTextTranscript } from './parsing/transcript-text.parser';
import { ProgressReporter } from './progress-reporter';
import { TermDefinitionsRepository } from './term-definitions.repository';

/** Chunks embedded and stored together (one embeddings call, one multi-row INSERT). */
export const EMBED_BATCH = 128;
/** While a job runs its heartbeat is refreshed this often, even when no progress is written. */
const HEARTBEAT_MS = 5_000;

export type IngestOutcome = 'embedded' | 'skipped';

/** Chunks as the parser produces them, with the expected total so far. */
interface ChunkBatch {
  chunks: ChunkDraft[];
  totalEstimate: number;
}

/**
 * Where the milliseconds of one run go (logged as `document <id> timing {…}` at the end, read by
 * bench:ingest). Main thread: `sourceMs` waiting for the next pages or turns (parsing runs on its
 * own thread for PDFs), `textCleanMs` making parser text storable, the chunker's steps, `embedMs`
 * (embeddings and their usage row), `insertMs` (INSERT round trips, which overlap the chunking of
 * the next batch), `insertWaitMs` (the part of it the run waited for), `progressMs`, `indexMs` (the
 * full-text index's pending list merged, `mergeTextIndex`), `finishMs`.
 * `thread`: the parsing thread's own account (PDF); `ocrMs`: OCR of pages without text layer.
 */
export interface IngestTiming extends PdfChunkTiming {
  totalMs: number;
  sourceMs: number;
  textCleanMs: number;
  embedMs: number;
  insertMs: number;
  insertWaitMs: number;
  progressMs: number;
  indexMs: number;
  finishMs: number;
  batches: number;
  thread: Partial<ParseThreadTiming> & { ocrMs?: number };
}

function newTiming(): IngestTiming {
  return {
    totalMs: 0,
    sourceMs: 0,
    textCleanMs: 0,
    ...newPdfChunkTiming(),
    embedMs: 0,
    insertMs: 0,
    insertWaitMs: 0,
    progressMs: 0,
    indexMs: 0,
    finishMs: 0,
    batches: 0,
    thread: {},
  };
}

const roundTiming = (t: IngestTiming) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v) : v]));

/** What a run's chunks are written with and for. */
interface ChunkWriterContext {
  repository: IngestionRepository;
  embeddings: EmbeddingsProvider;
  doc: ClaimedDocument;
  run: number;
  progress: ProgressReporter;
  timing: IngestTiming;
  signal: AbortSignal;
  /** Chunks stored by an earlier attempt of the run: counted, not written again. */
  resumeFrom: number;
}

/**
 * Embeds a run's chunks in batches of EMBED_BATCH and inserts each batch. The INSERT of one batch
 * runs while the next batch is read, chunked and embedded (one in flight at most: batches are
 * stored in order, so a resumed run counts them).
 */
class ChunkWriter {
  /** Chunks counted so far (the index of the next one). */
  index = 0;
  /** The source's latest estimate of the document's number of chunks. */
  estimate = 0;
  private batch: EmbeddedChunk[] = [];
  private inFlight: Promise<void> | null = null;

  constructor(private readonly c: ChunkWriterContext) {}

  async add(draft: ChunkDraft): Promise<void> {
    if (this.index < this.c.resumeFrom) {
      this.index++;
      return;
    }
    this.batch.push({ ...draft, index: this.index++, embedding: [] });
    if (this.batch.length >= EMBED_BATCH) await this.flush();
  }

  /** Embeds the chunks waiting and starts their INSERT once the previous one is done. */
  async flush(): Promise<void> {
    const { timing, signal } = this.c;
    if (!this.batch.length) return;
    if (signal.aborted) throw new AbortedError('shutting down');
    const chunks = this.batch;
    this.batch = [];
    let t = performance.now();
    const vectors = await this.c.embeddings.embedDocuments(chunks.map((c) => c.text));
    chunks.forEach((c, i) => (c.embedding = vectors[i]));
    timing.embedMs += performance.now() - t;
    await this.settle();
    const stored = this.index;
    const total = Math.max(this.estimate, this.index);
    t = performance.now();
    timing.batches++;
    const { repository, doc, run, embeddings, progress, resumeFrom } = this.c;
    this.inFlight = repository.insertChunks(doc, run, embeddings.model, chunks).then(async () => {
      timing.insertMs += performance.now() - t;
      // Progress is written after the rows it counts are stored (throttled; proves the run is current).
      await progress.embedded(stored, total, resumeFrom);
    });
    this.inFlight.catch(() => undefined); // awaited (and thrown) by the next settle
  }

  /** Waits for the INSERT in flight, throwing its error. */
  async settle(): Promise<void> {
    if (!this.inFlight) return;
    const t = performance.now();
    try {
      await this.inFlight;
    } finally {
      this.inFlight = null;
      this.c.timing.insertWaitMs += performance.now() - t;
    }
  }

  /** Waits for an INSERT still running, whatever its outcome: never left behind a failed or cancelled run. */
  async abandon(): Promise<void> {
    await this.inFlight?.catch(() => undefined);
  }
}

/** Writes every chunk of `source` (timing the wait for it), then the last batch. */
async function writeChunks(source: AsyncIterable<ChunkBatch>, writer: ChunkWriter, timing: IngestTiming): Promise<void> {
  try {
    let t = performance.now();
    for await (const part of source) {
      timing.sourceMs += performance.now() - t;
      writer.estimate = part.totalEstimate;
      for (const draft of part.chunks) await writer.add(draft);
      t = performance.now();
    }
    await writer.flush();
    await writer.settle();
  } finally {
    // Never leave an INSERT running behind a failed or cancelled run.
    await writer.abandon();
  }
}

/**
 * One ingestion run of one document: claim it, parse (PDF pages on a worker thread, or transcript
 * turns), chunk, embed in batches and insert each batch, then switch the document to its new
 * chunks in one transaction. A run that died resumes after the chunks it had stored.
 */
@Injectable()
export class IngestionService {
  private readonly logger = new Logger(IngestionService.name);

  constructor(
    private readonly repository: IngestionRepository,
    private readonly config: AppConfig,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(EMBEDDINGS) private readonly embeddings: EmbeddingsProvider,
    private readonly definitions: TermDefinitionsRepository,
  ) {}

  /**
   * Runs `job`. Resolves 'skipped' when the run is not current or a live job holds it. Throws
   * IngestError (a reason for the user), SupersededError, AbortedError or a transient error.
   */
  async ingest(job: IngestJob, signal: AbortSignal): Promise<IngestOutcome> {
    const doc = await this.repository.claim(job.documentId, job.run);
    if (!doc) return 'skipped';
    const heartbeat = setInterval(() => {
      this.repository.heartbeat(doc.id, job.run).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    try {
      await this.runClaimed(doc, job.run, signal);
      return 'embedded';
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** The run reads the file from the file store (a local path; S3: a temporary download). */
  private async runClaimed(doc: ClaimedDocument, run: number, signal: AbortSignal): Promise<void> {
    const done = await this.store.withLocalCopy(path.basename(doc.storagePath), (file) => this.runOnFile(doc, run, file, signal));
    if (!done) throw new IngestError(INGEST_MESSAGES.fileMissing);
  }

  private async runOnFile(doc: ClaimedDocument, run: number, file: string, signal: AbortSignal): Promise<void> {
    const model = this.embeddings.model;
    const timing = newTiming();
    const started = performance.now();
    const progress = new ProgressReporter(this.repository, doc.id, run, timing);
    const resumeFrom = await this.repository.resumePoint(doc.id, run, model);
    if (resumeFrom > 0) this.logger.log(`document ${doc.id}: resuming after ${resumeFrom} chunks stored by an earlier attempt`);

    const ocr: OcrReport = { pages: [], attempted: 0, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [] };
    const source =
      doc.kind === 'pdf' ? this.pdfChunks(file, signal, progress, ocr, timing) : this.transcriptChunks(file, doc.mimeType, progress);
    const { repository, embeddings } = this;
    const writer = new ChunkWriter({ repository, embeddings, doc, run, progress, timing, signal, resumeFrom });
    await writeChunks(source, writer, timing);
    const index = writer.index;
    const ocrLooked = ocr.attempted || ocr.unrendered.length || ocr.nothingToRead.length;
    if (ocrLooked) this.logOcr(doc.id, ocr);
    if (index === 0) {
      if (doc.kind !== 'pdf') throw new IngestError(INGEST_MESSAGES.emptyTranscript);
      throw new IngestError(ocrLooked ? INGEST_MESSAGES.pdfNoReadableText : INGEST_MESSAGES.pdfNoText);
    }
    if (signal.aborted) throw new AbortedError('shutting down');
    await progress.embedded(index, index, resumeFrom, true);
    await progress.stage('Saving', index, index);
    await this.definitions.learn(doc.id, run); // the abbreviations its chunks define ('fair market value (FMV)')
    await this.switchToNewChunks(doc, run, index, ocr, timing);
    timing.totalMs = performance.now() - started;
    this.logger.log(
      `document ${doc.id}: ${index} chunks in ${Math.round(timing.totalMs)} ms ` +
        `(embedding ${Math.round(timing.embedMs)} ms, inserting ${Math.round(timing.insertMs)} ms, final switch ${Math.round(timing.finishMs)} ms)`,
    );
    this.logger.log(`document ${doc.id} timing ${JSON.stringify(roundTiming(timing))}`);
  }

  /** The end of a run: the full-text index's pending list merged, then the document switched to its new chunks. */
  private async switchToNewChunks(doc: ClaimedDocument, run: number, chunks: number, ocr: OcrReport, timing: IngestTiming): Promise<void> {
    let t = performance.now();
    await this.repository.mergeTextIndex();
    timing.indexMs = performance.now() - t;
    t = performance.now();
    await this.repository.finish(doc.id, run, this.embeddings.model, chunks, ocr.pages);
    timing.finishMs = performance.now() - t;
  }

  /**
   * A PDF's chunks, page by page as the parsing thread delivers them; the total is extrapolated.
   * Pages without a usable text layer are read by OCR (unless OCR=off); `ocr` tells which.
   */
  private async *pdfChunks(
    file: string,
    signal: AbortSignal,
    progress: ProgressReporter,
    ocr: OcrReport,
    timing: IngestTiming,
  ): AsyncGenerator<ChunkBatch> {
    await progress.stage('Parsing');
    let pagesDone = 0;
    let produced = 0;
    let announced = false;
    const boilerplate = new PdfBoilerplate();
    const c = this.config;
    const pages = readPdfPages(
      file,
      {
        signal,
        timing: timing.thread,
        limits: { timeoutSeconds: c.pdfParseTimeoutSeconds, maxMemoryMb: c.pdfParseMaxMemoryMb },
        ocr: c.ocrEnabled
          ? {
              maxPages: c.ocrMaxPages,
              pageTimeoutSeconds: c.ocrPageTimeoutSeconds,
              onProgress: (p) => progress.ocr(p.page, p.of, p.etaSeconds),
            }
          : null,
      },
      ocr,
    );
    for await (const batch of pages) {
      // While scanned pages are being read the stage stays 'Reading scanned pages'.
      if (!announced && !ocr.attempted) {
        announced = true;
        await progress.stage('Chunking');
      }
      const chunks: ChunkDraft[] = [];
      for (const page of batch.pages) {
        // Parser text is cleaned before it can reach PostgreSQL (NUL bytes from a font's ToUnicode map, lone surrogates).
        const t = performance.now();
        const text = cleanText(page.text);
        timing.textCleanMs += performance.now() - t;
        chunks.push(...(await chunkPdfPage({ num: page.num, text }, boilerplate, timing)));
      }
      pagesDone += batch.pages.length;
      produced += chunks.length;
      const totalEstimate = pagesDone >= batch.total ? produced : Math.round((produced / pagesDone) * batch.total);
      yield { chunks, totalEstimate };
    }
  }

  private logOcr(id: string, ocr: OcrReport): void {
    this.logger.log(
      `document ${id}: OCR read ${ocr.pages.length} of ${ocr.attempted} pages without text layer` +
        (ocr.timedOut.length ? `; pages over the time limit: ${ocr.timedOut.join(', ')}` : '') +
        (ocr.unrendered.length ? `; pages that could not be rendered: ${ocr.unrendered.join(', ')}` : '') +
        (ocr.nothingToRead.length ? `; pages with nothing to read (no image, no text, only lines): ${ocr.nothingToRead.join(', ')}` : '') +
        (ocr.skipped ? `; ${ocr.skipped} pages left out (OCR_MAX_PAGES=${this.config.ocrMaxPages})` : ''),
    );
  }

  /** A transcript's chunks: the file is parsed whole (TXT or JSON), then chunked by turns. */
  private async *transcriptChunks(file: string, mimeType: string, progress: ProgressReporter): AsyncGenerator<ChunkBatch> {
    await progress.stage('Parsing');
    const bytes = await fs.promises.readFile(file);
    let content: string;
    try {
      content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw new IngestError(INGEST_MESSAGES.notUtf8);
    }
    content = cleanText(content);
    if (content.trim() === '') throw new IngestError(INGEST_MESSAGES.emptyTranscript);
    const segments = mimeType === 'application/json' ? parseJsonTranscript(content) : parseTextTranscript(content);
    await progress.stage('Chunking');
    const chunks = await chunkTranscript(segments);
    yield { chunks, totalEstimate: chunks.length };
  }
}
