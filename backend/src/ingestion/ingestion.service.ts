import fs from 'node:fs';
import path from 'node:path';
import { TextDecoder } from 'node:util';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { EMBEDDINGS, EmbeddingsProvider } from '../ai/ai.types';
import { AppConfig } from '../config/app-config';
import type { IngestJob } from '../documents/ingest-queue.port';
import { ClaimedDocument, DOCUMENT_RUNS, DocumentRuns } from '../documents/runs/document-runs.port';
import { cleanText } from '../database/text-sanitize';
import { DefinitionTally } from '../text/acronyms';
import { FILE_STORE, FileStore } from '../storage/file-store.port';
import { ChunkBatch, ChunkWriter, EMBED_BATCH, EMBEDDED_INSERT_ROWS, writeChunks } from './chunk-writer';
import { ChunkDraft, chunkPdfPage, chunkTranscript, PdfBoilerplate } from './chunking/chunker';
import { IngestTiming, newTiming, roundTiming } from './ingest-timing';
import { JobLease } from './job-lease';
import { IngestionRepository } from './ingestion.repository';
import { AbortedError, IngestError, INGEST_MESSAGES, SupersededError } from './parsing/ingest-errors';
import { OcrReport, readPdfPages } from './parsing/pdf-pages';
import { parseJsonTranscript } from './parsing/transcript-json.parser';
import { parseTextTranscript } from './parsing/transcript-text.parser';
import { ProgressReporter } from './progress-reporter';
import { captionFormatOf, parseCaptions } from './parsing/captions.parser';
import type { TranscriptSegment } from './parsing/parsed-document';
import { transcribeRecording } from './recording/transcribe-recording';
import { TRANSCRIBER, Transcriber } from '../ai/transcription/transcription.types';
import { TermDefinitionsRepository } from './term-definitions.repository';

/**
 * INSERTs of a run's last chunks that may run at once on a PostgreSQL server, once the reading is
 * done and has given its core back: the one still running, and what is left shared out over two more.
 */
const TAIL_INSERTS = 3;
/** The longest an INSERT waits on the embedded database for the statements of answers to be done (`ChunkWriter`). */
const EMBEDDED_YIELD_MS = 25;
/** While a job runs its lease is looked at this often, and refreshed when no progress write has refreshed it meanwhile. */
const HEARTBEAT_MS = 5_000;

export type IngestOutcome = 'embedded' | 'skipped';

/**
 * The parts of `source` as they come, the text of each chunk from chunk `from` on (those this attempt
 * writes) tallied for the abbreviations it defines.
 */
async function* tallied(
  source: AsyncIterable<ChunkBatch>,
  tally: DefinitionTally,
  from: number,
  timing: IngestTiming,
): AsyncGenerator<ChunkBatch> {
  let index = 0;
  for await (const part of source) {
    const t = performance.now();
    for (const chunk of part.chunks) if (index++ >= from) tally.add(chunk.text);
    timing.tallyMs += performance.now() - t;
    yield part;
  }
}

/** Audio and video are transcribed; everything else of kind transcript is text. */
const isRecording = (mimeType: string) => mimeType.startsWith('audio/') || mimeType.startsWith('video/');

/**
 * The turns of a text transcript, by its stored type: Whisper/AssemblyAI JSON, WebVTT, SubRip or plain text;
 * captions uploaded as a plain transcript (a .vtt through the spec's upload) are read as captions too.
 */
async function parseTranscript(content: string, mimeType: string) {
  if (mimeType === 'application/json') return parseJsonTranscript(content);
  const captions = mimeType === 'text/vtt' ? 'vtt' : mimeType === 'application/x-subrip' ? 'srt' : captionFormatOf(content);
  if (captions) {
    const turns = await parseCaptions(content, captions);
    if (turns.length === 0) throw new IngestError(INGEST_MESSAGES.noCaptions);
    return turns;
  }
  return parseTextTranscript(content);
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
    @Inject(DOCUMENT_RUNS) private readonly runs: DocumentRuns,
    private readonly config: AppConfig,
    @Inject(FILE_STORE) private readonly store: FileStore,
    @Inject(EMBEDDINGS) private readonly embeddings: EmbeddingsProvider,
    private readonly definitions: TermDefinitionsRepository,
    @Inject(TRANSCRIBER) private readonly transcriber: Transcriber,
  ) {}

  /**
   * Runs `job`. Resolves 'skipped' when the run is not current or a live job holds it. Throws
   * IngestError (a reason for the user), SupersededError, AbortedError or a transient error.
   */
  async ingest(job: IngestJob, signal: AbortSignal): Promise<IngestOutcome> {
    const doc = await this.runs.claim(job.documentId, job.run);
    if (!doc) return 'skipped';
    const lease = new JobLease(() => this.runs.heartbeat(doc.id, job.run), HEARTBEAT_MS);
    lease.start();
    try {
      await this.runClaimed(doc, job.run, signal, lease);
      return 'embedded';
    } finally {
      lease.stop();
    }
  }

  /** The run reads the file from the file store (a local path; S3: a temporary download). */
  private async runClaimed(doc: ClaimedDocument, run: number, signal: AbortSignal, lease: JobLease): Promise<void> {
    const done = await this.store.withLocalCopy(path.basename(doc.storagePath), (file) => this.runOnFile(doc, run, file, signal, lease));
    if (!done) throw new IngestError(INGEST_MESSAGES.fileMissing);
  }

  private async runOnFile(doc: ClaimedDocument, run: number, file: string, signal: AbortSignal, lease: JobLease): Promise<void> {
    const model = this.embeddings.model;
    const timing = newTiming();
    const started = performance.now();
    const progress = new ProgressReporter(this.runs, doc.id, run, timing, (at) => lease.touched(at));
    const resumeFrom = await this.repository.resumePoint(doc.id, run, model);
    if (resumeFrom > 0) this.logger.log(`document ${doc.id}: resuming after ${resumeFrom} chunks stored by an earlier attempt`);

    const ocr: OcrReport = { pages: [], attempted: 0, timedOut: [], unrendered: [], skipped: 0, nothingToRead: [] };
    const read =
      doc.kind === 'pdf'
        ? this.pdfChunks(file, signal, progress, ocr, timing)
        : this.transcriptChunks(file, { ...doc, run }, progress, signal);
    const defined = new DefinitionTally();
    const source = tallied(read, defined, resumeFrom, timing);
    const { repository, embeddings } = this;
    // A server runs INSERTs side by side; the embedded database one statement at a time.
    const server = Boolean(this.config.databaseUrl);
    const tailInserts = server ? TAIL_INSERTS : 1;
    const insertRows = server ? EMBED_BATCH : EMBEDDED_INSERT_ROWS;
    const yieldMs = server ? 0 : EMBEDDED_YIELD_MS;
    const context = { repository, embeddings, doc, run, progress, timing, signal, resumeFrom, tailInserts, insertRows, yieldMs };
    const writer = new ChunkWriter(context);
    await writeChunks(source, writer, timing);
    const index = writer.index;
    const ocrLooked = ocr.attempted || ocr.unrendered.length || ocr.nothingToRead.length;
    if (ocrLooked) this.logOcr(doc.id, ocr);
    if (index === 0) {
      if (doc.kind !== 'pdf') throw new IngestError(INGEST_MESSAGES.emptyTranscript);
      throw new IngestError(ocrLooked ? INGEST_MESSAGES.pdfNoReadableText : INGEST_MESSAGES.pdfNoText);
    }
    if (signal.aborted) throw new AbortedError('shutting down');
    await progress.embedded(index, index, { resumedFrom: resumeFrom, totalKnown: true, force: true });
    await progress.stage('Saving', index, index);
    // The abbreviations its chunks define ('fair market value (FMV)').
    const t = performance.now();
    await this.definitions.learn(doc.id, run, { from: resumeFrom, tally: defined });
    timing.learnMs = performance.now() - t;
    await this.switchToNewChunks(doc, run, index, ocr, timing);
    timing.totalMs = performance.now() - started;
    timing.heartbeats = lease.beats;
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
    await this.finish(doc.id, run, chunks, ocr.pages);
    timing.finishMs = performance.now() - t;
  }

  /**
   * The end of a run, in ONE transaction: the chunks of every other run of the document are deleted,
   * the run's word counts (`document_words`, migration 1735000029000-document-words) written, and the
   * document becomes `embedded` (version + 1, embedding model recorded), so readers go from the old
   * chunks to the new ones at once. Throws SupersededError (and changes nothing) when the run is no
   * longer current. `ocrPages`: the pages whose text this run read by OCR.
   */
  private async finish(id: string, run: number, totalChunks: number, ocrPages: number[]): Promise<void> {
    await this.repository.transaction(async (m) => {
      if (!(await this.runs.lockRun(id, run, m))) throw new SupersededError(`document ${id} run ${run} is no longer current`);
      await this.repository.keepOnlyRun(id, run, totalChunks, m);
      // Every chunk left is this run's: how many hold each word (the search's word weights read these).
      await this.repository.writeWordCounts(id, m);
      await this.runs.markWordsCounted(id, m);
      await this.runs.markEmbedded(id, { model: this.embeddings.model, totalChunks, ocrPages }, m);
    });
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
      const totalKnown = pagesDone >= batch.total;
      const totalEstimate = totalKnown ? produced : Math.round((produced / pagesDone) * batch.total);
      yield { chunks, totalEstimate, totalKnown };
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

  /**
   * A recording's turns: those an earlier run of the document kept (same transcription model), else
   * transcribed piece by piece now and kept with the document once every piece is done.
   */
  private async recordingTurns(
    file: string,
    doc: ClaimedDocument & { run: number },
    progress: ProgressReporter,
    signal: AbortSignal,
  ): Promise<TranscriptSegment[]> {
    const model = this.transcriber.model ?? '';
    const saved = model ? await this.runs.savedTranscript<TranscriptSegment[]>(doc.id, model) : null;
    if (saved) {
      this.logger.log(`document ${doc.id}: using the transcription kept from an earlier run (${saved.length} turns, ${model})`);
      return saved;
    }
    const { transcriber } = this;
    const turns = await transcribeRecording(file, { transcriber, pieceSeconds: this.config.transcriptionPieceSeconds, progress, signal });
    if (model && turns.length) await this.runs.saveTranscript(doc.id, doc.run, model, turns);
    return turns;
  }

  /**
   * A transcript's chunks: the file is parsed whole (TXT, JSON or captions) or, for a recording,
   * transcribed piece by piece; then chunked by turns.
   */
  private async *transcriptChunks(
    file: string,
    doc: ClaimedDocument & { run: number },
    progress: ProgressReporter,
    signal: AbortSignal,
  ): AsyncGenerator<ChunkBatch> {
    const { mimeType } = doc;
    if (isRecording(mimeType)) {
      const turns = await this.recordingTurns(file, doc, progress, signal);
      if (turns.length === 0) throw new IngestError(INGEST_MESSAGES.noSpeech);
      await progress.stage('Chunking');
      const chunks = await chunkTranscript(turns);
      yield { chunks, totalEstimate: chunks.length, totalKnown: true };
      return;
    }
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
    const segments = await parseTranscript(content, mimeType);
    await progress.stage('Chunking');
    const chunks = await chunkTranscript(segments);
    yield { chunks, totalEstimate: chunks.length, totalKnown: true };
  }
}
