import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LearnedDefinitionsPort } from '../retrieval/learned-definitions.port';
import type { LearnedDefinition } from '../retrieval/learned-expansions';
import { DefinitionTally } from '../text/acronyms';

/**
 * SQL of the abbreviations a document defines (`term_definitions`, migration
 * 1735000025000-term-definitions), learned from a run's stored chunks before the run makes them
 * searchable. Ingestion owns the table; searches read it through the `LEARNED_DEFINITIONS` port this
 * repository provides (only the rows of an embedded document's current run).
 */
@Injectable()
export class TermDefinitionsRepository implements LearnedDefinitionsPort {
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

  /**
   * The abbreviations the embedded documents define (each document's current run only), one row per
   * document and definition with the document's session, and the content version they were read at
   * (one statement).
   */
  async definitionsAtVersion(): Promise<{ version: string; definitions: LearnedDefinition[] }> {
    const rows: ({ version: string } & Partial<LearnedDefinition>)[] = await this.db.query(
      `SELECT (SELECT v.version::text FROM content_version v WHERE v.id = 1) AS version,
              t.short_form AS "shortForm", t.long_form AS "longForm", t.occurrences,
              t.document_id AS "documentId", t.session_id AS "sessionId"
         FROM (SELECT 1) one
         LEFT JOIN (SELECT td.short_form, td.long_form, td.occurrences, td.document_id, d.session_id
                      FROM term_definitions td
                      JOIN documents d ON d.id = td.document_id AND d.status = 'embedded' AND d.attempts = td.run) t ON true`,
    );
    const definitions = rows
      .filter((r) => r.shortForm)
      .map((r) => ({
        shortForm: r.shortForm!,
        longForm: r.longForm!,
        occurrences: Number(r.occurrences),
        documentId: r.documentId!,
        sessionId: r.sessionId!,
      }));
    return { version: rows[0].version, definitions };
  }
}
