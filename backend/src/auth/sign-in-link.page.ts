import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { escapeHtml } from '../email/html';
import { HttpExceptionFilter, toHttpError } from '../http/http-exception.filter';

/** Content-Security-Policy of the page: no scripts at all, inline styles, forms post to this site only. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The small server-rendered page behind GET /api/login: asks for an email and mails a sign-in link. */
export function signInLinkPage(opts: { notice?: string; error?: string; email?: string } = {}): string {
  const notice = opts.notice ? `<p class="notice" role="status">${escapeHtml(opts.notice)}</p>` : '';
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  const value = opts.email ? ` value="${escapeHtml(opts.email)}"` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Admin sign-in · Conference Assistant</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 4px 24px #0f172a1a;max-width:420px;width:90%}
h1{font-size:1.4rem;margin:0 0 .5rem}label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #94a3b8;border-radius:8px;font-size:1rem}
button{margin-top:1rem;width:100%;padding:.7rem;border:0;border-radius:8px;background:#1d4ed8;color:#fff;font-size:1rem;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.notice{background:#ecfdf5;color:#065f46;padding:.75rem;border-radius:8px}.error{background:#fef2f2;color:#991b1b;padding:.75rem;border-radius:8px}
a{color:#1d4ed8}
</style></head>
<body><main>
<h1>Admin sign-in</h1>
<p>Enter the email address of your admin account. We will email you a sign-in link that works once and expires in 15 minutes.</p>
${notice}${error}
<form method="post" action="/api/auth/link">
<label for="email">Email Address</label>
<input id="email" name="email" type="email" required autocomplete="email"${value}>
<button type="submit">Email me a sign-in link</button>
</form>
<p><a href="/">Back to the attendee app</a></p>
</main></body></html>`;
}

/** Sends the page (never cached: it may carry a notice for this request only). */
export function sendSignInLinkPage(res: Response, status: number, opts: Parameters<typeof signInLinkPage>[0]): void {
  res
    .status(status)
    .set({ 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
    .type('html')
    .send(signInLinkPage(opts));
}

/** A browser posting the page's form sees errors (invalid address, 429) on the page; API clients get `{message}`. */
export function isFormPost(req: Request): boolean {
  return Boolean(req.is('application/x-www-form-urlencoded'));
}

@Catch()
export class SignInLinkPageFilter implements ExceptionFilter {
  private readonly json = new HttpExceptionFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    const { status, message } = toHttpError(exception);
    if (!isFormPost(req) || status >= 500 || res.headersSent) return this.json.catch(exception, host);
    const email = typeof req.body?.email === 'string' ? req.body.email.slice(0, 254) : undefined;
    sendSignInLinkPage(res, status, { error: message, email });
  }
}
