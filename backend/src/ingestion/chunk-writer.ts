import type { EmbeddingsProvider } from '../ai/ai.types';
import type { ChunkDraft } from './chunking/chunker';
import type { IngestTiming } from './ingest-timing';
import type { ClaimedDocument } from '../documents/runs/document-runs.port';
import type { EmbeddedChunk, IngestionRepository } from './ingestion.repository';
import { AbortedError } from './parsing/ingest-errors';
import type { ProgressReporter } from './progress-reporter';

/** The most chunks embedded in one call and stored in one multi-row INSERT. */
export const EMBED_BATCH = 128;
/** The fewest chunks an INSERT of the last ones is given when they are split over several connections. */
export const MIN_SPLIT_BATCH = 16;
/**
 * The most chunks one INSERT holds on the embedded database. It runs one statement at a time on its
 * own thread, and an INSERT keeps every other query waiting while it adds its rows to the vector and
 * full-text indexes (about 1 ms a row on a quiet core): an attendee's question, whose statements
 * each wait for the INSERT running, would wait for a full batch of EMBED_BATCH rows several times.
 */
export const EMBEDDED_INSERT_ROWS = 16;
/** Chunks embedded in process in one go before the event loop serves what waits (HTTP, the database's answers). */
export const EMBED_SLICE = 16;

/** Chunks as the parser produces them, with the expected total so far. */
export interface ChunkBatch {
  chunks: ChunkDraft[];
  /** The document's chunks as far as the source can tell: an extrapolation until `totalKnown`. */
  totalEstimate: number;
  /** The source has read the whole document: `totalEstimate` is its number of chunks. */
  totalKnown: boolean;
}

/** What a run's chunks are written with and for. */
export interface ChunkWriterContext {
  repository: IngestionRepository;
  embeddings: EmbeddingsProvider;
  doc: ClaimedDocument;
  run: number;
  progress: ProgressReporter;
  timing: IngestTiming;
  signal: AbortSignal;
  /** Chunks stored by an earlier attempt of the run: counted, not written again. */
  resumeFrom: number;
  /**
   * INSERTs that may run at once once the source has given its last chunks (1 while it reads: the
   * reading needs the cores). More than 1 only where the database runs statements side by side.
   */
  tailInserts: number;
  /** The most chunks one INSERT holds (EMBED_BATCH; EMBEDDED_INSERT_ROWS on the embedded database). */
  insertRows?: number;
  /**
   * Milliseconds an INSERT may wait for the other statements of the process (an attendee's answer)
   * to be done before it starts: ingestion yields to answers on the embedded database. 0: never waits.
   */
  yieldMs?: number;
}

/**
 * Embeds and stores a run's chunks while the source reads on, in two stages that each take, as soon
 * as they are free, what waits for them (at most EMBED_BATCH chunks): one embeddings call at a time,
 * then one INSERT at a time, in order (so a resumed run counts the chunks stored). The database
 * starts on the first pages instead of after a full batch, its INSERTs follow the pace of the
 * reading, and what is left to store once the last pages are read is what came during the last
 * INSERT; when the database is slower than the reading, batches grow to EMBED_BATCH. The source
 * waits only while a full batch is backed up. Once the source is done, the last chunks may go over
 * `tailInserts` connections side by side, each INSERT committed after the one before it: the rows
 * stored are always the run's first ones, whatever happens to the process.
 */
export class ChunkWriter {
  /** Chunks counted so far (the index of the next one). */
  index = 0;
  /** The source's latest estimate of the document's number of chunks. */
  estimate = 0;
  /** The estimate is the document's number of chunks (the source has read it all). */
  totalKnown = false;
  /** Chunks read, waiting for their embeddings. */
  private readonly drafts: EmbeddedChunk[] = [];
  /** Chunks embedded, waiting for their INSERT (in order). */
  private readonly embedded: EmbeddedChunk[] = [];
  private embedding: Promise<void> | null = null;
  /** INSERTs running (with the progress written after each), and how many may run. */
  private readonly inserting = new Set<Promise<void>>();
  private insertSlots = 1;
  /** The commit of the last INSERT started (the next one running beside it commits after it). */
  private lastCommit: Promise<void> = Promise.resolve();
  /** Chunks stored so far, counted from the run's first. */
  private stored = 0;
  private failure: { error: unknown } | null = null;
  private stopped = false;
  /** The source has given its last chunks. */
  private sourceDone = false;
  private wake: (() => void) | null = null;

  constructor(private readonly c: ChunkWriterContext) {}

  /** Counts a chunk and queues it (one an earlier attempt stored is only counted); waits while a full batch is backed up. */
  async add(draft: ChunkDraft): Promise<void> {
    if (this.index < this.c.resumeFrom) {
      this.index++;
      return;
    }
    this.drafts.push({ ...draft, index: this.index++, embedding: [] });
    if (this.drafts.length >= EMBED_BATCH) await this.waitUntil(() => this.drafts.length < EMBED_BATCH);
  }

  /** Hands the chunks queued so far to the stages that are free (after each part of the source); throws a stage's failure. */
  offer(): void {
    this.check();
    this.pump();
  }

  /** Waits until every chunk queued is stored; throws the first failure. */
  async finish(): Promise<void> {
    this.sourceDone = true;
    this.insertSlots = Math.max(1, this.c.tailInserts);
    await this.waitUntil(() => !this.drafts.length && !this.embedded.length && !this.embedding && !this.inserting.size);
  }

  /** Starts nothing more and waits for the stages still running, whatever their outcome: never left behind a failed or cancelled run. */
  async abandon(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([this.embedding, ...this.inserting]);
  }

  /** Starts each free stage on what waits for it. */
  private pump(): void {
    if (this.failure || this.stopped || this.c.signal.aborted) return;
    // Texts go to the embeddings as they come, or in full batches for a model's requests (`gatherTexts`).
    const gather = this.sourceDone ? 1 : Math.min(EMBED_BATCH, this.c.embeddings.gatherTexts ?? EMBED_BATCH);
    if (!this.embedding && this.drafts.length >= gather && this.embedded.length < EMBED_BATCH) {
      const chunks = this.drafts.splice(0, EMBED_BATCH);
      this.embedding = this.stage(this.embed(chunks), () => (this.embedding = null));
    }
    // Short of a full batch, an INSERT waits for the embeddings being computed: it takes them too.
    while (this.inserting.size < this.insertSlots && this.embedded.length && !(this.embedding && this.embedded.length < this.insertRows)) {
      const chunks = this.embedded.splice(0, this.insertSize());
      const work = this.stage(this.insert(chunks), () => this.inserting.delete(work));
      this.inserting.add(work);
    }
  }

  /** Chunks for the next INSERT: all that wait (at most EMBED_BATCH), shared out over the free connections at the end. */
  private insertSize(): number {
    const free = this.insertSlots - this.inserting.size;
    const waiting = this.embedded.length;
    const most = this.insertRows;
    if (free > 1 && waiting >= 2 * MIN_SPLIT_BATCH) return Math.min(most, Math.max(MIN_SPLIT_BATCH, Math.ceil(waiting / free)));
    return Math.min(most, waiting);
  }

  /** The most chunks one INSERT holds. */
  private get insertRows(): number {
    return Math.min(EMBED_BATCH, this.c.insertRows ?? EMBED_BATCH);
  }

  /** A stage's work: when it ends the stages go on (or the failure is kept) and a waiting source looks again. */
  private stage(work: Promise<void>, clear: () => void): Promise<void> {
    return work.then(
      () => {
        clear();
        this.pump();
        this.wake?.();
      },
      (error: unknown) => {
        clear();
        this.failure ??= { error };
        this.wake?.();
      },
    );
  }

  /**
   * Embeds `chunks`. Embeddings computed in process (`gatherTexts` 1) are computed EMBED_SLICE at a
   * time, the event loop serving what waits in between: the API shares this thread.
   */
  private async embed(chunks: EmbeddedChunk[]): Promise<void> {
    const inProcess = this.c.embeddings.gatherTexts === 1;
    const slice = inProcess ? EMBED_SLICE : chunks.length;
    for (let from = 0; from < chunks.length; from += slice) {
      if (from > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      const part = chunks.slice(from, from + slice);
      const t = performance.now();
      const vectors = await this.c.embeddings.embedDocuments(part.map((c) => c.text));
      part.forEach((c, i) => (c.embedding = vectors[i]));
      this.c.timing.embedMs += performance.now() - t;
    }
    this.embedded.push(...chunks);
  }

  private async insert(chunks: EmbeddedChunk[]): Promise<void> {
    const { progress, resumeFrom } = this.c;
    // Beside another INSERT, this one commits after it (and not at all if it fails).
    const after = this.inserting.size ? this.lastCommit : undefined;
    const committed = this.store(chunks, after);
    this.lastCommit = committed;
    await committed;
    this.stored = Math.max(this.stored, chunks[chunks.length - 1].index + 1);
    // Progress is written after the rows it counts are stored (throttled; proves the run is current).
    await progress.embedded(this.stored, Math.max(this.estimate, this.index), { resumedFrom: resumeFrom, totalKnown: this.totalKnown });
  }

  /** One INSERT of `chunks`, once the process's other statements are done (at most `yieldMs` later). */
  private async store(chunks: EmbeddedChunk[], after: Promise<void> | undefined): Promise<void> {
    const { repository, doc, run, embeddings, timing } = this.c;
    if (this.c.yieldMs) timing.yieldMs += await repository.othersIdle(this.c.yieldMs);
    const t = performance.now();
    timing.batches++;
    await repository.insertChunks(doc, run, embeddings.model, chunks, after);
    timing.insertMs += performance.now() - t;
  }

  /** Throws a stage's failure, or AbortedError once the run is cancelled. */
  private check(): void {
    if (this.failure) throw this.failure.error;
    if (this.c.signal.aborted) throw new AbortedError('shutting down');
  }

  /** Waits (timed as insertWaitMs) until `done`, as the stages go on. */
  private async waitUntil(done: () => boolean): Promise<void> {
    this.pump();
    const t = performance.now();
    try {
      for (;;) {
        this.check();
        if (done()) return;
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = null;
      }
    } finally {
      this.c.timing.insertWaitMs += performance.now() - t;
    }
  }
}

/** Writes every chunk of `source` (timing the wait for it), then waits for the last ones to be stored. */
export async function writeChunks(source: AsyncIterable<ChunkBatch>, writer: ChunkWriter, timing: IngestTiming): Promise<void> {
  try {
    let t = performance.now();
    for await (const part of source) {
      timing.sourceMs += performance.now() - t;
      writer.estimate = part.totalEstimate;
      writer.totalKnown = part.totalKnown;
      for (const draft of part.chunks) await writer.add(draft);
      writer.offer();
      t = performance.now();
    }
    await writer.finish();
  } finally {
    // Never leave an INSERT running behind a failed or cancelled run.
    await writer.abandon();
  }
}
