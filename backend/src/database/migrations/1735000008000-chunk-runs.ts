import { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationContext } from '../migration-context';

/**
 * Chunks carry the ingestion run that wrote them (`run` = the document's `attempts` of that run)
 * and the embedding model. A run inserts its chunks batch by batch while the document is not
 * `embedded` (readers only read chunks of `embedded` documents), resumes after its own rows when
 * it was interrupted, and its last transaction deletes the rows of every other run as the document
 * becomes `embedded`. This replaces the staging table of 1735000007000.
 */
export class ChunkRuns1735000008000 implements MigrationInterface {
  name = 'ChunkRuns1735000008000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chunks ADD COLUMN run integer`);
    await q.query(`ALTER TABLE chunks ADD COLUMN embedding_model text`);
    await q.query(`DROP TABLE IF EXISTS ingest_staging`);
  }

  async down(q: QueryRunner): Promise<void> {
    const dim = migrationContext.embeddingDim;
    await q.query(`
      CREATE TABLE ingest_staging (
        document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        chunk_index integer NOT NULL,
        run integer NOT NULL,
        embedding_model text NOT NULL,
        text text NOT NULL,
        page integer,
        speaker text,
        start_time real,
        embedding vector(${dim}) NOT NULL,
        PRIMARY KEY (document_id, chunk_index)
      )`);
    await q.query(`ALTER TABLE chunks DROP COLUMN embedding_model`);
    await q.query(`ALTER TABLE chunks DROP COLUMN run`);
  }
}
