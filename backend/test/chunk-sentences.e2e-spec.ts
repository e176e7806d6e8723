import request from 'supertest';
import { DataSource, QueryRunner } from 'typeorm';
import { SENTENCE_ANALYSIS_VERSION, storedSentences } from '../src/text/sentence-analysis';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { reportPage, textPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { askInSessions, sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@chunk-sentences.test';
const TRANSCRIPT = [
  '[00:00:00] Dana Whitfield: Thank you all for coming to the dealer panel.',
  '[00:02:00] Tony Russo: Residual values of electric forklifts fell twelve percent last year, so we shortened our terms.',
  '[00:04:00] Dana Whitfield: Lenders now pull a second credit bureau for any application above 250,000 dollars.',
].join('\n');

describe('chunks keep their sentences as the answerer reads them (chunks.sentences)', () => {
  let t: TestApp;
  let q: QueryRunner;
  let admin: Awaited<ReturnType<typeof signInPrivileged>>;
  let survey: string;
  let pdfId: string;
  let transcriptId: string;
  const chunksOf = (documentId: string): Promise<{ text: string; sentences: string | null }[]> =>
    q.query(`SELECT text, sentences FROM chunks WHERE document_id = $1 ORDER BY chunk_index`, [documentId]);

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN, { firstName: 'Dana', lastName: 'Admin' });
    survey = await createSession(admin, 'Survey results');
    pdfId = await uploadEmbedded(admin, survey, 'pdf', await textPdf([1, 2, 3, 4].map((n) => reportPage(n))), 'survey.pdf');
    transcriptId = await uploadEmbedded(admin, survey, 'transcript', Buffer.from(TRANSCRIPT), 'dealer-panel.txt');
    q = t.app.get(DataSource).createQueryRunner();
  });
  afterAll(async () => {
    await q?.release();
    await t?.close();
  });

  it('stores the analysis of every chunk of an upload, a transcript with its speakers', async () => {
    for (const [id, transcript] of [
      [pdfId, false],
      [transcriptId, true],
    ] as const) {
      const chunks = await chunksOf(id);
      expect(chunks.length).toBeGreaterThan(0);
      for (const c of chunks) expect(c.sentences).toBe(storedSentences(c.text, transcript));
    }
    const [{ sentences }] = await chunksOf(transcriptId);
    expect(JSON.parse(sentences!)).toMatchObject({
      v: SENTENCE_ANALYSIS_VERSION,
      s: expect.arrayContaining([expect.arrayContaining(['Tony Russo'])]),
    });
    // Not part of what the API returns.
    const cookie = await sessionCookie(t, 'reader@chunk-sentences.test');
    const found = await request(t.url).get('/api/search?q=survey%20marker').set('Cookie', cookie).expect(200);
    expect(found.body.results.length).toBeGreaterThan(0);
    expect(JSON.stringify(found.body)).not.toContain('"sentences"');
  });

  it('answers from the stored sentences, and from the text when they are of another analysis version', async () => {
    // The stored analysis of page 3 quotes another marker than its text: the answer quotes the stored one.
    await q.query(`UPDATE chunks SET sentences = replace(sentences, 'PAGEMARK3', 'STOREDMARK3') WHERE document_id = $1`, [pdfId]);
    const answer = await askInSessions(t, 'reader@chunk-sentences.test', [survey], 'What is the survey marker for page 3?');
    expect(answer).toContain('STOREDMARK3');
    expect(answer).toContain('p. 3]');

    // Another document whose stored analysis is of another version: its text is analysed instead.
    const other = await createSession(admin, 'Survey follow-up');
    const later = await uploadEmbedded(admin, other, 'pdf', await textPdf([5, 6].map((n) => reportPage(n))), 'follow-up.pdf');
    await q.query(
      `UPDATE chunks SET sentences = replace(replace(sentences, 'PAGEMARK5', 'STOREDMARK5'), $2, '{"v":0,') WHERE document_id = $1`,
      [later, `{"v":${SENTENCE_ANALYSIS_VERSION},`],
    );
    const [{ outdated }] = await q.query(
      `SELECT count(*)::int AS outdated FROM chunks WHERE document_id = $1 AND sentences LIKE '{"v":0,%'`,
      [later],
    );
    expect(outdated).toBeGreaterThan(0);
    const fromText = await askInSessions(t, 'reader@chunk-sentences.test', [other], 'What is the survey marker for page 5?');
    expect(fromText).toContain('PAGEMARK5');
    expect(fromText).not.toContain('STOREDMARK5');
  });
});
