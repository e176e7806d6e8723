import fs from 'node:fs';
import { Logger } from '@nestjs/common';

/** What the embedded launcher hands to the data source: a URL the `pg` driver connects to. */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

// PGlite is ESM-only; a real dynamic import (not rewritten to require by the TypeScript compiler).
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

/**
 * Starts PostgreSQL compiled to WebAssembly (PGlite) with pgvector, data kept in `dir`, and serves it
 * over the PostgreSQL wire protocol on a free loopback port, so TypeORM and `pg` reach it exactly as
 * they reach a server. One process owns the directory.
 */
export async function startEmbeddedPostgres(dir: string, maxConnections: number): Promise<EmbeddedDatabase> {
  const logger = new Logger('EmbeddedPostgres');
  fs.mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const { PGlite } = await importEsm<typeof import('@electric-sql/pglite')>('@electric-sql/pglite');
  const { vector } = await importEsm<typeof import('@electric-sql/pglite-pgvector')>('@electric-sql/pglite-pgvector');
  // Trigram similarity (insights fold near-duplicate questions). Typed by hand: the package's
  // subpath exports are not resolvable under this project's `moduleResolution`.
  const { pg_trgm } = await importEsm<{ pg_trgm: import('@electric-sql/pglite').Extension }>('@electric-sql/pglite/contrib/pg_trgm');
  const { PGLiteSocketServer } = await importEsm<typeof import('@electric-sql/pglite-socket')>('@electric-sql/pglite-socket');
  const db = await PGlite.create({ dataDir: dir, extensions: { vector, pg_trgm } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  serialiseQueryCycles(server as unknown as SocketServerInternals);
  await server.start();
  const [host, port] = server.getServerConn().split(':');
  logger.log(`embedded PostgreSQL ready in ${Date.now() - started} ms (${dir}, ${host}:${port})`);
  let stopped = false;
  return {
    url: `postgresql://postgres:postgres@${host}:${port}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}

/** The parts of pglite-socket 0.2.17's server that `serialiseQueryCycles` replaces. */
interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(err: unknown): void;
  onData(data: Uint8Array): void;
}
interface SocketServerInternals {
  queryQueue: {
    queue: QueuedMessage[];
    processing: boolean;
    lastHandlerId: number | null;
    db: {
      isInTransaction(): boolean;
      runExclusive<T>(fn: () => Promise<T>): Promise<T>;
      execProtocolRawStream(message: Uint8Array, opts: { onRawData(data: Uint8Array): void }): Promise<unknown>;
    };
    processQueue(): Promise<void>;
    clearQueueForHandler(handlerId: number): void;
  };
}

/** Extended-protocol messages after which the sending connection still owes its Sync. */
const QUERY_CYCLE_MESSAGES = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]); // Parse Bind Describe Execute Close Flush

/**
 * pglite-socket runs the wire-protocol messages of all connections through one queue, one message
 * at a time, keeping a connection's turn only inside a transaction. An extended-protocol query is
 * several messages (Parse, Bind, Describe, Execute, Sync) over one shared backend, so another
 * connection's Parse could slip between them and the Bind would reach the wrong statement ("bind
 * message supplies 771 parameters, but prepared statement "" requires 2", seen with large batch
 * INSERTs). This keeps the turn with a connection from its first such message until its Sync, and
 * keeps the queue running after a failed message (the original stops processing for good).
 */
function serialiseQueryCycles(server: SocketServerInternals): void {
  const queue = server.queryQueue;
  let midCycle = false;
  const clearQueueForHandler = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clearQueueForHandler(handlerId);
    if (midCycle && queue.lastHandlerId === handlerId) {
      midCycle = false;
      void queue.processQueue();
    }
  };
  queue.processQueue = async () => {
    if (queue.processing || queue.queue.length === 0) return;
    queue.processing = true;
    try {
      while (queue.queue.length > 0) {
        let item: QueuedMessage | undefined;
        if ((midCycle || queue.db.isInTransaction()) && queue.lastHandlerId !== null) {
          const index = queue.queue.findIndex((q) => q.handlerId === queue.lastHandlerId);
          item = index === -1 ? undefined : queue.queue.splice(index, 1)[0];
        } else {
          item = queue.queue.shift();
        }
        if (!item) break;
        let bytes = 0;
        try {
          const current = item;
          await queue.db.runExclusive(() =>
            queue.db.execProtocolRawStream(current.message, {
              onRawData: (data) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
        } catch (err) {
          midCycle = false;
          item.reject(err);
          continue;
        }
        midCycle = QUERY_CYCLE_MESSAGES.has(item.message[0]);
        queue.lastHandlerId = item.handlerId;
        item.resolve(bytes);
      }
    } finally {
      queue.processing = false;
    }
  };
}
