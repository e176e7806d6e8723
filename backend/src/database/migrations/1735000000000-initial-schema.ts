import { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationContext } from '../migration-context';

/** The whole schema of PRODUCT.md §3, plus web sessions, sign-in tokens, the mail outbox and AI usage. */
export class InitialSchema1735000000000 implements MigrationInterface {
  name = 'InitialSchema1735000000000';

  async up(q: QueryRunner): Promise<void> {
    const dim = migrationContext.embeddingDim;
    await q.query(`CREATE EXTENSION IF NOT EXISTS vector`);
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL UNIQUE,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        company text NOT NULL DEFAULT '',
        role text NOT NULL DEFAULT 'attendee' CHECK (role IN ('attendee', 'admin', 'superadmin')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE web_sessions (
        id text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('attendee', 'admin', 'superadmin')),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX web_sessions_user_idx ON web_sessions (user_id)`);
    await q.query(`CREATE INDEX web_sessions_expires_idx ON web_sessions (expires_at)`);
    await q.query(`
      CREATE TABLE sign_in_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        speakers text[] NOT NULL DEFAULT '{}',
        tags text[] NOT NULL DEFAULT '{}',
        format text NOT NULL DEFAULT 'panel',
        date timestamptz,
        day integer,
        start_time text,
        end_time text,
        location text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sessions_date_idx ON sessions (day, date)`);
    await q.query(`
      CREATE TABLE documents (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('transcript', 'pdf')),
        original_filename text NOT NULL,
        storage_path text NOT NULL,
        mime_type text NOT NULL,
        bytes bigint NOT NULL,
        sha256 text,
        status text NOT NULL DEFAULT 'uploaded' CHECK (status IN ('uploaded', 'chunked', 'embedded', 'error')),
        error text,
        uploader_id uuid REFERENCES users(id) ON DELETE SET NULL,
        uploader_name text,
        progress_percent integer NOT NULL DEFAULT 0,
        progress_stage text,
        estimated_time_remaining integer,
        total_chunks integer NOT NULL DEFAULT 0,
        processed_chunks integer NOT NULL DEFAULT 0,
        embedding_model text,
        version integer NOT NULL DEFAULT 1,
        attempts integer NOT NULL DEFAULT 0,
        heartbeat_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX documents_session_idx ON documents (session_id)`);
    await q.query(`CREATE INDEX documents_status_idx ON documents (status)`);
    await q.query(`
      CREATE TABLE chunks (
        id bigserial PRIMARY KEY,
        document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        chunk_index integer NOT NULL,
        text text NOT NULL,
        page integer,
        speaker text,
        start_time real,
        embedding vector(${dim}) NOT NULL,
        tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', coalesce(speaker, '') || ' ' || text)) STORED
      )`);
    await q.query(`CREATE INDEX chunks_document_idx ON chunks (document_id, chunk_index)`);
    await q.query(`CREATE INDEX chunks_session_idx ON chunks (session_id)`);
    await q.query(`CREATE INDEX chunks_embedding_hnsw ON chunks USING hnsw (embedding vector_cosine_ops)`);
    await q.query(`CREATE INDEX chunks_tsv_gin ON chunks USING gin (tsv)`);
    await q.query(`
      CREATE TABLE chat_threads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        session_filter uuid[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX chat_threads_user_idx ON chat_threads (user_id, created_at)`);
    await q.query(`
      CREATE TABLE chat_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        thread_id uuid NOT NULL REFERENCES chat_threads(id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('user', 'assistant')),
        content text NOT NULL,
        sources jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX chat_messages_thread_idx ON chat_messages (thread_id, created_at)`);
    await q.query(`
      CREATE TABLE user_actions (
        id bigserial PRIMARY KEY,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        action_type text NOT NULL CHECK (action_type IN ('login', 'chat_message', 'other')),
        details text NOT NULL DEFAULT '',
        metadata jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX user_actions_created_idx ON user_actions (created_at DESC)`);
    await q.query(`CREATE INDEX user_actions_user_idx ON user_actions (user_id, action_type)`);
    await q.query(`
      CREATE TABLE ai_usage (
        id bigserial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('chat', 'embedding', 'takeaway')),
        provider text NOT NULL,
        model text NOT NULL,
        prompt_tokens integer NOT NULL DEFAULT 0,
        completion_tokens integer NOT NULL DEFAULT 0,
        total_tokens integer NOT NULL DEFAULT 0,
        cost_usd numeric(14, 8) NOT NULL DEFAULT 0,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX ai_usage_created_idx ON ai_usage (created_at)`);
    await q.query(`
      CREATE TABLE email_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text,
        status text NOT NULL CHECK (status IN ('stored', 'sent', 'failed')),
        error text,
        eml_path text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX email_outbox_created_idx ON email_outbox (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'email_outbox',
      'ai_usage',
      'user_actions',
      'chat_messages',
      'chat_threads',
      'chunks',
      'documents',
      'sessions',
      'sign_in_tokens',
      'web_sessions',
      'users',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
