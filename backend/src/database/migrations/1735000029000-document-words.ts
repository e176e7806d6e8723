import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per document and ingestion run, how many of its chunks hold each word (each lexeme of the chunks'
 * text vectors), written when a run becomes searchable (`IngestionRepository.finish`). A search's word
 * weights need, per word of the question, the number of searchable chunks holding it: read from here,
 * a word costs an index range over the documents holding it, where counting the chunks themselves
 * visited the heap page of every chunk holding the word (2.5-7 ms a word on 50,000 benchmark chunks,
 * paid again for every word after each upload; bench/RESULTS.md, twelfth sitting).
 *
 * The row with the empty word (no lexeme is empty) holds the run's chunk count and marks the run as
 * counted: the chunks of an embedded document without it are still counted directly
 * (`RetrievalRepository.countWords`). Only the rows of an embedded document's current run
 * (`documents.attempts`) are read; a deleted document's go with it (cascade). Documents embedded
 * before this migration are counted here, from their stored chunks.
 */
export class DocumentWords1735000029000 implements MigrationInterface {
  name = 'DocumentWords1735000029000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE document_words (
        word text NOT NULL,
        document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        run integer NOT NULL,
        chunks integer NOT NULL,
        PRIMARY KEY (word, document_id, run)
      )
    `);
    await q.query(`CREATE INDEX document_words_document_idx ON document_words (document_id, run)`);
    const documents: { id: string; run: number }[] = await q.query(`SELECT id, attempts AS run FROM documents WHERE status = 'embedded'`);
    for (const { id, run } of documents) {
      await q.query(
        `INSERT INTO document_words (word, document_id, run, chunks)
         SELECT s.word, $1::uuid, $2::int, s.ndoc FROM ts_stat(format('SELECT tsv FROM chunks WHERE document_id = %L', $1::uuid)) AS s
         UNION ALL
         SELECT '', $1::uuid, $2::int, (SELECT count(*)::int FROM chunks WHERE document_id = $1)`,
        [id, run],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE document_words`);
  }
}
