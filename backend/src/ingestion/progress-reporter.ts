import type { DocumentRuns } from '../documents/runs/document-runs.port';
import { SupersededError } from './parsing/ingest-errors';

/** Progress is written at most this often (a new stage is always written). */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * Writes a run's progress: the stage ('Parsing', 'Reading scanned pages (page n of m)' while
 * pages without text layer are read by OCR, 'Preparing audio' and 'Transcribing n/m' for recordings, 'Chunking', 'Embedding n/m', 'Saving'),
 * processed/total chunks (the total only once it is known), an ETA from the measured rate (chunks read, embedded and stored per
 * second since the run started) and the percent done. Writes are throttled; each one also proves the run is still
 * current (SupersededError otherwise) and refreshes the heartbeat.
 */
export class ProgressReporter {
  private readonly started = Date.now();
  private lastWrite = 0;
  /** The percent shown never goes back (OCR and embedding of a scanned PDF interleave). */
  private lastPercent = 0;
  private lastCounts = { processed: 0, total: 0 };

  constructor(
    private readonly runs: DocumentRuns,
    private readonly documentId: string,
    private readonly run: number,
    /** Milliseconds spent writing progress are added here. */
    private readonly timing?: { progressMs: number },
    /** Told when a write (which refreshes the job's lease) sent at `at` succeeded. */
    private readonly onLeaseRefreshed?: (at: number) => void,
  ) {}

  /** A new stage: written at once. */
  async stage(stage: 'Parsing' | 'Preparing audio' | 'Chunking' | 'Saving', processed = 0, total = 0): Promise<void> {
    const percent = stage === 'Saving' ? 99 : stage === 'Chunking' ? 2 : 1;
    await this.write(stage, percent, processed, total, stage === 'Saving' ? 1 : null, true);
  }

  /**
   * Piece `piece` of `of` of a recording is being transcribed; `eta` from the pace of the pieces done.
   * Transcription takes the percent from 2 to 80 (embedding the transcript the rest).
   */
  async transcribing(piece: number, of: number, eta: number | null): Promise<void> {
    const percent = 2 + (78 * (piece - 1)) / Math.max(1, of);
    await this.write(`Transcribing ${piece}/${of}`, percent, 0, 0, eta, true);
  }

  /** OCR of page `page` of `of` pages without text layer starts; `eta` from the speed measured so far. */
  async ocr(page: number, of: number, eta: number | null): Promise<void> {
    const percent = 2 + (88 * (page - 1)) / Math.max(1, of);
    const { processed, total } = this.lastCounts;
    await this.write(`Reading scanned pages (page ${page} of ${of})`, percent, processed, total, eta, true);
  }

  /**
   * `processed` chunks are embedded and stored, of `total`: the document's number of chunks once
   * `totalKnown`, before that (a PDF still being read) an extrapolation from the pages read so far,
   * which only paces the percent and the ETA. An extrapolation is never shown as the total (the
   * stage reads 'Embedding n', the total stays 0): early pages are rarely typical, and a total that
   * shrinks as the reading goes on (1516, then 1306, then 1287) reads as lost chunks.
   * `resumedFrom` chunks were done by an earlier attempt.
   */
  async embedded(
    processed: number,
    total: number,
    { resumedFrom = 0, totalKnown, force = false }: { resumedFrom?: number; totalKnown: boolean; force?: boolean },
  ): Promise<void> {
    // The rate of the whole run so far (reading, chunking, embedding and storing overlap).
    const done = processed - resumedFrom;
    const seconds = (Date.now() - this.started) / 1000;
    const rate = done > 0 && seconds > 0 ? done / seconds : null;
    const eta = rate ? Math.ceil(Math.max(0, total - processed) / rate) : null;
    const percent = total > 0 ? 2 + (96 * processed) / total : 2;
    const stage = totalKnown ? `Embedding ${processed}/${total}` : `Embedding ${processed}`;
    await this.write(stage, percent, processed, totalKnown ? total : 0, eta, force);
  }

  private async write(stage: string, percent: number, processed: number, total: number, eta: number | null, force: boolean) {
    const now = Date.now();
    if (!force && now - this.lastWrite < PROGRESS_INTERVAL_MS) return;
    this.lastWrite = now;
    percent = Math.max(this.lastPercent, percent);
    this.lastPercent = percent;
    this.lastCounts = { processed, total };
    const started = performance.now();
    try {
      const sentAt = Date.now();
      const current = await this.runs.progress(this.documentId, this.run, {
        stage,
        percent: Math.min(99, Math.max(1, percent)),
        processedChunks: processed,
        totalChunks: total,
        etaSeconds: eta,
      });
      if (!current) throw new SupersededError(`document ${this.documentId} run ${this.run} is no longer current`);
      this.onLeaseRefreshed?.(sentAt);
    } finally {
      if (this.timing) this.timing.progressMs += performance.now() - started;
    }
  }
}
