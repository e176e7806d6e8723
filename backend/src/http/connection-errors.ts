/**
 * Whether an error means a backing service (the database, Redis, the object store) could not be
 * reached or dropped the connection, rather than a fault of the request or the code: such a failure
 * passes when the service is back, so the API answers 503 with Retry-After instead of 500.
 * Recognised by code and class first; pg's own connection errors carry no code, so its few fixed
 * texts are matched at their start.
 */

/** Node's socket and DNS error codes for a connection that failed or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ERR_SOCKET_CLOSED',
]);
/** PostgreSQL SQLSTATEs of a connection lost or refused: class 08, and the server shutting down or starting. */
const POSTGRES_UNAVAILABLE = /^(08...|57P0[1-3])$/;
/** Classes (by name) of a lost Redis connection (ioredis); the object store's SDK passes Node's socket errors on. */
const UNAVAILABLE_CLASSES = new Set(['MaxRetriesPerRequestError']);
/** pg and pg-pool errors without a code: a connection ended, or none came from the pool in time. */
const PG_CONNECTION_TEXTS = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Connection is closed',
];

type ErrorLike = { name?: unknown; code?: unknown; message?: unknown; driverError?: unknown; errors?: unknown };

function isUnavailable(err: ErrorLike): boolean {
  const code = typeof err.code === 'string' ? err.code : '';
  if (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code)) return true;
  if (typeof err.name === 'string' && UNAVAILABLE_CLASSES.has(err.name)) return true;
  const message = typeof err.message === 'string' ? err.message : '';
  return !code && PG_CONNECTION_TEXTS.some((text) => message.startsWith(text));
}

/**
 * Whether `error`, or an error it wraps (TypeORM's driverError, an AggregateError's errors), is a
 * connection failure. A `cause` is not followed: the AI provider's client wraps its own connection
 * errors, and a provider that fails is a 502 (the client's fallback chain), not a brief outage here.
 */
export function isConnectionError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const err = error as ErrorLike;
  if (isUnavailable(err)) return true;
  const inner = [err.driverError, ...(Array.isArray(err.errors) ? err.errors : [])];
  return inner.some((e) => isConnectionError(e, depth + 1));
}

/** What the API answers while a backing service is away: 503, try again after this many seconds. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
