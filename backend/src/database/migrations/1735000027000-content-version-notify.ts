import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every bump of the content version also notifies the `content_version` channel (delivered to
 * listeners when the change commits; a rolled-back change notifies nobody). Each API process on a
 * PostgreSQL server listens on it (`ContentVersionWatch`), so it learns of another process's change
 * without reading the version on every request.
 */
export class ContentVersionNotify1735000027000 implements MigrationInterface {
  name = 'ContentVersionNotify1735000027000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE content_version SET version = version + 1 WHERE id = 1;
        PERFORM pg_notify('content_version', '');
        RETURN NULL;
      END $$;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE content_version SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$;
    `);
  }
}
