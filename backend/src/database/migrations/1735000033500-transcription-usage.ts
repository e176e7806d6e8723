import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transcription of recordings is AI usage too: `ai_usage.kind` takes 'transcription', and its rows
 * carry the seconds of audio sent (`audio_seconds`; transcription is priced per minute, not per token).
 */
export class TranscriptionUsage1735000033500 implements MigrationInterface {
  name = 'TranscriptionUsage1735000033500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ai_usage DROP CONSTRAINT IF EXISTS ai_usage_kind_check`);
    await q.query(
      `ALTER TABLE ai_usage ADD CONSTRAINT ai_usage_kind_check CHECK (kind IN ('chat', 'embedding', 'takeaway', 'transcription'))`,
    );
    await q.query(`ALTER TABLE ai_usage ADD COLUMN audio_seconds real NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM ai_usage WHERE kind = 'transcription'`);
    await q.query(`ALTER TABLE ai_usage DROP COLUMN audio_seconds`);
    await q.query(`ALTER TABLE ai_usage DROP CONSTRAINT ai_usage_kind_check`);
    await q.query(`ALTER TABLE ai_usage ADD CONSTRAINT ai_usage_kind_check CHECK (kind IN ('chat', 'embedding', 'takeaway'))`);
  }
}
