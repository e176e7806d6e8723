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

/**
 * `cleanText` applied to every string inside a JSON-like value (arrays and plain objects, those
 * without a prototype too, as query strings are parsed), keys included; other values are returned as they are. For request bodies and imported files.
 */
export function cleanDeep<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map((item) => cleanDeep(item)) as T;
  if (value && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[cleanText(key)] = cleanDeep(item);
    return out as T;
  }
  return value;
}
