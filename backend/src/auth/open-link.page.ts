import type { Response } from 'express';
import { escapeHtml } from '../email/html';

/** Where the page's script is served (a file: the page itself carries no inline script). */
export const OPEN_LINK_SCRIPT_PATH = '/api/auth/verify.js';

/**
 * The page's Content-Security-Policy: its one script from this origin, inline styles, the form posts
 * to this site only, no framing, nothing else loads.
 */
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** The script: posts the page's form as soon as the page is shown (the button does it without scripts). */
export const OPEN_LINK_SCRIPT = `// Opens the sign-in link: posts its token, as the button on the page does.
'use strict';
(function () {
  var form = document.getElementById('open-link');
  if (form && !form.dataset.sent) {
    form.dataset.sent = '1';
    form.submit();
  }
})();
`;

/** A token as links carry it (base64url), or '' for anything else. */
export function linkTokenOf(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : '';
}

/**
 * GET /api/auth/verify?token=…: a page that posts the token back to /api/auth/verify (by its script at
 * once, or by its button when scripts are off). Opening the link's URL changes nothing, so a mail
 * scanner that fetches links neither uses the link up nor receives a session.
 */
export function openLinkPage(token: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Signing in · Conference Assistant</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 4px 24px #0f172a1a;max-width:420px;width:90%}
h1{font-size:1.4rem;margin:0 0 .5rem}
button{margin-top:1rem;width:100%;padding:.7rem;border:0;border-radius:8px;background:#1d4ed8;color:#fff;font-size:1rem;cursor:pointer}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
</style>
<script src="${OPEN_LINK_SCRIPT_PATH}" defer></script>
</head>
<body><main>
<h1>Signing you in…</h1>
<p>If nothing happens, press the button to open your sign-in link.</p>
<form id="open-link" method="post" action="/api/auth/verify">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Sign in</button>
</form>
</main></body></html>`;
}

/**
 * Sends the page: never cached; the referrer (the URL holds the token) goes to this origin only. Not
 * `no-referrer`: browsers then send `Origin: null` with the form's POST, which the cross-site check
 * refuses.
 */
export function sendOpenLinkPage(res: Response, token: string): void {
  res
    .status(200)
    .set({
      'Content-Security-Policy': PAGE_CSP,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
    })
    .type('html')
    .send(openLinkPage(token));
}
