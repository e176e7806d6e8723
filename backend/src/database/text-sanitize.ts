import { BadRequestException } from '@nestjs/common';

/**
 * One place that makes text safe for PostgreSQL `text`/`jsonb` columns, used by every entry point
 * (parsers before chunks are written, request bodies, file names, imports).
 *
 * PostgreSQL text cannot hold U+0000, and a lone UTF-16 surrogate (half of a pair, as some PDF text
 * layers and truncated strings produce) is not valid UTF-8, so the driver would send bytes the server
 * rejects (`invalid byte sequence for encoding "UTF8": 0x00`).
 */

// NUL and the other C0 controls except tab, line feed and carriage return; DEL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
// eslint-disable-next-line no-control-regex
const NUL = /\u0000/g;
// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Unicode non-characters U+FFFE/U+FFFF are valid UTF-8 but never meaningful text. */
const NON_CHARACTER = /[\uFFFE\uFFFF]/g;

/** True when the text holds something PostgreSQL cannot store (NUL) or an unpaired surrogate. */
export function hasUnstorableText(value: string): boolean {
  NUL.lastIndex = 0;
  LONE_SURROGATE.lastIndex = 0;
  return NUL.test(value) || LONE_SURROGATE.test(value);
}

/**
 * Text as it may be stored: NUL removed, other control characters (but tab, newline, carriage
 * return) removed, lone surrogates replaced by U+FFFD, non-characters removed. Everything else,
 * accented letters and emoji included, is kept as given.
 */
export function cleanText(value: string): string {
  if (!value) return value;
  return value
    .replace(CONTROL, (c) => (c === '\u000B' || c === '\u000C' ? ' ' : ''))
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(NON_CHARACTER, '');
}

/** Deepest nesting of arrays and objects a request body, query or import may have. */
export const MAX_NESTING_DEPTH = 400;
export const TOO_DEEPLY_NESTED_MESSAGE = `The request is nested too deeply (${MAX_NESTING_DEPTH} levels at most).`;

/** A value nested deeper than MAX_NESTING_DEPTH: a 400 `{message}` wherever it is thrown from. */
export class TooDeeplyNestedException extends BadRequestException {
  constructor() {
    super(TOO_DEEPLY_NESTED_MESSAGE);
  }
}

/**
 * `cleanText` applied to every string inside a JSON-like value (arrays and plain objects, those
 * without a prototype too, as query strings are parsed), keys included; other values are returned as
 * they are. For request bodies and imported files. Throws `TooDeeplyNestedException` (400) past
 * MAX_NESTING_DEPTH levels instead of recursing until the stack runs out.
 */
export function cleanDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  const isArray = Array.isArray(value);
  const isPlain = !isArray && [Object.prototype, null].includes(Object.getPrototypeOf(value));
  if (!isArray && !isPlain) return value;
  if (depth >= MAX_NESTING_DEPTH) throw new TooDeeplyNestedException();
  if (isArray) return (value as unknown[]).map((item) => cleanDeep(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[cleanText(key)] = cleanDeep(item, depth + 1);
  return out as T;
}
