import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in links mailed per address and in all are capped per hour (counted from `sign_in_tokens`
 * when a link is created): indexes for those two counts.
 */
export class SignInLinkCounts1735000022000 implements MigrationInterface {
  name = 'SignInLinkCounts1735000022000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX sign_in_tokens_user_created_idx ON sign_in_tokens (user_id, created_at)`);
    await q.query(`CREATE INDEX sign_in_tokens_created_idx ON sign_in_tokens (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sign_in_tokens_created_idx`);
    await q.query(`DROP INDEX sign_in_tokens_user_created_idx`);
  }
}
