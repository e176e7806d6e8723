import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A document's chunk is written once per ingestion run: (document_id, run, chunk_index) is unique,
 * so two processes working on the same run (a lease lost to a long pause) or a retried batch
 * cannot store a chunk twice. Duplicates an older version may have left are removed first
 * (the oldest row of each is kept).
 */
export class ChunksUniquePerRun1735000011000 implements MigrationInterface {
  name = 'ChunksUniquePerRun1735000011000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM chunks a
       USING chunks b
       WHERE a.document_id = b.document_id AND a.run = b.run AND a.chunk_index = b.chunk_index AND a.id > b.id`);
    await q.query(`ALTER TABLE chunks ADD CONSTRAINT chunks_document_run_chunk_key UNIQUE (document_id, run, chunk_index)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chunks DROP CONSTRAINT IF EXISTS chunks_document_run_chunk_key`);
  }
}
