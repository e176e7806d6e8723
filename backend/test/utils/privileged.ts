import request from 'supertest';
import { DataSource } from 'typeorm';
import type TestAgent from 'supertest/lib/agent';
import { EmailRepository, type OutboxRow } from '../../src/email/email.repository';
import type { TestApp } from './test-app';

/** The path and query of the sign-in link in a mail body (`/api/auth/verify?token=…`), or undefined. */
export function signInLinkPath(body: string): string | undefined {
  const match = /\/api\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(body);
  return match ? `/api/auth/verify?token=${match[1]}` : undefined;
}

/**
 * Uses a sign-in link the way its page does: POST /api/auth/verify with the link's token (opening the
 * link's URL alone changes nothing). `client`: an agent (keeps the cookies) or the app's URL. The
 * answer is a 302; chain `.set('Cookie', …)` or `.expect(302)` on it.
 */
export function openSignInLink(client: TestAgent | string, link: string): request.Test {
  const token = new URL(link, 'http://localhost').searchParams.get('token') ?? '';
  const http = typeof client === 'string' ? request(client) : client;
  return http.post('/api/auth/verify').type('form').send({ token }).redirects(0);
}

/**
 * A cookie-keeping client with a verified privileged session: signs in through POST /api/login with
 * `email` (which must be listed in ADMIN_EMAILS or SUPERADMIN_EMAILS of the test app), reads the
 * emailed sign-in link from the outbox table (EmailRepository, filled in outbox and SMTP mode alike)
 * and opens it (`openSignInLink`) with the same agent.
 */
export async function signInPrivileged(
  t: TestApp,
  email: string,
  profile: { firstName?: string; lastName?: string; company?: string } = {},
): Promise<TestAgent> {
  const agent = request.agent(t.url);
  const outbox = t.app.get(EmailRepository);
  const [previous] = await outbox.latest(email.toLowerCase(), 1);
  // The sign-in form never changes a privileged account's profile: a profile asked
  // for is stored the way an operator would, before signing in.
  if (Object.keys(profile).length > 0) {
    await t.app.get(DataSource).query(
      `INSERT INTO users (email, first_name, last_name, company) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, company = EXCLUDED.company`,
      [email.toLowerCase(), profile.firstName ?? '', profile.lastName ?? '', profile.company ?? ''],
    );
  }
  const login = await agent.post('/api/login').send({ firstName: 'Admin', ...profile, email });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
  // Links are mailed after the answer (an earlier sign-in's mail may land late, and using one link
  // revokes the others): follow the newest link until one opens the privileged session.
  const deadline = Date.now() + 5000;
  let tried = previous?.id;
  let last = 'no sign-in link was mailed';
  while (Date.now() < deadline) {
    const [mail] = await outbox.latest(email.toLowerCase(), 1);
    const link = mail && mail.id !== tried ? signInLinkPath(mail.text) : undefined;
    if (link) {
      tried = mail.id;
      const verify = await openSignInLink(agent, link);
      if (verify.status === 302 && /^\/(admin|superadmin)$/.test(String(verify.headers.location))) return agent;
      last = `sign-in link refused: ${verify.status} → ${verify.headers.location}`;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${last} (${email}: is it in ADMIN_EMAILS or SUPERADMIN_EMAILS?)`);
}

/**
 * The first mail to `email` newer than the one with id `previousId`, waiting up to `timeoutMs` for it:
 * sign-in links are mailed after the sign-in has answered.
 */
export async function nextMail(t: TestApp, email: string, previousId?: string, timeoutMs = 5000): Promise<OutboxRow | undefined> {
  const outbox = t.app.get(EmailRepository);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = await outbox.latest(email.toLowerCase(), 1);
    if (mail && mail.id !== previousId) return mail;
    if (Date.now() > deadline) return undefined;
    await new Promise((r) => setTimeout(r, 25));
  }
}

export interface RegisteredRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The route pattern as registered, e.g. `/api/admin/session/:id`. */
  pattern: string;
  /** A concrete path for the pattern (parameters filled with a UUID). */
  path: string;
}

const SAMPLE_PARAM = '00000000-0000-4000-8000-000000000000';

/**
 * Every route the running app registered in Express (`app.router.stack` in Express 5), so suites
 * that check guards also cover routes added later. Filter by prefix, e.g. `/api/admin/`.
 */
export function registeredRoutes(t: TestApp, prefix = '/'): RegisteredRoute[] {
  const express = t.app.getHttpAdapter().getInstance() as {
    router: { stack: { route?: { path: unknown; methods: Record<string, boolean> } }[] };
  };
  const routes: RegisteredRoute[] = [];
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    const patterns = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    for (const pattern of patterns) {
      if (typeof pattern !== 'string' || !pattern.toLowerCase().startsWith(prefix)) continue;
      const path = pattern
        .replace(/[{}]/g, '')
        .replace(/:[A-Za-z0-9_]+/g, SAMPLE_PARAM)
        .replace(/\*[A-Za-z0-9_]*/g, 'x');
      const methods = Object.keys(layer.route.methods).flatMap((m) => (m === '_all' ? ['get', 'post'] : [m]));
      for (const method of methods) {
        if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
          routes.push({ method: method as RegisteredRoute['method'], pattern, path });
        }
      }
    }
  }
  return routes;
}
