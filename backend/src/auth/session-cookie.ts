import type { CookieOptions, Response } from 'express';
import type { AppConfig } from '../config/app-config';

export const SESSION_COOKIE = 'ca_session';
/** A session lives this long after its last use (sliding expiry, renewed at most once a minute). */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
/** Admin and super admin sessions: closed after 30 minutes unused, and 12 hours after sign-in whatever happens. */
export const PRIVILEGED_SESSION_IDLE_SECONDS = 30 * 60;
export const PRIVILEGED_SESSION_MAX_SECONDS = 12 * 3600;

/** httpOnly, SameSite=Lax, whole site; Secure in production or whenever APP_URL is https. */
export function sessionCookieOptions(config: AppConfig): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction || config.appUrl.startsWith('https:'),
    path: '/',
  };
}

export function setSessionCookie(res: Response, config: AppConfig, token: string, maxAgeSeconds = SESSION_TTL_SECONDS): void {
  res.cookie(SESSION_COOKIE, token, { ...sessionCookieOptions(config), maxAge: maxAgeSeconds * 1000 });
}

export function clearSessionCookie(res: Response, config: AppConfig): void {
  res.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
}

/** The session token a request carries, if it looks like one. */
export function sessionTokenOf(cookies: unknown): string | undefined {
  const token = (cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : undefined;
}
