import { MigrationInterface, QueryRunner } from 'typeorm';

/** A session id as the stored sources write it (anything else in `sessionId` names no session). */
const UUID = `'^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`;

/**
 * The sessions a question's answer cited beyond the question's own filter (`cited_session_ids` on the
 * question row), so the Insights tab counts a question under them as well without reading every
 * answer's sources on each load (that read made the 90-day Insights three times slower). A trigger
 * keeps it as answers are stored or their sources change (whatever code stores them); existing
 * answers are read once here. The trigger names no column an earlier migration's `down` drops (it
 * reads the answer's question through `to_jsonb(NEW)`), so those still run.
 */
export class CitedSessions1735000034700 implements MigrationInterface {
  name = 'CitedSessions1735000034700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chat_messages ADD COLUMN cited_session_ids uuid[]`);
    await q.query(`
      CREATE OR REPLACE FUNCTION cited_session_ids(sources jsonb, filter uuid[]) RETURNS uuid[] LANGUAGE sql IMMUTABLE AS $$
        SELECT array_agg(DISTINCT s.sid ORDER BY s.sid)
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(sources) = 'array' THEN sources ELSE '[]'::jsonb END) src
         CROSS JOIN LATERAL (SELECT CASE WHEN src->>'sessionId' ~* ${UUID} THEN (src->>'sessionId')::uuid END AS sid) s
         WHERE s.sid IS NOT NULL AND NOT s.sid = ANY(coalesce(filter, '{}'))
      $$;
    `);
    await q.query(`
      CREATE OR REPLACE FUNCTION record_cited_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        question uuid := (to_jsonb(NEW)->>'question_id')::uuid;
      BEGIN
        IF question IS NOT NULL THEN
          UPDATE chat_messages SET cited_session_ids = cited_session_ids(NEW.sources, session_ids) WHERE id = question;
        END IF;
        RETURN NULL;
      END $$;
    `);
    await q.query(`
      CREATE TRIGGER chat_messages_cited_sessions AFTER INSERT OR UPDATE OF sources ON chat_messages
        FOR EACH ROW WHEN (NEW.role = 'assistant') EXECUTE FUNCTION record_cited_sessions()
    `);
    await q.query(`
      UPDATE chat_messages u SET cited_session_ids = cited_session_ids(a.sources, u.session_ids)
        FROM chat_messages a
       WHERE a.question_id = u.id AND a.role = 'assistant' AND a.sources <> '[]'::jsonb
    `);
    await q.query(`CREATE INDEX chat_messages_question_cited_idx ON chat_messages USING gin (cited_session_ids) WHERE role = 'user'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS chat_messages_cited_sessions ON chat_messages`);
    await q.query(`DROP FUNCTION IF EXISTS record_cited_sessions()`);
    await q.query(`DROP FUNCTION IF EXISTS cited_session_ids(jsonb, uuid[])`);
    await q.query(`DROP INDEX IF EXISTS chat_messages_question_cited_idx`);
    await q.query(`ALTER TABLE chat_messages DROP COLUMN IF EXISTS cited_session_ids`);
  }
}
