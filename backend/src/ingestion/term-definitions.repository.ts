import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DefinitionTally } from '../text/acronyms';

/**
 * SQL of the abbreviations a document defines (`term_definitions`, migration
 * 1735000025000-term-definitions), learned from a run's stored chunks before the run makes them
 * searchable. Searches read only the rows of an embedded document's current run.
 */
@Injectable()
export class TermDefinitionsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Learns the definitions the chunks of run `run` state (`countDefinitions`), replacing those of this
   * run and of earlier ones (a run superseded meanwhile leaves the rows of the newer run alone).
   * `written`: those of the chunks this attempt wrote, tallied as they were written, from chunk `from`
   * on (the chunks before it, stored by an earlier attempt, are read here). Returns how many it stored.
   */
  async learn(documentId: string, run: number, written: { from: number; tally: DefinitionTally }): Promise<number> {
    return this.db.transaction(async (m) => {
      const earlier: { text: string }[] = written.from
        ? await m.query(`SELECT text FROM chunks WHERE document_id = $1 AND run = $2 AND chunk_index < $3 ORDER BY chunk_index`, [
            documentId,
            run,
            written.from,
          ])
        : [];
      const tally = new DefinitionTally();
      for (const c of earlier) tally.add(c.text);
      tally.addTally(written.tally);
      const found = tally.definitions();
      await m.query(`DELETE FROM term_definitions WHERE document_id = $1 AND run <= $2`, [documentId, run]);
      if (found.length === 0) return 0;
      // The document may have been deleted meanwhile: then nothing is stored (and the run ends as superseded).
      await m.query(
        `INSERT INTO term_definitions (document_id, run, short_form, long_form, occurrences)
         SELECT d.id, $2, t.s, t.l, t.n
           FROM documents d, unnest($3::text[], $4::text[], $5::int[]) AS t(s, l, n)
          WHERE d.id = $1
         ON CONFLICT DO NOTHING`,
        [documentId, run, found.map((d) => d.shortForm), found.map((d) => d.longForm), found.map((d) => d.occurrences)],
      );
      return found.length;
    });
  }
}
