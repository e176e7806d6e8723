import { escapeHtml } from '../common/html';
import type { Role } from '../common/roles';

export const SIGN_IN_LINK_SUBJECT = 'Your sign-in link for the Conference Assistant';

/** The mail carrying a single-use sign-in link to the admin or super admin dashboard. */
export function signInLinkMail(opts: { firstName: string; role: Role; link: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const place = opts.role === 'superadmin' ? 'super admin' : 'admin';
  const greeting = opts.firstName ? `Hello ${opts.firstName},` : 'Hello,';
  const closing = 'The link works once and expires in 15 minutes. If you did not ask for it, ignore this email.';
  return {
    subject: SIGN_IN_LINK_SUBJECT,
    text: `${greeting}\n\nOpen this link to sign in to the ${place} dashboard of the Conference Assistant:\n\n${opts.link}\n\n${closing}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p>` +
      `<p>Open this link to sign in to the ${place} dashboard of the Conference Assistant:</p>` +
      `<p><a href="${escapeHtml(opts.link)}">Sign in to the ${place} dashboard</a></p>` +
      `<p>${escapeHtml(closing)}</p>`,
  };
}
