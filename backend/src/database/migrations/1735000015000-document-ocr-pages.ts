import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The pages of a PDF whose text was read by OCR (pages without a usable text layer), written by
 * the ingestion run that embedded the document; empty for every other document.
 */
export class DocumentOcrPages1735000015000 implements MigrationInterface {
  name = 'DocumentOcrPages1735000015000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents ADD COLUMN ocr_pages integer[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents DROP COLUMN ocr_pages`);
  }
}
