import type TestAgent from 'supertest/lib/agent';
import { citationMarkers } from '../src/text/citation-grammar';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { askInNewThread } from './fixtures/chat-helpers';
import { signInPrivileged } from './utils/privileged';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'cited-admin@example.com';

/** A meeting as transcribed: turns that run sentences together ('right? that…', "don't. So we…"). */
const MEETING = [
  'Project Manager: Welcome back, we have the kinetic charger to settle today.',
  "Industrial Designer: The kinetic charger costs more than a battery, right? that kinetic charger still saves the user from buying batteries. The people who hold the budget don't. So we keep the kinetic charger anyway.",
  'Marketing: Users told us in the survey that they hate changing batteries in a remote control.',
  'Project Manager: Then the kinetic charger stays in the design and we look at the case next time.',
].join('\n');

type Answer = { content: string; sources: { marker: string; line?: number | null }[] };

/** The sentences a reader sees in an answer: each bullet, and each line cut after an end mark and a space. */
const sentencesOf = (content: string) =>
  content
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .flatMap((line) => (/^- /.test(line) ? [line] : line.split(/(?<=[.!?]["”)]*)\s+(?!\[)/)))
    .filter((s) => (s.replace(/\[[^\]]*\]/g, '').match(/[\p{L}\p{N}]+/gu) ?? []).length >= 4);

describe('every sentence of an answer carries its citation (POST /api/chat/simple, local provider)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let cookie: string;
  let meeting: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    meeting = await createSession(admin, 'Remote Design Meeting');
    await uploadEmbedded(admin, meeting, 'transcript', Buffer.from(MEETING), 'design-meeting.txt');
    cookie = await sessionCookie(t, 'cited@example.com', 'Cora');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('cites each sentence of a quoted turn that runs sentences together, with a marker of a located source', async () => {
    const answer = await askInNewThread<Answer>(
      t,
      cookie,
      'What did the Industrial Designer think about the kinetic charger?',
      [meeting],
      'simple',
    );
    expect(answer.content).toMatch(/kinetic charger still saves the user/);
    const located = new Set(answer.sources.filter((s) => s.line != null).map((s) => s.marker));
    const sentences = sentencesOf(answer.content);
    expect(sentences.length).toBeGreaterThan(1);
    for (const sentence of sentences)
      expect({ sentence, cited: citationMarkers(sentence).some((m) => located.has(m)) }).toEqual({ sentence, cited: true });
  });
});
