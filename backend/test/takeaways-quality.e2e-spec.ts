import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { signInPrivileged } from './utils/privileged';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'takeaways-quality-admin@example.com';
const RULE = 'our rule of thumb is to keep residual exposure under 30 percent of the original equipment cost';

const RESIDUALS_TXT = [
  '[00:00:05] Moderator: Good morning and welcome, everyone, thank you for joining us in Denver today.',
  '[00:00:20] Moderator: Dana Whitfield is the chief credit officer of Keystone Equipment Finance and leads its residual risk team.',
  '[00:00:35] Moderator: She has 20 years of experience in equipment lending and residual forecasting at three banks.',
  `[00:01:00] Dana Whitfield: So ${RULE}.`,
  '[00:01:40] Dana Whitfield: What does that mean for lenders who finance used trucks when auction prices fall this year?',
  '[00:02:10] Dana Whitfield: Used truck values fell 18 percent in 2024, so lenders shortened terms to 48 months on older units.',
  '[00:03:00] Dana Whitfield: Telematics data on engine hours lets lessors price residual risk on older trucks far more tightly.',
].join('\n');

const CREDIT_TXT = [
  `[00:00:10] Lee Park: ${RULE[0].toUpperCase()}${RULE.slice(1)}, and we review it every quarter with the credit committee, the board of directors and our outside auditors.`,
  '[00:00:50] Lee Park: Approval rates for app-only deals dropped to 61 percent because banks raised the guarantor FICO floor to 700.',
  '[00:01:30] Ana Ruiz: Bank-statement analysis cut our decision time on small-ticket deals from two days to four hours.',
].join('\n');

/** What an attendee gets from POST /api/takeaways over two sessions' uploaded transcripts. */
describe('takeaways an attendee would keep (POST /api/takeaways)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let takeaways: string[];
  let sources: string[];

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    const residuals = await createSession(admin, 'Residual Risk in Used Trucks');
    const credit = await createSession(admin, 'Credit Boxes in 2025');
    await uploadEmbedded(admin, residuals, 'transcript', Buffer.from(RESIDUALS_TXT), 'residuals.txt');
    await uploadEmbedded(admin, credit, 'transcript', Buffer.from(CREDIT_TXT), 'credit.txt');
    const cookie = await sessionCookie(t, 'takeaways-quality@example.com', 'Tia');
    const res = await request(t.url)
      .post('/api/takeaways')
      .set('Cookie', cookie)
      .send({ sessionIds: [residuals, credit], useAllSessions: false })
      .expect(200);
    ({ takeaways, sources } = res.body as { takeaways: string[]; sources: string[] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cites each takeaway with its session (parallel arrays), from both sessions', () => {
    expect(takeaways.length).toBeGreaterThanOrEqual(3);
    expect(sources).toHaveLength(takeaways.length);
    expect(new Set(sources)).toEqual(new Set(['Residual Risk in Used Trucks', 'Credit Boxes in 2025']));
  });

  it('names the speaker of each transcript takeaway', () => {
    for (const text of takeaways) expect(text).toMatch(/^(?:Dana Whitfield|Lee Park|Ana Ruiz|Moderator): \p{Lu}/u);
    expect(takeaways).toContain(
      'Dana Whitfield: Used truck values fell 18 percent in 2024, so lenders shortened terms to 48 months on older units.',
    );
  });

  it('keeps no question, greeting or speaker biography', () => {
    for (const text of takeaways) {
      expect(text).not.toMatch(/\?$/);
      expect(text).not.toMatch(/welcome|thank you|chief credit officer|years of experience/i);
    }
  });

  it('keeps a point made in both sessions once', () => {
    expect(takeaways.filter((text) => /rule of thumb/i.test(text))).toHaveLength(1);
  });
});

/** The demo conference's takeaways over all sessions: what a new attendee sees first. */
describe('takeaways of the demo conference (POST /api/takeaways, all sessions)', () => {
  let t: TestApp;
  let takeaways: string[];
  let sources: string[];

  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'true' });
    const cookie = await sessionCookie(t, 'demo-takeaways@example.com', 'Dee');
    const deadline = Date.now() + 120_000;
    for (;;) {
      const sessions = (await request(t.url).get('/api/sessions').set('Cookie', cookie).expect(200)).body as { contentStatus: string }[];
      if ((sessions.length > 0 && sessions.every((s) => s.contentStatus === 'available')) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const res = await request(t.url).post('/api/takeaways').set('Cookie', cookie).send({ useAllSessions: true }).expect(200);
    ({ takeaways, sources } = res.body as { takeaways: string[]; sources: string[] });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('keeps statements: no question, greeting or biography, each once, each with its session', () => {
    expect(takeaways.length).toBeGreaterThanOrEqual(5);
    expect(sources).toHaveLength(takeaways.length);
    expect(new Set(takeaways.map((text) => text.toLowerCase())).size).toBe(takeaways.length);
    for (const text of takeaways) {
      expect(text).not.toMatch(/\?$/);
      expect(text).not.toMatch(/^(?:welcome|thank|good (?:morning|afternoon))/i);
      expect(text).not.toMatch(
        /chief credit officer|senior vice president|director of credit risk|twenty-two years|has led the economics team/,
      );
    }
  });

  it('names the speaker of words said in the first person', () => {
    for (const text of takeaways) expect(text).not.toMatch(/^(?:I|I'm|We|We're|We've|Our|My)\b/);
    expect(takeaways.some((text) => /^\p{Lu}\p{L}+ \p{Lu}\p{L}+: /u.test(text))).toBe(true);
  });
});
