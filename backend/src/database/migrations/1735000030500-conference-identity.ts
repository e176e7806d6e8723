import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rest of the conference's identity as settings: a short name (the attendee app's header), the
 * program's languages (BCP-47 primary tags) and the chat's suggested questions. The defaults are the
 * spec's conference ('EFC 2025', English, its three questions). A row an admin has already renamed
 * gets its own name as short name (cut to 40 characters) and no questions: the spec's are about
 * equipment finance.
 */
export class ConferenceIdentity1735000030500 implements MigrationInterface {
  name = 'ConferenceIdentity1735000030500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE conference_settings
        ADD COLUMN short_name text NOT NULL DEFAULT 'EFC 2025',
        ADD COLUMN languages text[] NOT NULL DEFAULT ARRAY['en']::text[],
        ADD COLUMN suggested_questions text[] NOT NULL DEFAULT ARRAY[
          'What are the key trends in equipment financing discussed at the conference?',
          'What credit criteria do lenders look for when evaluating equipment finance deals?',
          'How is technology changing the equipment finance process?'
        ]::text[];
      UPDATE conference_settings SET short_name = btrim(left(name, 40)), suggested_questions = '{}'
        WHERE name <> 'Equipment Finance Conference 2025';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE conference_settings
        DROP COLUMN IF EXISTS suggested_questions,
        DROP COLUMN IF EXISTS languages,
        DROP COLUMN IF EXISTS short_name;
    `);
  }
}
