import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The HNSW index of chunk embeddings with half the links (m 8 instead of pgvector's default 16)
 * and a shorter candidate list while building (ef_construction 32 instead of 64). Maintaining the
 * index was four fifths of the cost of storing a chunk on the embedded database (about 5 ms of CPU
 * a chunk, single-threaded WebAssembly): with these parameters it is about 1.5 ms, so real filings
 * ingest near the speed pdf-parse reads them (bench/RESULTS.md, "Ingestion: issue 12"). Measured on
 * the dev set's 10-K chunks (5,557), recall@10 against an exact scan at the search's ef_search of
 * 200 is 0.99 (1.00 before). The index is rebuilt once, here (about a third of the time the old
 * parameters took to build).
 */
export class ChunksHnswLighter1735000016000 implements MigrationInterface {
  name = 'ChunksHnswLighter1735000016000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS chunks_embedding_hnsw`);
    await q.query(
      `CREATE INDEX chunks_embedding_hnsw ON chunks USING hnsw (embedding vector_cosine_ops) WITH (m = 8, ef_construction = 32)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS chunks_embedding_hnsw`);
    await q.query(`CREATE INDEX chunks_embedding_hnsw ON chunks USING hnsw (embedding vector_cosine_ops)`);
  }
}
