import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A small key/value table for facts about the installation itself, such as "the demo conference
 * was seeded" (so deleting every session later never brings the demo back).
 */
export class AppMeta1735000006500 implements MigrationInterface {
  name = 'AppMeta1735000006500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_meta (
        key text PRIMARY KEY,
        value jsonb NOT NULL DEFAULT '{}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS app_meta`);
  }
}
