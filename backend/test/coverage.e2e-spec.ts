import type TestAgent from 'supertest/lib/agent';
import { NOT_COVERED_ANSWER } from '../src/ai/generation/generation.types';
import { REFUSE_BELOW, UNSURE_BELOW } from '../src/answering/knobs';
import { LANGUAGES } from '../src/text/lang';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { signInPrivileged } from './utils/privileged';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';
import { askInNewThread } from './fixtures/chat-helpers';

const ADMIN = 'coverage-admin@example.com';

const TRANSCRIPT = [
  '[00:00:05] Dana Whitfield: Welcome, everyone, to the fleet economics session.',
  '[00:00:40] Dana Whitfield: Our trucks now cost eighteen cents more in diesel per mile than last spring, and fleet leases run six years on average.',
  '[00:01:30] Lee Park: Delinquencies on those leases rose to two and a half percent in the second quarter, mostly among small carriers.',
  '[00:02:10] Dana Whitfield: We expect residual values of used tractors to keep falling through next year as new models arrive.',
  '[00:03:00] Lee Park: Insurance premiums for long-haul fleets went up again, which squeezes the margins of owner-operators.',
].join('\n');

/** POST /api/chat/simple carries the answer's coverage score; the answer follows it: answered, refused or unsure. */
describe('coverage of a question (POST /api/chat/simple)', () => {
  let t: TestApp;
  let cookie: string;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    const admin: TestAgent = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Fleet Economics');
    await uploadEmbedded(admin, sessionId, 'transcript', Buffer.from(TRANSCRIPT), 'fleet-economics.txt');
    cookie = await sessionCookie(t, 'coverage@example.com', 'Cora');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function ask(message: string): Promise<{ content: string; sources: { marker: string }[]; coverage: number }> {
    return askInNewThread(t, cookie, message, [sessionId], 'simple');
  }

  it('answers a covered question plainly, with a high coverage score', async () => {
    const answer = await ask('How much did delinquencies on fleet leases rise in the second quarter?');
    expect(answer.coverage).toBeGreaterThanOrEqual(UNSURE_BELOW);
    expect(answer.coverage).toBeLessThanOrEqual(1);
    expect(answer.content).toContain('two and a half percent');
    expect(answer.content).not.toContain(LANGUAGES.en.mayNotCover);
    expect(answer.sources.length).toBeGreaterThan(0);
  });

  it("refuses an uncovered question with the spec's text, word for word, and a low score", async () => {
    const answer = await ask('What did the speakers recommend for vaccination schedules in primary schools?');
    expect(answer.coverage).toBeLessThan(REFUSE_BELOW);
    expect(answer.coverage).toBeGreaterThanOrEqual(0);
    expect(answer.content).toBe(NOT_COVERED_ANSWER);
    expect(answer.sources).toEqual([]);
  });

  it('answers an unsure question with the closest cited passages, saying first that they may not answer it', async () => {
    const answer = await ask('How did insurance premiums affect owner-operators in rural regions last winter?');
    expect(answer.coverage).toBeGreaterThanOrEqual(REFUSE_BELOW);
    expect(answer.coverage).toBeLessThan(UNSURE_BELOW);
    expect(answer.content.startsWith(`${LANGUAGES.en.mayNotCover}\n\n`)).toBe(true);
    expect(answer.sources.length).toBeGreaterThan(0);
    for (const s of answer.sources) expect(answer.content).toContain(s.marker);
  });
});
