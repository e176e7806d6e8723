import request from 'supertest';
import { createSession, rawBytes } from './fixtures/document-helpers';
import { textPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@view.test';

describe('GET /api/documents/:id/view (a cited PDF for attendees)', () => {
  let t: TestApp;
  let pdfId: string;
  let transcriptId: string;
  let pdf: Buffer;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    const admin = await signInPrivileged(t, ADMIN, { firstName: 'Dana', lastName: 'Admin' });
    const sessionId = await createSession(admin, 'Lender Panel: Credit Appetite');
    pdf = await textPdf(['Page one of the deck.', 'Page two: residual values.']);
    pdfId = (
      await admin.post('/api/admin/upload').field('sessionId', sessionId).field('kind', 'pdf').attach('file', pdf, 'deck.pdf').expect(201)
    ).body.id;
    transcriptId = (
      await admin
        .post('/api/admin/upload')
        .field('sessionId', sessionId)
        .field('kind', 'transcript')
        .attach('file', Buffer.from('Speaker 1: Hello.\n'), 'talk.txt')
        .expect(201)
    ).body.id;
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('serves the PDF inline to a signed-in attendee', async () => {
    const attendee = await signIn(t, { email: 'viewer@example.com', firstName: 'Vi' });
    const res = await attendee.get(`/api/documents/${pdfId}/view`).buffer(true).parse(rawBytes).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(Buffer.compare(res.body as Buffer, pdf)).toBe(0);
  });

  it('is 401 signed out and 404 for a transcript or an unknown id', async () => {
    await request(t.url).get(`/api/documents/${pdfId}/view`).expect(401);
    const attendee = await signIn(t, { email: 'viewer2@example.com', firstName: 'Vi' });
    expect((await attendee.get(`/api/documents/${transcriptId}/view`).expect(404)).body).toEqual({ message: 'PDF not found' });
    await attendee.get('/api/documents/00000000-0000-4000-8000-000000000000/view').expect(404);
    await attendee.get('/api/documents/nope/view').expect(404);
  });
});
