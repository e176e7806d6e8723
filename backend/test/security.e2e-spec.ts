import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { FORBIDDEN_MESSAGE } from '../src/auth/access.guard';
import { AuthService, PRIVILEGED_SESSION_IDLE_SECONDS } from '../src/auth/auth.service';
import { SIGN_IN_LINK_REQUESTED_MESSAGE } from '../src/auth/dto/auth.messages';
import { SESSION_COOKIE } from '../src/auth/session-cookie';
import { RATE_LIMIT_MESSAGE } from '../src/http/rate-limit';
import { EmailRepository } from '../src/email/email.repository';
import { EmailService } from '../src/email/email.service';
import { SAMPLE_CONFERENCE, seedChunks } from './utils/chunk-fixture';
import { nextMail, openSignInLink, signInLinkPath, signInPrivileged } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@security.test';
/** A second admin address, only for the sign-in flood test (its counters are its own). */
const TARGET = 'target.admin@security.test';
const SUPER = 'super@security.test';

/**
 * Security and abuse hardening: one test per finding, against the real app. Client
 * addresses are given through X-Forwarded-For, which the default TRUST_PROXY (loopback) honours
 * from the test client on loopback; each test uses its own addresses and users so counters never mix.
 */
describe('security hardening', () => {
  let t: TestApp;
  let db: DataSource;
  let outbox: EmailRepository;

  beforeAll(async () => {
    t = await startTestApp({
      ADMIN_EMAILS: `${ADMIN}, ${TARGET}, new.admin@security.test`,
      SUPERADMIN_EMAILS: SUPER,
      LOGIN_LIMIT_PER_EMAIL: '3',
      LOGIN_LIMIT_PER_EMAIL_TOTAL: '5',
      CHAT_LIMIT_PER_IP: '3',
      TAKEAWAYS_LIMIT_PER_USER: '2',
      TAKEAWAYS_LIMIT_PER_IP: '3',
      SEARCH_LIMIT_PER_USER: '2',
      SEARCH_LIMIT_PER_IP: '3',
      EMAIL_LIMIT_PER_USER: '2',
      EMAIL_LIMIT_PER_USER_DAY: '4',
      EMAIL_LIMIT_PER_IP: '3',
      EMAIL_LIMIT_GLOBAL_HOUR: '12',
    });
    db = t.app.get(DataSource);
    outbox = t.app.get(EmailRepository);
    await seedChunks(t, SAMPLE_CONFERENCE);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A signed-in attendee whose requests come from `ip` (unless a request says otherwise). */
  async function attendee(email: string, ip: string, firstName = 'Alex'): Promise<TestAgent> {
    const agent = request.agent(t.url);
    await agent.post('/api/login').set('X-Forwarded-For', ip).send({ email, firstName }).expect(200);
    return agent;
  }
  async function threadWithAnswer(agent: TestAgent, ip: string): Promise<string> {
    const { id } = (await agent.post('/api/chat/start').send({ sessionFilter: [] }).expect(200)).body;
    await agent
      .post('/api/chat/message')
      .set('X-Forwarded-For', ip)
      .send({ threadId: id, message: 'What FICO floor do lenders use?' })
      .expect(200);
    return id;
  }
  const login = (email: string, ip: string, firstName = 'Mallory') =>
    request(t.url).post('/api/login').set('X-Forwarded-For', ip).send({ email, firstName });

  describe('2. no mail relay', () => {
    it('sends takeaways only to the signed-in address, whatever recipientEmail says, naming who asked', async () => {
      const agent = await attendee('taker@example.com', '10.2.0.1', 'Tia');
      const res = await agent
        .post('/api/email/takeaways')
        .set('X-Forwarded-For', '10.2.0.1')
        .send({ recipientEmail: 'victim@elsewhere.test', useAllSessions: true })
        .expect(200);
      expect(res.body).toEqual({ message: 'Takeaways have been sent to your email address.' });
      expect(await outbox.latest('victim@elsewhere.test')).toEqual([]);
      const [mail] = await outbox.latest('taker@example.com');
      expect(mail.text).toContain('Sent at the request of taker@example.com, signed in to the Conference Assistant.');
      expect(mail.html).toContain('Sent at the request of taker@example.com');
    });

    it('chat history: names the sender, 2 a minute per user (429 {message}), daily quota counted', async () => {
      const agent = await attendee('historian@example.com', '10.2.0.2', 'Hal');
      const threadId = await threadWithAnswer(agent, '10.2.0.2');
      const send = () =>
        agent
          .post('/api/email/chat-history')
          .set('X-Forwarded-For', '10.2.0.2')
          .send({ threadId, recipientEmail: 'historian@example.com' });
      const first = await send().expect(200);
      expect(first.body).toEqual({ message: 'Successfully sent to historian@example.com' });
      // Quotas per user per day and for the whole installation per hour are counted with every mail.
      expect(first.headers['x-ratelimit-limit-email-user-day']).toBe('4');
      expect(first.headers['x-ratelimit-remaining-email-user-day']).toBe('3');
      expect(Number(first.headers['x-ratelimit-reset-email-user-day'])).toBeGreaterThan(23 * 3600);
      expect(first.headers['x-ratelimit-limit-email-global']).toBe('12');
      const [mail] = await outbox.latest('historian@example.com');
      expect(mail.text).toContain('Sent at the request of historian@example.com');
      await send().expect(200);
      const refused = await send().expect(429);
      expect(refused.body).toEqual({ message: RATE_LIMIT_MESSAGE });
      expect(refused.headers['retry-after-email-user']).toBeDefined();
      expect(await outbox.latest('historian@example.com')).toHaveLength(2);
    });

    it('chat history: a per-IP quota across users (3 a minute here)', async () => {
      const agents = await Promise.all(['ip1', 'ip2', 'ip3', 'ip4'].map((n) => attendee(`${n}@mailers.test`, '10.2.1.1')));
      const threads: string[] = [];
      for (const [i, agent] of agents.entries()) threads.push(await threadWithAnswer(agent, `10.2.1.${10 + i}`));
      for (let i = 0; i < 3; i++) {
        await agents[i]
          .post('/api/email/chat-history')
          .set('X-Forwarded-For', '10.2.2.2')
          .send({ threadId: threads[i], recipientEmail: `ip${i + 1}@mailers.test` })
          .expect(200);
      }
      const refused = await agents[3]
        .post('/api/email/chat-history')
        .set('X-Forwarded-For', '10.2.2.2')
        .send({ threadId: threads[3], recipientEmail: 'ip4@mailers.test' })
        .expect(429);
      expect(refused.body).toEqual({ message: RATE_LIMIT_MESSAGE });
      expect(refused.headers['retry-after-email-ip']).toBeDefined();
      // The same user from another address still may.
      await agents[3]
        .post('/api/email/chat-history')
        .set('X-Forwarded-For', '10.2.2.3')
        .send({ threadId: threads[3], recipientEmail: 'ip4@mailers.test' })
        .expect(200);
    });

    it('chat history: a global hourly quota (12 here) across users and addresses', async () => {
      let refused: request.Response | undefined;
      for (let i = 0; i < 14 && !refused; i++) {
        const agent = await attendee(`global${i}@mailers.test`, `10.2.3.${i}`);
        const threadId = await threadWithAnswer(agent, `10.2.3.${i}`);
        const res = await agent
          .post('/api/email/chat-history')
          .set('X-Forwarded-For', `10.2.4.${i}`)
          .send({ threadId, recipientEmail: `global${i}@mailers.test` });
        if (res.status === 429) refused = res;
        else expect(res.status).toBe(200);
      }
      expect(refused?.body).toEqual({ message: RATE_LIMIT_MESSAGE });
      expect(refused?.headers['retry-after-email-global']).toBeDefined();
      expect(Number(refused?.headers['retry-after-email-global'])).toBeGreaterThan(60);
    });
  });

  describe('3. AI and CPU limits per user and per IP', () => {
    it('takeaways: 2 a minute per user, 3 per client address', async () => {
      const a = await attendee('take1@example.com', '10.3.0.1');
      const b = await attendee('take2@example.com', '10.3.0.1');
      const take = (agent: TestAgent) => agent.post('/api/takeaways').set('X-Forwarded-For', '10.3.0.1').send({ useAllSessions: true });
      await take(a).expect(200);
      await take(a).expect(200);
      expect((await take(a).expect(429)).body).toEqual({ message: RATE_LIMIT_MESSAGE });
      await take(b).expect(200);
      const perIp = await take(b).expect(429);
      expect(perIp.headers['retry-after-takeaways-ip']).toBeDefined();
    });

    it('search: 2 a minute per user, 3 per client address', async () => {
      const a = await attendee('search1@example.com', '10.3.0.2');
      const b = await attendee('search2@example.com', '10.3.0.2');
      const search = (agent: TestAgent) => agent.get('/api/search').query({ q: 'FICO floor' }).set('X-Forwarded-For', '10.3.0.2');
      await search(a).expect(200);
      await search(a).expect(200);
      expect((await search(a).expect(429)).body).toEqual({ message: RATE_LIMIT_MESSAGE });
      await search(b).expect(200);
      expect((await search(b).expect(429)).headers['retry-after-search-ip']).toBeDefined();
    });

    it('chat: a per-IP limit across users (3 here) besides the per-user one', async () => {
      const agents = await Promise.all(['c1', 'c2', 'c3', 'c4'].map((n) => attendee(`${n}@chatters.test`, '10.3.0.3')));
      for (const agent of agents.slice(0, 3)) await threadWithAnswer(agent, '10.3.0.3');
      const { id } = (await agents[3].post('/api/chat/start').send({}).expect(200)).body;
      const refused = await agents[3]
        .post('/api/chat/simple')
        .set('X-Forwarded-For', '10.3.0.3')
        .send({ threadId: id, message: 'Hello?' })
        .expect(429);
      expect(refused.body).toEqual({ message: RATE_LIMIT_MESSAGE });
      expect(refused.headers['retry-after-chat-ip']).toBeDefined();
    });
  });

  describe('4. NUL bytes never reach the database', () => {
    let admin: TestAgent;
    let superadmin: TestAgent;
    let sessionId: string;
    beforeAll(async () => {
      admin = await signInPrivileged(t, ADMIN, { firstName: 'Ada' });
      superadmin = await signInPrivileged(t, SUPER);
      sessionId = (await admin.post('/api/admin/session').send({ title: 'Uploads' }).expect(201)).body.id;
    });

    it('POST /api/login: stored without the byte', async () => {
      const res = await login('nul.login@example.com', '10.4.0.1', 'An\u0000n').expect(200);
      expect(res.body.user.firstName).toBe('Ann');
    });

    it('POST /api/chat/message and /api/chat/stream: answered, stored without the byte', async () => {
      const agent = await attendee('nul.chat@example.com', '10.4.0.2');
      const { id } = (await agent.post('/api/chat/start').send({}).expect(200)).body;
      await agent
        .post('/api/chat/message')
        .set('X-Forwarded-For', '10.4.0.2')
        .send({ threadId: id, message: 'What FICO\u0000 floor?' })
        .expect(200);
      const stream = await agent
        .post('/api/chat/stream')
        .set('X-Forwarded-For', '10.4.0.2')
        .send({ threadId: id, message: 'And the\u0000 terms?' })
        .expect(200);
      expect(stream.text).toContain('data: [DONE]');
      const messages = (await agent.get(`/api/chat/messages/${id}`).expect(200)).body as { role: string; content: string }[];
      expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['What FICO floor?', 'And the terms?']);
    });

    it('GET /api/search: a query string with a NUL byte is answered', async () => {
      const agent = await attendee('nul.search@example.com', '10.4.0.3');
      const res = await agent.get('/api/search').query({ q: 'FICO\u0000 floor' }).set('X-Forwarded-For', '10.4.0.3').expect(200);
      expect(Array.isArray(res.body.results)).toBe(true);
    });

    it('POST /api/admin/upload: a file name with a NUL byte is stored without it, or refused with 400 when raw', async () => {
      const boundary = 'SecurityTestBoundary';
      const body = (disposition: string) =>
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="sessionId"\r\n\r\n${sessionId}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\ntranscript\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: text/plain\r\n\r\n` +
            `Speaker: Hello there, lenders.\n\r\n--${boundary}--\r\n`,
        );
      const post = (disposition: string) =>
        admin.post('/api/admin/upload').set('Content-Type', `multipart/form-data; boundary=${boundary}`).send(body(disposition));
      // Encoded (RFC 5987), as a client may send it: the byte is dropped from the stored name.
      const encoded = await post(`filename*=utf-8''notes%00.txt`);
      expect(encoded.status).toBe(201);
      expect(encoded.body.originalFilename).toBe('notes.txt');
      // Raw in the part header: refused as a malformed upload, never a 5xx.
      const raw = await post('filename="notes\u0000.txt"');
      expect(raw.status).toBe(400);
      expect(raw.body).toEqual({ message: 'The upload could not be read: the multipart body is malformed or incomplete.' });
    });

    it('POST /api/admin/session and /api/superadmin/import-sessions: stored without the byte', async () => {
      const created = await admin
        .post('/api/admin/session')
        .send({ title: 'Risk\u0000 Panel', speakers: ['Bo\u0000 Lee'] })
        .expect(201);
      expect(created.body.title).toBe('Risk Panel');
      const imported = await superadmin
        .post('/api/superadmin/import-sessions')
        .send({ mode: 'create-new', sessions: [{ title: 'Imported\u0000 Keynote', speakers: ['Cy\u0000'], location: 'Hall\u0000 A' }] })
        .expect(200);
      expect(imported.body.imported).toBe(1);
      const [row] = await db.query(`SELECT title, speakers, location FROM sessions WHERE title LIKE 'Imported%'`);
      expect(row).toEqual({ title: 'Imported Keynote', speakers: ['Cy'], location: 'Hall A' });
    });
  });

  describe('5. sign-in answers alike for every address and never edits an admin', () => {
    it('answers an admin address exactly as a new ordinary one, and keeps the stored profile', async () => {
      await db.query(
        `INSERT INTO users (email, first_name, last_name, company, role) VALUES ($1, 'Alice', 'Admin', 'Org', 'admin')
                      ON CONFLICT (email) DO UPDATE SET first_name = 'Alice', last_name = 'Admin', company = 'Org'`,
        [ADMIN],
      );
      const [before] = await outbox.latest(ADMIN, 1);
      const profile = { firstName: 'Mallory', lastName: 'M', company: 'Evil' };
      const asAdmin = await request(t.url)
        .post('/api/login')
        .set('X-Forwarded-For', '10.5.0.1')
        .send({ email: ADMIN, ...profile })
        .expect(200);
      const asNobody = await request(t.url)
        .post('/api/login')
        .set('X-Forwarded-For', '10.5.0.1')
        .send({ email: 'nobody@security.test', ...profile })
        .expect(200);
      const strip = (body: { user: Record<string, unknown> }) => ({ ...body, user: { ...body.user, id: 'id', email: 'email' } });
      expect(strip(asAdmin.body)).toEqual(strip(asNobody.body));
      expect(asAdmin.body).toEqual({
        user: expect.objectContaining({ firstName: 'Mallory', role: 'attendee', isAdmin: false, verificationPending: false }),
        signInLinkSent: false,
      });
      // The same for the session afterwards: the user, and a console route.
      const cookie = ([] as string[])
        .concat(asAdmin.headers['set-cookie'])
        .find((c) => c.startsWith(SESSION_COOKIE))!
        .split(';')[0];
      const me = await request(t.url).get('/api/auth/user').set('Cookie', cookie).expect(200);
      expect(me.body.verificationPending).toBe(false);
      // The session shows the name typed with it, not the admin's stored one.
      expect(me.body).toMatchObject({ firstName: 'Mallory', lastName: 'M', company: 'Evil', role: 'attendee' });
      expect(JSON.stringify(me.body)).not.toContain('Alice');
      const refused = await request(t.url).get('/api/admin/documents').set('Cookie', cookie).expect(403);
      expect(refused.body).toEqual({ message: FORBIDDEN_MESSAGE });

      // The stored profile is untouched, and the genuine mail greets the real admin.
      const [row] = await db.query(`SELECT first_name, last_name, company FROM users WHERE email = $1`, [ADMIN]);
      expect(row).toEqual({ first_name: 'Alice', last_name: 'Admin', company: 'Org' });
      const mail = await nextMail(t, ADMIN, before?.id);
      expect(mail?.text).toMatch(/^Hello Alice,/);
      expect(mail?.text).not.toContain('Mallory');
    });

    it('names a new privileged account from the form when its owner opens the link in that browser', async () => {
      const email = 'new.admin@security.test';
      const signIn = await request(t.url)
        .post('/api/login')
        .set('X-Forwarded-For', '10.5.0.3')
        .send({ email, firstName: 'Nadia', lastName: 'New', company: 'Org' })
        .expect(200);
      const cookie = ([] as string[])
        .concat(signIn.headers['set-cookie'])
        .find((c) => c.startsWith(SESSION_COOKIE))!
        .split(';')[0];
      const [stored] = await db.query(`SELECT first_name FROM users WHERE email = $1`, [email]);
      expect(stored.first_name).toBe(''); // nothing typed into the form reaches the account before the link
      const mail = await nextMail(t, email);
      const link = signInLinkPath(mail!.text)!;
      const opened = await openSignInLink(t.url, link).set('Cookie', cookie).expect(302);
      const adminCookie = ([] as string[])
        .concat(opened.headers['set-cookie'])
        .find((c) => c.startsWith(SESSION_COOKIE))!
        .split(';')[0];
      const me = await request(t.url).get('/api/auth/user').set('Cookie', adminCookie).expect(200);
      expect(me.body).toMatchObject({ firstName: 'Nadia', lastName: 'New', role: 'admin' });
    });

    it('POST /api/auth/link answers the same for any address', async () => {
      const a = await request(t.url).post('/api/auth/link').set('X-Forwarded-For', '10.5.0.2').send({ email: ADMIN }).expect(200);
      const b = await request(t.url)
        .post('/api/auth/link')
        .set('X-Forwarded-For', '10.5.0.2')
        .send({ email: 'nobody@security.test' })
        .expect(200);
      expect(a.body).toEqual({ message: SIGN_IN_LINK_REQUESTED_MESSAGE });
      expect(b.body).toEqual(a.body);
    });
  });

  describe('6. a sign-in flood from one address cannot lock an admin out', () => {
    it('limits per email and client address, with a looser per-email ceiling, alike for any address', async () => {
      for (const email of [TARGET, 'ordinary.target@security.test']) {
        for (let i = 0; i < 3; i++) await login(email, '10.6.0.1').expect(200);
        const flooded = await login(email, '10.6.0.1').expect(429);
        expect(flooded.body).toEqual({ message: RATE_LIMIT_MESSAGE });
        // Refused requests do not use up the address's ceiling: more flooding changes nothing.
        for (let i = 0; i < 5; i++) await login(email, '10.6.0.1').expect(429);
        // The real person, from elsewhere, signs in.
        await login(email, '10.6.0.2', 'Real').expect(200);
        await login(email, '10.6.0.3', 'Real').expect(200);
        // The ceiling per address (5 a minute here) stops a flood spread over many addresses.
        const ceiling = await login(email, '10.6.0.4').expect(429);
        expect(ceiling.body).toEqual({ message: RATE_LIMIT_MESSAGE });
        // The per-address counters are not shown (they would tell anyone of other people's attempts).
        expect(Object.keys(ceiling.headers).filter((h) => h.includes('login-email'))).toEqual([]);
      }
    });
  });

  describe('7. client address', () => {
    it('trusts X-Forwarded-For only from loopback by default', () => {
      expect(t.config.trustProxy).toBe('loopback');
      const trust = t.app.getHttpAdapter().getInstance().get('trust proxy fn') as (addr: string, i: number) => boolean;
      expect(trust('127.0.0.1', 0)).toBe(true);
      expect(trust('10.0.0.7', 0)).toBe(false);
      expect(trust('192.168.1.20', 0)).toBe(false);
      expect(trust('fd00::1', 0)).toBe(false);
    });
  });

  describe('9. privileged sessions: 12 h absolute, 30 min idle', () => {
    const sessionsOf = (email: string) =>
      db.query(
        `SELECT ws.id, ws.role FROM web_sessions ws JOIN users u ON u.id = ws.user_id WHERE u.email = $1 AND ws.role <> 'attendee'
                   ORDER BY ws.created_at DESC`,
        [email],
      );

    it('closes an admin session unused for 30 minutes', async () => {
      const admin = await signInPrivileged(t, ADMIN);
      await admin.get('/api/admin/documents').expect(200);
      const [{ seconds }] = await db.query(
        `SELECT extract(epoch FROM max(expires_at) - now())::int AS seconds FROM web_sessions ws JOIN users u ON u.id = ws.user_id
          WHERE u.email = $1 AND ws.role = 'admin'`,
        [ADMIN],
      );
      expect(seconds).toBeLessThanOrEqual(PRIVILEGED_SESSION_IDLE_SECONDS);
      // 31 minutes pass without a request.
      await db.query(
        `UPDATE web_sessions SET created_at = created_at - interval '31 minutes', last_seen_at = last_seen_at - interval '31 minutes',
                expires_at = expires_at - interval '31 minutes' WHERE role = 'admin'`,
      );
      t.app.get(AuthService).forgetSessions(); // 31 minutes: far longer than the session cache (SESSION_CACHE_MS)
      await admin.get('/api/admin/documents').expect(401);
    });

    it('closes an admin session 12 hours after sign-in even when used all along', async () => {
      const admin = await signInPrivileged(t, ADMIN);
      const [session] = await sessionsOf(ADMIN); // the newest
      // Used a moment ago, but opened 12 h 1 min ago.
      await db.query(
        `UPDATE web_sessions SET created_at = now() - interval '12 hours 1 minute', last_seen_at = now() - interval '2 minutes',
                expires_at = now() + interval '28 minutes' WHERE id = $1`,
        [session.id],
      );
      t.app.get(AuthService).forgetSessions(); // the 12 hours ended longer ago than the session cache lasts
      await admin.get('/api/admin/documents').expect(401);
      // Attendees keep their 30 days sliding.
      const agent = await attendee('long.lived@example.com', '10.9.0.1');
      await db.query(`UPDATE web_sessions SET created_at = now() - interval '20 days', last_seen_at = now() - interval '2 minutes'
                       WHERE user_id = (SELECT id FROM users WHERE email = 'long.lived@example.com')`);
      await agent.get('/api/auth/user').expect(200);
    });
  });

  describe('10. sign-in links are not kept', () => {
    it('cuts the token out of outbox mails older than 24 hours and deletes their .eml files', async () => {
      await signInPrivileged(t, SUPER);
      const [mail] = await outbox.latest(SUPER, 1);
      expect(signInLinkPath(mail.text)).toBeDefined();
      expect(fs.existsSync(mail.emlPath!)).toBe(true);
      await t.app.get(EmailService).purgeSignInLinks();
      expect(signInLinkPath((await outbox.latest(SUPER, 1))[0].text)).toBeDefined(); // a fresh link stays readable

      await db.query(`UPDATE email_outbox SET created_at = created_at - interval '25 hours' WHERE id = $1`, [mail.id]);
      await t.app.get(EmailService).purgeSignInLinks();
      const [purged] = await db.query(`SELECT text_body, html_body, eml_path FROM email_outbox WHERE id = $1`, [mail.id]);
      expect(purged.text_body).toContain('/api/auth/verify?token=[removed]');
      expect(signInLinkPath(purged.text_body)).toBeUndefined();
      expect(purged.html_body).not.toMatch(/token=[A-Za-z0-9_-]/);
      expect(purged.eml_path).toBeNull();
      expect(fs.existsSync(mail.emlPath!)).toBe(false);
    });

    it('deletes a mail left half written (a .part file) once it is older than 24 hours, and keeps a recent one', async () => {
      const dir = path.join(t.dataDir, 'outbox');
      fs.mkdirSync(dir, { recursive: true });
      const [stale, recent] = ['stale', 'recent'].map((n) => path.join(dir, `${n}-mail.eml.part`));
      for (const file of [stale, recent]) fs.writeFileSync(file, 'To: a@b.test\n\nhttps://conference.test/api/auth/verify?token=abc');
      const old = new Date(Date.now() - 25 * 3_600_000);
      fs.utimesSync(stale, old, old);
      await t.app.get(EmailService).purgeSignInLinks();
      expect(fs.existsSync(stale)).toBe(false);
      expect(fs.existsSync(recent)).toBe(true);
    });
  });

  describe('11. JSON body limit', () => {
    it('refuses a body over 100 KB with 413 {message}, but lets the session import take 20 MB', async () => {
      const agent = await attendee('big.body@example.com', '10.11.0.1');
      const big = await agent
        .post('/api/chat/start')
        .send({ sessionFilter: [], padding: 'x'.repeat(150_000) })
        .expect(413);
      expect(big.body).toEqual({ message: 'The request body is too large.' });
      const superadmin = await signInPrivileged(t, SUPER);
      const sessions = Array.from({ length: 400 }, (_, i) => ({ title: `Bulk ${i}`, description: 'd'.repeat(2000) }));
      const res = await superadmin.post('/api/superadmin/import-sessions').send({ mode: 'create-new', sessions }).expect(200);
      expect(res.body.imported).toBe(400);
    });
  });

  describe('14. security headers', () => {
    it('sends CSP (no inline script, images from self/data only, no framing), nosniff and a referrer policy', async () => {
      const res = await request(t.url).get('/api/environment').expect(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      // HSTS only in production (see security-headers.spec.ts).
      expect(res.headers['strict-transport-security']).toBeUndefined();
      // The sign-in page keeps its own stricter policy: no script and no image at all.
      const page = await request(t.url).get('/api/login').expect(200);
      expect(page.headers['content-security-policy']).toMatch(/^default-src 'none';/);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
    });
  });

  describe('15. using a sign-in link revokes the others (a newer link does not)', () => {
    it('opens the first link after a second one was sent, then refuses the second', async () => {
      const [before] = await outbox.latest(SUPER, 1);
      await request(t.url).post('/api/auth/link').set('X-Forwarded-For', '10.15.0.1').send({ email: SUPER }).expect(200);
      const first = await nextMail(t, SUPER, before?.id);
      await request(t.url).post('/api/auth/link').set('X-Forwarded-For', '10.15.0.1').send({ email: SUPER }).expect(200);
      const second = await nextMail(t, SUPER, first?.id);
      const old = await openSignInLink(t.url, signInLinkPath(first!.text)!).expect(302);
      expect(old.headers.location).toBe('/superadmin');
      const fresh = await openSignInLink(t.url, signInLinkPath(second!.text)!).expect(302);
      expect(fresh.headers.location).toBe('/api/login?error=invalid_link');
    });
  });
});
