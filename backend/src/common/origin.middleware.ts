import { ForbiddenException, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from '../config/app-config';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request whose Origin names another site (CSRF defence on top of
 * SameSite=Lax cookies). Requests without an Origin (scripts, tests) are judged by the session alone.
 */
@Injectable()
export class OriginCheckMiddleware implements NestMiddleware {
  constructor(private readonly config: AppConfig) {}

  use(req: Request, _res: Response, next: NextFunction): void {
    const origin = req.headers.origin;
    if (SAFE.has(req.method) || !origin) return next();
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw new ForbiddenException('Cross-site request refused.');
    }
    const allowed = new Set([req.headers.host, new URL(this.config.appUrl).host]);
    if (!allowed.has(host)) throw new ForbiddenException('Cross-site request refused.');
    next();
  }
}
