import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { FORBIDDEN_MESSAGE, UNAUTHORIZED_MESSAGE } from '../src/auth/access.guard';
import { registeredRoutes, RegisteredRoute, signInPrivileged } from './utils/privileged';
import { signIn, startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'admin@access.test';
const SUPER = 'super@access.test';

type Expected = { status: number; message?: string } | 'allowed';

/** Calls every route with `agent` and returns the ones that did not answer as expected. */
async function mismatches(
  agent: TestAgent,
  routes: RegisteredRoute[],
  expected: Expected,
  mapPath: (p: string) => string = (p) => p,
): Promise<string[]> {
  const out: string[] = [];
  for (const r of routes) {
    const res = await agent[r.method](mapPath(r.path));
    const ok =
      expected === 'allowed'
        ? res.status !== 401 && res.status !== 403
        : res.status === expected.status && (!expected.message || res.body?.message === expected.message);
    if (!ok) out.push(`${r.method.toUpperCase()} ${mapPath(r.path)} → ${res.status} ${JSON.stringify(res.body)}`);
  }
  return out;
}

describe('access to the admin and super admin APIs (every registered route)', () => {
  let t: TestApp;
  let adminRoutes: RegisteredRoute[];
  let superRoutes: RegisteredRoute[];
  let anonymous: TestAgent;
  let attendee: TestAgent;
  let unverifiedAdmin: TestAgent;
  let unverifiedSuper: TestAgent;
  let admin: TestAgent;
  let superadmin: TestAgent;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, SUPERADMIN_EMAILS: SUPER });
    adminRoutes = registeredRoutes(t, '/api/admin');
    superRoutes = registeredRoutes(t, '/api/superadmin');
    anonymous = request.agent(t.url);
    attendee = await signIn(t, { email: 'attendee@access.test' });
    unverifiedAdmin = await signIn(t, { email: ADMIN });
    unverifiedSuper = await signIn(t, { email: SUPER });
    admin = await signInPrivileged(t, ADMIN);
    superadmin = await signInPrivileged(t, SUPER);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the console routes in the running app', () => {
    const all = registeredRoutes(t);
    expect(all.length).toBeGreaterThan(0);
    expect(all).toEqual(expect.arrayContaining([{ method: 'get', pattern: '/api/auth/user', path: '/api/auth/user' }]));
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(adminRoutes.every((r) => r.path.startsWith('/api/admin/'))).toBe(true);
  });

  it('answers 401 to signed-out visitors on every admin and super admin route', async () => {
    const expected = { status: 401, message: UNAUTHORIZED_MESSAGE };
    expect(await mismatches(anonymous, [...adminRoutes, ...superRoutes], expected)).toEqual([]);
  });

  it('answers 403 to attendees on every admin and super admin route', async () => {
    const expected = { status: 403, message: FORBIDDEN_MESSAGE };
    expect(await mismatches(attendee, [...adminRoutes, ...superRoutes], expected)).toEqual([]);
  });

  it('answers 403 to an admin address signed in by form until its emailed link is opened, as to any attendee', async () => {
    const me = await unverifiedAdmin.get('/api/auth/user').expect(200);
    // Nothing tells the caller that the address is privileged.
    expect(me.body).toMatchObject({ email: ADMIN, role: 'attendee', isAdmin: false, verificationPending: false });
    expect(await mismatches(unverifiedAdmin, [...adminRoutes, ...superRoutes], { status: 403, message: FORBIDDEN_MESSAGE })).toEqual([]);
  });

  it('answers 403 to a super admin address signed in by form until its emailed link is opened, as to any attendee', async () => {
    const expected = { status: 403, message: FORBIDDEN_MESSAGE };
    expect(await mismatches(unverifiedSuper, [...adminRoutes, ...superRoutes], expected)).toEqual([]);
  });

  it('lets a verified admin through every admin route but not the super admin ones', async () => {
    expect(await mismatches(admin, adminRoutes, 'allowed')).toEqual([]);
    expect(await mismatches(admin, superRoutes, { status: 403, message: FORBIDDEN_MESSAGE })).toEqual([]);
  });

  it('lets a verified super admin through every admin and super admin route', async () => {
    expect(await mismatches(superadmin, [...adminRoutes, ...superRoutes], 'allowed')).toEqual([]);
  });

  it('guards the console routes however the path is spelled (Express matches case-insensitively)', async () => {
    const changing = [...adminRoutes, ...superRoutes].filter((r) => r.method !== 'get');
    const shout = (p: string) => p.replace(/^\/api\/(admin|superadmin)/, (m) => m.toUpperCase());
    const mixed = (p: string) => p.replace(/^\/api\/(admin|superadmin)/, (m) => m.replace(/a/g, 'A'));
    expect(await mismatches(anonymous, changing, { status: 401 }, shout)).toEqual([]);
    expect(await mismatches(attendee, changing, { status: 403 }, shout)).toEqual([]);
    expect(await mismatches(unverifiedAdmin, changing, { status: 403 }, mixed)).toEqual([]);
    // GET requests to other spellings never reach the API (the web front end answers them), and never with data.
    for (const r of [...adminRoutes, ...superRoutes].filter((x) => x.method === 'get')) {
      const res = await attendee.get(shout(r.path));
      expect([r.path, res.status === 401 || res.status === 403 || !/json/.test(String(res.headers['content-type']))]).toEqual([
        r.path,
        true,
      ]);
    }
  });

  it('keeps ordinary signed-in routes closed to signed-out visitors', async () => {
    const res = await anonymous.get('/api/auth/user').expect(401);
    expect(res.body).toEqual({ message: UNAUTHORIZED_MESSAGE });
  });
});
