import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';

/**
 * A JSON response body serialised once and sent many times: the bytes, their gzip form and a strong
 * ETag. A list read far more often than it changes (the session list) is prepared when it changes, so
 * a request costs no serialisation, hashing or compression.
 */
export interface PreparedJson<T> {
  readonly value: T;
  readonly body: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
}

/** Bodies under this size are sent as they are: gzip saves nothing worth a header. */
const GZIP_MIN_BYTES = 1024;

export function prepareJson<T>(value: T): PreparedJson<T> {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { value, body, gzip: body.length >= GZIP_MIN_BYTES ? gzipSync(body) : body, etag };
}

/**
 * Whether the request asks for gzip: Express's negotiation (`gzip;q=0` refuses it). A request without
 * Accept-Encoding gets the plain bytes, as clients that send none often cannot decode.
 */
function acceptsGzip(req: Request): boolean {
  return !!req.headers['accept-encoding'] && req.acceptsEncodings('gzip', 'identity') === 'gzip';
}

/**
 * Sends a prepared body: the gzip bytes when the client accepts them, else the plain bytes; Express
 * answers 304 when the client's If-None-Match names the ETag, and HEAD without a body. Caches may keep
 * it only per user (`private`) and must ask again each time (`no-cache`): the list depends on the role.
 */
export function sendPreparedJson(req: Request, res: Response, prepared: PreparedJson<unknown>): void {
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('Vary', 'Accept-Encoding, Cookie');
  res.setHeader('ETag', prepared.etag);
  res.type('application/json; charset=utf-8');
  const gzip = prepared.gzip !== prepared.body && acceptsGzip(req);
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.send(gzip ? prepared.gzip : prepared.body);
}
