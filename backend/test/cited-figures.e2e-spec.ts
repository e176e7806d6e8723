import type TestAgent from 'supertest/lib/agent';
import { createSession, uploadEmbedded } from './fixtures/document-helpers';
import { textPdf } from './fixtures/pdf-fixtures';
import { signInPrivileged } from './utils/privileged';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';
import { askInNewThread } from './fixtures/chat-helpers';

const ADMIN = 'cited-figures-admin@example.com';

const TRANSCRIPT = [
  '[00:00:05] Dana Whitfield: Welcome, everyone, to the fleet economics session.',
  '[00:00:40] Dana Whitfield: Our trucks now cost $0.18 diesel per mile more than last spring. Fleet leases run 6.1 years on average, and the documentation fee is 25 € per contract.',
  '[00:01:30] Lee Park: Delinquencies on those leases rose to 2.5% in the second quarter.',
].join('\n');

const PDF_PAGE = [
  'Late payment policy',
  'Most lessees pay on time, which is the pattern we had been having.If the customer pays more than 30 days late, the fee is 12.50 € per week and we add 0.75 points to the lease rate.',
].join('\n');

interface Answer {
  content: string;
  sources: { kind: string; snippet: string; excerpt?: { text: string }[] }[];
}

/** The passage shown for a citation keeps the source's numbers and punctuation exactly. */
describe('cited passages with figures (POST /api/chat/message)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let cookie: string;
  let sessionId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await signInPrivileged(t, ADMIN);
    sessionId = await createSession(admin, 'Fleet Economics');
    await uploadEmbedded(admin, sessionId, 'transcript', Buffer.from(TRANSCRIPT), 'fleet-economics.txt');
    await uploadEmbedded(admin, sessionId, 'pdf', await textPdf([PDF_PAGE]), 'late-payments.pdf');
    cookie = await sessionCookie(t, 'cited-figures@example.com', 'Cyd');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function ask(message: string): Promise<Answer> {
    return askInNewThread(t, cookie, message, [sessionId]);
  }

  const shown = (a: Answer) => a.sources.map((s) => [s.snippet, ...(s.excerpt ?? []).map((e) => e.text)].join('\n')).join('\n');

  it('shows a transcript passage with its decimals, currency amounts and percentages intact', async () => {
    const answer = await ask('How much more do the trucks cost in diesel per mile, and how long do fleet leases run?');
    expect(answer.sources.length).toBeGreaterThan(0);
    const text = shown(answer);
    expect(text).toContain('Our trucks now cost $0.18 diesel per mile more than last spring.');
    expect(text).toContain('Fleet leases run 6.1 years on average, and the documentation fee is 25 € per contract.');
  });

  it('shows a PDF passage with a sentence that follows another without a space, and its amounts, intact', async () => {
    const answer = await ask('What fee applies when the customer pays more than 30 days late?');
    const pdf = answer.sources.find((s) => s.kind === 'pdf');
    expect(pdf).toBeDefined();
    // The page's own line breaks may remain (the dialog keeps them); the words and figures are exact.
    expect(pdf!.snippet.replace(/\s+/g, ' ')).toContain(
      'having.If the customer pays more than 30 days late, the fee is 12.50 € per week and we add 0.75 points to the lease rate.',
    );
  });
});
