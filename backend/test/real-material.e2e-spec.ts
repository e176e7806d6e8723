import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createSession, settled } from './fixtures/document-helpers';
import { nulTextPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';
import { askInNewThread } from './fixtures/chat-helpers';

const ADMIN = 'admin@real-material.test';

/** A meeting transcript as real ones come: one turn a line, no times, corpus markup in the words. */
const MEETING = [
  'Professor: OK, so we are on. Let us start with the detector.',
  'PhD D: The voice-unvoice net takes fifteen base features and three R features as inputs {disfmarker} that is what we have now.',
  'Professor: And how does it do?',
  'PhD D: Not much better than the classic R-one over R-zero measure, honestly.',
  'Grad E: Training the net takes about a day {vocalsound} so we can run a few more experiments.',
  'Professor: I think we should compare the log magnitude spectrum with the filter bank outputs.',
  'PhD D: OK. I will also try the variance of the auto-correlation function.',
  'Grad E: The noisy set is where the detector fails most.',
  'Professor: Right. Let us talk about the meeting recorder next week.',
].join('\n');

describe('real material: every file ingests, untimed transcripts are cited by line', () => {
  let t: TestApp;
  let admin: TestAgent;
  let cookie: string;
  let pdfSession: string;
  let meetingSession: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, SEED_DEMO: 'false' });
    admin = await signInPrivileged(t, ADMIN, { firstName: 'Ada', lastName: 'Admin' });
    pdfSession = await createSession(admin, 'Annual Report 2022');
    meetingSession = await createSession(admin, 'Research Group Meeting');
    cookie = await sessionCookie(t, 'reader@example.com', 'Rae');
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(file: Buffer, kind: 'pdf' | 'transcript', filename: string, sessionId: string) {
    const res = await admin.post('/api/admin/upload').field('sessionId', sessionId).field('kind', kind).attach('file', file, { filename });
    expect(res.status).toBe(201);
    return settled(admin, res.body.id as string);
  }

  async function ask(sessionId: string, message: string) {
    return askInNewThread(t, cookie, message, [sessionId], 'simple');
  }

  it('ingests a PDF whose text layer holds NUL bytes, and finds its words with [p. 1]', async () => {
    const pdf = nulTextPdf([
      'Residual value insurance is the most effec~ve hedge for lessors,',
      'covering the gap between forecast~~ and auction price.',
    ]);
    const doc = await upload(pdf, 'pdf', 'nul-bytes.pdf', pdfSession);
    expect(doc).toMatchObject({ status: 'embedded' });
    const res = await request(t.url)
      .get('/api/search')
      .query({ q: 'residual value insurance hedge', sessionIds: pdfSession })
      .set('Cookie', cookie)
      .expect(200);
    expect(res.body.results[0]).toMatchObject({ page: 1, marker: '[p. 1]' });
    expect(res.body.results[0].snippet).toContain('auction price');
    expect(res.body.results[0].snippet).not.toContain('\u0000');
  });

  it('cites an untimed transcript by the line of the turn, and the source carries the line and the turns around it', async () => {
    const doc = await upload(Buffer.from(MEETING), 'transcript', 'meeting.txt', meetingSession);
    expect(doc.status).toBe('embedded');

    const answer = await ask(meetingSession, 'How long does training the voice-unvoice net take?');
    expect(answer.content).toContain('about a day');
    expect(answer.content).toContain('[line 5]');
    expect(answer.content).not.toMatch(/\[transcript\]|vocalsound|disfmarker/);
    const source = answer.sources.find((s) => s.marker === '[line 5]');
    expect(source).toMatchObject({ kind: 'transcript', line: 5, lineEnd: 5, documentId: doc.id });
    expect(source.snippet).toBe('Grad E: Training the net takes about a day so we can run a few more experiments.');
    expect(source.excerpt).toContainEqual({ line: 5, text: expect.stringContaining('about a day'), cited: true });
    // Every marker of the answer resolves to a source with a location.
    for (const marker of answer.content.match(/\[[^\]]+\]/g) ?? []) {
      const s = answer.sources.find((x) => x.marker === marker);
      expect(s && (s.line ?? s.page ?? s.startTime)).toBeDefined();
    }

    const search = await request(t.url)
      .get('/api/search')
      .query({ q: 'voice-unvoice net features', sessionIds: meetingSession })
      .set('Cookie', cookie)
      .expect(200);
    expect(search.body.results[0]).toMatchObject({ kind: 'transcript', line: 1, lineEnd: 9, marker: '[line 1]' });
  });

  it("keeps to the speaker's turns for 'what did X think about Y'", async () => {
    const answer = await ask(meetingSession, 'What did the professor think about the voice-unvoice detector?');
    expect(answer.content).toMatch(/log magnitude spectrum|R-one over R-zero|detector/);
    expect(answer.content).not.toContain('fifteen base features');
    expect(answer.content).not.toContain('about a day');
  });
});
