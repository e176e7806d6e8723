import request from 'supertest';
import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from './utils/test-app';

/**
 * Which deployment the API suites run on: the embedded default (`npm test`), or PostgreSQL + pgvector +
 * Redis (`npm run test:server`, which sets SERVER_TEST_DATABASE_URL and SERVER_TEST_REDIS_URL). The
 * server job would prove nothing if the apps it starts quietly fell back to the embedded database.
 */
describe('deployment under test', () => {
  const server = Boolean(process.env.SERVER_TEST_DATABASE_URL);
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it(server ? 'runs on a database of its own on the PostgreSQL server, with pgvector' : 'runs on the embedded database', async () => {
    const db = t.app.get(DataSource);
    const [{ name }] = (await db.query('SELECT current_database() AS name')) as { name: string }[];
    const [{ version }] = (await db.query("SELECT extversion AS version FROM pg_extension WHERE extname = 'vector'")) as {
      version: string;
    }[];
    expect(version).toMatch(/^\d+\.\d+/);
    if (server) {
      expect(t.config.databaseUrl).toContain(`/${name}`);
      expect(name).toMatch(/^ca_e2e_/);
    } else {
      expect(t.config.databaseUrl).toBeUndefined();
    }
  });

  it(server ? 'keeps its queue and counters in Redis' : 'keeps its queue in the process', async () => {
    const res = await request(t.url).get('/api/ready').expect(200);
    expect(res.body).toEqual({ status: 'ready', database: 'ok', redis: server ? 'ok' : 'not used' });
  });
});
