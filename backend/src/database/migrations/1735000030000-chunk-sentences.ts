import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each chunk keeps its sentences as the local answerer reads them (`storedSentences`: JSON with the
 * analysis version), written by ingestion with the chunk, so an answer does not split, tidy and stem
 * its passages again. Chunks stored before (and any of another analysis version) have none: the
 * answerer analyses those when it reads them, as it did before, until their document is processed again.
 * Plain text, not jsonb: the database never reads inside it.
 */
export class ChunkSentences1735000030000 implements MigrationInterface {
  name = 'ChunkSentences1735000030000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chunks ADD COLUMN sentences text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chunks DROP COLUMN sentences`);
  }
}
