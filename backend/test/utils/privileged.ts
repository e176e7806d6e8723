import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { EmailRepository } from '../../src/email/email.repository';
import type { TestApp } from './test-app';

/** The path and query of the sign-in link in a mail body (`/api/auth/verify?token=…`), or undefined. */
export function signInLinkPath(body: string): string | undefined {
  const match = /\/api\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(body);
  return match ? `/api/auth/verify?token=${match[1]}` : undefined;
}

/**
 * A cookie-keeping client with a verified privileged session: signs in through POST /api/login with
 * `email` (which must be listed in ADMIN_EMAILS or SUPERADMIN_EMAILS of the test app), reads the
 * emailed sign-in link from the outbox table (EmailRepository, filled in outbox and SMTP mode alike)
 * and follows it with the same agent.
 */
export async function signInPrivileged(
  t: TestApp,
  email: string,
  profile: { firstName?: string; lastName?: string; company?: string } = {},
): Promise<TestAgent> {
  const agent = request.agent(t.url);
  const login = await agent.post('/api/login').send({ firstName: 'Admin', ...profile, email });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
  const [mail] = await t.app.get(EmailRepository).latest(email.toLowerCase(), 1);
  const link = mail && signInLinkPath(mail.text);
  if (!link) throw new Error(`no sign-in link was mailed to ${email}: is it in ADMIN_EMAILS or SUPERADMIN_EMAILS?`);
  const verify = await agent.get(link).redirects(0);
  if (verify.status !== 302 || !/^\/(admin|superadmin)$/.test(String(verify.headers.location))) {
    throw new Error(`sign-in link refused: ${verify.status} → ${verify.headers.location}`);
  }
  return agent;
}
