// bench/server.mjs ensureDatabase: `npm run bench:scale -- --database-url=URL` makes its database when it is missing
// (as bench:day does) and keeps an existing one with what it holds. Needs a PostgreSQL server with pgvector
// (SERVER_TEST_DATABASE_URL, as `npm run test:server`; default postgresql://postgres@127.0.0.1:5432/postgres).
// `npm run test:bench`.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ensureDatabase } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'backend', 'package.json'));
const { Client } = require('pg');
const server = process.env.SERVER_TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const name = `bench_ensure_${process.pid}_${Date.now()}`;
const url = Object.assign(new URL(server), { pathname: `/${name}` }).toString();

async function on(connectionString, sql) {
  const pg = new Client({ connectionString });
  await pg.connect();
  try {
    return (await pg.query(sql)).rows;
  } finally {
    await pg.end();
  }
}

describe('ensureDatabase', () => {
  after(() => on(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('creates a missing database with the vector extension, then keeps it and its tables', async () => {
    assert.equal(await ensureDatabase(require, url), true);
    assert.deepEqual(await on(url, `SELECT extname FROM pg_extension WHERE extname = 'vector'`), [{ extname: 'vector' }]);
    await on(url, 'CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)');
    assert.equal(await ensureDatabase(require, url), false);
    assert.deepEqual(await on(url, 'SELECT id FROM kept'), [{ id: 7 }]);
  });

  it('refuses a name that is no plain identifier (it is written into the statement)', async () => {
    const bad = Object.assign(new URL(server), { pathname: '/bench-scale;drop' }).toString();
    await assert.rejects(ensureDatabase(require, bad), /plain identifier/);
  });
});
