import { escapeHtml } from '../email/html';
import type { Role } from './roles';
import { mailLayout } from '../email/mail-layout';

export const SIGN_IN_LINK_SUBJECT = 'Your sign-in link for the Conference Assistant';

/** The mail carrying a single-use sign-in link to the admin or super admin dashboard. */
export function signInLinkMail(opts: { firstName: string; role: Role; link: string }): {
  subject: string;
  text: string;
  html: string;
} {
  const place = opts.role === 'superadmin' ? 'super admin' : 'admin';
  const intro = `Open this link to sign in to the ${place} dashboard of the Conference Assistant:`;
  const closing = 'The link works once and expires in 15 minutes. If you did not ask for it, ignore this email.';
  const { text, html } = mailLayout({
    greeting: opts.firstName ? `Hello ${opts.firstName},` : 'Hello,',
    intro,
    text: [opts.link, '', closing],
    html: `<p><a href="${escapeHtml(opts.link)}">Sign in to the ${place} dashboard</a></p>\n<p>${escapeHtml(closing)}</p>`,
  });
  return { subject: SIGN_IN_LINK_SUBJECT, text, html };
}
