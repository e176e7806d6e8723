import fs from 'node:fs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { SESSION_COOKIE } from '../src/auth/session-cookie';
import { EmailRepository } from '../src/email/email.repository';
import { nextMail, openSignInLink, signInLinkPath } from './utils/privileged';
import { startTestApp, TestApp } from './utils/test-app';

const ENV = { ADMIN_EMAILS: 'admin@restart.test' };

/** `name=value` of the session cookie a response sets. */
function sessionCookie(res: request.Response): string {
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!set) throw new Error('no session cookie set');
  return set.split(';')[0];
}

describe('restart keeps the data (same DATA_DIR)', () => {
  let first: TestApp | undefined;
  let second: TestApp | undefined;
  afterAll(async () => {
    await first?.close({ keepData: true }).catch(() => undefined);
    await second?.close();
  });

  it('keeps users, sessions, activity, the outbox and pending sign-in links across a restart', async () => {
    first = await startTestApp(ENV);
    const login = await request(first.url)
      .post('/api/login')
      .send({ email: 'restart@example.com', firstName: 'Rae', lastName: 'Start', company: 'Reboot Inc' })
      .expect(200);
    const attendeeCookie = sessionCookie(login);

    const adminForm = await request(first.url).post('/api/login').send({ email: 'admin@restart.test', firstName: 'Ada' }).expect(200);
    const firstMail = (await nextMail(first!, 'admin@restart.test'))!;
    const adminVerify = await openSignInLink(first.url, signInLinkPath(firstMail.text)!).expect(302);
    const adminCookie = sessionCookie(adminVerify);
    // A second link, mailed before the restart and opened after it.
    await request(first.url).post('/api/auth/link').send({ email: 'admin@restart.test' }).expect(200);
    const pendingMail = (await nextMail(first!, 'admin@restart.test', firstMail.id))!;
    expect(pendingMail.id).not.toBe(firstMail.id);
    const dataDir = first.dataDir;
    await first.close({ keepData: true });
    first = undefined;

    second = await startTestApp(ENV, dataDir);
    expect(second.dataDir).toBe(dataDir);
    const me = await request(second.url).get('/api/auth/user').set('Cookie', attendeeCookie).expect(200);
    expect(me.body).toEqual(
      expect.objectContaining({
        id: login.body.user.id,
        email: 'restart@example.com',
        name: 'Rae Start',
        company: 'Reboot Inc',
        role: 'attendee',
      }),
    );
    const admin = await request(second.url).get('/api/auth/user').set('Cookie', adminCookie).expect(200);
    expect(admin.body).toMatchObject({ email: 'admin@restart.test', role: 'admin', verificationPending: false });
    expect(adminForm.body.user.id).toBe(admin.body.id);

    const later = await openSignInLink(second.url, signInLinkPath(pendingMail.text)!).expect(302);
    expect(later.headers.location).toBe('/admin');

    const actions = await second.app
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS n FROM user_actions a JOIN users u ON u.id = a.user_id WHERE u.email = 'restart@example.com' AND a.action_type = 'login'`,
      );
    expect(actions[0].n).toBe(1);
    const outbox = await second.app.get(EmailRepository).latest('admin@restart.test');
    expect(outbox).toHaveLength(2);
    expect(outbox.every((m) => fs.existsSync(m.emlPath!))).toBe(true);

    await request(second.url).post('/api/logout').set('Cookie', attendeeCookie).expect(200);
    await request(second.url).get('/api/auth/user').set('Cookie', attendeeCookie).expect(401);
  });
});
