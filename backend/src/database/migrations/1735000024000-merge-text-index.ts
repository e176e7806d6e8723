import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Merges the full-text index's pending list once, for installations whose documents were embedded
 * before ingestion merged it after each document (`IngestionRepository.mergeTextIndex`): until then
 * every search scanned the whole list (up to 4 MB), which autovacuum empties only now and then on a
 * server and never on the embedded database.
 */
export class MergeTextIndex1735000024000 implements MigrationInterface {
  name = 'MergeTextIndex1735000024000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`SELECT gin_clean_pending_list('chunks_tsv_gin'::regclass)`);
  }

  async down(): Promise<void> {
    // Nothing to undo: the index holds the same entries, merged.
  }
}
