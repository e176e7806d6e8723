import type TestAgent from 'supertest/lib/agent';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@routing.test';
const PEOPLE = ['Project Manager', 'Industrial Designer', 'Marketing', 'User Interface'];

/** What every meeting of the series says: the same people, the same product, the same budget talk. */
const SERIES = [
  'Okay, let us go over the remote control again and the buttons on the front.',
  'The budget for the remote is still twelve euros fifty per unit, so we keep the design simple.',
  'I think the users want fewer buttons and a remote that is easy to find.',
  'We should keep the company colours on the case and the logo on the front.',
  'Right, I will send the minutes of this meeting to everyone after lunch.',
  'The trend watchers say that fancy and easy to use are what sells this year.',
];

/** One meeting's own topic, in turns spread over the meeting. */
const TOPICS: Record<string, string[]> = {
  kickoff: ['The tool training went well and everyone drew their favourite animal.', 'Each of us gets a role for the project today.'],
  interface: ['The menu on the screen of the television should show the channels.', 'Voice recognition could replace some of the menu buttons.'],
  marketing: ['Our market research asked one hundred users about their remote.', 'Most users lose the remote under the sofa cushions.'],
  energy: [
    'For energy we looked at a kinetic battery that charges while you move the remote.',
    'A solar cell on top could work, but the living room is often dark in the evening.',
    'The kinetic battery costs more than two plain batteries, and that eats into the budget.',
    'We could combine the kinetic battery with an ordinary battery as a backup power supply.',
    'So the decision is the kinetic battery with a backup, and no solar cell at all.',
    'The power supply also decides how big the case has to be at the bottom.',
    'A kinetic battery means the users never have to buy batteries again.',
  ],
  wrapup: ['We evaluated the prototype against our criteria and it scored well.', 'The project is within budget, so we can celebrate.'],
};

/** A meeting: the series' turns interleaved with its topic's, one turn a line, `Speaker: text`. */
function meeting(topic: string, aside?: string): string {
  const own = TOPICS[topic];
  const turns: string[] = [];
  for (let i = 0; i < 24; i++) {
    turns.push(SERIES[i % SERIES.length]);
    if (i % 3 === 1) turns.push(own[Math.floor(i / 3) % own.length]);
    if (aside && i === 12) turns.push(aside);
  }
  return turns.map((text, i) => `${PEOPLE[i % PEOPLE.length]}: ${text}`).join('\n');
}

describe('no session ticked: the question goes to the meeting it is about (GET /api/search)', () => {
  let t: TestApp;
  let admin: TestAgent;
  const sessions = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    // Five meetings of one series; the interface meeting mentions the energy topic once, in one dense turn.
    const aside = 'Next time: the kinetic battery, the solar cell and the power supply decision for the remote.';
    for (const [i, topic] of Object.keys(TOPICS).entries()) {
      const id = await createSession(admin, `Product design meeting ${i + 1}`);
      sessions.set(topic, id);
      await uploadEmbedded(admin, id, 'transcript', Buffer.from(meeting(topic, topic === 'interface' ? aside : undefined)), `meeting-${i + 1}.txt`);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('puts the meeting that spends its time on the topic first, not the one that names it in passing', async () => {
    const res = await admin.get('/api/search').query({ q: 'What was decided about the kinetic battery, the solar cell and the power supply?' });
    expect(res.status).toBe(200);
    const results = res.body.results as { sessionId: string; sessionTitle: string }[];
    expect(results.length).toBeGreaterThan(0);
    expect(results[0].sessionId).toBe(sessions.get('energy'));
    expect(results[0].sessionTitle).toBe('Product design meeting 4');
  });

  it('keeps a session filter as it is: the ticked meeting alone', async () => {
    const res = await admin.get('/api/search').query({ q: 'kinetic battery solar cell', sessionIds: sessions.get('interface') });
    expect(res.status).toBe(200);
    const results = res.body.results as { sessionId: string }[];
    expect(results.length).toBeGreaterThan(0);
    expect(new Set(results.map((r) => r.sessionId))).toEqual(new Set([sessions.get('interface')]));
  });
});
