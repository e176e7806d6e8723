import { MigrationInterface, QueryRunner } from 'typeorm';

/** Refusal text of both answer generators (NOT_COVERED_ANSWER), as stored, for the backfill. */
const NOT_COVERED_PREFIX = "The conference materials don't cover this.";

/**
 * Insights for organisers and answer feedback.
 * - A question (user message) keeps the session filter it was asked with (`session_ids`) and its
 *   normalised wording (`question_norm`: lower case, runs of anything but letters and digits as one
 *   space), which groups identical questions and feeds trigram similarity (pg_trgm) for near-duplicates.
 * - An answer (assistant message) points at its question (`question_id`); the question records
 *   whether its answer left it `unanswered` (the materials don't cover it, or no source is cited).
 * - `chat_feedback`: one rating ('up' | 'down') per answer, by the answer's user, with an optional
 *   comment; it keeps the answer's question (`question_id`) so the insights join it to the range's
 *   questions without reading the answers.
 * Rows written before this migration are backfilled from the thread filter, the message order and the text.
 */
export class Insights1735000014000 implements MigrationInterface {
  name = 'Insights1735000014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      ALTER TABLE chat_messages
        ADD COLUMN session_ids uuid[],
        ADD COLUMN question_id uuid REFERENCES chat_messages(id) ON DELETE CASCADE,
        ADD COLUMN unanswered boolean,
        ADD COLUMN question_norm text GENERATED ALWAYS AS (
          CASE WHEN role = 'user' THEN btrim(regexp_replace(lower(content), '[^[:alnum:]]+', ' ', 'g')) END
        ) STORED`);
    await q.query(`
      UPDATE chat_messages m SET session_ids = t.session_filter
        FROM chat_threads t WHERE m.thread_id = t.id AND m.role = 'user'`);
    await q.query(
      `UPDATE chat_messages a
          SET question_id = (SELECT u.id FROM chat_messages u
                              WHERE u.thread_id = a.thread_id AND u.role = 'user'
                                AND (u.created_at, u.id) < (a.created_at, a.id)
                              ORDER BY u.created_at DESC, u.id DESC LIMIT 1)
        WHERE a.role = 'assistant'`,
    );
    await q.query(
      `UPDATE chat_messages u SET unanswered = a.content LIKE $1 || '%' OR a.sources = '[]'::jsonb
         FROM chat_messages a WHERE a.question_id = u.id`,
      [NOT_COVERED_PREFIX.replace(/[%_\\]/g, '\\$&')],
    );
    // What the insights filter on: questions by time (and by session), answers by question.
    await q.query(`CREATE INDEX chat_messages_questions_idx ON chat_messages (created_at) WHERE role = 'user'`);
    await q.query(`CREATE INDEX chat_messages_question_sessions_idx ON chat_messages USING gin (session_ids) WHERE role = 'user'`);
    await q.query(`CREATE INDEX chat_messages_answer_idx ON chat_messages (question_id) WHERE question_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE chat_feedback (
        message_id uuid PRIMARY KEY REFERENCES chat_messages(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        rating text NOT NULL CHECK (rating IN ('up', 'down')),
        comment text,
        question_id uuid REFERENCES chat_messages(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX chat_feedback_user_idx ON chat_feedback (user_id)`);
    await q.query(`CREATE INDEX chat_feedback_question_idx ON chat_feedback (question_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS chat_feedback`);
    await q.query(`DROP INDEX IF EXISTS chat_messages_answer_idx`);
    await q.query(`DROP INDEX IF EXISTS chat_messages_question_sessions_idx`);
    await q.query(`DROP INDEX IF EXISTS chat_messages_questions_idx`);
    await q.query(`
      ALTER TABLE chat_messages
        DROP COLUMN IF EXISTS question_norm,
        DROP COLUMN IF EXISTS unanswered,
        DROP COLUMN IF EXISTS question_id,
        DROP COLUMN IF EXISTS session_ids`);
  }
}
