import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The HNSW index of chunk embeddings rebuilt with m 12 (pgvector's default, used until now, is 16;
 * ef_construction stays 64). Keeping the graph up to date is most of what storing a chunk costs on the
 * embedded database, and that work grows with the square of m: the dev set's 10-K filings went from
 * 2.64x to 2.29x the time of pdf-parse alone (bench/RESULTS.md, "Ingestion: issue 12"), and a search
 * walks fewer edges. The full evaluation (`npm run eval`, 98 questions) gave the same figures, with one
 * question's evidence found a rank higher; m 12 with ef_construction 40 was faster still (1.89x) but
 * lost one meeting question from the top 5, and m 16 with ef_construction 40 barely moved (bench/EVAL.md).
 * The rebuild reads every chunk once: seconds for a conference, minutes for 50,000 chunks.
 */
export class HnswBuildParams1735000017000 implements MigrationInterface {
  name = 'HnswBuildParams1735000017000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX chunks_embedding_hnsw`);
    await q.query(
      `CREATE INDEX chunks_embedding_hnsw ON chunks USING hnsw (embedding vector_cosine_ops) WITH (m = 12, ef_construction = 64)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX chunks_embedding_hnsw`);
    await q.query(`CREATE INDEX chunks_embedding_hnsw ON chunks USING hnsw (embedding vector_cosine_ops)`);
  }
}
