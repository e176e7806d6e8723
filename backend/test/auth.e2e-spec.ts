import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { FORBIDDEN_MESSAGE } from '../src/auth/access.guard';
import { AuthService, DEMO_ATTENDEE } from '../src/auth/auth.service';
import { INVALID_LINK_MESSAGE, QUICK_LOGIN_FORBIDDEN_MESSAGE, SIGN_IN_LINK_REQUESTED_MESSAGE } from '../src/auth/dto/auth.messages';
import { FIRST_NAME_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE } from '../src/auth/dto/login.dto';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '../src/auth/session-cookie';
import { CROSS_SITE_MESSAGE } from '../src/http/origin.middleware';
import { RATE_LIMIT_MESSAGE } from '../src/http/rate-limit';
import { EmailRepository } from '../src/email/email.repository';
import { EmailService } from '../src/email/email.service';
import { nextMail, openSignInLink, registeredRoutes, signInLinkPath, signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@auth.test';
const SUPER = 'super@auth.test';
const APP_URL = 'http://conference.example.test';

/** The Set-Cookie header of the session cookie in a response, if any. */
function sessionSetCookie(res: request.Response): string | undefined {
  const all = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return all.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

/** `name=value` of the session cookie set by a response (to replay it by hand). */
function sessionCookiePair(res: request.Response): string {
  const set = sessionSetCookie(res);
  if (!set) throw new Error('no session cookie set');
  return set.split(';')[0];
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The absolute sign-in link in a raw mail. */
function linkIn(raw: string): string {
  const match = /https?:\/\/[^\s"<>]+\/api\/auth\/verify\?token=[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(raw));
  if (!match) throw new Error(`no sign-in link in:\n${raw}`);
  return match[0];
}

describe('auth: sign-in, sign-out, validation, quick login, sign-in links (outbox mode)', () => {
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: `${ADMIN}, other.admin@auth.test`, SUPERADMIN_EMAILS: SUPER, APP_URL });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t.close();
  });

  const actionsOf = (email: string) =>
    db.query(
      `SELECT a.action_type AS "type", a.details, a.metadata FROM user_actions a JOIN users u ON u.id = a.user_id
        WHERE u.email = $1 ORDER BY a.id`,
      [email],
    ) as Promise<{ type: string; details: string; metadata: Record<string, string> }[]>;

  describe('GET /api/environment', () => {
    it('tells signed-out visitors that this is not production', async () => {
      const res = await request(t.url).get('/api/environment').expect(200);
      expect(res.body).toEqual({ isProduction: false });
    });
  });

  describe('sign-in and sign-out', () => {
    it('signs in with the spec payload, keeps the user in an httpOnly SameSite=Lax cookie, and signs out', async () => {
      const agent = request.agent(t.url);
      const login = await agent
        .post('/api/login')
        .send({ email: ' Jane.Doe@Example.com ', firstName: ' Jane ', lastName: 'Doe', company: 'Acme Leasing' })
        .expect(200);
      expect(login.body).toEqual({
        user: {
          id: expect.any(String),
          email: 'jane.doe@example.com',
          firstName: 'Jane',
          lastName: 'Doe',
          company: 'Acme Leasing',
          name: 'Jane Doe',
          role: 'attendee',
          isAdmin: false,
          verificationPending: false,
        },
        signInLinkSent: false,
      });
      const cookie = sessionSetCookie(login)!;
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(new RegExp(`; Max-Age=${SESSION_TTL_SECONDS}`));
      expect(cookie).not.toMatch(/; Secure/);

      const me = await agent.get('/api/auth/user').expect(200);
      expect(me.body).toEqual(login.body.user);

      const logout = await agent.post('/api/logout').expect(200);
      expect(logout.body).toEqual({ success: true });
      expect(sessionSetCookie(logout)).toMatch(/Expires=Thu, 01 Jan 1970/);
      const after = await agent.get('/api/auth/user').expect(401);
      expect(after.body).toEqual({ message: 'Unauthorized' });
      // The session is gone on the server too: replaying the old cookie does not work.
      await request(t.url).get('/api/auth/user').set('Cookie', sessionCookiePair(login)).expect(401);
    });

    it('answers 401 to a made-up or oversized session cookie', async () => {
      await request(t.url).get('/api/auth/user').set('Cookie', `${SESSION_COOKIE}=made-up`).expect(401);
      await request(t.url)
        .get('/api/auth/user')
        .set('Cookie', `${SESSION_COOKIE}=${'a'.repeat(5000)}`)
        .expect(401);
    });

    it('closes the session a browser held when it signs in again', async () => {
      const agent = request.agent(t.url);
      const first = await agent.post('/api/login').send({ email: 'again@example.com', firstName: 'Al' }).expect(200);
      const second = await agent.post('/api/login').send({ email: 'again@example.com', firstName: 'Al' }).expect(200);
      expect(sessionCookiePair(second)).not.toBe(sessionCookiePair(first));
      await request(t.url).get('/api/auth/user').set('Cookie', sessionCookiePair(first)).expect(401);
      await agent.get('/api/auth/user').expect(200);
    });

    it('logs out without a session too', async () => {
      const res = await request(t.url).post('/api/logout').expect(200);
      expect(res.body).toEqual({ success: true });
    });

    it('keeps a stored last name and company when a later sign-in leaves them out', async () => {
      await signIn(t, { email: 'keep@example.com', firstName: 'Kim', lastName: 'Lee', company: 'Lee Capital' });
      const again = await signIn(t, { email: 'KEEP@example.com', firstName: 'Kimberly' });
      const me = await again.get('/api/auth/user').expect(200);
      expect(me.body).toMatchObject({
        email: 'keep@example.com',
        firstName: 'Kimberly',
        lastName: 'Lee',
        company: 'Lee Capital',
        name: 'Kimberly Lee',
      });
    });

    it('slides the session expiry on use and re-issues the cookie with a fresh lifetime', async () => {
      const agent = await signIn(t, { email: 'slide@example.com' });
      const quiet = await agent.get('/api/auth/user').expect(200);
      expect(sessionSetCookie(quiet)).toBeUndefined(); // used less than a minute ago: nothing to renew
      await db.query(
        `UPDATE web_sessions SET last_seen_at = now() - interval '2 days', expires_at = now() + interval '1 hour'
          WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        ['slide@example.com'],
      );
      t.app.get(AuthService).forgetSessions(); // two days pass: far longer than the session cache (SESSION_CACHE_MS)
      const renewed = await agent.get('/api/auth/user').expect(200);
      expect(sessionSetCookie(renewed)).toMatch(new RegExp(`; Max-Age=${SESSION_TTL_SECONDS}; .*HttpOnly`));
      const [row] = await db.query(
        `SELECT expires_at > now() + interval '29 days' AS "extended" FROM web_sessions
          WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        ['slide@example.com'],
      );
      expect(row.extended).toBe(true);
    });

    it('ends an expired session', async () => {
      const agent = await signIn(t, { email: 'expired@example.com' });
      await db.query(
        `UPDATE web_sessions SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
        ['expired@example.com'],
      );
      t.app.get(AuthService).forgetSessions(); // the expiry passed longer ago than the session cache lasts
      await agent.get('/api/auth/user').expect(401);
      await t.app.get(AuthService).purgeExpired();
      const left = await db.query(`SELECT count(*)::int AS n FROM web_sessions WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [
        'expired@example.com',
      ]);
      expect(left[0].n).toBe(0);
    });
  });

  describe('validation of POST /api/login', () => {
    it.each([
      ['no email', { firstName: 'Ann' }, INVALID_EMAIL_MESSAGE],
      ['an empty email', { email: '', firstName: 'Ann' }, INVALID_EMAIL_MESSAGE],
      ['an email without @', { email: 'ann.example.com', firstName: 'Ann' }, INVALID_EMAIL_MESSAGE],
      ['an email that is a number', { email: 12, firstName: 'Ann' }, INVALID_EMAIL_MESSAGE],
      ['no first name', { email: 'ann@example.com' }, FIRST_NAME_REQUIRED_MESSAGE],
      ['a blank first name', { email: 'ann@example.com', firstName: '   ' }, FIRST_NAME_REQUIRED_MESSAGE],
      ['a first name that is not text', { email: 'ann@example.com', firstName: { a: 1 } }, FIRST_NAME_REQUIRED_MESSAGE],
      ['an empty body', {}, INVALID_EMAIL_MESSAGE],
    ])('answers 400 {message} for %s', async (_case, body, message) => {
      const res = await request(t.url).post('/api/login').send(body).expect(400);
      expect(res.body).toEqual({ message });
      expect(sessionSetCookie(res)).toBeUndefined();
    });

    it('accepts a form-encoded body as well', async () => {
      const res = await request(t.url).post('/api/login').type('form').send({ email: 'form@example.com', firstName: 'Fay' }).expect(200);
      expect(res.body.user).toMatchObject({ email: 'form@example.com', firstName: 'Fay', lastName: '', company: '' });
    });
  });

  describe('POST /api/quick-login', () => {
    it('signs in the fixed demo attendee', async () => {
      const agent = request.agent(t.url);
      const res = await agent.post('/api/quick-login').expect(200);
      expect(res.body).toEqual({
        user: expect.objectContaining({ email: DEMO_ATTENDEE.email, firstName: 'Demo', role: 'attendee', isAdmin: false }),
      });
      const me = await agent.get('/api/auth/user').expect(200);
      expect(me.body.email).toBe(DEMO_ATTENDEE.email);
      const again = await request(t.url).post('/api/quick-login').expect(200);
      expect(again.body.user.id).toBe(res.body.user.id);
    });
  });

  describe('login activity', () => {
    it('records a login action with the client ip and the user agent cut at 100 characters', async () => {
      const userAgent = `Mozilla/5.0 (X11; Linux x86_64) ${'AppleWebKit/537.36 '.repeat(8)}`;
      expect(userAgent.length).toBeGreaterThan(100);
      await request(t.url).post('/api/login').set('User-Agent', userAgent).send({ email: 'ua@example.com', firstName: 'Uma' }).expect(200);
      const actions = await actionsOf('ua@example.com');
      expect(actions).toEqual([
        { type: 'login', details: 'User logged in', metadata: { ip: '127.0.0.1', userAgent: userAgent.slice(0, 100) } },
      ]);
      expect(actions[0].metadata.userAgent).toHaveLength(100);
    });

    it('takes the client address from X-Forwarded-For set by a proxy on this host', async () => {
      await request(t.url)
        .post('/api/login')
        .set('X-Forwarded-For', '203.0.113.7')
        .send({ email: 'proxied@example.com', firstName: 'Pat' })
        .expect(200);
      const [action] = await actionsOf('proxied@example.com');
      expect(action.metadata.ip).toBe('203.0.113.7');
    });

    it('records each login, with an empty user agent when none is sent', async () => {
      await request(t.url).post('/api/login').set('User-Agent', '').send({ email: 'twice@example.com', firstName: 'Tia' }).expect(200);
      await request(t.url)
        .post('/api/login')
        .set('User-Agent', 'curl/8')
        .send({ email: 'twice@example.com', firstName: 'Tia' })
        .expect(200);
      const actions = await actionsOf('twice@example.com');
      expect(actions.map((a) => [a.type, a.metadata.userAgent ?? ''])).toEqual([
        ['login', ''],
        ['login', 'curl/8'],
      ]);
    });
  });

  describe('privileged addresses and sign-in links (outbox)', () => {
    it('never shows a half-written message: every .eml file a watcher of the outbox reads is whole', async () => {
      const dir = path.join(t.dataDir, 'outbox');
      fs.mkdirSync(dir, { recursive: true });
      const earlier = new Set(fs.readdirSync(dir));
      const reads = new Map<string, string[]>();
      // Reads each .eml file the moment the directory says it appeared or changed, as a mail pickup would.
      const watcher = fs.watch(dir, (_event, name) => {
        if (!name?.endsWith('.eml')) return;
        try {
          reads.set(name, [...(reads.get(name) ?? []), fs.readFileSync(path.join(dir, name), 'utf8')]);
        } catch {
          // renamed or purged meanwhile
        }
      });
      const body = 'A line of a long message, long enough to take the disk several writes.\n'.repeat(40_000);
      try {
        await Promise.all(
          Array.from({ length: 4 }, (_, i) =>
            t.app.get(EmailService).send({ to: `watched${i}@auth.test`, subject: `Watched ${i}`, text: body }),
          ),
        );
        await new Promise((r) => setTimeout(r, 300));
      } finally {
        watcher.close();
      }
      const watched = [...reads].filter(([name]) => !earlier.has(name));
      expect(watched.length).toBe(4);
      for (const [name, texts] of watched) {
        const whole = fs.readFileSync(path.join(dir, name), 'utf8');
        expect(whole.length).toBeGreaterThan(body.length);
        expect(texts.map((text) => text.length)).toEqual(texts.map(() => whole.length));
      }
    });

    it('gives a privileged address signing in by form an attendee session and mails it a link (row + .eml file)', async () => {
      const agent = request.agent(t.url);
      const [before] = await t.app.get(EmailRepository).latest(ADMIN, 1);
      const res = await agent.post('/api/login').send({ email: 'Admin@Auth.test', firstName: 'Ada' }).expect(200);
      // Answered as for any address: nothing says a link is on its way.
      expect(res.body.user).toMatchObject({ email: ADMIN, role: 'attendee', isAdmin: false, verificationPending: false });
      expect(res.body.signInLinkSent).toBe(false);
      const denied = await agent.get('/api/admin/users/chat-history').expect(403);
      expect(denied.body).toEqual({ message: FORBIDDEN_MESSAGE });

      const mail = (await nextMail(t, ADMIN, before?.id))!;
      expect(mail).toMatchObject({ to: ADMIN, status: 'stored', subject: 'Your sign-in link for the Conference Assistant' });
      expect(mail.text).toContain(`${APP_URL}/api/auth/verify?token=`);
      expect(mail.html).toContain(`href="${APP_URL}/api/auth/verify?token=`);
      expect(path.dirname(mail.emlPath!)).toBe(path.join(t.dataDir, 'outbox'));
      const eml = fs.readFileSync(mail.emlPath!, 'utf8');
      expect(eml).toMatch(/^To: admin@auth\.test$/m);
      expect(eml).toMatch(/^Subject: Your sign-in link for the Conference Assistant$/m);
      const link = linkIn(eml);
      expect(link).toBe(`${APP_URL}${signInLinkPath(mail.text)}`);

      // Only a hash of the token is stored, and it expires in 15 minutes.
      const token = new URL(link).searchParams.get('token')!;
      const [stored] = await db.query(
        `SELECT token_hash AS "hash", round(extract(epoch FROM expires_at - created_at)) AS "ttl" FROM sign_in_tokens
          WHERE user_id = (SELECT id FROM users WHERE email = $1) ORDER BY created_at DESC LIMIT 1`,
        [ADMIN],
      );
      expect(stored.hash).not.toContain(token);
      expect(Number(stored.ttl)).toBe(900);
    });

    it('opens a privileged session from the link, closes the attendee session it replaces, and refuses the link a second time', async () => {
      const agent = request.agent(t.url);
      const login = await agent.post('/api/login').send({ email: 'other.admin@auth.test', firstName: 'Otto' }).expect(200);
      const mail = (await nextMail(t, 'other.admin@auth.test'))!;
      const link = signInLinkPath(mail.text)!;
      const verify = await openSignInLink(agent, link).expect(302);
      expect(verify.headers.location).toBe('/admin');
      const me = await agent.get('/api/auth/user').expect(200);
      expect(me.body).toMatchObject({ role: 'admin', isAdmin: true, verificationPending: false });
      await request(t.url).get('/api/auth/user').set('Cookie', sessionCookiePair(login)).expect(401);
      const actions = await actionsOf('other.admin@auth.test');
      expect(actions.map((a) => [a.type, a.details, a.metadata.ip])).toEqual([
        ['login', 'User logged in', '127.0.0.1'],
        ['login', 'Signed in as admin with an emailed link', '127.0.0.1'],
      ]);

      const reused = await openSignInLink(request.agent(t.url), link).expect(302);
      expect(reused.headers.location).toBe('/api/login?error=invalid_link');
      expect(sessionSetCookie(reused)).toBeUndefined();
    });

    it('refuses an expired link', async () => {
      const agent = request.agent(t.url);
      const [before] = await t.app.get(EmailRepository).latest(ADMIN, 1);
      await agent.post('/api/login').send({ email: ADMIN, firstName: 'Ada' }).expect(200);
      const mail = (await nextMail(t, ADMIN, before?.id))!;
      await db.query(
        `UPDATE sign_in_tokens SET expires_at = now() - interval '1 second'
          WHERE user_id = (SELECT id FROM users WHERE email = $1) AND used_at IS NULL`,
        [ADMIN],
      );
      const res = await openSignInLink(agent, signInLinkPath(mail.text)!).expect(302);
      expect(res.headers.location).toBe('/api/login?error=invalid_link');
      const me = await agent.get('/api/auth/user').expect(200);
      expect(me.body.role).toBe('attendee');
    });

    it('refuses made-up, missing, repeated and oversized tokens', async () => {
      for (const body of [{ token: 'nope' }, {}, { token: ['a', 'b'] }, { token: 'x'.repeat(500) }, { token: 42 }]) {
        const res = await request(t.url).post('/api/auth/verify').send(body).redirects(0).expect(302);
        expect(res.headers.location).toBe('/api/login?error=invalid_link');
      }
      const form = await request(t.url).post('/api/auth/verify').type('form').send('token=a&token=b').redirects(0).expect(302);
      expect(form.headers.location).toBe('/api/login?error=invalid_link');
    });

    it('sends a super admin to /superadmin', async () => {
      const agent = await signInPrivileged(t, SUPER);
      const me = await agent.get('/api/auth/user').expect(200);
      expect(me.body).toMatchObject({ email: SUPER, role: 'superadmin', isAdmin: true, verificationPending: false });
    });
  });

  describe('the sign-in link page (GET /api/login, POST /api/auth/link)', () => {
    it('serves an HTML form asking for the email, without scripts', async () => {
      const res = await request(t.url).get('/api/login').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.text).toContain('<form method="post" action="/api/auth/link">');
      expect(res.text).toMatch(/<input id="email" name="email" type="email" required/);
      expect(res.text).toContain('Email me a sign-in link');
      expect(res.text).not.toContain('<script');
    });

    it('explains a refused link, and never echoes the error parameter', async () => {
      const invalid = await request(t.url).get('/api/login?error=invalid_link').expect(200);
      expect(invalid.text).toContain(INVALID_LINK_MESSAGE);
      const other = await request(t.url).get('/api/login?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E').expect(200);
      expect(other.text).not.toContain('alert(1)');
    });

    it('mails a link to a privileged address and answers the same for any other address', async () => {
      const repo = t.app.get(EmailRepository);
      const before = (await repo.latest(SUPER)).length;
      const known = await request(t.url).post('/api/auth/link').send({ email: SUPER }).expect(200);
      expect(known.body).toEqual({ message: SIGN_IN_LINK_REQUESTED_MESSAGE });
      // Mailed after the answer.
      for (let i = 0; i < 200 && (await repo.latest(SUPER)).length === before; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await repo.latest(SUPER)).toHaveLength(before + 1);

      const unknown = await request(t.url).post('/api/auth/link').send({ email: 'nobody@auth.test' }).expect(200);
      expect(unknown.body).toEqual(known.body);
      expect(await repo.latest('nobody@auth.test')).toHaveLength(0);

      const bad = await request(t.url).post('/api/auth/link').send({ email: 'nope' }).expect(400);
      expect(bad.body).toEqual({ message: INVALID_EMAIL_MESSAGE });
    });

    it('answers the page form with the page: a notice, or the error with the escaped address kept', async () => {
      const ok = await request(t.url).post('/api/auth/link').type('form').send({ email: ADMIN }).expect(200);
      expect(ok.headers['content-type']).toMatch(/^text\/html/);
      expect(ok.text).toContain(SIGN_IN_LINK_REQUESTED_MESSAGE);
      const bad = await request(t.url).post('/api/auth/link').type('form').send({ email: '"><b>x' }).expect(400);
      expect(bad.headers['content-type']).toMatch(/^text\/html/);
      expect(bad.text).toContain(INVALID_EMAIL_MESSAGE);
      expect(bad.text).toContain('value="&quot;&gt;&lt;b&gt;x"');
      expect(bad.text).not.toContain('<b>x');
    });
  });

  describe('Origin check on state-changing requests', () => {
    it('refuses a cross-site POST with 403 and keeps the session', async () => {
      const agent = await signIn(t, { email: 'origin@example.com' });
      const login = await request(t.url)
        .post('/api/login')
        .set('Origin', 'https://evil.example')
        .send({ email: 'x@example.com', firstName: 'X' })
        .expect(403);
      expect(login.body).toEqual({ message: CROSS_SITE_MESSAGE });
      const logout = await agent.post('/api/logout').set('Origin', 'https://evil.example').expect(403);
      expect(logout.body).toEqual({ message: CROSS_SITE_MESSAGE });
      await agent.post('/api/logout').set('Origin', 'null').expect(403);
      await agent.get('/api/auth/user').expect(200);
    });

    it('allows same-origin requests, the APP_URL origin, and requests without an Origin', async () => {
      await request(t.url).post('/api/login').set('Origin', t.url).send({ email: 'same@example.com', firstName: 'S' }).expect(200);
      await request(t.url).post('/api/login').set('Origin', APP_URL).send({ email: 'same@example.com', firstName: 'S' }).expect(200);
      await request(t.url).post('/api/login').send({ email: 'same@example.com', firstName: 'S' }).expect(200);
    });

    it('lets cross-site reads through (they change nothing)', async () => {
      await request(t.url).get('/api/environment').set('Origin', 'https://evil.example').expect(200);
    });
  });

  describe('login rate limit', () => {
    it('answers 429 with a message after 10 logins a minute for one email from one address, whatever its case', async () => {
      for (let i = 0; i < 10; i++) {
        const email = i % 2 ? 'busy@example.com' : 'BUSY@example.com';
        await request(t.url).post('/api/login').send({ email, firstName: 'Bo' }).expect(200);
      }
      const res = await request(t.url).post('/api/login').send({ email: 'busy@example.com', firstName: 'Bo' }).expect(429);
      expect(res.body).toEqual({ message: RATE_LIMIT_MESSAGE });
      // The per-address counters are not shown, not even on the refusal (they count other people's attempts).
      expect(Object.keys(res.headers).filter((h) => h.includes('login-email'))).toEqual([]);
      // The sign-in link request counts against the same address.
      await request(t.url).post('/api/auth/link').send({ email: 'busy@example.com' }).expect(429);
      // Other addresses and the quick login are not held back by it.
      await request(t.url).post('/api/login').send({ email: 'calm@example.com', firstName: 'Cy' }).expect(200);
      await request(t.url).post('/api/quick-login').expect(200);
    });
  });
});

describe('auth in production (NODE_ENV=production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-32-chars!!' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the quick login with 403', async () => {
    const res = await request(t.url).post('/api/quick-login').expect(403);
    expect(res.body).toEqual({ message: QUICK_LOGIN_FORBIDDEN_MESSAGE });
    expect(sessionSetCookie(res)).toBeUndefined();
  });

  it('reports production and marks the session cookie Secure', async () => {
    expect((await request(t.url).get('/api/environment').expect(200)).body).toEqual({ isProduction: true });
    const res = await request(t.url).post('/api/login').send({ email: 'prod@example.com', firstName: 'Pia' }).expect(200);
    expect(sessionSetCookie(res)).toMatch(/; Secure/);
  });
});

describe('sign-in links over SMTP (a real SMTP server on loopback)', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];

  async function mailTo(address: string, since: number): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const found = received.slice(since).find((m) => m.to.includes(address));
      if (found) return found.raw;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no mail to ${address}`);
  }

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, ADMIN_EMAILS: ADMIN, SUPERADMIN_EMAILS: SUPER, APP_URL });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** Signs in by form, takes the link from the received mail and opens it in a fresh browser. */
  async function followMailedLink(email: string): Promise<{ agent: TestAgent; location: string; link: string }> {
    const since = received.length;
    const form = await request(t.url).post('/api/login').send({ email, firstName: 'Sam' }).expect(200);
    expect(form.body).toMatchObject({ user: { role: 'attendee', verificationPending: false }, signInLinkSent: false });
    const raw = await mailTo(email, since);
    expect(raw).toMatch(/^Subject: Your sign-in link for the Conference Assistant/m);
    const link = linkIn(raw);
    expect(link.startsWith(`${APP_URL}/api/auth/verify?token=`)).toBe(true);
    const agent = request.agent(t.url);
    const res = await openSignInLink(agent, link.slice(APP_URL.length)).expect(302);
    return { agent, location: String(res.headers.location), link };
  }

  it('mails the admin a link that opens an admin session in any browser and lands on /admin', async () => {
    const { agent, location } = await followMailedLink(ADMIN);
    expect(location).toBe('/admin');
    const me = await agent.get('/api/auth/user').expect(200);
    expect(me.body).toMatchObject({ email: ADMIN, role: 'admin', isAdmin: true, verificationPending: false });
    const reads = registeredRoutes(t, '/api/admin/').filter((r) => r.method === 'get' && !r.pattern.includes(':'));
    expect(reads.length).toBeGreaterThan(0);
    const statuses = await Promise.all(reads.map(async (r) => (await agent.get(r.path)).status));
    expect(statuses).toContain(200);
    expect(statuses.filter((s) => s === 401 || s === 403)).toEqual([]);
    // The outbox row is written once the server has taken the mail.
    let [row] = await t.app.get(EmailRepository).latest(ADMIN, 1);
    for (let i = 0; i < 100 && row?.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      [row] = await t.app.get(EmailRepository).latest(ADMIN, 1);
    }
    expect(row.status).toBe('sent');
  });

  it('mails the super admin a link that lands on /superadmin', async () => {
    const { agent, location } = await followMailedLink(SUPER);
    expect(location).toBe('/superadmin');
    const me = await agent.get('/api/auth/user').expect(200);
    expect(me.body).toMatchObject({ email: SUPER, role: 'superadmin', isAdmin: true });
  });

  it('refuses a used link and an expired link', async () => {
    const { link } = await followMailedLink(ADMIN);
    const reused = await openSignInLink(t.url, link.slice(APP_URL.length)).expect(302);
    expect(reused.headers.location).toBe('/api/login?error=invalid_link');

    const since = received.length;
    await request(t.url).post('/api/login').send({ email: ADMIN, firstName: 'Sam' }).expect(200);
    const fresh = linkIn(await mailTo(ADMIN, since));
    await t.app.get(DataSource).query(`UPDATE sign_in_tokens SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL`);
    const expired = request.agent(t.url);
    const res = await openSignInLink(expired, fresh.slice(APP_URL.length)).expect(302);
    expect(res.headers.location).toBe('/api/login?error=invalid_link');
    await expired.get('/api/auth/user').expect(401);
  });

  it('still signs the admin in as an attendee when the mail server is down', async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    const [before] = await t.app.get(EmailRepository).latest(ADMIN, 1);
    const res = await request(t.url).post('/api/login').send({ email: ADMIN, firstName: 'Sam' }).expect(200);
    expect(res.body).toMatchObject({ user: { role: 'attendee', verificationPending: false }, signInLinkSent: false });
    const row = (await nextMail(t, ADMIN, before?.id))!;
    expect(row.status).toBe('failed');
  });
});

describe('client address without a trusted proxy (TRUST_PROXY=false, LOGIN_LIMIT_PER_IP=3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'false', LOGIN_LIMIT_PER_IP: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores X-Forwarded-For and limits logins per IP across addresses', async () => {
    for (let i = 0; i < 3; i++) {
      await request(t.url)
        .post('/api/login')
        .set('X-Forwarded-For', `198.51.100.${i}`)
        .send({ email: `ip${i}@example.com`, firstName: 'I' })
        .expect(200);
    }
    const res = await request(t.url)
      .post('/api/login')
      .set('X-Forwarded-For', '198.51.100.99')
      .send({ email: 'ip9@example.com', firstName: 'I' })
      .expect(429);
    expect(res.body).toEqual({ message: RATE_LIMIT_MESSAGE });
    await request(t.url).post('/api/quick-login').expect(429);
    const [action] = await t.app.get(DataSource).query(`SELECT metadata FROM user_actions ORDER BY id LIMIT 1`);
    expect(action.metadata.ip).toBe('127.0.0.1');
  });
});
