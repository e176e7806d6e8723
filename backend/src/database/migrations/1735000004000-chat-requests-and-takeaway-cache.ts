import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chat: a thread holds at most one running request (`active_request_at`, shared by every API
 * process; a stale claim expires). Takeaways: results cached per session set and document versions.
 */
export class ChatRequestsAndTakeawayCache1735000004000 implements MigrationInterface {
  name = 'ChatRequestsAndTakeawayCache1735000004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chat_threads ADD COLUMN active_request_at timestamptz`);
    await q.query(`
      CREATE TABLE takeaway_cache (
        cache_key text PRIMARY KEY,
        session_ids uuid[] NOT NULL,
        takeaways jsonb NOT NULL,
        sources jsonb NOT NULL,
        model text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX takeaway_cache_created_idx ON takeaway_cache (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS takeaway_cache`);
    await q.query(`ALTER TABLE chat_threads DROP COLUMN IF EXISTS active_request_at`);
  }
}
