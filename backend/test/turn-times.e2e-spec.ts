import { DataSource } from 'typeorm';
import request from 'supertest';
import { ChunkTurnTimes1735000035000 } from '../src/database/migrations/1735000035000-chunk-turn-times';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { defaultReply, FakeOpenAi, startFakeOpenAi } from './utils/fake-openai';
import { signInPrivileged } from './utils/privileged';
import { postSse, sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@turn-times.test';

/** Five short turns of one speaker, one passage together; the third is the one asked about. */
const TURNS: [number, string][] = [
  [5, 'Welcome everyone to this short update on our logistics work this year.'],
  [15, 'We started the pilot in two regional depots during the spring.'],
  [32, 'The warehouse robots cut picking errors by forty percent within three months.'],
  [50, 'Staff training took longer than we planned for the night shifts.'],
  [70, 'Next year we will extend the programme to every depot we run.'],
];

const clock = (s: number, ms = '000') => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.${ms}`;

const VTT = ['WEBVTT', '', ...TURNS.flatMap(([s, text]) => [`${clock(s)} --> ${clock(s + 8)}`, `<v Lee Park>${text}`, ''])].join('\n');
const TIMED_TXT = TURNS.map(([s, text]) => `[${clock(s).slice(0, 8)}] Lee Park: ${text}`).join('\n');

interface Answer {
  content: string;
  sources: { marker: string; startTime?: number; snippet: string }[];
}

async function askIn(t: TestApp, cookie: string, sessionId: string, message: string): Promise<Answer> {
  const started = await request(t.url)
    .post('/api/chat/start')
    .set('Cookie', cookie)
    .send({ sessionFilter: [sessionId] })
    .expect(200);
  const { events } = await postSse(t.url, '/api/chat/stream', cookie, { threadId: started.body.id, message, sessionIds: [sessionId] });
  const content = events
    .filter((e): e is { content: string } => e !== '[DONE]' && 'content' in e)
    .map((e) => e.content)
    .join('');
  const sources = (events.find((e) => e !== '[DONE]' && 'sources' in e) as { sources: Answer['sources'] }).sources;
  return { content, sources };
}

/** The two talks uploaded (a .vtt and a timed .txt), their session ids, and an attendee's cookie. */
async function uploadTalks(t: TestApp): Promise<{ sessions: Record<string, string>; cookie: string }> {
  const admin = await signInPrivileged(t, ADMIN, { firstName: 'Dana', lastName: 'Admin' });
  const sessions: Record<string, string> = {};
  sessions.vtt = await createSession(admin, 'Depot Robots Update');
  sessions.txt = await createSession(admin, 'Depot Robots Recap');
  await uploadEmbedded(admin, sessions.vtt, 'transcript', Buffer.from(VTT), 'update.vtt');
  await uploadEmbedded(admin, sessions.txt, 'transcript', Buffer.from(TIMED_TXT), 'recap.txt');
  return { sessions, cookie: await sessionCookie(t, 'attendee@turn-times.test', 'Ari') };
}

describe('a sentence quoted from a timed transcript cites the time its turn starts', () => {
  let t: TestApp;
  let cookie: string;
  let sessions: Record<string, string> = {};
  const ask = (sessionId: string, message: string) => askIn(t, cookie, sessionId, message);

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    ({ sessions, cookie } = await uploadTalks(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['vtt', 'txt'])('the .%s transcript: the third turn is cited [00:32] and its source starts at 32 s', async (kind) => {
    const chunks = await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM chunks WHERE session_id = $1`, [sessions[kind]]);
    expect(chunks).toEqual([{ n: 1 }]); // the five turns share one passage
    const { content, sources } = await ask(sessions[kind], 'By how much did the warehouse robots cut picking errors?');
    expect(content).toMatch(/forty percent[^[]*\[00:32\]/);
    expect(content).not.toContain('[00:05]');
    const cited = sources.find((s) => s.marker === '[00:32]');
    expect(cited).toMatchObject({ startTime: 32 });
    expect(cited!.snippet).toContain('forty percent');
  });

  it('migrations down and up again: chunks stored without turn times cite the start of their passage, as before', async () => {
    const q = t.app.get(DataSource).createQueryRunner();
    try {
      await new ChunkTurnTimes1735000035000().down(q);
      const column = `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'chunks' AND column_name = 'turn_times'`;
      expect(await q.query(column)).toEqual([{ n: 0 }]);
      await new ChunkTurnTimes1735000035000().up(q);
      expect(await q.query(`SELECT count(*)::int AS n FROM chunks WHERE turn_times IS NOT NULL`)).toEqual([{ n: 0 }]);
    } finally {
      await q.release();
    }
    // Asked in other words: the answer of the same question may be served from the answer cache.
    const { content, sources } = await ask(sessions.vtt, 'How far did picking errors fall with the warehouse robots?');
    expect(content).toMatch(/forty percent[^[]*\[00:05\]/);
    expect(sources.find((s) => s.marker === '[00:05]')).toMatchObject({ startTime: 5 });
  });
});

describe('the openai provider cites a timed turn by the marker the prompt writes before it', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let cookie: string;
  let sessions: Record<string, string> = {};

  beforeAll(async () => {
    fake = await startFakeOpenAi({
      // The model quotes the turn about picking errors and cites it by the marker written before it.
      reply: (r) => {
        const last = r.messages[r.messages.length - 1]?.content ?? '';
        const line = last.split('\n').find((l) => l.includes('forty percent') && !l.startsWith('Question'));
        if (!line || r.messages[0]?.content.startsWith('Rewrite')) return defaultReply(r);
        const marker = /^(\[[^\]]+\]) /.exec(line)?.[1] ?? /cite as (\[[^\]]+\])/.exec(last)?.[1] ?? '';
        return `The warehouse robots cut picking errors by forty percent within three months ${marker}.`;
      },
    });
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-turn-times', OPENAI_BASE_URL: fake.baseUrl });
    ({ sessions, cookie } = await uploadTalks(t));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it.each(['vtt', 'txt'])('the .%s transcript: [00:32] in the answer and its source starting at 32 s', async (kind) => {
    const { content, sources } = await askIn(t, cookie, sessions[kind], 'By how much did the warehouse robots cut picking errors?');
    expect(content).toMatch(/forty percent[^[]*\[00:32\]/);
    expect(sources).toEqual([expect.objectContaining({ marker: '[00:32]', startTime: 32 })]);
  });
});
