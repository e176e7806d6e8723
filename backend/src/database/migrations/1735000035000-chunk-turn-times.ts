import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transcript chunks carry the time each of their turns (cue, timed line) starts, one per line of the
 * chunk text, so a sentence an answer quotes from the chunk cites the time it was said rather than
 * the chunk's first turn. Chunks written before this migration have none and keep citing their start
 * until their document is processed again.
 */
export class ChunkTurnTimes1735000035000 implements MigrationInterface {
  name = 'ChunkTurnTimes1735000035000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chunks ADD COLUMN turn_times double precision[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chunks DROP COLUMN turn_times`);
  }
}
