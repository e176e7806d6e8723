import { applyDecorators, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModuleOptions, type ThrottlerOptions } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { clientIp } from './client-ip';
import { normalEmail } from '../email/email-address';
import { isKnownDevice } from '../auth/known-device';

type Group = 'login' | 'chat' | 'email' | 'takeaways' | 'search' | 'writes';
const GROUP_KEY = 'rateLimitGroup';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/**
 * Applies the named group's limits (settings) to a route; 429 `{message}` when exceeded.
 * Counters are shared by every route of a group: `login` covers POST /api/login, /api/quick-login
 * and /api/auth/link together (per IP, per email address and client address, and a looser ceiling
 * per email address whatever the client address); `email` covers both mail routes; `writes` the
 * light writes (a new chat thread, feedback on an answer).
 */
export const RateLimited = (group: Group) => applyDecorators(SetMetadata(GROUP_KEY, group), UseGuards(ThrottlerGuard));

/** The parts of an Express request the trackers read (the throttler hands over the raw request). */
type Req = { body?: { email?: unknown } | null; user?: { id?: string; email?: string; role?: string }; cookies?: unknown };
const groupOf = (ctx: ExecutionContext): Group | undefined => Reflect.getMetadata(GROUP_KEY, ctx.getHandler());
const requestOf = (ctx: ExecutionContext): Req => ctx.switchToHttp().getRequest<Req>();
/**
 * The address a login request names as the sign-in will store it (control characters removed,
 * trimmed, lower-cased: `a@b.c\u0001` and `A@B.C` share the counters of `a@b.c`), or '' (then only
 * the per-IP limit applies). The throttler runs before the pipes that clean the body, so it cleans here.
 */
export const emailOf = (req: Req): string => normalEmail(req.body?.email);
/**
 * The address's owner, recognised: a privileged session of that address, or a browser that opened a
 * sign-in link of it (KNOWN_DEVICE_COOKIE). Such a request is not held back by the per-address limits,
 * so requests naming the address from elsewhere cannot lock its owner out.
 */
export function isAddressOwner(req: Req, secret: string, email = emailOf(req)): boolean {
  if (!email) return false;
  if (req.user?.email === email && req.user.role !== undefined && req.user.role !== 'attendee') return true;
  return isKnownDevice(secret, req.cookies, email);
}
const ipOf = (req: Req) => clientIp(req as never);
const userOrIp = (req: Req) => (req.user?.id ? `user:${req.user.id}` : `ip:${ipOf(req)}`);
/** One counter per throttler and tracker, whatever route of the group was called. */
const sharedKey = (_ctx: ExecutionContext, tracker: string, name: string) => `${name}:${tracker}`;

/** One throttler of a group: `ttl` ms window, `limit` requests, counted per `tracker`. */
function throttler(
  group: Group,
  name: string,
  ttl: number,
  limit: number,
  tracker: (req: Req) => string,
  skip?: (req: Req) => boolean,
  extra: Pick<ThrottlerOptions, 'setHeaders'> = {},
): ThrottlerOptions {
  return {
    name,
    ttl,
    limit,
    skipIf: (ctx) => groupOf(ctx) !== group || (skip?.(requestOf(ctx)) ?? false),
    getTracker: tracker,
    generateKey: sharedKey,
    ...extra,
  };
}

/**
 * Every limit of the API. Order matters: a request refused by one throttler is not counted by the
 * ones after it. So the per-email ceiling counts only sign-ins that passed the per-(email, address)
 * limit (a flood from one address cannot use up the ceiling of the person it targets), and per-user
 * limits come before per-IP and global ones (one user hammering a route behind a conference NAT
 * does not use up the quota of everyone else behind it).
 * The per-address sign-in limits send no X-RateLimit headers (they would show anyone how many
 * sign-ins other people attempted with an address) and do not hold back the address's owner.
 * The storage (in memory by default) is chosen where ThrottlerModule is registered.
 */
export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  const noEmail = (req: Req) => emailOf(req) === '';
  const perAddressSkip = (req: Req) => noEmail(req) || isAddressOwner(req, config.sessionSecret);
  const quiet = { setHeaders: false };
  return {
    errorMessage: RATE_LIMIT_MESSAGE,
    throttlers: [
      throttler('login', 'login-ip', MINUTE, config.loginLimitPerIp, ipOf),
      throttler(
        'login',
        'login-email-ip',
        MINUTE,
        config.loginLimitPerEmail,
        (req) => `${emailOf(req)}|${ipOf(req)}`,
        perAddressSkip,
        quiet,
      ),
      throttler('login', 'login-email', MINUTE, config.loginLimitPerEmailTotal, emailOf, perAddressSkip, quiet),
      throttler('chat', 'chat-user', MINUTE, config.chatLimitPerUser, userOrIp),
      throttler('chat', 'chat-ip', MINUTE, config.chatLimitPerIp, ipOf),
      throttler('takeaways', 'takeaways-user', MINUTE, config.takeawaysLimitPerUser, userOrIp),
      throttler('takeaways', 'takeaways-ip', MINUTE, config.takeawaysLimitPerIp, ipOf),
      throttler('search', 'search-user', MINUTE, config.searchLimitPerUser, userOrIp),
      throttler('search', 'search-ip', MINUTE, config.searchLimitPerIp, ipOf),
      throttler('email', 'email-user', MINUTE, config.emailLimitPerUser, userOrIp),
      throttler('email', 'email-user-day', DAY, config.emailLimitPerUserDay, userOrIp),
      throttler('email', 'email-ip', MINUTE, config.emailLimitPerIp, ipOf),
      throttler('email', 'email-global', HOUR, config.emailLimitGlobalHour, () => 'all'),
      throttler('writes', 'writes-user', MINUTE, config.writeLimitPerUser, userOrIp),
      throttler('writes', 'writes-ip', MINUTE, config.writeLimitPerIp, ipOf),
    ],
  };
}
