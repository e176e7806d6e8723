import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A recording's transcription, kept with its document once every piece is transcribed: the turns
 * (`[{speaker, start, text}]`) and the transcription model that heard them. A later run of the same
 * document (a resumed or retried job, a re-process, a new embeddings model) reads them instead of
 * paying the transcription service again; a run with another TRANSCRIPTION_MODEL transcribes anew.
 */
export class RecordingTranscripts1735000033600 implements MigrationInterface {
  name = 'RecordingTranscripts1735000033600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents ADD COLUMN transcript jsonb, ADD COLUMN transcript_model text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents DROP COLUMN transcript, DROP COLUMN transcript_model`);
  }
}
