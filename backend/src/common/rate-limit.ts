import { applyDecorators, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModuleOptions } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';

type Group = 'login' | 'chat' | 'email';
const GROUP_KEY = 'rateLimitGroup';
const MINUTE = 60_000;

/** Applies the named group's limits (settings) to a route; 429 with a message when exceeded. */
export const RateLimited = (group: Group) => applyDecorators(SetMetadata(GROUP_KEY, group), UseGuards(ThrottlerGuard));

const inGroup = (group: Group) => (ctx: ExecutionContext) => Reflect.getMetadata(GROUP_KEY, ctx.getHandler()) !== group;
const userId = (req: Record<string, any>) => String(req.user?.id ?? req.ip);

export function rateLimitOptions(config: AppConfig): ThrottlerModuleOptions {
  return {
    errorMessage: 'Too many requests. Please wait a minute and try again.',
    throttlers: [
      { name: 'login-ip', ttl: MINUTE, limit: config.loginLimitPerIp, skipIf: inGroup('login') },
      {
        name: 'login-email',
        ttl: MINUTE,
        limit: config.loginLimitPerEmail,
        skipIf: inGroup('login'),
        getTracker: (req) => String(req.body?.email ?? '').trim().toLowerCase(),
      },
      { name: 'chat-user', ttl: MINUTE, limit: config.chatLimitPerUser, skipIf: inGroup('chat'), getTracker: userId },
      { name: 'email-user', ttl: MINUTE, limit: config.emailLimitPerUser, skipIf: inGroup('email'), getTracker: userId },
    ],
  };
}
