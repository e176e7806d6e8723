// @ts-check
/**
 * The embedded PostgreSQL's own thread (started by `embedded-postgres.ts`). PGlite runs PostgreSQL as
 * WebAssembly on the thread that created it; here that is this worker, so SQL (and its synchronous
 * file reads) runs on the machine's second core instead of between the API's HTTP requests. The
 * wire-protocol server lives here too: the API reaches the database over loopback with `pg`, exactly
 * as it reaches a PostgreSQL server.
 *
 * Plain JavaScript (CommonJS) so that Node loads it as it is, from `src/` under Jest and from `dist/`
 * in the built app (`tsc` copies it with `allowJs`).
 *
 * workerData: { dir, maxConnections, sessionSetup, startSettings }: `sessionSetup` is SQL run once on the database's one
 * backend session, which every connection shares (pglite-socket ignores startup options); `startSettings`
 * ({ name: value }) are given to PostgreSQL as it starts (`-c name=value` after PGlite's own start
 * parameters; settings such as `shared_buffers` take effect only there). `postgresql.conf` is left as it is. Posts { ready: 'host:port' } or { failed: message }; on the
 * message 'stop' closes the server and the database, then posts { stopped: true }.
 */
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');

/**
 * PGlite is ESM-only: a real dynamic import, which `tsc` (CommonJS output) would otherwise rewrite to `require`.
 * @type {(specifier: string) => Promise<any>}
 */
const importEsm = /** @type {any} */ (new Function('specifier', 'return import(specifier)'));

async function main() {
  const { dir, maxConnections, sessionSetup, startSettings } = workerData;
  fs.mkdirSync(dir, { recursive: true });
  /** @type {typeof import('@electric-sql/pglite')} */
  const { PGlite } = await importEsm('@electric-sql/pglite');
  /** @type {typeof import('@electric-sql/pglite-pgvector')} */
  const { vector } = await importEsm('@electric-sql/pglite-pgvector');
  // Trigram similarity (insights fold near-duplicate questions). A subpath export, which this
  // project's TypeScript `moduleResolution` cannot resolve: typed by hand.
  /** @type {{ pg_trgm: import('@electric-sql/pglite').Extension }} */
  const { pg_trgm } = await importEsm('@electric-sql/pglite/contrib/pg_trgm');
  /** @type {typeof import('@electric-sql/pglite-socket')} */
  const { PGLiteSocketServer } = await importEsm('@electric-sql/pglite-socket');
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(startSettings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  const db = await PGlite.create({ dataDir: dir, extensions: { vector, pg_trgm }, startParams });
  if (sessionSetup) await db.exec(sessionSetup);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  serialiseQueryCycles(/** @type {SocketServerInternals} */ (/** @type {unknown} */ (server)));
  await server.start();
  let stopping = false;
  parentPort?.on('message', (message) => {
    if (message !== 'stop' || stopping) return;
    stopping = true;
    void (async () => {
      await server.stop().catch(() => undefined);
      await db.close().catch(() => undefined);
      parentPort?.postMessage({ stopped: true });
    })();
  });
  parentPort?.postMessage({ ready: server.getServerConn() });
}

main().catch((err) => parentPort?.postMessage({ failed: err instanceof Error ? (err.stack ?? err.message) : String(err) }));

/**
 * The parts of pglite-socket 0.2.17's server that `serialiseQueryCycles` replaces.
 * @typedef {{ handlerId: number, message: Uint8Array, resolve(bytes: number): void, reject(err: unknown): void, onData(data: Uint8Array): void }} QueuedMessage
 * @typedef {{ queryQueue: {
 *   queue: QueuedMessage[], processing: boolean, lastHandlerId: number | null,
 *   db: {
 *     isInTransaction(): boolean,
 *     runExclusive<T>(fn: () => Promise<T>): Promise<T>,
 *     execProtocolRawStream(message: Uint8Array, opts: { onRawData(data: Uint8Array): void }): Promise<unknown>,
 *   },
 *   processQueue(): Promise<void>, clearQueueForHandler(handlerId: number): void,
 * } }} SocketServerInternals
 */

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
 * @param {SocketServerInternals} server
 */
function serialiseQueryCycles(server) {
  const queue = server.queryQueue;
  let midCycle = false;
  const clearQueueForHandler = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId) => {
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
        /** @type {QueuedMessage | undefined} */
        let item;
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
