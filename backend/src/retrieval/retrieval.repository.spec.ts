import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { RetrievalRepository } from './retrieval.repository';

/** The search statement as the repository sends it, caught by a stand-in data source (no database). */
async function searchSql(phrases: string[] = []): Promise<string> {
  const sent: string[] = [];
  const db = { manager: { query: async (sql: string) => (sent.push(sql), []) } } as unknown as DataSource;
  const repository = new RetrievalRepository(db, { aiProvider: 'local', hnswEfSearch: null } as unknown as AppConfig);
  await repository.hybridSearchAtVersion({
    embedding: [1, 0, 0],
    textTerms: [
      { word: 'lease', tsquery: "'leas'", df: 10, total: 100, idf: 2 },
      { word: 'residual', tsquery: "'residu'", df: 5, total: 100, idf: 3 },
      { word: 'value', tsquery: "'valu'", df: 20, total: 100, idf: 1 },
    ],
    candidateFilter: "'leas' | 'residu' | 'valu'",
    exact: false,
    phrases,
    sessionIds: [],
    k: 8,
    perDocument: 4,
  });
  expect(sent).toHaveLength(1);
  return sent[0];
}

describe('RetrievalRepository search statement', () => {
  it("reads each full-text candidate's tsvector once: every word's test and the phrase bonus use that copy", async () => {
    const sql = await searchSql(['residual value']);
    // The stored column is only read by the candidate filter (the GIN index) and the one copy.
    expect(sql.match(/c\.tsv\b/g)).toEqual(['c.tsv', 'c.tsv']);
    expect(sql).toContain("c.tsv || ''::tsvector AS tsv");
    expect(sql.match(/CASE WHEN m\.tsv @@/g)).toHaveLength(4); // three words, one phrase
  });

  it("takes a vector candidate's similarity from the distance its ranking computed", async () => {
    const sql = await searchSql();
    expect(sql).toContain('LEFT JOIN vec v ON v.id = p.id');
    expect(sql).toMatch(/\(1 - coalesce\(v\.dist, c\.embedding <=> \$\d+::vector\)\)::float8 AS similarity/);
  });
});
