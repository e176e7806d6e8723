import { DataSource, QueryRunner } from 'typeorm';
import { LighterHnsw1735000026000 } from '../src/database/migrations/1735000026000-lighter-hnsw';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { reportPage, textPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@hnsw-index.test';

/** The chunk embeddings' HNSW index: its access method, operator class and storage parameters. */
async function hnswIndex(q: QueryRunner): Promise<{ definition: string; options: string[] | null }> {
  const [row] = await q.query(
    `SELECT pg_get_indexdef(c.oid) AS definition, c.reloptions AS options
       FROM pg_class c WHERE c.relname = 'chunks_embedding_hnsw'`,
  );
  return row;
}

/** The stored chunk nearest to chunk `id`'s own embedding, found through the HNSW index alone. */
async function nearestByIndex(q: QueryRunner, id: string): Promise<string> {
  await q.query(`SET enable_seqscan = off`);
  try {
    const plan: { 'QUERY PLAN': string }[] = await q.query(
      `EXPLAIN SELECT id FROM chunks ORDER BY embedding <=> (SELECT embedding FROM chunks WHERE id = $1) LIMIT 1`,
      [id],
    );
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('chunks_embedding_hnsw');
    const [row] = await q.query(`SELECT id FROM chunks ORDER BY embedding <=> (SELECT embedding FROM chunks WHERE id = $1) LIMIT 1`, [id]);
    return row.id as string;
  } finally {
    await q.query(`RESET enable_seqscan`);
  }
}

describe('the chunk embeddings HNSW index (lighter graph: m = 12, ef_construction = 40)', () => {
  let t: TestApp;
  let q: QueryRunner;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    const admin = await signInPrivileged(t, ADMIN, { firstName: 'Dana', lastName: 'Admin' });
    const sessionId = await createSession(admin, 'Survey results');
    await uploadEmbedded(admin, sessionId, 'pdf', await textPdf(Array.from({ length: 6 }, (_, i) => reportPage(i + 1))), 'survey.pdf');
    q = t.app.get(DataSource).createQueryRunner();
  });
  afterAll(async () => {
    await q?.release();
    await t?.close();
  });

  it('is built with the lighter parameters, cosine distance, and serves nearest-neighbour searches', async () => {
    const index = await hnswIndex(q);
    expect(index.definition).toMatch(/USING hnsw \(embedding vector_cosine_ops\)/);
    expect(index.options).toEqual(['m=12', 'ef_construction=40']);
    const [{ id }] = await q.query(`SELECT id FROM chunks ORDER BY chunk_index DESC LIMIT 1`);
    expect(await nearestByIndex(q, id)).toBe(id);
  });

  it('rebuilds the index of an installation made before it over the chunks already stored', async () => {
    const migration = new LighterHnsw1735000026000();
    await migration.down(q);
    expect((await hnswIndex(q)).options).toBeNull();
    await migration.up(q);
    expect((await hnswIndex(q)).options).toEqual(['m=12', 'ef_construction=40']);
    const chunks: { id: string }[] = await q.query(`SELECT id FROM chunks ORDER BY chunk_index`);
    expect(chunks.length).toBeGreaterThan(1);
    for (const { id } of chunks) expect(await nearestByIndex(q, id)).toBe(id);
  });
});
