import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * HNSW parameters of the chunk embeddings' index: m = 12 links a node (pgvector's default 16) and
 * ef_construction = 40 candidates while linking it (default 64). Keeping the graph up to date was
 * most of the database's work while a long filing was embedded (on a server about 650 of 850 ms of
 * CPU for 847 chunks; more in the embedded database's WebAssembly); the lighter graph costs about
 * half of that. On the dev set every answer and every session-filtered search stayed the same;
 * unfiltered rankings moved by one question each way, as two fresh builds of the old graph also differ
 * (bench/history/eval-tuning.md, bench/history/server-deployment.md). The index is rebuilt once here over the stored chunks.
 */
export class LighterHnsw1735000026000 implements MigrationInterface {
  name = 'LighterHnsw1735000026000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX chunks_embedding_hnsw`);
    await q.query(
      `CREATE INDEX chunks_embedding_hnsw ON chunks USING hnsw (embedding vector_cosine_ops) WITH (m = 12, ef_construction = 40)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX chunks_embedding_hnsw`);
    await q.query(`CREATE INDEX chunks_embedding_hnsw ON chunks USING hnsw (embedding vector_cosine_ops)`);
  }
}
