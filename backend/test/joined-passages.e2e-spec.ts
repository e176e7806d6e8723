import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { signInPrivileged } from './utils/privileged';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'joined-admin@example.com';

/** A turn of about 320 characters: three fit in one chunk of the transcript, so turns 6 and 7 fall in two chunks. */
const turn = (speaker: string, text: string) =>
  `${speaker}: ${text} ${'We can come back to the rest of it later on. '.repeat(8)}`.slice(0, 320);

/**
 * A design meeting whose discussion of a solar cell is turns 6 and 7 (file lines 6 and 7): the question is asked at
 * the end of one chunk and answered at the start of the next.
 */
const MEETING = [
  turn('Project Manager', 'Welcome everyone, today we go through the agenda and the minutes of the kick-off meeting.'),
  turn('Marketing', 'The survey of remote control users came back and the younger users want a fancy look and feel.'),
  turn('Industrial Designer', 'For the case I looked at plastic and rubber, and rubber feels softer in the hand.'),
  turn('User Interface', 'The buttons should be few and large, with the power button on its own at the top.'),
  turn('Marketing', 'Our competitors sell remote controls with a scroll wheel, which the survey liked too.'),
  turn('Project Manager', 'Should we put a solar cell on the remote to charge its battery, so users never replace batteries?'),
  turn(
    'Industrial Designer',
    'A solar cell charges the battery in daylight and adds two euros to the cost, so the solar cell fits our budget.',
  ),
  turn('User Interface', 'The menu on the television screen should follow the same colours as the case.'),
  turn('Marketing', 'Trend watchers say fruit and vegetable themes are in fashion this year in Paris and Milan.'),
  turn('Project Manager', 'Let us close here and meet again after lunch for the detailed design of the prototype.'),
].join('\n');

type Result = { line: number | null; lineEnd: number | null; snippet: string };

describe('a discussion the chunk boundary cuts in two is one passage (GET /api/search, session chosen)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let cookie: string;
  let meeting: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    meeting = await createSession(admin, 'Remote Design Meeting');
    await uploadEmbedded(admin, meeting, 'transcript', Buffer.from(MEETING), 'design-meeting.txt');
    cookie = await sessionCookie(t, 'joined@example.com', 'Jo');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("gives the question's turn and the answer's turn in the first result", async () => {
    const res = await request(t.url)
      .get('/api/search')
      .query({ q: 'What did the team say about a solar cell to charge the battery?', sessionIds: meeting })
      .set('Cookie', cookie)
      .expect(200);
    const results = res.body.results as Result[];
    expect(results.length).toBeGreaterThan(0);
    const first = results[0];
    // Both turns of the exchange: the proposal (line 6) and the designer's answer with its cost (line 7).
    expect({ line: first.line, lineEnd: first.lineEnd }).toEqual({ line: expect.any(Number), lineEnd: expect.any(Number) });
    expect(first.line!).toBeLessThanOrEqual(6);
    expect(first.lineEnd!).toBeGreaterThanOrEqual(7);
    // No other result repeats those turns.
    for (const r of results.slice(1)) expect(r.lineEnd! < 6 || r.line! > 7).toBe(true);
  });
});
