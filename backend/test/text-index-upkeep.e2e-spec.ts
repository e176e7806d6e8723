import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { createSession, settled } from './fixtures/document-helpers';
import { reportPage, textPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@text-index.test';

describe('full-text index upkeep: a document becomes searchable with its index entries merged', () => {
  let t: TestApp;
  let admin: TestAgent;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN, { firstName: 'Dana', lastName: 'Admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves no pending entries for searches to scan once the document is embedded, and finds its words', async () => {
    const sessionId = await createSession(admin, 'Survey results');
    const pdf = await textPdf(Array.from({ length: 12 }, (_, i) => reportPage(i + 1)));
    const res = await admin
      .post('/api/admin/upload')
      .field('sessionId', sessionId)
      .field('kind', 'pdf')
      .attach('file', pdf, { filename: 'survey.pdf' });
    expect(res.status).toBe(201);
    const doc = await settled(admin, (res.body as DocumentResponse).id);
    expect(doc.status).toBe('embedded');
    // gin_clean_pending_list answers how many pending pages it had to merge: none left by ingestion.
    const [{ pending }] = await t.app.get(DataSource).query(`SELECT gin_clean_pending_list('chunks_tsv_gin'::regclass) AS pending`);
    expect(Number(pending)).toBe(0);
    const search = await admin.get('/api/search').query({ q: 'PAGEMARK7' });
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).toContain('PAGEMARK7');
  });
});
