import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A counter bumped (in the same transaction) by every change of what GET /api/sessions shows: any
 * write to `sessions`, a document added or removed, or a document's status, kind, name, session or
 * creation time changed (ingestion progress does not count). The API keeps the session list in
 * memory and re-reads it only when the counter moved, whichever process or statement changed it.
 */
export class ContentVersion1735000016500 implements MigrationInterface {
  name = 'ContentVersion1735000016500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE content_version (
        id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        version bigint NOT NULL DEFAULT 0
      );
      INSERT INTO content_version (id, version) VALUES (1, 0);
      CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE content_version SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END $$;
      CREATE TRIGGER sessions_content_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
        FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
      CREATE TRIGGER documents_content_version AFTER INSERT OR DELETE OR TRUNCATE ON documents
        FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version();
      CREATE TRIGGER documents_content_version_update AFTER UPDATE ON documents
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.kind IS DISTINCT FROM NEW.kind
          OR OLD.original_filename IS DISTINCT FROM NEW.original_filename OR OLD.session_id IS DISTINCT FROM NEW.session_id
          OR OLD.created_at IS DISTINCT FROM NEW.created_at)
        EXECUTE FUNCTION bump_content_version();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER documents_content_version_update ON documents;
      DROP TRIGGER documents_content_version ON documents;
      DROP TRIGGER sessions_content_version ON sessions;
      DROP FUNCTION bump_content_version();
      DROP TABLE content_version;
    `);
  }
}
