import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from './utils/test-app';

/**
 * The embedded database (PGlite, single-threaded WebAssembly) cannot interrupt a running statement,
 * so this checks the pool the app builds: a PostgreSQL server applies `statement_timeout` to every
 * connection, and `connectionTimeoutMillis` bounds the wait for one.
 */
describe('database pool bounds (DB_CONNECTION_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DB_STATEMENT_TIMEOUT_MS: '1500', DB_CONNECTION_TIMEOUT_MS: '5000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the pool its connection timeout and every connection the statement timeout', async () => {
    const db = t.app.get(DataSource);
    const pool = (db.driver as unknown as { master: { options: Record<string, unknown> } }).master;
    expect(pool.options).toMatchObject({ connectionTimeoutMillis: 5000, statement_timeout: 1500 });
    await expect(db.query(`SELECT 1 AS one`)).resolves.toEqual([{ one: 1 }]);
  });
});
