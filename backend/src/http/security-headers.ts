import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config/app-config';

/**
 * The Content-Security-Policy of every response (the three built apps, the API, the sign-in page):
 * scripts only from this origin (no inline script), images only from this origin or data: URLs (an
 * answer or a document can never make a browser fetch a remote image), no framing, no plugins.
 * Styles allow inline because the consoles' component library injects <style> elements.
 */
export function contentSecurityPolicy(production: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Only in production: on plain-HTTP installs (local, a LAN demo) it would break every request.
    'upgrade-insecure-requests': production ? [] : null,
  };
}

/**
 * helmet: CSP above, X-Content-Type-Options: nosniff, X-Frame-Options: DENY, Referrer-Policy:
 * strict-origin-when-cross-origin (no-referrer on sign-in links), Cross-Origin-Opener-Policy, and
 * HSTS (one year) in production only.
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config.isProduction) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  }) as RequestHandler;
}
