import type { EmbeddingsProvider } from '../ai/ai.types';
import type { ChunkDraft } from './chunking/chunker';
import { ChunkBatch, ChunkWriter, EMBED_BATCH, EMBED_SLICE, MIN_SPLIT_BATCH, writeChunks } from './chunk-writer';
import { newTiming } from './ingest-timing';
import type { ClaimedDocument } from '../documents/runs/document-runs.port';
import type { EmbeddedChunk, IngestionRepository } from './ingestion.repository';
import type { ProgressReporter } from './progress-reporter';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface InsertSeen {
  indexes: number[];
  /** INSERTs running when this one started. */
  running: number;
  /** Chunks the source had given when this one started. */
  read: number;
}

/**
 * A database whose INSERTs take `insertMs` each: what was stored and in which order the INSERTs
 * committed (one given `after` commits once `after` has; a failed `after` stores nothing).
 */
function fakeDatabase(insertMs: number) {
  const stored: number[] = [];
  const inserts: InsertSeen[] = [];
  const progress: number[] = [];
  let running = 0;
  let read = 0;
  const repository = {
    insertChunks: async (_d: ClaimedDocument, _r: number, _m: string, chunks: EmbeddedChunk[], after?: Promise<void>) => {
      inserts.push({ indexes: chunks.map((c) => c.index), running, read });
      running++;
      try {
        await sleep(insertMs);
        await after;
        stored.push(...chunks.map((c) => c.index));
      } finally {
        running--;
      }
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
  return { repository, reporter, stored, inserts, progress, running: () => running, countRead: (n: number) => (read += n) };
}

/** Embeddings (`gatherTexts` 1: computed in process, taking texts as they come), counting the texts of each call. */
function fakeEmbeddings(gatherTexts?: number) {
  const calls: number[] = [];
  const provider = {
    model: 'fake',
    gatherTexts,
    embedDocuments: async (texts: string[]) => {
      calls.push(texts.length);
      return texts.map(() => [0.5]);
    },
  } as unknown as EmbeddingsProvider;
  return { provider, calls };
}
const embeddings = fakeEmbeddings(1).provider;

const draft = (n: number): ChunkDraft => ({ text: `chunk ${n}`, page: Math.floor(n / 5) + 1, speaker: null, startTime: null });

/** `parts` parts of `perPart` chunks, each `delayMs` after the previous (a parsing thread). */
async function* source(db: ReturnType<typeof fakeDatabase>, parts: number, perPart: number, delayMs: number): AsyncGenerator<ChunkBatch> {
  for (let p = 0; p < parts; p++) {
    await sleep(delayMs);
    db.countRead(perPart);
    yield {
      chunks: Array.from({ length: perPart }, (_, i) => draft(p * perPart + i)),
      totalEstimate: parts * perPart,
      totalKnown: p === parts - 1,
    };
  }
}

function writerFor(
  db: ReturnType<typeof fakeDatabase>,
  {
    resumeFrom = 0,
    tailInserts = 1,
    provider = embeddings,
    insertRows = EMBED_BATCH,
  }: { resumeFrom?: number; tailInserts?: number; provider?: EmbeddingsProvider; insertRows?: number } = {},
) {
  const timing = newTiming();
  const doc: ClaimedDocument = { id: 'd', kind: 'pdf', sessionId: 's', storagePath: 'x', mimeType: 'application/pdf' };
  const signal = new AbortController().signal;
  const sut = new ChunkWriter({
    repository: db.repository,
    embeddings: provider,
    doc,
    run: 1,
    progress: db.reporter,
    timing,
    signal,
    resumeFrom,
    tailInserts,
    insertRows,
  });
  return { sut, timing };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe(ChunkWriter.name, () => {
  it('stores every chunk once and in order, one INSERT at a time of what came meanwhile, the first as soon as the first part is read', async () => {
    const db = fakeDatabase(12);
    const { sut, timing } = writerFor(db);
    await writeChunks(source(db, 20, 30, 4), sut, timing);

    expect(db.stored).toEqual(range(0, 600));
    expect(db.inserts.flatMap((b) => b.indexes)).toEqual(range(0, 600));
    for (const b of db.inserts) expect(b.indexes.length).toBeLessThanOrEqual(EMBED_BATCH);
    for (const b of db.inserts) expect(b.running).toBe(0);
    // The database starts on the first part, long before a full batch has been read.
    expect(db.inserts[0]).toMatchObject({ indexes: range(0, 30), read: 30 });
    // The INSERTs follow the reading: more of them than full batches, each of what came during the one before.
    expect(db.inserts.length).toBeGreaterThan(Math.ceil(600 / EMBED_BATCH));
    expect(db.progress).toEqual([...db.progress].sort((a, b) => a - b));
    expect(db.progress.at(-1)).toBe(600);
    expect(timing.batches).toBe(db.inserts.length);
  });

  it('grows the INSERTs to full batches when the database is slower than the reading, and makes the source wait for a backlog', async () => {
    const db = fakeDatabase(40);
    const { sut, timing } = writerFor(db);
    await writeChunks(source(db, 12, 50, 0), sut, timing);

    expect(db.stored).toEqual(range(0, 600));
    expect(db.inserts.slice(1, -1).every((b) => b.indexes.length === EMBED_BATCH)).toBe(true);
    expect(timing.insertWaitMs).toBeGreaterThan(0);
  });

  it('once the source is done, shares out the last chunks over tailInserts INSERTs running at once, each committed after the one before', async () => {
    const db = fakeDatabase(30);
    const { sut, timing } = writerFor(db, { tailInserts: 3 });
    // One part read in one go: its first chunks go alone, the rest when the source is done.
    const total = EMBED_BATCH + 4 * MIN_SPLIT_BATCH;
    await writeChunks(source(db, 1, total, 0), sut, timing);

    expect(db.stored).toEqual(range(0, total));
    // In order, each of at least MIN_SPLIT_BATCH chunks, up to three running at once.
    expect(db.inserts.flatMap((b) => b.indexes)).toEqual(range(0, total));
    for (const b of db.inserts) expect(b.indexes.length).toBeGreaterThanOrEqual(MIN_SPLIT_BATCH);
    for (const b of db.inserts) expect(b.indexes.length).toBeLessThanOrEqual(EMBED_BATCH);
    expect(Math.max(...db.inserts.map((b) => b.running))).toBe(2);
    expect(db.progress.at(-1)).toBe(total);
  });

  it('stores nothing of an INSERT running beside one that failed, and leaves none running', async () => {
    const db = fakeDatabase(20);
    const insert = db.repository.insertChunks.bind(db.repository);
    db.repository.insertChunks = async (...args: Parameters<IngestionRepository['insertChunks']>) => {
      if (args[3][0].index === 0) {
        await sleep(10);
        throw new Error('connection lost');
      }
      return insert(...args);
    };
    const { sut, timing } = writerFor(db, { tailInserts: 3 });
    await expect(writeChunks(source(db, 1, 3 * MIN_SPLIT_BATCH + EMBED_BATCH, 0), sut, timing)).rejects.toThrow('connection lost');
    expect(db.inserts.length).toBe(2);
    expect(db.stored).toEqual([]);
    expect(db.running()).toBe(0);
  });

  it('runs one INSERT at a time to the end with tailInserts 1 (a database that runs one statement at a time)', async () => {
    const db = fakeDatabase(10);
    const { sut, timing } = writerFor(db);
    await writeChunks(source(db, 1, EMBED_BATCH + 4 * MIN_SPLIT_BATCH, 0), sut, timing);
    expect(db.inserts.map((b) => b.running)).toEqual([0, 0]);
  });

  it("sends a model's embeddings requests full batches of EMBED_BATCH texts (the rest at the end), stored as the database is free", async () => {
    const db = fakeDatabase(5);
    const remote = fakeEmbeddings();
    const { sut, timing } = writerFor(db, { provider: remote.provider });
    await writeChunks(source(db, 10, 30, 2), sut, timing);
    expect(remote.calls).toEqual([EMBED_BATCH, EMBED_BATCH, 300 - 2 * EMBED_BATCH]);
    expect(db.stored).toEqual(range(0, 300));
  });

  it('resumes after the chunks an earlier attempt stored, writing the others only', async () => {
    const db = fakeDatabase(5);
    const { sut, timing } = writerFor(db, { resumeFrom: 100 });
    await writeChunks(source(db, 5, 40, 1), sut, timing);
    expect(db.inserts.flatMap((b) => b.indexes)).toEqual(range(100, 200));
    expect(sut.index).toBe(200);
  });

  it('throws the failure of an INSERT while the source reads, and leaves none running', async () => {
    const db = fakeDatabase(5);
    let calls = 0;
    const insert = db.repository.insertChunks.bind(db.repository);
    db.repository.insertChunks = async (...args: Parameters<IngestionRepository['insertChunks']>) => {
      if (++calls === 2) throw new Error('connection lost');
      return insert(...args);
    };
    const { sut, timing } = writerFor(db);
    await expect(writeChunks(source(db, 10, 40, 3), sut, timing)).rejects.toThrow('connection lost');
    expect(db.running()).toBe(0);
  });

  it('holds at most insertRows chunks in an INSERT (the embedded database), every chunk stored once and in order', async () => {
    const db = fakeDatabase(20);
    const { sut, timing } = writerFor(db, { insertRows: 16 });
    await writeChunks(source(db, 4, 100, 0), sut, timing);
    expect(db.stored).toEqual(range(0, 400));
    expect(Math.max(...db.inserts.map((b) => b.indexes.length))).toBe(16);
  });

  it('computes in-process embeddings EMBED_SLICE texts at a time, letting the event loop serve what waits in between', async () => {
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const seen: { texts: number; turn: number }[] = [];
    const provider = {
      model: 'fake',
      gatherTexts: 1,
      embedDocuments: async (texts: string[]) => {
        seen.push({ texts: texts.length, turn: turns });
        return texts.map(() => [0.5]);
      },
    } as unknown as EmbeddingsProvider;
    const db = fakeDatabase(1);
    const { sut, timing } = writerFor(db, { provider });
    await writeChunks(source(db, 1, EMBED_BATCH, 0), sut, timing);
    spinning = false;
    expect(seen.map((s) => s.texts)).toEqual(Array(EMBED_BATCH / EMBED_SLICE).fill(EMBED_SLICE));
    for (let i = 1; i < seen.length; i++) expect(seen[i].turn).toBeGreaterThan(seen[i - 1].turn);
    expect(db.stored).toEqual(range(0, EMBED_BATCH));
  });
});
