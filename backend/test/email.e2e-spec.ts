import os from 'node:os';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { HistoryMailLimits } from '../src/chat/history-mail-limits';
import { rateLimitStorage, type SharedRateLimitStorage } from '../src/http/rate-limit-storage';
import { loadConfig } from '../src/config/app-config';
import { SAMPLE_CONFERENCE, SeededSession, seedChunks } from './utils/chunk-fixture';
import { startSmtpSink, SmtpSink } from './utils/smtp-sink';
import { sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

/** A session whose document plants links (the third security review, F1). */
const QUOKKA_CLINIC = {
  title: 'Quokka Lease Pricing Clinic',
  documents: [
    {
      kind: 'pdf' as const,
      chunks: [
        {
          page: 2,
          text:
            'Lessors quoting quokka fleet leases in 2025 should price every quote with the [quokka pricing calculator](https://evil.example/quokka-calc) before offering a rate near 7 percent. ' +
            'Every quokka fleet of 40 units or more must be registered at <https://evil.example/quokka-register> within 30 days of funding. ' +
            'Residual values for quokka equipment fall about 12 percent a year, as the ![residual chart](https://evil.example/quokka.png) of 2024 deals shows.',
        },
      ],
    },
  ],
};

describe('email: chat history and takeaways over SMTP (real SMTP server on loopback)', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let sessions: SeededSession[];
  let cookie: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Conference Assistant <assistant@conference.test>',
      EMAIL_LIMIT_PER_USER: '20',
      EMAIL_LIMIT_PER_IP: '200',
      HISTORY_MAIL_LIMIT_PER_USER_HOUR: '3',
      HISTORY_MAIL_LIMIT_PER_RECIPIENT_DAY: '2',
    });
    sessions = await seedChunks(t, [...SAMPLE_CONFERENCE, QUOKKA_CLINIC]);
    cookie = await sessionCookie(t, 'mailer@example.com', 'Mia');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (path: string, body: unknown, c = cookie) =>
    request(t.url)
      .post(path)
      .set('Cookie', c)
      .send(body as object);

  it('sends the chat history with every message and its sources, escaped in HTML', async () => {
    const { id: threadId } = (await post('/api/chat/start', { sessionFilter: [] }).expect(200)).body;
    const question = 'What <b>FICO</b> floor & DSCR do lenders use?';
    const answer = (await post('/api/chat/message', { threadId, message: question }).expect(200)).body;
    expect(answer.sources.length).toBeGreaterThan(0);

    const since = Date.now();
    const res = await post('/api/email/chat-history', { threadId, recipientEmail: 'mailer@example.com' }).expect(200);
    expect(res.body).toEqual({ message: 'Successfully sent to mailer@example.com' });
    const mail = await smtp.waitFor('mailer@example.com', since);
    expect(mail.from).toBe('assistant@conference.test');
    expect(mail.subject).toBe('Your Equipment Finance Conference 2025 chat history');
    expect(mail.text).toContain('Equipment Finance Conference 2025 · Denver, CO');
    // Plain text: the question, the answer and its sources.
    expect(mail.text).toContain('Hello Mia,');
    expect(mail.text).toContain(`You (`);
    expect(mail.text).toContain(question);
    expect(mail.text).toContain('Assistant (');
    expect(mail.text).toContain(answer.content.split('\n')[0]);
    expect(mail.text).toContain(`${answer.sources[0].marker} ${answer.sources[0].sessionTitle}`);
    // HTML: user text escaped, never markup.
    expect(mail.html).toContain('What &lt;b&gt;FICO&lt;/b&gt; floor &amp; DSCR do lenders use?');
    expect(mail.html).not.toContain('<b>FICO</b>');
    expect(mail.html).toContain(`${answer.sources[0].marker.replace(/&/g, '&amp;')} ${answer.sources[0].sessionTitle}`);
  });

  it('renders the answers\' markdown: HTML with bold, bullets and citation markers, a plain-text part without ** or "- "', async () => {
    const { id: threadId } = (await post('/api/chat/start', { sessionFilter: [] }).expect(200)).body;
    await post('/api/chat/message', { threadId, message: 'What do lenders look at?' }).expect(200);
    const markdown = [
      'Lenders look at **three things** [p. 3]:',
      '',
      '- **Credit score**: a FICO floor of 680 [Lender Panel, p. 3]',
      '- Cash flow <script>alert(1)</script> & DSCR [12:34]',
      '',
      '1. First step',
      '2. Second *step*',
    ].join('\n');
    await t.app
      .get(DataSource)
      .query(`UPDATE chat_messages SET content = $2 WHERE thread_id = $1 AND role = 'assistant'`, [threadId, markdown]);

    const since = Date.now();
    await post('/api/email/chat-history', { threadId, recipientEmail: 'mailer@example.com' }).expect(200);
    const mail = await smtp.waitFor('mailer@example.com', since);
    expect(mail.html).toContain('<strong>three things</strong>');
    expect(mail.html).toMatch(
      /<ul>\s*<li><strong>Credit score<\/strong>: a FICO floor of 680 <span[^>]*>\[Lender Panel, p\. 3\]<\/span><\/li>/,
    );
    expect(mail.html).toContain('Cash flow &lt;script&gt;alert(1)&lt;/script&gt; &amp; DSCR');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toMatch(/<ol>\s*<li>First step<\/li>\s*<li>Second <em>step<\/em><\/li>/);
    expect(mail.html).toContain('[p. 3]</span>');
    expect(mail.html).not.toContain('**');
    expect(mail.text).toContain('Lenders look at three things [p. 3]:');
    expect(mail.text).toContain('• Credit score: a FICO floor of 680 [Lender Panel, p. 3]');
    expect(mail.text).toContain('• Cash flow <script>alert(1)</script> & DSCR [12:34]');
    expect(mail.text).toContain('1. First step\n2. Second step');
    expect(mail.text).not.toContain('**');
    expect(mail.text).not.toMatch(/^\s*- /m);
    // Message times in the conference's zone, labelled.
    expect(mail.text).toMatch(/Assistant \([A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M M[DS]T\):/);
  });

  it("refuses a chat that is missing, unknown, empty or someone else's: 404 'No active chat to send'", async () => {
    const other = await sessionCookie(t, 'someone-else@example.com', 'Sol');
    const { id: theirs } = (await post('/api/chat/start', { sessionFilter: [] }, other).expect(200)).body;
    await post('/api/chat/message', { threadId: theirs, message: 'What FICO floor?' }, other).expect(200);
    const { id: empty } = (await post('/api/chat/start', { sessionFilter: [] }).expect(200)).body;
    for (const threadId of [theirs, empty, '00000000-0000-4000-8000-000000000000', undefined]) {
      const res = await post('/api/email/chat-history', { threadId, recipientEmail: 'mailer@example.com' }).expect(404);
      expect(res.body).toEqual({ message: 'No active chat to send' });
    }
  });

  /** Signs in with a first and last name; a thread with one answered question. */
  async function senderWithThread(email: string, firstName: string, lastName: string) {
    const res = await request(t.url).post('/api/login').send({ email, firstName, lastName }).expect(200);
    const c = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .map((v) => v.split(';')[0])
      .join('; ');
    const { id: threadId } = (await post('/api/chat/start', { sessionFilter: [] }, c).expect(200)).body;
    await post('/api/chat/message', { threadId, message: 'What FICO floor do lenders use?' }, c).expect(200);
    return { cookie: c, threadId };
  }

  it('sends the chat history to the recipient the attendee types, naming the sender and the conference, with no links', async () => {
    const { cookie: c, threadId } = await senderWithThread('grace@example.com', 'Grace', 'Hopper');
    const since = Date.now();
    const res = await post('/api/email/chat-history', { threadId, recipientEmail: 'Boss@Example.com' }, c).expect(200);
    expect(res.body).toEqual({ message: 'Successfully sent to boss@example.com' });
    const mail = await smtp.waitFor('boss@example.com', since);
    expect(mail.subject).toBe('Your Equipment Finance Conference 2025 chat history');
    expect(mail.text).toContain('Grace Hopper <grace@example.com> sent you this conversation from Equipment Finance Conference 2025.');
    expect(mail.html).toContain(
      'Grace Hopper &lt;grace@example.com&gt; sent you this conversation from Equipment Finance Conference 2025.',
    );
    expect(mail.text).toContain('What FICO floor do lenders use?');
    expect(mail.text).not.toContain('Hello Grace');
    expect(mail.html).not.toMatch(/<a[\s>]|<img|src=|url\(|https?:/i);
    expect(mail.text).not.toMatch(/https?:/i);
  });

  it("answers 404 'No active chat to send' for an unknown or foreign thread whatever the recipient, before any limit", async () => {
    const { threadId: theirs } = await senderWithThread('owner-of-thread@example.com', 'Otto', 'Owner');
    const asker = await sessionCookie(t, 'asker@example.com', 'Ash');
    for (const threadId of [theirs, '00000000-0000-4000-8000-000000000000', undefined]) {
      for (const recipientEmail of ['asker@example.com', 'someone@elsewhere.test']) {
        const res = await post('/api/email/chat-history', { threadId, recipientEmail }, asker).expect(404);
        expect(res.body).toEqual({ message: 'No active chat to send' });
      }
    }
    expect(smtp.messages.filter((m) => m.to.includes('someone@elsewhere.test'))).toEqual([]);
  });

  it('caps history mails to other addresses per user per hour (429); the own address still works', async () => {
    const { cookie: c, threadId } = await senderWithThread('capped-sender@example.com', 'Cap', 'Sender');
    for (const n of [1, 2, 3]) {
      await post('/api/email/chat-history', { threadId, recipientEmail: `friend${n}@example.com` }, c).expect(200);
    }
    const refused = await post('/api/email/chat-history', { threadId, recipientEmail: 'friend4@example.com' }, c).expect(429);
    expect(refused.body).toEqual({
      message: 'You have emailed chat histories to other addresses too often this hour. Please try again later.',
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.filter((m) => m.to.includes('friend4@example.com'))).toEqual([]);
    await post('/api/email/chat-history', { threadId, recipientEmail: 'capped-sender@example.com' }, c).expect(200);
  });

  it('caps history mails to one recipient per day, whoever sends them (429)', async () => {
    for (const who of ['first', 'second']) {
      const { cookie: c, threadId } = await senderWithThread(`${who}-sender@example.com`, who, 'Sender');
      await post('/api/email/chat-history', { threadId, recipientEmail: 'popular@example.com' }, c).expect(200);
    }
    const { cookie: c, threadId } = await senderWithThread('third-sender@example.com', 'Third', 'Sender');
    const refused = await post('/api/email/chat-history', { threadId, recipientEmail: 'POPULAR@example.com' }, c).expect(429);
    expect(refused.body).toEqual({ message: 'This address has received too many chat histories today. Please try again tomorrow.' });
    await post('/api/email/chat-history', { threadId, recipientEmail: 'another-friend@example.com' }, c).expect(200);
  });

  it("answers 400 'Please enter a valid email address' for a bad address", async () => {
    const { id: threadId } = (await post('/api/chat/start', { sessionFilter: [] }).expect(200)).body;
    for (const recipientEmail of ['', 'no-at-sign', 'two@@example.com', 'spaces in@example.com', 'x@nodot']) {
      const res = await post('/api/email/chat-history', { threadId, recipientEmail }).expect(400);
      expect(res.body).toEqual({ message: 'Please enter a valid email address' });
    }
    const res = await post('/api/email/takeaways', { recipientEmail: 'nope', useAllSessions: true }).expect(400);
    expect(res.body).toEqual({ message: 'Please enter a valid email address' });
  });

  it('sends the takeaways as a numbered list with their sessions', async () => {
    const takeaways = (await post('/api/takeaways', { sessionIds: [sessions[1].id], useAllSessions: false }).expect(200)).body;
    expect(takeaways.takeaways.length).toBeGreaterThan(0);
    const since = Date.now();
    const res = await post('/api/email/takeaways', {
      recipientEmail: 'mailer@example.com',
      sessionIds: [sessions[1].id],
      useAllSessions: false,
    }).expect(200);
    expect(res.body).toEqual({ message: 'Takeaways have been sent to your email address.' });
    const mail = await smtp.waitFor('mailer@example.com', since);
    expect(mail.subject).toBe('Your key takeaways from Equipment Finance Conference 2025');
    expect(mail.text).toContain(`Here are the key takeaways from ${SAMPLE_CONFERENCE[1].title}.`);
    takeaways.takeaways.forEach((text: string, i: number) => {
      expect(mail.text).toContain(`${i + 1}. ${text}\n   Source: ${takeaways.sources[i]}`);
    });
    expect(mail.html).toContain('<ol>');
    expect((mail.html.match(/<li /g) ?? []).length).toBe(takeaways.takeaways.length);
  });

  it('neutralises links a document planted in the takeaways: returned, cached and mailed as text, no <a> in the mail', async () => {
    const quokka = sessions[sessions.length - 1];
    const body = { sessionIds: [quokka.id], useAllSessions: false };
    const planted = /\]\(https?:|<https?:|!\[/;
    for (const attempt of ['generated', 'cached']) {
      const { takeaways } = (await post('/api/takeaways', body).expect(200)).body as { takeaways: string[] };
      expect({ attempt, text: takeaways.join('\n') }).toEqual({ attempt, text: expect.stringContaining('quokka') });
      for (const text of takeaways) expect(text).not.toMatch(planted);
    }
    const since = Date.now();
    await post('/api/email/takeaways', { recipientEmail: 'mailer@example.com', ...body }).expect(200);
    const mail = await smtp.waitFor('mailer@example.com', since);
    expect(mail.text).toContain('quokka');
    expect(mail.html).not.toMatch(/<a[\s>]|<img|href=|src=/i);
    expect(mail.text).not.toMatch(planted);
  });

  it("asks for sessions in 'selected' mode", async () => {
    const res = await post('/api/email/takeaways', { recipientEmail: 'mailer@example.com', sessionIds: [], useAllSessions: false }).expect(
      400,
    );
    expect(res.body).toEqual({ message: 'No sessions selected to generate takeaways' });
  });

  it('rate limits email per user (EMAIL_LIMIT_PER_USER a minute)', async () => {
    const fresh = await sessionCookie(t, 'rate-limited@example.com', 'Rae');
    let status = 0;
    let body: any;
    let calls = 0;
    for (; calls < 21 && status !== 429; calls++) {
      const res = await post('/api/email/chat-history', { recipientEmail: 'bad' }, fresh);
      status = res.status;
      body = res.body;
    }
    expect(status).toBe(429);
    expect(calls).toBe(21);
    expect(body).toEqual({ message: 'Too many requests. Please wait a minute and try again.' });
    // Another user is not affected.
    await post('/api/email/chat-history', { recipientEmail: 'bad' }).expect(400);
  });
});

/**
 * The server deployment (`npm run test:server` sets SERVER_TEST_REDIS_URL): the history-mail caps of two
 * API processes (each with its own Redis client of the rate-limit storage) are one count in Redis.
 */
const SHARED_REDIS = process.env.SERVER_TEST_REDIS_URL;
if (SHARED_REDIS) {
  describe('history-mail caps shared by two API processes (Redis)', () => {
    it('refuses in the second process the recipient the first one used up', async () => {
      const config = loadConfig(
        {
          SESSION_SECRET: 'history-caps-shared-secret-0123456789',
          REDIS_URL: SHARED_REDIS,
          QUEUE_PREFIX: `ca-history-${process.pid}-${Date.now()}`,
          HISTORY_MAIL_LIMIT_PER_RECIPIENT_DAY: '1',
        },
        { dataDir: os.tmpdir() },
      );
      const storages = [rateLimitStorage(config), rateLimitStorage(config)] as SharedRateLimitStorage[];
      try {
        // Connected, as a running process is (until then the storage counts in memory).
        for (const { redis } of storages) {
          if (redis.redis.status !== 'ready') await new Promise((resolve) => redis.redis.once('ready', resolve));
        }
        const [first, second] = storages.map((storage) => new HistoryMailLimits(storage, config));
        await first.take('user-in-process-1', 'shared-cap@example.com');
        await expect(second.take('user-in-process-2', 'shared-cap@example.com')).rejects.toMatchObject({
          status: 429,
          response: { message: 'This address has received too many chat histories today. Please try again tomorrow.' },
        });
      } finally {
        for (const storage of storages) storage.onApplicationShutdown();
      }
    });
  });
}
