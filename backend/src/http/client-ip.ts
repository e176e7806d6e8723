import type { Request } from 'express';

/**
 * The caller's address as Express sees it: `req.ip` honours the `trust proxy` setting (the
 * rightmost X-Forwarded-For entry not added by a trusted proxy). IPv4 addresses reached over an
 * IPv6 socket (`::ffff:10.0.0.1`) are given in their plain IPv4 form.
 */
export function clientIp(req: Pick<Request, 'ip' | 'socket'>): string {
  const ip = req.ip ?? req.socket?.remoteAddress ?? '';
  const plain = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice('::ffff:'.length) : ip;
  return plain || 'unknown';
}
