import { applyDecorators, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModuleOptions } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';
import { clientIp } from './client-ip';

type Group = 'login' | 'chat' | 'email';
const GROUP_KEY = 'rateLimitGroup';
const MINUTE = 60_000;
export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/**
 * Applies the named group's limits (settings) to a route; 429 `{message}` when exceeded.
 * Counters are shared by every route of a group: `login` covers POST /api/login, /api/quick-login
 * and /api/auth/link together (per IP, and per email address when the body names one).
 */
export const RateLimited = (group: Group) => applyDecorators(SetMetadata(GROUP_KEY, group), UseGuards(ThrottlerGuard));

type Req = Record<string, any>;
const groupOf = (ctx: ExecutionContext): Group | undefined => Reflect.getMetadata(GROUP_KEY, ctx.getHandler());
const requestOf = (ctx: ExecutionContext): Req => ctx.switchToHttp().getRequest<Req>();
/** The normalised email address a login request names, or '' (then only the per-IP limit applies). */
export const emailOf = (req: Req): string => {
  const email = req.body?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};
const userOrIp = (req: Req) => (req.user?.id ? `user:${req.user.id}` : `ip:${clientIp(req as never)}`);
/** One counter per throttler and tracker, whatever route of the group was called. */
const sharedKey = (_ctx: ExecutionContext, tracker: string, name: string) => `${name}:${tracker}`;

export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  return {
    errorMessage: RATE_LIMIT_MESSAGE,
    throttlers: [
      {
        name: 'login-ip',
        ttl: MINUTE,
        limit: config.loginLimitPerIp,
        skipIf: (ctx) => groupOf(ctx) !== 'login',
        getTracker: (req) => clientIp(req as never),
        generateKey: sharedKey,
      },
      {
        name: 'login-email',
        ttl: MINUTE,
        limit: config.loginLimitPerEmail,
        skipIf: (ctx) => groupOf(ctx) !== 'login' || emailOf(requestOf(ctx)) === '',
        getTracker: (req) => emailOf(req),
        generateKey: sharedKey,
      },
      {
        name: 'chat-user',
        ttl: MINUTE,
        limit: config.chatLimitPerUser,
        skipIf: (ctx) => groupOf(ctx) !== 'chat',
        getTracker: userOrIp,
        generateKey: sharedKey,
      },
      {
        name: 'email-user',
        ttl: MINUTE,
        limit: config.emailLimitPerUser,
        skipIf: (ctx) => groupOf(ctx) !== 'email',
        getTracker: userOrIp,
        generateKey: sharedKey,
      },
    ],
  };
}
