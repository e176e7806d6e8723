import { DataSource } from 'typeorm';
import type { DocumentResponse } from '../src/documents/dto/document.response';
import { listedDocument } from './fixtures/document-helpers';
import { SPEAKER_TXT } from './fixtures/transcripts';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@redis-down.test';

describe('uploads while Redis is unreachable (REDIS_URL to a closed port)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, REDIS_URL: 'redis://127.0.0.1:9', QUEUE_PREFIX: `ca-down-${process.pid}` });
  });
  afterAll(async () => {
    await t.close();
  });

  it('still accepts the upload (201) and keeps the document waiting, never lost', async () => {
    const admin = await signInPrivileged(t, ADMIN);
    const [{ id: sessionId }] = await t.app.get(DataSource).query(`INSERT INTO sessions (title) VALUES ('Offline Queue') RETURNING id`);
    const started = Date.now();
    const res = await admin
      .post('/api/admin/upload')
      .field('sessionId', sessionId)
      .field('kind', 'transcript')
      .attach('file', Buffer.from(SPEAKER_TXT), 'a.txt');
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(15_000);
    const doc = res.body as DocumentResponse;
    expect((await listedDocument(admin, doc.id))?.status).toBe('uploaded');
  });
});
