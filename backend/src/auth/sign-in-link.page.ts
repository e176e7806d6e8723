import { escapeHtml } from './auth.service';

/** The small server-rendered page behind GET /api/login: asks for an email and mails a sign-in link. */
export function signInLinkPage(opts: { notice?: string; error?: string }): string {
  const notice = opts.notice ? `<p class="notice" role="status">${escapeHtml(opts.notice)}</p>` : '';
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
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
<input id="email" name="email" type="email" required autocomplete="email">
<button type="submit">Email me a sign-in link</button>
</form>
<p><a href="/">Back to the attendee app</a></p>
</main></body></html>`;
}
