import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transcript chunks carry where they are in the uploaded file: the first and last line (or JSON
 * segment) they cover and the line of each of their turns, so an untimed transcript is cited
 * '[line 112]' and the citation opens that turn. Chunks written before this migration have no
 * lines (and PDF chunks kept running headers): every embedded document is re-processed once at the
 * next start (recorded as another embedding model, which the start-up recovery re-processes).
 */
export class ChunkLocations1735000009000 implements MigrationInterface {
  name = 'ChunkLocations1735000009000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chunks ADD COLUMN line_start integer, ADD COLUMN line_end integer, ADD COLUMN turn_lines integer[]`);
    await q.query(
      `UPDATE documents SET embedding_model = embedding_model || ' (before chunk locations)'
        WHERE status = 'embedded' AND embedding_model IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chunks DROP COLUMN turn_lines, DROP COLUMN line_end, DROP COLUMN line_start`);
  }
}
