import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chunks carry the ingestion run that wrote them (`run` = the document's `attempts` of that run)
 * and the embedding model. A run inserts its chunks batch by batch while the document is not
 * `embedded` (readers only read chunks of `embedded` documents), resumes after its own rows when
 * it was interrupted, and its last transaction deletes the rows of every other run as the document
 * becomes `embedded`.
 */
export class ChunkRuns1735000008000 implements MigrationInterface {
  name = 'ChunkRuns1735000008000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chunks ADD COLUMN run integer`);
    await q.query(`ALTER TABLE chunks ADD COLUMN embedding_model text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chunks DROP COLUMN embedding_model`);
    await q.query(`ALTER TABLE chunks DROP COLUMN run`);
  }
}
