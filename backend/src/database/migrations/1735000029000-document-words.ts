import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per document, how many of its chunks hold each word (each lexeme of the chunks' text vectors),
 * written when an ingestion run becomes searchable (`IngestionRepository.writeWordCounts`, called by
 * `finish`), with the run it counted in `documents.words_run`. A search's word weights need, per word of
 * the question, the number of searchable chunks holding it: read from here, a word costs an index range
 * over the documents holding it (an index-only scan: the count is in the index), where counting the
 * chunks themselves visited the heap page of every chunk holding the word (2.5-7 ms a word on 50,000
 * benchmark chunks, more for common words, paid again for every word after each upload;
 * bench/history/server-deployment.md).
 *
 * The rows of a document are those of the run in `words_run`; they count while that is the run of an
 * embedded document (`documents.attempts`). The chunks of an embedded document whose run is not counted
 * (stored by other means than ingestion) are counted directly (`RetrievalRepository.countWords`). A
 * deleted document's rows go with it (a trigger, also when its session is deleted). Documents embedded
 * before this migration are counted here, from their stored chunks.
 */
export class DocumentWords1735000029000 implements MigrationInterface {
  name = 'DocumentWords1735000029000';

  async up(q: QueryRunner): Promise<void> {
    // No foreign key: its check would run for each of the thousands of rows a document writes (about
    // half the cost of writing them); a trigger removes a deleted document's rows instead.
    await q.query(`
      CREATE TABLE document_words (
        word text NOT NULL,
        document_id uuid NOT NULL,
        chunks integer NOT NULL,
        PRIMARY KEY (word, document_id) INCLUDE (chunks)
      )
    `);
    await q.query(`CREATE INDEX document_words_document_idx ON document_words (document_id, word)`);
    await q.query(`
      CREATE FUNCTION delete_document_words() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM document_words WHERE document_id = OLD.id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER documents_delete_words AFTER DELETE ON documents FOR EACH ROW EXECUTE FUNCTION delete_document_words();
    `);
    await q.query(`ALTER TABLE documents ADD COLUMN words_run integer`);
    const documents: { id: string }[] = await q.query(`SELECT id FROM documents WHERE status = 'embedded'`);
    for (const { id } of documents) {
      await q.query(
        `INSERT INTO document_words (word, document_id, chunks)
         SELECT s.word, $1::uuid, s.ndoc FROM ts_stat(format('SELECT tsv FROM chunks WHERE document_id = %L', $1::uuid)) AS s`,
        [id],
      );
      await q.query(`UPDATE documents SET words_run = attempts WHERE id = $1`, [id]);
    }
    // Statistics now, so the first searches read the counts by their index alone (a server's autovacuum keeps them).
    await q.query(`ANALYZE document_words`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER documents_delete_words ON documents`);
    await q.query(`DROP FUNCTION delete_document_words()`);
    await q.query(`ALTER TABLE documents DROP COLUMN words_run`);
    await q.query(`DROP TABLE document_words`);
  }
}
