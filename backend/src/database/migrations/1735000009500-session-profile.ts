import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The profile typed into the sign-in form for a privileged address is kept on that attendee session
 * only (`web_sessions.profile`), never on the account: a stranger typing the admin's address sees
 * the name they typed, not the admin's, and cannot rename the admin. The mailbox owner who opens
 * the mailed link in that browser adopts it, if the account has no name yet.
 */
export class SessionProfile1735000009500 implements MigrationInterface {
  name = 'SessionProfile1735000009500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE web_sessions ADD COLUMN profile jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE web_sessions DROP COLUMN profile`);
  }
}
