import type TestAgent from 'supertest/lib/agent';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { signInPrivileged } from './utils/privileged';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';
import { askInNewThread } from './fixtures/chat-helpers';

const ADMIN = 'drawn-admin@example.com';

/** Three meetings of one series: the same team and product, each spending its time on a topic of its own. */
const KICKOFF = [
  'Anna: Welcome everyone to the first meeting of the remote control project.',
  'Tomas: The selling price is twenty five euros and the production budget is twelve euros fifty.',
  'Anna: Each of us introduces the remote control project role before the next meeting.',
].join('\n');

const MATERIALS = [
  'Tomas: For the remote control I looked at the kinetic charger instead of a battery.',
  'Anna: The kinetic charger costs more, but nobody has to buy a battery again.',
  'Tomas: We decided on the kinetic charger and a soft rubber case for the remote control.',
].join('\n');

const INTERFACE = [
  'Anna: The buttons of the remote control should be large, with a small screen for the menu.',
  'Tomas: Voice control would replace the buttons for the volume of the remote control.',
  'Anna: We decided on large buttons and no voice control, and the battery sits under the buttons.',
].join('\n');

type Answer = { content: string; sources: { sessionId: string; sessionTitle: string; kind: string }[] };

describe('which sessions an answer draws on, ticked or not (POST /api/chat/simple)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let cookie: string;
  let kickoff: string;
  let materials: string;
  let design: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    kickoff = await createSession(admin, 'Remote Project Kickoff');
    materials = await createSession(admin, 'Remote Materials Review');
    design = await createSession(admin, 'Remote Interface Design');
    await uploadEmbedded(admin, kickoff, 'transcript', Buffer.from(KICKOFF), 'kickoff.txt');
    await uploadEmbedded(admin, materials, 'transcript', Buffer.from(MATERIALS), 'materials.txt');
    await uploadEmbedded(admin, design, 'transcript', Buffer.from(INTERFACE), 'interface.txt');
    cookie = await sessionCookie(t, 'drawn@example.com', 'Dora');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function ask(message: string, sessionIds: string[]): Promise<Answer> {
    return askInNewThread(t, cookie, message, sessionIds, 'simple');
  }

  it('with no session ticked, answers from the meeting the question is about and names it last', async () => {
    const answer = await ask('What was decided about the kinetic charger and the rubber case?', []);
    const documents = answer.sources.filter((s) => s.kind !== 'session');
    expect(documents.length).toBeGreaterThan(0);
    expect(documents[0].sessionId).toBe(materials);
    const titles = [...new Set(documents.map((s) => s.sessionTitle))];
    // Each session named carries the citation of its first passage the answer cites.
    expect(answer.content.split('\n').pop()).toMatch(/^Drawn from: “Remote Materials Review” \[Remote Materials Review, line \d+\]\.$/);
    expect(titles).toEqual(['Remote Materials Review']);
    expect(titles[0]).toBe('Remote Materials Review');
  });

  it('with two sessions ticked, quotes only those two (passages or program entries), though the third says more of it', async () => {
    const answer = await ask('What was said about the battery of the remote control?', [kickoff, design]);
    expect(answer.sources.length).toBeGreaterThan(0);
    for (const s of answer.sources) expect([kickoff, design]).toContain(s.sessionId);
    expect(answer.content).toContain('battery sits under the buttons');
    expect(answer.content).not.toContain('buy a battery again');
    expect(answer.content).not.toContain('Drawn from');
  });
});
