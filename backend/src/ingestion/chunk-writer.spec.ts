import type { EmbeddingsProvider } from '../ai/ai.types';
import type { ChunkDraft } from './chunking/chunker';
import type { ClaimedDocument, EmbeddedChunk, IngestionRepository } from './ingestion.repository';
import { ChunkBatch, ChunkWriter, EMBED_BATCH, FINAL_PARALLEL_INSERTS, MIN_SPLIT_BATCH, newTiming, writeChunks } from './ingestion.service';
import type { ProgressReporter } from './progress-reporter';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A database whose INSERTs take `insertMs` each, recording what was stored and what ran at once. */
function fakeDatabase(insertMs: number) {
  const stored: number[] = [];
  const batches: { indexes: number[]; inFlightAtStart: number; lastStarted: boolean }[] = [];
  const progress: number[] = [];
  let inFlight = 0;
  let lastSeen = false;
  const repository = {
    insertChunks: async (_d: ClaimedDocument, _r: number, _m: string, chunks: EmbeddedChunk[]) => {
      batches.push({ indexes: chunks.map((c) => c.index), inFlightAtStart: inFlight, lastStarted: lastSeen });
      inFlight++;
      await sleep(insertMs);
      inFlight--;
      stored.push(...chunks.map((c) => c.index));
    },
  } as unknown as IngestionRepository;
  const reporter = {
    // Progress counts only chunks already stored, every one before them included.
    embedded: async (processed: number, _total: number, resumedFrom: number) => {
      for (let i = resumedFrom; i < processed; i++)
        if (!stored.includes(i)) throw new Error(`progress ${processed} before chunk ${i} was stored`);
      progress.push(processed);
    },
  } as unknown as ProgressReporter;
  return { repository, reporter, stored, batches, progress, markLast: () => (lastSeen = true), running: () => inFlight };
}

const embeddings = {
  model: 'fake',
  embedDocuments: async (texts: string[]) => texts.map(() => [0.5]),
} as unknown as EmbeddingsProvider;

const draft = (n: number): ChunkDraft => ({ text: `chunk ${n}`, page: Math.floor(n / 5) + 1, speaker: null, startTime: null });

/** `pages` batches of `perBatch` chunks, each delivered `delayMs` after the previous (a parsing thread). */
async function* source(pages: number, perBatch: number, delayMs: number, onLast: () => void): AsyncGenerator<ChunkBatch> {
  for (let b = 0; b < pages; b++) {
    await sleep(delayMs);
    const last = b === pages - 1;
    if (last) onLast();
    yield { chunks: Array.from({ length: perBatch }, (_, i) => draft(b * perBatch + i)), totalEstimate: pages * perBatch, last };
  }
}

function writerFor(db: ReturnType<typeof fakeDatabase>, resumeFrom = 0) {
  const timing = newTiming();
  const doc: ClaimedDocument = { id: 'd', kind: 'pdf', sessionId: 's', storagePath: 'x', mimeType: 'application/pdf' };
  const signal = new AbortController().signal;
  const writer = new ChunkWriter({ repository: db.repository, embeddings, doc, run: 1, progress: db.reporter, timing, signal, resumeFrom });
  return { writer, timing };
}

describe('ChunkWriter', () => {
  it('stores every chunk once, in batches of at most EMBED_BATCH, one INSERT at a time until the last pages, then side by side', async () => {
    const db = fakeDatabase(15);
    const { writer, timing } = writerFor(db);
    await writeChunks(source(20, 30, 2, db.markLast), writer, timing);

    expect([...db.stored].sort((a, b) => a - b)).toEqual(Array.from({ length: 600 }, (_, i) => i));
    // Batches hold consecutive chunks, in order.
    expect(db.batches.flatMap((b) => b.indexes)).toEqual(Array.from({ length: 600 }, (_, i) => i));
    for (const b of db.batches) expect(b.indexes.length).toBeLessThanOrEqual(EMBED_BATCH);
    // While the source still reads: full batches, one INSERT at a time.
    const before = db.batches.filter((b) => !b.lastStarted);
    const after = db.batches.filter((b) => b.lastStarted);
    for (const b of before) expect(b.inFlightAtStart).toBe(0);
    expect(before.every((b) => b.indexes.length === EMBED_BATCH)).toBe(true);
    // Once the last pages are in, the last chunks' INSERT runs beside the one still running.
    expect(after.length).toBeGreaterThan(0);
    expect(Math.max(...after.map((b) => b.inFlightAtStart))).toBe(FINAL_PARALLEL_INSERTS - 1);
    // Progress only grows and ends at every chunk.
    expect(db.progress).toEqual([...db.progress].sort((a, b) => a - b));
    expect(db.progress.at(-1)).toBe(600);
    expect(timing.batches).toBe(db.batches.length);
  });

  it('splits the last chunks over FINAL_PARALLEL_INSERTS INSERTs running at once (a source read in one go)', async () => {
    const db = fakeDatabase(20);
    const { writer, timing } = writerFor(db);
    const total = EMBED_BATCH + 3 * MIN_SPLIT_BATCH;
    await writeChunks(source(1, total, 0, db.markLast), writer, timing);
    expect(db.batches.flatMap((b) => b.indexes)).toEqual(Array.from({ length: total }, (_, i) => i));
    // A full batch, then what is left halved over the two connections, the second half started beside the first.
    expect(db.batches.map((b) => [b.indexes[0], b.indexes.length, b.inFlightAtStart])).toEqual([
      [0, EMBED_BATCH, 0],
      [EMBED_BATCH, (total - EMBED_BATCH) / 2, 1],
      [EMBED_BATCH + (total - EMBED_BATCH) / 2, (total - EMBED_BATCH) / 2, 1],
    ]);
    expect(db.progress.at(-1)).toBe(total);
  });

  it('resumes after the chunks an earlier attempt stored, writing the others only', async () => {
    const db = fakeDatabase(5);
    const { writer, timing } = writerFor(db, 100);
    await writeChunks(source(5, 40, 1, db.markLast), writer, timing);
    expect(db.batches.flatMap((b) => b.indexes)).toEqual(Array.from({ length: 100 }, (_, i) => i + 100));
    expect(writer.index).toBe(200);
  });

  it('throws the failure of an INSERT and leaves none running', async () => {
    const db = fakeDatabase(5);
    let calls = 0;
    const insert = db.repository.insertChunks.bind(db.repository);
    db.repository.insertChunks = async (...args: Parameters<IngestionRepository['insertChunks']>) => {
      if (++calls === 2) throw new Error('connection lost');
      return insert(...args);
    };
    const { writer, timing } = writerFor(db);
    await expect(writeChunks(source(10, 40, 1, db.markLast), writer, timing)).rejects.toThrow('connection lost');
    expect(db.running()).toBe(0);
  });
});
