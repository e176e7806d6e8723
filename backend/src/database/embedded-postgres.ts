import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Logger } from '@nestjs/common';
import { setStatements } from './session-settings';
import { narrowTree, privateDirSync } from '../storage/private-files';

/** What the embedded launcher hands to the data source: a URL the `pg` driver connects to. */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** The worker's entry: plain JavaScript next to this file, in `src/` (Jest) and in `dist/` (built). */
const WORKER_ENTRY = path.join(__dirname, 'embedded-postgres.worker.cjs');

type WorkerMessage = { ready: string } | { failed: string } | { stopped: true };

/** Bounds of the embedded database's `shared_buffers`, in MB: PGlite's own default, and a ceiling. */
export const EMBEDDED_SHARED_BUFFERS_MB = { min: 128, max: 512 } as const;

/**
 * `shared_buffers` (MB) for an embedded database whose files (tables and indexes) take `dataBytes`:
 * room for all of them and a quarter more, in steps of 64 MB, within EMBEDDED_SHARED_BUFFERS_MB.
 * PGlite reads a page missing from its buffers through its file system layer, in JavaScript, on the
 * database's one thread: on 50,000 chunks (300 MB of files) with the default 128 MB, the search
 * statement spent about a fifth of its CPU on those reads (bench/history/server-deployment.md). The
 * buffers are taken from memory when the database starts, so a small conference keeps the default.
 */
export function embeddedSharedBuffersMb(dataBytes: number): number {
  const { min, max } = EMBEDDED_SHARED_BUFFERS_MB;
  const wanted = Math.ceil((dataBytes * 1.25) / 2 ** 20 / 64) * 64;
  return Math.min(max, Math.max(min, wanted));
}

/** Bytes of the files under the database directory's `base/` (every table and index); 0 before the first start. */
export function databaseFileBytes(dir: string): number {
  const base = path.join(dir, 'base');
  if (!fs.existsSync(base)) return 0;
  let total = 0;
  for (const entry of fs.readdirSync(base, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * Starts PostgreSQL compiled to WebAssembly (PGlite) with pgvector, data kept in `dir`, on its own
 * worker thread, and serves it over the PostgreSQL wire protocol on a free loopback port, so TypeORM
 * and `pg` reach it exactly as they reach a server. SQL then runs beside the HTTP thread instead of
 * inside it (a burst of questions, ingestion's INSERTs). One process owns the directory.
 */
export async function startEmbeddedPostgres(
  dir: string,
  maxConnections: number,
  settings: Readonly<Record<string, string>>,
): Promise<EmbeddedDatabase> {
  const logger = new Logger('EmbeddedPostgres');
  const started = Date.now();
  privateDirSync(dir);
  const sharedBuffersMb = embeddedSharedBuffersMb(databaseFileBytes(dir));
  const worker = new Worker(WORKER_ENTRY, {
    workerData: { dir, maxConnections, sessionSetup: setStatements(settings), startSettings: { shared_buffers: `${sharedBuffersMb}MB` } },
    name: 'embedded-postgres',
  });
  let stopping = false;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  const conn = await new Promise<string>((resolve, reject) => {
    const onMessage = (message: WorkerMessage) => {
      if ('ready' in message) resolve(message.ready);
      else if ('failed' in message) reject(new Error(`embedded PostgreSQL did not start: ${message.failed}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    void exited.then((code) => reject(new Error(`embedded PostgreSQL's thread exited (code ${code}) before it was ready`)));
  }).catch(async (err: Error) => {
    await worker.terminate();
    throw err;
  });
  worker.on('error', (err) => logger.error(`embedded PostgreSQL's thread failed: ${err.stack ?? err.message}`));
  await narrowTree(dir).catch((err: Error) => logger.warn(`could not narrow the database files' modes: ${err.message}`));
  void exited.then((code) => {
    if (!stopping) logger.error(`embedded PostgreSQL's thread exited (code ${code}): the database is gone until a restart`);
  });
  const [host, port] = conn.split(':');
  logger.log(`embedded PostgreSQL ready in ${Date.now() - started} ms (${dir}, ${host}:${port}); shared_buffers ${sharedBuffersMb} MB`);
  return {
    url: `postgresql://postgres:postgres@${host}:${port}/postgres`,
    async stop() {
      if (stopping) return exited.then(() => undefined);
      stopping = true;
      const stopped = new Promise<void>((resolve) =>
        worker.on('message', (message: WorkerMessage) => {
          if ('stopped' in message) resolve();
        }),
      );
      worker.postMessage('stop');
      // The database closes cleanly (its last writes flushed) before the thread is ended.
      await Promise.race([stopped, exited]);
      await worker.terminate();
    },
  };
}
