import type { Request } from 'express';

/** The caller's address as Express sees it (honours `trust proxy`). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
