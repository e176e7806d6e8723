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
  const { PGLiteSocketServer } = await importEsm<typeof import('@electric-sql/pglite-socket')>(
    '@electric-sql/pglite-socket',
  );
  const db = await PGlite.create({ dataDir: dir, extensions: { vector } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
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
