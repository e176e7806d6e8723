import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { databaseFileBytes, embeddedSharedBuffersMb, startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { LOCAL_EF_SEARCH, sessionSettings } from '../src/database/session-settings';

const MB = 2 ** 20;

/** Runs `sql` on the embedded database at `url` and returns its rows. */
async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('the embedded database sizes its buffers to its files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ca-embedded-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('keeps PGlite’s 128 MB for a small database and takes room for a large one, up to 512 MB', () => {
    expect(embeddedSharedBuffersMb(0)).toBe(128);
    expect(embeddedSharedBuffersMb(40 * MB)).toBe(128);
    expect(embeddedSharedBuffersMb(300 * MB)).toBe(384); // 375 MB, in steps of 64
    expect(embeddedSharedBuffersMb(380 * MB)).toBe(512);
    expect(embeddedSharedBuffersMb(3000 * MB)).toBe(512);
  });

  it('counts the bytes of every table and index file under base/, none before the first start', async () => {
    expect(databaseFileBytes(dir)).toBe(0);
    await fs.mkdir(path.join(dir, 'base', '5'), { recursive: true });
    await fs.writeFile(path.join(dir, 'base', '5', '16384'), Buffer.alloc(8192));
    await fs.writeFile(path.join(dir, 'base', '5', '16384_fsm'), Buffer.alloc(4096));
    await fs.writeFile(path.join(dir, 'postgresql.conf'), 'not counted');
    expect(databaseFileBytes(dir)).toBe(12288);
  });

  it('starts with the buffers its files call for, on the same data and settings file', async () => {
    const first = await startEmbeddedPostgres(dir, 4, sessionSettings(LOCAL_EF_SEARCH));
    try {
      expect(await query(first.url, 'SHOW shared_buffers')).toEqual([{ shared_buffers: '128MB' }]);
      await query(first.url, `CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')`);
    } finally {
      await first.stop();
    }
    const settingsFile = await fs.readFile(path.join(dir, 'postgresql.conf'), 'utf8');
    // A corpus of 300 MB of tables and indexes, stood in for by one sparse file (no disk used).
    await fs.writeFile(path.join(dir, 'base', 'corpus-stand-in'), '');
    await fs.truncate(path.join(dir, 'base', 'corpus-stand-in'), 300 * MB);
    const wanted = embeddedSharedBuffersMb(databaseFileBytes(dir));
    expect(wanted).toBeGreaterThanOrEqual(384); // 300 MB and the catalogs, a quarter more
    const second = await startEmbeddedPostgres(dir, 4, sessionSettings(LOCAL_EF_SEARCH));
    try {
      expect(await query(second.url, 'SHOW shared_buffers')).toEqual([{ shared_buffers: `${wanted}MB` }]);
      expect(await query(second.url, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
      expect(await query(second.url, 'SHOW default_text_search_config')).toEqual([{ default_text_search_config: 'pg_catalog.english' }]);
    } finally {
      await second.stop();
    }
    expect(await fs.readFile(path.join(dir, 'postgresql.conf'), 'utf8')).toBe(settingsFile);
  });
});
