import { createHmac, timingSafeEqual } from 'node:crypto';
import { normalEmail } from '../email/email-address';

/**
 * A browser that has opened a sign-in link of an address keeps this cookie (httpOnly, 90 days): its
 * requests for that address skip the per-address sign-in limits, so a flood of requests naming an
 * admin's address from elsewhere never locks that admin out of asking for a new link. The value is
 * `<expiry seconds>.<HMAC of the address and expiry>`: it names no address and cannot be forged
 * without SESSION_SECRET. It grants nothing else (no session, no role).
 */
export const KNOWN_DEVICE_COOKIE = 'ca_device';
export const KNOWN_DEVICE_SECONDS = 90 * 24 * 3600;

function mac(secret: string, email: string, expires: number): string {
  return createHmac('sha256', secret).update(`known-device\n${email}\n${expires}`).digest('base64url');
}

/** The cookie value for `email`, valid KNOWN_DEVICE_SECONDS from `now` (ms). */
export function knownDeviceToken(secret: string, email: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + KNOWN_DEVICE_SECONDS;
  return `${expires}.${mac(secret, normalEmail(email), expires)}`;
}

/** Whether the request's cookies show that this browser opened a sign-in link of `email` (and not too long ago). */
export function isKnownDevice(secret: string, cookies: unknown, email: string, now = Date.now()): boolean {
  const value = (cookies as Record<string, unknown> | undefined)?.[KNOWN_DEVICE_COOKIE];
  if (typeof value !== 'string' || value.length > 200 || !email) return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now) return false;
  const expected = Buffer.from(mac(secret, normalEmail(email), expires));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
