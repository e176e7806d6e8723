import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createApp } from '../../src/bootstrap';
import { AppConfig, loadConfig } from '../../src/config/app-config';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  /** Base URL of the listening server (a real socket on loopback). */
  url: string;
  dataDir: string;
  /** Stops the app; keeps the data directory when `keepData` (restart tests). */
  close(opts?: { keepData?: boolean }): Promise<void>;
}

/**
 * Boots the real application on the embedded PostgreSQL in a fresh data directory (or `dataDir`),
 * listening on a free loopback port. Settings come from `env` exactly as in production.
 */
export async function startTestApp(env: Record<string, string> = {}, dataDir?: string): Promise<TestApp> {
  const dir = dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'ca-test-')));
  const server = await serverDeployment(env, dir);
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', PORT: '0', ...server.env, ...env }, { dataDir: dir });
  const app = await createApp(config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    app,
    config,
    url: `http://127.0.0.1:${address.port}`,
    dataDir: dir,
    async close(opts) {
      await app.close();
      if (!opts?.keepData) {
        await server.drop();
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The server deployment under test (`npm run test:server`): with SERVER_TEST_DATABASE_URL (a PostgreSQL
 * server with pgvector that may create databases) each test app gets a database of its own on that
 * server, kept with its data directory across restarts (the name is written into it); with
 * SERVER_TEST_REDIS_URL the ingestion queue and rate-limit counters live in that Redis under a prefix
 * of the app's own. A test that sets DATABASE_URL or REDIS_URL itself keeps its own.
 */
async function serverDeployment(env: Record<string, string>, dir: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const out: Record<string, string> = {};
  let drop = async () => {};
  const serverUrl = process.env.SERVER_TEST_DATABASE_URL;
  if (serverUrl && !env.DATABASE_URL) {
    const nameFile = path.join(dir, 'server-database-name');
    const existing = await fs.readFile(nameFile, 'utf8').catch(() => '');
    const name = existing || `ca_e2e_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      if (!existing) {
        await admin.query(`CREATE DATABASE ${name}`);
        await fs.writeFile(nameFile, name);
      }
    } finally {
      await admin.end();
    }
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    out.DATABASE_URL = url.toString();
    drop = async () => {
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    };
  }
  const redisUrl = process.env.SERVER_TEST_REDIS_URL;
  if (redisUrl && !env.REDIS_URL) {
    out.REDIS_URL = redisUrl;
    out.QUEUE_PREFIX = `ca-e2e-${process.pid}-${path.basename(dir)}`;
  }
  return { env: out, drop };
}

/** A cookie-keeping client signed in through POST /api/login. */
export async function signIn(
  t: TestApp,
  user: { email: string; firstName?: string; lastName?: string; company?: string } = { email: 'alex@example.com' },
): Promise<TestAgent> {
  const agent = request.agent(t.url);
  const res = await agent.post('/api/login').send({ firstName: 'Alex', ...user });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}
