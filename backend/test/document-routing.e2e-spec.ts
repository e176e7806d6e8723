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
  interface: [
    'The menu on the screen of the television should show the channels.',
    'Voice recognition could replace some of the menu buttons.',
  ],
  marketing: ['Our market research asked one hundred users about their remote.', 'Most users lose the remote under the sofa cushions.'],
  energy: [
    'For energy we looked at a kinetic battery that charges while you move it.',
    'A solar cell on top could work, but living rooms are often dark in the evening.',
    'The power supply also decides how big the case has to be at the bottom.',
    'A kinetic battery means the users never have to buy new ones again.',
    'The solar cell would need a window on the case, which the designers dislike.',
    'So the power supply is settled: kinetic, with an ordinary cell as a backup.',
  ],
  wrapup: ['We evaluated the prototype against our criteria and it scored well.', 'The project is within budget, so we can celebrate.'],
};

/** A meeting: the series' turns interleaved with its topic's (and `asides` now and then), one turn a line, `Speaker: text`. */
function meeting(topic: string, asides: string[] = []): string {
  const own = TOPICS[topic];
  const turns: string[] = [];
  for (let i = 0; i < 90; i++) {
    turns.push(SERIES[i % SERIES.length]);
    if (i % 3 === 1) turns.push(own[Math.floor(i / 3) % own.length]);
    if (i % 30 === 15) turns.push(asides[Math.floor(i / 30) % Math.max(1, asides.length)] ?? '');
  }
  return turns
    .filter(Boolean)
    .map((text, i) => `${PEOPLE[i % PEOPLE.length]}: ${text}`)
    .join('\n');
}

describe('no session ticked: the question goes to the meeting it is about (GET /api/search)', () => {
  let t: TestApp;
  let admin: TestAgent;
  const sessions = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    // Five meetings of one series, each on its own topic.
    for (const [i, topic] of Object.keys(TOPICS).entries()) {
      const id = await createSession(admin, `Product design meeting ${i + 1}`);
      sessions.set(topic, id);
      await uploadEmbedded(admin, id, 'transcript', Buffer.from(meeting(topic)), `meeting-${i + 1}.txt`);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("matches a question naming a session's speaker to that session, its program entry, among meetings that say the same", async () => {
    // Two more meetings of the series go over the energy decision again, word for word; the program
    // names who led each. The transcripts say only the roles.
    const review = (closing: string) =>
      `${meeting('energy', ['The kinetic battery decision stands.', 'We keep the kinetic battery with a backup cell.', 'Kinetic battery it is.'])}\nProject Manager: ${closing}`;
    const led = new Map<string, string>();
    for (const [n, speaker, closing] of [
      [6, 'Ingrid Solberg', 'See you all on Tuesday.'],
      [7, 'Dana Whitfield', 'See you all on Thursday.'],
    ] as const) {
      const res = await admin.post('/api/admin/session').send({
        title: `Product design meeting ${n}`,
        speakers: [speaker],
        format: 'panel',
        description: 'The energy review of the series.',
      });
      expect(res.status).toBe(201);
      led.set(speaker, res.body.id as string);
      await uploadEmbedded(admin, res.body.id as string, 'transcript', Buffer.from(review(closing)), `meeting-${n}.txt`);
    }
    const res = await admin.get('/api/search').query({ q: 'What did the team of Dana Whitfield decide about the kinetic battery?' });
    expect(res.status).toBe(200);
    const results = res.body.results as { sessionId: string }[];
    expect(results[0].sessionId).toBe(led.get('Dana Whitfield'));
  });

  it('keeps a session filter as it is: the ticked meeting alone', async () => {
    const res = await admin.get('/api/search').query({ q: 'kinetic battery and the menu buttons', sessionIds: sessions.get('interface') });
    expect(res.status).toBe(200);
    const results = res.body.results as { sessionId: string }[];
    expect(results.length).toBeGreaterThan(0);
    expect(new Set(results.map((r) => r.sessionId))).toEqual(new Set([sessions.get('interface')]));
  });
});
