import { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationContext } from '../migration-context';

/**
 * Chunks of an ingestion in progress. The job writes each embedded batch here; when the whole
 * document is done, one transaction replaces the document's rows in `chunks` with these, so
 * readers never see half a document. `run` is the document's `attempts` value the job works for
 * (a re-process starts a new run); a job that died mid-way resumes after the rows of its run.
 */
export class IngestStaging1735000007000 implements MigrationInterface {
  name = 'IngestStaging1735000007000';

  async up(q: QueryRunner): Promise<void> {
    const dim = migrationContext.embeddingDim;
    await q.query(`
      CREATE TABLE ingest_staging (
        document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        chunk_index integer NOT NULL,
        run integer NOT NULL,
        embedding_model text NOT NULL,
        text text NOT NULL,
        page integer,
        speaker text,
        start_time real,
        embedding vector(${dim}) NOT NULL,
        PRIMARY KEY (document_id, chunk_index)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS ingest_staging`);
  }
}
