import http from 'node:http';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { FORBIDDEN_MESSAGE, UNAUTHORIZED_MESSAGE } from '../src/auth/access.guard';
import { AuthRepository } from '../src/auth/auth.repository';
import { SESSION_COOKIE } from '../src/auth/session-cookie';
import { KNOWN_DEVICE_COOKIE } from '../src/auth/known-device';
import { RATE_LIMIT_MESSAGE } from '../src/http/rate-limit';
import { TOO_DEEPLY_NESTED_MESSAGE } from '../src/database/text-sanitize';
import { EmailRepository } from '../src/email/email.repository';
import { SAMPLE_CONFERENCE, seedChunks } from './utils/chunk-fixture';
import { nextMail, openSignInLink, signInLinkPath, signInPrivileged } from './utils/privileged';
import { postSse, sessionCookie } from './utils/sse-client';
import { startTestApp, TestApp } from './utils/test-app';

const SUPER = 'super@review.test';
/** Each test that mails links uses an admin address of its own, so counters never mix. */
const ADMINS = [
  'links@review.test',
  'variants@review.test',
  'capped@review.test',
  'owner@review.test',
  'verify@review.test',
  'burst@review.test',
];
const [LINKS, VARIANTS, CAPPED, OWNER, VERIFY, BURST] = ADMINS;
const LINKS_PER_ADDRESS_HOUR = 4;

/**
 * The second security review: one test per finding, against the real app. Client addresses are given
 * through X-Forwarded-For (the default TRUST_PROXY trusts the test client on loopback).
 */
describe('security review: lockout, large bodies, mail relay, planted links, nesting, link scanners', () => {
  let t: TestApp;
  let db: DataSource;
  let outbox: EmailRepository;

  beforeAll(async () => {
    t = await startTestApp({
      ADMIN_EMAILS: ADMINS.join(','),
      SUPERADMIN_EMAILS: SUPER,
      LOGIN_LIMIT_PER_EMAIL: '3',
      LOGIN_LIMIT_PER_EMAIL_TOTAL: '9',
      SIGN_IN_LINK_LIMIT_PER_EMAIL_HOUR: String(LINKS_PER_ADDRESS_HOUR),
      WRITE_LIMIT_PER_USER: '3',
    });
    db = t.app.get(DataSource);
    outbox = t.app.get(EmailRepository);
    await seedChunks(t, [
      ...SAMPLE_CONFERENCE,
      {
        title: 'Residual Value Workshop',
        documents: [
          {
            kind: 'pdf',
            chunks: [
              {
                page: 4,
                text:
                  'Residual value forecasts for construction equipment should be checked with the [official residual calculator](https://evil.example/phish) before pricing. ' +
                  'Lessors must register their residual value models at <https://evil.example/register> each quarter.',
              },
            ],
          },
        ],
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const link = (email: string, ip: string, cookie?: string) => {
    const req = request(t.url).post('/api/auth/link').set('X-Forwarded-For', ip);
    if (cookie) req.set('Cookie', cookie);
    return req.send({ email });
  };
  const mailsTo = async (email: string) => (await outbox.latest(email, 100)).length;
  /** Waits until `email` has received `count` mails, then a little longer to see that no more arrive. */
  async function settledMailCount(email: string, count: number): Promise<number> {
    for (let i = 0; i < 200 && (await mailsTo(email)) < count; i++) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 400));
    return mailsTo(email);
  }
  const cookieOf = (res: request.Response, name: string) =>
    ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`${name}=`))
      ?.split(';')[0];

  describe('1. nobody can lock an admin out', () => {
    it('a new link does not revoke the older ones; using one revokes the others', async () => {
      await link(LINKS, '10.21.0.1').expect(200);
      const first = await nextMail(t, LINKS);
      await link(LINKS, '10.21.0.2').expect(200); // anyone, from anywhere
      const second = await nextMail(t, LINKS, first!.id);
      await link(LINKS, '10.21.0.3').expect(200);
      const third = await nextMail(t, LINKS, second!.id);
      // The admin opens the first link they received: it still works.
      const opened = await openSignInLink(t.url, signInLinkPath(first!.text)!).expect(302);
      expect(opened.headers.location).toBe('/admin');
      // Having signed in, the links still lying in the mailbox no longer do.
      for (const mail of [second, third]) {
        const later = await openSignInLink(t.url, signInLinkPath(mail!.text)!).expect(302);
        expect(later.headers.location).toBe('/api/login?error=invalid_link');
      }
    });

    it('an address with control characters is the same address: it shares the per-address counters', async () => {
      // LOGIN_LIMIT_PER_EMAIL=3 a minute per address and client address.
      for (const variant of [`${VARIANTS}\u0001`, `${VARIANTS}\u0002`, `${VARIANTS.toUpperCase()}\u0003`]) {
        await link(variant, '10.21.1.1').expect(200);
      }
      const refused = await link(`${VARIANTS}\u0004`, '10.21.1.1').expect(429);
      expect(refused.body).toEqual({ message: RATE_LIMIT_MESSAGE });
      const login = await request(t.url)
        .post('/api/login')
        .set('X-Forwarded-For', '10.21.1.1')
        .send({ email: `\u0005${VARIANTS}`, firstName: 'Mal' })
        .expect(429);
      expect(login.body).toEqual({ message: RATE_LIMIT_MESSAGE });
      expect(await settledMailCount(VARIANTS, 3)).toBe(3);
    });

    it(`mails at most ${LINKS_PER_ADDRESS_HOUR} links an hour to one address (SIGN_IN_LINK_LIMIT_PER_EMAIL_HOUR), answering alike`, async () => {
      const answers = [];
      for (let i = 0; i < LINKS_PER_ADDRESS_HOUR + 3; i++) answers.push((await link(CAPPED, `10.21.2.${i}`).expect(200)).body);
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(await settledMailCount(CAPPED, LINKS_PER_ADDRESS_HOUR)).toBe(LINKS_PER_ADDRESS_HOUR);
    });

    it(`mails at most ${LINKS_PER_ADDRESS_HOUR} links an hour to one address even when the requests arrive at once`, async () => {
      // Each answer comes before its link is stored and mailed, so the links of a burst are issued side
      // by side; on a PostgreSQL server they go through different pooled connections.
      const answers = await Promise.all(
        Array.from({ length: LINKS_PER_ADDRESS_HOUR + 4 }, (_, i) => link(BURST, `10.21.3.${i}`).expect(200)),
      );
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(await settledMailCount(BURST, LINKS_PER_ADDRESS_HOUR)).toBe(LINKS_PER_ADDRESS_HOUR);
    });
  });

  describe('9. the address owner is never locked out; no counters shown; answers before the work', () => {
    it('three client addresses flooding an admin address lock out neither a browser that opened a link of it nor a link in hand', async () => {
      // The admin signed in once in this browser (it keeps the known-device cookie), and has a link in hand.
      const [before] = await outbox.latest(OWNER, 1);
      await link(OWNER, '10.29.0.1').expect(200);
      const firstMail = await nextMail(t, OWNER, before?.id);
      const verified = await openSignInLink(t.url, signInLinkPath(firstMail!.text)!).expect(302);
      const device = cookieOf(verified, KNOWN_DEVICE_COOKIE)!;
      expect(device).toBeDefined();
      expect(device).not.toContain('owner');
      await link(OWNER, '10.29.0.1').expect(200);
      const inHand = await nextMail(t, OWNER, firstMail!.id);

      // Three addresses × 3 requests (LOGIN_LIMIT_PER_EMAIL=3, ceiling 9 a minute), and more.
      for (const ip of ['10.29.1.1', '10.29.1.2', '10.29.1.3']) for (let i = 0; i < 4; i++) await link(OWNER, ip);
      const stranger = await link(OWNER, '10.29.1.4').expect(429);
      expect(stranger.body).toEqual({ message: RATE_LIMIT_MESSAGE });
      const mailedBeforeOwner = await settledMailCount(OWNER, LINKS_PER_ADDRESS_HOUR);
      expect(mailedBeforeOwner).toBe(LINKS_PER_ADDRESS_HOUR); // the flood used up the hourly mail cap too

      // The owner's browser, from yet another address: answered, and the link is mailed despite both.
      const own = await link(OWNER, '10.29.2.1', device).expect(200);
      expect(own.body.message).toBeDefined();
      expect(await settledMailCount(OWNER, mailedBeforeOwner + 1)).toBe(mailedBeforeOwner + 1);
      const ownLogin = await request(t.url)
        .post('/api/login')
        .set('X-Forwarded-For', '10.29.2.1')
        .set('Cookie', device)
        .send({ email: OWNER, firstName: 'Olive' })
        .expect(200);
      expect(ownLogin.body.user.role).toBe('attendee');
      // The link received before the flood still opens the console.
      const fromHand = await openSignInLink(t.url, signInLinkPath(inHand!.text)!).expect(302);
      expect(fromHand.headers.location).toBe('/admin');
    });

    it('shows no per-address sign-in counters (X-RateLimit-*-login-email*), only the per-client-address ones', async () => {
      const res = await request(t.url)
        .post('/api/login')
        .set('X-Forwarded-For', '10.29.3.1')
        .send({ email: 'counted@example.com', firstName: 'Cy' })
        .expect(200);
      const names = Object.keys(res.headers).filter((h) => h.startsWith('x-ratelimit-') || h.startsWith('retry-after'));
      expect(names.filter((h) => h.includes('login-email'))).toEqual([]);
      expect(names).toContain('x-ratelimit-remaining-login-ip');
    });

    it('answers POST /api/auth/link before looking the privileged address up', async () => {
      const repo = t.app.get(AuthRepository);
      const original = repo.findOrCreateUser.bind(repo);
      const spy = jest.spyOn(repo, 'findOrCreateUser').mockImplementation(async (u) => {
        await new Promise((r) => setTimeout(r, 3000));
        return original(u);
      });
      try {
        const started = Date.now();
        await link(VERIFY, '10.29.4.1').expect(200);
        expect(Date.now() - started).toBeLessThan(2500);
        await new Promise((r) => setTimeout(r, 3100)); // let the background work finish
      } finally {
        spy.mockRestore();
      }
    });

    it('limits POST /api/chat/start and /api/chat/feedback per user (WRITE_LIMIT_PER_USER=3 here)', async () => {
      const cookie = await sessionCookie(t, 'writer@example.com', 'Wren');
      const start = () => request(t.url).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: [] });
      for (let i = 0; i < 3; i++) await start().expect(200);
      const refused = await start().expect(429);
      expect(refused.body).toEqual({ message: RATE_LIMIT_MESSAGE });
      expect(refused.headers['retry-after-writes-user']).toBeDefined();

      const other = await sessionCookie(t, 'rater@example.com', 'Ray');
      const rate = () =>
        request(t.url)
          .post('/api/chat/feedback')
          .set('Cookie', other)
          .send({ messageId: '00000000-0000-4000-8000-000000000000', rating: 'up' });
      for (let i = 0; i < 3; i++) await rate().expect(404);
      expect((await rate().expect(429)).body).toEqual({ message: RATE_LIMIT_MESSAGE });
    });
  });

  describe('2. no large body is read before sign-in', () => {
    /**
     * Announces a 15 MB JSON body, sends its first megabyte (not even JSON) and waits for the answer
     * without sending the rest: a server that reads the body before deciding never answers.
     */
    function answerBeforeBody(path: string, cookie?: string): Promise<{ status: number; body: unknown }> {
      return new Promise((resolve, reject) => {
        const req = http.request(`${t.url}${path}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(15 * 1024 * 1024),
            ...(cookie ? { Cookie: cookie } : {}),
          },
        });
        const timer = setTimeout(() => {
          req.destroy();
          reject(new Error(`no answer to ${path} before the body was sent`));
        }, 10_000);
        req.on('response', (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => {
            clearTimeout(timer);
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
          });
        });
        req.on('error', () => undefined); // destroyed on purpose
        req.write(Buffer.alloc(1024 * 1024, 'x'));
      });
    }

    it.each([
      '/api/superadmin/import-sessions',
      '/API/SuperAdmin/Import-Sessions',
      '//api//superadmin//import-sessions',
      '/api/superadmin/import-sessions/',
    ])('anonymous 15 MB to %s: 401 before the body is even sent', async (path) => {
      const res = await answerBeforeBody(path);
      expect(res).toEqual({ status: 401, body: { message: UNAUTHORIZED_MESSAGE } });
    });

    it('an attendee gets 403 the same way; the super admin still imports a large body', async () => {
      const cookie = await sessionCookie(t, 'importer@example.com', 'Ian');
      expect(await answerBeforeBody('/api/superadmin/import-sessions', cookie)).toMatchObject({
        status: 403,
        body: { message: FORBIDDEN_MESSAGE },
      });
      // Sent whole, 15 MB that is not JSON is still answered 401, not 400: it was discarded, never parsed.
      const whole = await request(t.url)
        .post('/api/superadmin/import-sessions')
        .set('Content-Type', 'application/json')
        .send(Buffer.alloc(15 * 1024 * 1024, 'x'));
      expect(whole.status).toBe(401);

      const superadmin = await signInPrivileged(t, SUPER);
      const sessions = Array.from({ length: 100 }, (_, i) => ({ title: `After the gate ${i}`, description: 'd'.repeat(2000) }));
      const res = await superadmin.post('/api/superadmin/import-sessions').send({ mode: 'create-new', sessions }).expect(200);
      expect(res.body.imported).toBe(100);
    });
  });

  describe('4. chat history goes to the typed recipient, within caps (no open relay)', () => {
    it('sends to another recipient naming the sender; an unknown thread is 404 whatever the recipient', async () => {
      const agent = request.agent(t.url);
      await agent
        .post('/api/login')
        .set('X-Forwarded-For', '10.24.0.1')
        .send({ email: 'Sender@Example.com', firstName: 'Sid', lastName: 'Sender' })
        .expect(200);
      const unknown = await agent
        .post('/api/email/chat-history')
        .send({ threadId: '00000000-0000-4000-8000-000000000000', recipientEmail: 'victim@elsewhere.test' })
        .expect(404);
      expect(unknown.body).toEqual({ message: 'No active chat to send' });
      const { id: threadId } = (await agent.post('/api/chat/start').send({ sessionFilter: [] }).expect(200)).body;
      await agent.post('/api/chat/message').send({ threadId, message: 'What FICO floor do lenders use?' }).expect(200);
      const sent = await agent.post('/api/email/chat-history').send({ threadId, recipientEmail: 'colleague@elsewhere.test' }).expect(200);
      expect(sent.body).toEqual({ message: 'Successfully sent to colleague@elsewhere.test' });
      const [mail] = await outbox.latest('colleague@elsewhere.test');
      expect(mail.text).toContain('Sid Sender <sender@example.com> sent you this conversation from');
      const own = await agent.post('/api/email/chat-history').send({ threadId, recipientEmail: ' SENDER@example.com' }).expect(200);
      expect(own.body).toEqual({ message: 'Successfully sent to sender@example.com' });
      expect(await outbox.latest('sender@example.com')).toHaveLength(1);
    });
  });

  describe('5. documents cannot plant links in answers', () => {
    const planted = /\]\(https?:|<https?:|evil\.example\/phish/;

    it('answers with the document text but no markdown link or autolink, streamed and stored', async () => {
      const cookie = await sessionCookie(t, 'reader@example.com', 'Rae');
      const { id: threadId } = (await request(t.url).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: [] }).expect(200))
        .body;
      const question = 'How should lessors check residual value forecasts and register residual value models?';
      const answer = await request(t.url).post('/api/chat/message').set('Cookie', cookie).send({ threadId, message: question }).expect(200);
      expect(answer.body.content).toContain('official residual calculator');
      expect(answer.body.content).not.toMatch(planted);

      const streamed = await postSse(t.url, '/api/chat/stream', cookie, { threadId, message: question });
      const text = streamed.events.map((e) => (typeof e === 'object' && typeof e.content === 'string' ? e.content : '')).join('');
      expect(text).toContain('official residual calculator');
      expect(text).not.toMatch(planted);
      const stored = (await request(t.url).get(`/api/chat/messages/${threadId}`).set('Cookie', cookie).expect(200)).body as {
        role: string;
        content: string;
      }[];
      for (const m of stored.filter((m) => m.role === 'assistant')) expect(m.content).not.toMatch(planted);
    });
  });

  describe('6. deeply nested JSON', () => {
    it('answers 400 {message} to 45,000 nested arrays, never 500', async () => {
      const depth = 45_000;
      const body = `{"email":${'['.repeat(depth)}${']'.repeat(depth)},"firstName":"Nest"}`;
      const res = await request(t.url)
        .post('/api/login')
        .set('X-Forwarded-For', '10.26.0.1')
        .set('Content-Type', 'application/json')
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: TOO_DEEPLY_NESTED_MESSAGE });
      // 400 levels are still read (and judged by the validation rules as usual).
      const shallow = `{"email":${'['.repeat(399)}${']'.repeat(399)},"firstName":"Nest"}`;
      const ok = await request(t.url)
        .post('/api/login')
        .set('X-Forwarded-For', '10.26.0.1')
        .set('Content-Type', 'application/json')
        .send(shallow);
      expect(ok.status).toBe(400);
      expect(ok.body).toEqual({ message: 'Please enter a valid email address.' });
    });
  });

  describe('8. opening the link URL (GET) changes nothing; the page posts the token', () => {
    it('GET answers a page that posts the token (script as a file under the CSP, a button without scripts), twice alike', async () => {
      const [before] = await outbox.latest(VERIFY, 1);
      await link(VERIFY, '10.28.0.1').expect(200);
      const mail = await nextMail(t, VERIFY, before?.id);
      const path = signInLinkPath(mail!.text)!;
      const token = new URL(path, t.url).searchParams.get('token')!;
      for (let i = 0; i < 2; i++) {
        const page = await request(t.url).get(path).redirects(0).expect(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.headers['set-cookie']).toBeUndefined();
        expect(page.headers['cache-control']).toBe('no-store');
        expect(page.headers['referrer-policy']).toBe('same-origin'); // the form's POST then carries its Origin
        const csp = String(page.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self';");
        expect(csp).toContain("default-src 'none'");
        expect(page.text).toContain('<form id="open-link" method="post" action="/api/auth/verify">');
        expect(page.text).toContain(`<input type="hidden" name="token" value="${token}">`);
        expect(page.text).toContain('<button type="submit">Sign in</button>');
        expect(page.text).toMatch(/<script src="\/api\/auth\/verify\.js" defer><\/script>/);
        expect(page.text).not.toMatch(/<script>|\son\w+=/);
      }
      const script = await request(t.url).get('/api/auth/verify.js').expect(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      expect(script.text).toContain("getElementById('open-link')");
      expect(script.text).toContain('.submit()');
      // The GETs used nothing up: the page's form POST (with this site's Origin) signs in and redirects as before.
      const res = await request(t.url).post('/api/auth/verify').set('Origin', t.url).type('form').send({ token }).redirects(0).expect(302);
      expect(res.headers.location).toBe('/admin');
      expect(cookieOf(res, SESSION_COOKIE)).toBeDefined();
      // A made-up token in the URL gives the same page, and its POST the sign-in page with the error.
      const fake = await request(t.url).get('/api/auth/verify?token=made-up').expect(200);
      expect(fake.text).toContain('value="made-up"');
      const refused = await request(t.url).post('/api/auth/verify').send({ token: 'made-up' }).redirects(0).expect(302);
      expect(refused.headers.location).toBe('/api/login?error=invalid_link');
    });

    it('escapes whatever the token parameter holds', async () => {
      const page = await request(t.url).get('/api/auth/verify').query({ token: '"><script>alert(1)</script>' }).expect(200);
      expect(page.text).not.toContain('<script>alert(1)');
      expect(page.text).toContain('<input type="hidden" name="token" value="">');
    });
  });

  describe('1. the overall hourly cap on sign-in link mails (SIGN_IN_LINK_LIMIT_GLOBAL_HOUR)', () => {
    it('mails no link once the installation sent its hourly number, and answers alike', async () => {
      const fill = t.config.signInLinkLimitGlobalHour;
      const [{ id: userId }] = await db.query(`SELECT id FROM users WHERE email = $1`, [LINKS]);
      await db.query(
        `INSERT INTO sign_in_tokens (user_id, token_hash, expires_at, used_at)
         SELECT $1, 'filler-' || g, now() + interval '15 minutes', now() FROM generate_series(1, $2::int) g`,
        [userId, fill],
      );
      try {
        const before = await mailsTo(SUPER);
        const res = await link(SUPER, '10.21.9.1').expect(200);
        expect(res.body.message).toBeDefined();
        expect(await settledMailCount(SUPER, before + 1)).toBe(before);
      } finally {
        await db.query(`DELETE FROM sign_in_tokens WHERE token_hash LIKE 'filler-%'`);
      }
    });
  });
});
