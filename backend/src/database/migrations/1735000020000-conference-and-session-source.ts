import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The conference's own settings (one row: name, dates, venue, IANA time zone; default the spec's
 * conference, Sept 8-10 2025 in Denver) and, on sessions, the id a session has in the program it was
 * imported from (`pretalx:VT7MDZ`, `frab:<guid>`, an export's id), so importing the same program
 * again updates those sessions instead of adding copies. `sessions.description` (the abstract,
 * plain text) exists since the initial schema; it is kept as it is (NOT NULL, '' when absent).
 */
export class ConferenceAndSessionSource1735000020000 implements MigrationInterface {
  name = 'ConferenceAndSessionSource1735000020000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE conference_settings (
        id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        name text NOT NULL,
        start_date date NOT NULL,
        end_date date NOT NULL,
        venue text NOT NULL,
        time_zone text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (end_date >= start_date)
      );
      INSERT INTO conference_settings (id, name, start_date, end_date, venue, time_zone)
        VALUES (1, 'Equipment Finance Conference 2025', '2025-09-08', '2025-09-10', 'Denver, CO', 'America/Denver');
      ALTER TABLE sessions ADD COLUMN external_id text NULL;
      CREATE UNIQUE INDEX sessions_external_id_key ON sessions (external_id) WHERE external_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX IF EXISTS sessions_external_id_key;
      ALTER TABLE sessions DROP COLUMN IF EXISTS external_id;
      DROP TABLE IF EXISTS conference_settings;
    `);
  }
}
