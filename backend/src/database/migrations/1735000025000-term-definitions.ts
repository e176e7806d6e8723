import { MigrationInterface, QueryRunner } from 'typeorm';
import { countDefinitions } from '../../text/acronyms';

/**
 * The abbreviations each document defines ('fair market value (FMV)'), learned from its chunks when
 * a run stores them (`TermDefinitionsRepository.learn`): the search expands a question's short form
 * with its long form and the reverse. `run` is the ingestion run that learned them: only the rows of
 * an embedded document's current run (`documents.attempts`) are read, so a re-processed document
 * counts its new definitions only, and a deleted one none (cascade). Documents embedded before this
 * migration learn theirs here, from their stored chunks.
 */
export class TermDefinitions1735000025000 implements MigrationInterface {
  name = 'TermDefinitions1735000025000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE term_definitions (
        document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        run integer NOT NULL,
        short_form text NOT NULL,
        long_form text NOT NULL,
        occurrences integer NOT NULL DEFAULT 1,
        PRIMARY KEY (document_id, run, short_form, long_form)
      )
    `);
    const documents: { id: string; run: number }[] = await q.query(`SELECT id, attempts AS run FROM documents WHERE status = 'embedded'`);
    for (const { id, run } of documents) {
      const chunks: { text: string }[] = await q.query(`SELECT text FROM chunks WHERE document_id = $1 ORDER BY chunk_index`, [id]);
      const found = countDefinitions(chunks.map((c) => c.text));
      if (found.length === 0) continue;
      await q.query(
        `INSERT INTO term_definitions (document_id, run, short_form, long_form, occurrences)
         SELECT $1, $2, s, l, n FROM unnest($3::text[], $4::text[], $5::int[]) AS t(s, l, n)`,
        [id, run, found.map((d) => d.shortForm), found.map((d) => d.longForm), found.map((d) => d.occurrences)],
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE term_definitions`);
  }
}
