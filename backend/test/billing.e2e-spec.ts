import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'billing-admin@example.com';

interface Day {
  date: string;
  chatRequests: number;
  embeddingRequests: number;
  takeawayRequests: number;
  transcriptionRequests: number;
  transcriptionMinutes: number;
  transcriptionCost: number;
  totalCost: number;
  totalTokens: number;
}

/** A day's transcription fields without any transcription. */
const NO_TRANSCRIPTION = { transcriptionRequests: 0, transcriptionMinutes: 0, transcriptionCost: 0 };

/** The UTC calendar day `n` days before today, as YYYY-MM-DD. */
const utcDay = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe('billing API (openai-usage, openai-costs)', () => {
  let t: TestApp;
  let db: DataSource;
  let admin: TestAgent;
  let attendee: TestAgent;

  const usage = (kind: string, daysAgo: number, cost: number, tokens: number) =>
    db.query(
      `INSERT INTO ai_usage (kind, provider, model, prompt_tokens, total_tokens, cost_usd, created_at)
       VALUES ($1, 'openai', 'gpt-4o-mini', $3, $3, $2, now() - make_interval(days => $4))`,
      [kind, cost, tokens, daysAgo],
    );

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    db = t.app.get(DataSource);
    admin = await signInPrivileged(t, ADMIN);
    attendee = await signIn(t, { email: 'attendee@example.com' });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/api/admin/openai-usage', '/api/admin/openai-costs', '/api/admin/openai-costs?days=7'])(
    '%s: 401 signed out, 403 for an attendee',
    async (path) => {
      expect((await request(t.url).get(path).expect(401)).body).toEqual({ message: 'Unauthorized' });
      await attendee.get(path).expect(403);
    },
  );

  it('answers all zeros, day by day, when nothing was used', async () => {
    await db.query(`DELETE FROM ai_usage`);
    const res = await admin.get('/api/admin/openai-usage').expect(200);
    expect(res.body.totalCost).toBe(0);
    expect(res.body.totalTokens).toBe(0);
    expect(res.body.totalRequests).toBe(0);
    expect(res.body.last30Days).toHaveLength(30);
    expect(res.body.last30Days[0]).toEqual({
      date: utcDay(0),
      chatRequests: 0,
      embeddingRequests: 0,
      takeawayRequests: 0,
      ...NO_TRANSCRIPTION,
      totalCost: 0,
      totalTokens: 0,
    });
  });

  describe('with recorded usage', () => {
    beforeAll(async () => {
      await db.query(`DELETE FROM ai_usage`);
      await usage('chat', 0, 0.0015, 1200);
      await usage('chat', 0, 0.0005, 300);
      await usage('embedding', 0, 0.0000025, 125);
      await usage('takeaway', 2, 0.01, 2000);
      await usage('embedding', 10, 0.0001, 5000);
      await usage('chat', 45, 1.5, 9000); // inside 90 days only
      await usage('chat', 400, 99, 99999); // outside every range
    });

    it('openai-costs: one entry per day, newest first, with the days without usage as zeros', async () => {
      const res = await admin.get('/api/admin/openai-costs?days=7').expect(200);
      const days: Day[] = res.body;
      expect(days.map((d) => d.date)).toEqual([0, 1, 2, 3, 4, 5, 6].map(utcDay));
      expect(days[0]).toEqual({
        date: utcDay(0),
        chatRequests: 2,
        embeddingRequests: 1,
        takeawayRequests: 0,
        ...NO_TRANSCRIPTION,
        totalCost: 0.0020025,
        totalTokens: 1625,
      });
      expect(days[1]).toEqual({
        date: utcDay(1),
        chatRequests: 0,
        embeddingRequests: 0,
        takeawayRequests: 0,
        ...NO_TRANSCRIPTION,
        totalCost: 0,
        totalTokens: 0,
      });
      expect(days[2]).toMatchObject({ takeawayRequests: 1, totalCost: 0.01, totalTokens: 2000 });
    });

    it('openai-costs: 30 days by default, 90 on request, anything else is refused', async () => {
      const def = await admin.get('/api/admin/openai-costs').expect(200);
      expect(def.body).toHaveLength(30);
      expect(def.body[10]).toMatchObject({ date: utcDay(10), embeddingRequests: 1, totalTokens: 5000 });
      const d90 = await admin.get('/api/admin/openai-costs?days=90').expect(200);
      expect(d90.body).toHaveLength(90);
      expect(d90.body[45]).toMatchObject({ date: utcDay(45), chatRequests: 1, totalCost: 1.5 });
      expect(d90.body[89].date).toBe(utcDay(89));
      for (const bad of ['14', '0', 'abc', '', '30.0', '-7']) {
        const res = await admin.get(`/api/admin/openai-costs?days=${bad}`).expect(400);
        expect(res.body).toEqual({ message: 'days must be 7, 30 or 90.' });
      }
    });

    it('openai-usage: totals and the zero-filled daily entries of the last 30 days', async () => {
      const res = await admin.get('/api/admin/openai-usage').expect(200);
      expect(res.body.totalRequests).toBe(5);
      expect(res.body.totalTokens).toBe(1200 + 300 + 125 + 2000 + 5000);
      expect(res.body.totalCost).toBeCloseTo(0.0121025, 10);
      expect(res.body.last30Days).toHaveLength(30);
      expect(res.body.last30Days.map((d: Day) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => utcDay(i)));
      const sum = (k: keyof Day) => res.body.last30Days.reduce((s: number, d: Day) => s + Number(d[k]), 0);
      expect([sum('chatRequests'), sum('embeddingRequests'), sum('takeawayRequests')]).toEqual([2, 2, 1]);
      expect(res.body.last30Days.filter((d: Day) => d.totalTokens === 0)).toHaveLength(27);
    });

    it('shows transcription of recordings as its own line: requests, minutes of audio and cost, counted in the totals', async () => {
      // Two pieces of a recording three days ago: 10 minutes and 2.5 minutes at whisper-1's $0.006 a minute.
      for (const seconds of [600, 150]) {
        await db.query(
          `INSERT INTO ai_usage (kind, provider, model, audio_seconds, cost_usd, created_at)
           VALUES ('transcription', 'openai', 'whisper-1', $1, $2, now() - interval '3 days')`,
          [seconds, (seconds / 60) * 0.006],
        );
      }
      const days: Day[] = (await admin.get('/api/admin/openai-costs?days=7').expect(200)).body;
      expect(days[3]).toEqual({
        date: utcDay(3),
        chatRequests: 0,
        embeddingRequests: 0,
        takeawayRequests: 0,
        transcriptionRequests: 2,
        transcriptionMinutes: 12.5,
        transcriptionCost: 0.075,
        totalCost: 0.075,
        totalTokens: 0,
      });
      const summary = (await admin.get('/api/admin/openai-usage').expect(200)).body;
      expect(summary.totalRequests).toBe(7);
      expect(summary.totalCost).toBeCloseTo(0.0121025 + 0.075, 10);
    });
  });
});
