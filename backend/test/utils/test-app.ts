import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
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
  const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false', PORT: '0', ...env }, { dataDir: dir });
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
      if (!opts?.keepData) await fs.rm(dir, { recursive: true, force: true });
    },
  };
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
