import { DataSource, QueryRunner } from 'typeorm';
import { ChunkRowsInline1735000028000 } from '../src/database/migrations/1735000028000-chunk-rows-inline';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { reportPage, textPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { askInSessions } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@chunk-storage.test';

/** Values of the chunks table stored out of line (its TOAST table's rows). */
async function outOfLine(q: QueryRunner): Promise<number> {
  const [{ toast }] = await q.query(`SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE relname = 'chunks'`);
  const [{ n }] = await q.query(`SELECT count(*)::int AS n FROM ${toast}`);
  return n;
}

describe('chunk rows hold their text, text vector and embedding (no TOAST reads when searching)', () => {
  let t: TestApp;
  let q: QueryRunner;
  let sessionId: string;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    const admin = await signInPrivileged(t, ADMIN, { firstName: 'Dana', lastName: 'Admin' });
    sessionId = await createSession(admin, 'Survey results');
    await uploadEmbedded(admin, sessionId, 'pdf', await textPdf(Array.from({ length: 6 }, (_, i) => reportPage(i + 1))), 'survey.pdf');
    q = t.app.get(DataSource).createQueryRunner();
  });
  afterAll(async () => {
    await q?.release();
    await t?.close();
  });

  it('stores new chunks in their rows, and a question limited to the session is answered from them', async () => {
    const [{ chunks, biggest }] = await q.query(`SELECT count(*)::int AS chunks, max(pg_column_size(c.*))::int AS biggest FROM chunks c`);
    expect(chunks).toBeGreaterThan(1);
    expect(biggest).toBeGreaterThan(2100); // past the 2 KB at which PostgreSQL would move the embedding out
    expect(await outOfLine(q)).toBe(0);

    const answer = await askInSessions(t, 'reader@chunk-storage.test', [sessionId], 'What is the survey marker for page 3?');
    expect(answer).toContain('PAGEMARK3');
    expect(answer).toMatch(/\[p\. 3\]/);
  });

  it('moves the chunks of an installation made before it back into their rows', async () => {
    const migration = new ChunkRowsInline1735000028000();
    await migration.down(q);
    await q.query(`CLUSTER chunks USING chunks_pkey`); // rewritten as before: embeddings out of line
    await q.query(`ALTER TABLE chunks SET WITHOUT CLUSTER`);
    expect(await outOfLine(q)).toBeGreaterThan(0);
    await migration.up(q);
    expect(await outOfLine(q)).toBe(0);
    // The rebuilt indexes serve the same searches.
    const [{ id }] = await q.query(`SELECT id FROM chunks ORDER BY chunk_index DESC LIMIT 1`);
    await q.query(`SET enable_seqscan = off`);
    try {
      const [nearest] = await q.query(`SELECT id FROM chunks ORDER BY embedding <=> (SELECT embedding FROM chunks WHERE id = $1) LIMIT 1`, [
        id,
      ]);
      expect(nearest.id).toBe(id);
      const [{ n }] = await q.query(`SELECT count(*)::int AS n FROM chunks WHERE tsv @@ websearch_to_tsquery('english', 'PAGEMARK4')`);
      expect(n).toBe(1);
    } finally {
      await q.query(`RESET enable_seqscan`);
    }
  });
});
