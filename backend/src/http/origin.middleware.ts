import { ForbiddenException, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from '../config/app-config';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE_MESSAGE = 'Cross-site request refused.';

/** Whether a request with this Origin header may change state: same host as the request or as APP_URL. */
export function isAllowedOrigin(origin: string, requestHost: string | undefined, appUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // "null" (sandboxed frames, privacy redirects) and garbage
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  const allowed = [new URL(appUrl).host, requestHost?.toLowerCase()].filter(Boolean);
  return allowed.includes(parsed.host);
}

/**
 * Refuses a state-changing request whose Origin names another site (CSRF defence on top of
 * SameSite=Lax cookies). Requests without an Origin (scripts, tests) are judged by the session alone.
 */
@Injectable()
export class OriginCheckMiddleware implements NestMiddleware {
  constructor(private readonly config: AppConfig) {}

  use(req: Request, _res: Response, next: NextFunction): void {
    const origin = req.headers.origin;
    if (SAFE_METHODS.has(req.method) || origin === undefined) return next();
    if (!isAllowedOrigin(origin, req.headers.host, this.config.appUrl)) throw new ForbiddenException(CROSS_SITE_MESSAGE);
    next();
  }
}
