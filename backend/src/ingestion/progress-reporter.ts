import type { IngestionRepository } from './ingestion.repository';

/** Progress is written at most this often (the last state of a stage is always written). */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * Saving cost per chunk (the HNSW and full-text index inserts of the final transaction), learnt
 * from the runs of this process; the first estimate is what the embedded database measures.
 */
let savingMsPerChunk = 3;

export function learnSavingRate(ms: number, chunks: number): void {
  if (chunks >= 20) savingMsPerChunk = 0.5 * savingMsPerChunk + 0.5 * (ms / chunks);
}

/**
 * Writes a run's progress: the stage ('Parsing', 'Chunking', 'Embedding n/m', 'Saving'),
 * processed/total chunks, an ETA from the measured embedding rate plus the expected saving time,
 * and a percent of the expected total time. Writes are throttled; each one also proves the run
 * is still current (SupersededError otherwise) and refreshes the heartbeat.
 */
export class ProgressReporter {
  private readonly started = Date.now();
  private embeddingStarted: number | null = null;
  private embeddedAtStart = 0;
  private lastWrite = 0;

  constructor(
    private readonly repository: IngestionRepository,
    private readonly documentId: string,
    private readonly run: number,
  ) {}

  /** A new stage: written at once. */
  async stage(stage: 'Parsing' | 'Chunking' | 'Saving', processed = 0, total = 0): Promise<void> {
    const eta = stage === 'Saving' ? Math.ceil((total * savingMsPerChunk) / 1000) : null;
    await this.write(stage, processed, total, eta, true);
  }

  /**
   * `processed` of about `total` chunks are embedded and staged (`total` may still be an estimate
   * while a PDF is being read). `resumedFrom` chunks were done by an earlier attempt.
   */
  async embedded(processed: number, total: number, resumedFrom = 0, force = false): Promise<void> {
    const now = Date.now();
    if (this.embeddingStarted === null) {
      this.embeddingStarted = now;
      this.embeddedAtStart = resumedFrom;
    }
    const done = processed - this.embeddedAtStart;
    const seconds = (now - this.embeddingStarted) / 1000;
    const rate = done > 0 && seconds > 0 ? done / seconds : null;
    const remaining = Math.max(0, total - processed);
    const eta = rate ? remaining / rate + (total * savingMsPerChunk) / 1000 : null;
    await this.write(`Embedding ${processed}/${total}`, processed, total, eta === null ? null : Math.ceil(eta), force);
  }

  private async write(stage: string, processed: number, total: number, eta: number | null, force: boolean) {
    const now = Date.now();
    if (!force && now - this.lastWrite < PROGRESS_INTERVAL_MS) return;
    this.lastWrite = now;
    const elapsed = (now - this.started) / 1000;
    let percent: number;
    if (stage === 'Parsing') percent = 0;
    else if (eta === null) percent = total > 0 ? (50 * processed) / total : 1;
    else percent = Math.min(99, (100 * elapsed) / (elapsed + eta));
    await this.repository.progress(this.documentId, this.run, {
      stage,
      percent: Math.max(1, percent),
      processedChunks: processed,
      totalChunks: total,
      etaSeconds: eta,
    });
  }
}
