import { DataSource, QueryRunner } from 'typeorm';
import { DocumentWords1735000029000 } from '../src/database/migrations/1735000029000-document-words';
import { RetrievalRepository } from '../src/retrieval/retrieval.repository';
import { createSession, settled, uploadEmbedded } from './fixtures/document-helpers';
import { reportPage, textPdf } from './fixtures/pdf-fixtures';
import { seedChunks } from './utils/chunk-fixture';
import { signInPrivileged } from './utils/privileged';
import { askInSessions } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@document-words.test';

/** Words of the report pages: one page's marker, words of every page, a stemmed form, a stop word, two lexemes. */
const WORDS = ['pagemark3', 'survey', 'finding', 'findings', 'markers', 'the', 'e-mail', 'nowhere'];

/** Per word, the chunks of embedded documents holding it, counted over the chunks themselves. */
async function countedOverChunks(q: QueryRunner, words: string[]): Promise<Record<string, number>> {
  const rows: { word: string; df: number }[] = await q.query(
    `SELECT w AS word, CASE WHEN numnode(tq) = 0 THEN -1 ELSE
              (SELECT count(*)::int FROM chunks c JOIN documents d ON d.id = c.document_id AND d.status = 'embedded'
                WHERE c.tsv @@ tq) END AS df
       FROM unnest($1::text[]) AS w, websearch_to_tsquery('english', w) AS tq`,
    [words],
  );
  return Object.fromEntries(rows.map((r) => [r.word, r.df]));
}

describe('word counts for the search kept per document run (document_words)', () => {
  let t: TestApp;
  let q: QueryRunner;
  let admin: Awaited<ReturnType<typeof signInPrivileged>>;
  let sessionId: string;
  let repository: RetrievalRepository;
  const counted = async (words = WORDS) =>
    Object.fromEntries((await repository.countWords(words)).map((r) => [r.word, r.df])) as Record<string, number>;
  /** The document's counted run and its rows in document_words. */
  const rowsOf = async (documentId: string): Promise<{ run: number | null; words: number }[]> =>
    q.query(
      `SELECT d.words_run AS run, (SELECT count(*)::int FROM document_words dw WHERE dw.document_id = d.id) AS words
         FROM documents d WHERE d.id = $1`,
      [documentId],
    );

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN, { firstName: 'Dana', lastName: 'Admin' });
    sessionId = await createSession(admin, 'Survey results');
    q = t.app.get(DataSource).createQueryRunner();
    repository = t.app.get(RetrievalRepository);
  });
  afterAll(async () => {
    await q?.release();
    await t?.close();
  });

  it('counts the words of an upload when it becomes searchable, and follows a new run and a deletion', async () => {
    const pdf = await textPdf(Array.from({ length: 6 }, (_, i) => reportPage(i + 1)));
    const first = await uploadEmbedded(admin, sessionId, 'pdf', pdf, 'survey.pdf');
    const direct = await countedOverChunks(q, WORDS);
    expect(direct.pagemark3).toBe(1);
    expect(direct.survey).toBeGreaterThan(1);
    expect(direct.the).toBe(-1);
    expect(await counted()).toEqual(direct);
    const [{ run }] = await q.query(`SELECT attempts AS run FROM documents WHERE id = $1`, [first]);
    expect(await rowsOf(first)).toEqual([{ run, words: expect.any(Number) }]);
    expect((await rowsOf(first))[0].words).toBeGreaterThan(100);

    // A second document with the same pages: every count doubles.
    const second = await uploadEmbedded(admin, sessionId, 'pdf', pdf, 'survey-copy.pdf');
    const doubled = await counted();
    expect(doubled).toEqual(await countedOverChunks(q, WORDS));
    expect(doubled.pagemark3).toBe(2);
    expect(doubled.survey).toBe(2 * direct.survey);

    // Processed again: the counts of the new run replace the old run's.
    await admin.post(`/api/admin/ingest/${second}`).expect(202);
    expect((await settled(admin, second)).status).toBe('embedded');
    expect(await counted()).toEqual(doubled);
    expect(await rowsOf(second)).toEqual([{ run: run + 1, words: (await rowsOf(first))[0].words }]);

    // Deleted: its counts go with it.
    await admin.delete(`/api/admin/documents/${first}`).expect(204);
    expect(await q.query(`SELECT 1 FROM document_words WHERE document_id = $1`, [first])).toEqual([]);
    expect(await counted()).toEqual(direct);

    // The attendee's question, limited to the session, is answered from the counted chunks.
    const answer = await askInSessions(t, 'reader@document-words.test', [sessionId], 'What is the survey marker for page 3?');
    expect(answer).toContain('PAGEMARK3');
    expect(answer).toMatch(/\[p\. 3\]/);
  });

  it('counts the chunks of documents stored without their word counts', async () => {
    const before = await counted();
    await seedChunks(t, [
      {
        title: 'Seeded survey',
        documents: [{ kind: 'transcript', chunks: [{ text: 'The survey marker PAGEMARK3 again.' }, { text: 'A survey finding.' }] }],
      },
    ]);
    const after = await counted();
    expect(after).toEqual(await countedOverChunks(q, WORDS));
    expect(after.pagemark3).toBe(before.pagemark3 + 1);
    expect(after.survey).toBe(before.survey + 2);
  });

  it('counts the documents embedded before the migration', async () => {
    const expected = await countedOverChunks(q, WORDS);
    const migration = new DocumentWords1735000029000();
    await migration.down(q);
    await migration.up(q);
    // Every embedded document has its rows and its run recorded as counted.
    const documents: { run: number; counted: number | null; words: number }[] = await q.query(
      `SELECT d.attempts AS run, d.words_run AS counted, (SELECT count(*)::int FROM document_words dw WHERE dw.document_id = d.id) AS words
         FROM documents d WHERE d.status = 'embedded'`,
    );
    expect(documents.length).toBe(2);
    for (const d of documents) {
      expect(d.counted).toBe(d.run);
      expect(d.words).toBeGreaterThan(0);
    }
    expect(await counted()).toEqual(expected);
  });

  it("drops a session's word counts with the session", async () => {
    const [{ documents }] = await q.query(`SELECT array_agg(id) AS documents FROM documents WHERE session_id = $1`, [sessionId]);
    expect((await q.query(`SELECT 1 FROM document_words WHERE document_id = ANY ($1) LIMIT 1`, [documents])).length).toBe(1);
    await admin.delete(`/api/admin/session/${sessionId}`).expect(204);
    expect(await q.query(`SELECT 1 FROM document_words WHERE document_id = ANY ($1)`, [documents])).toEqual([]);
    expect(await counted()).toEqual(await countedOverChunks(q, WORDS));
  });
});
