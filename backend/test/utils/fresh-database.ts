import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { LOCAL_EF_SEARCH, sessionSettings } from '../../src/database/session-settings';

export interface FreshDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * An empty PostgreSQL database that several processes can reach: a new database on the server of
 * DATABASE_URL (or of SERVER_TEST_DATABASE_URL, the server job's) when that is set, otherwise the embedded PostgreSQL (PGlite + pgvector) started by
 * this process and served on a free loopback port.
 */
export async function freshDatabase(maxConnections = 40): Promise<FreshDatabase> {
  const server = process.env.DATABASE_URL ?? process.env.SERVER_TEST_DATABASE_URL;
  if (server) {
    const name = `ca_test_${process.pid}_${Date.now()}`;
    const admin = await new DataSource({ type: 'postgres', url: server }).initialize();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async stop() {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.destroy();
      },
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ca-shared-db-'));
  // The processes sharing it run the local provider: its search settings, set once on the shared session.
  const db = await startEmbeddedPostgres(dir, maxConnections, sessionSettings(LOCAL_EF_SEARCH));
  return {
    url: db.url,
    async stop() {
      await db.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
