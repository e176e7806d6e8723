import { cleanText } from '../database/text-sanitize';

/**
 * An email address as every limit, comparison and lookup keys it: control characters removed (as the
 * global pipe removes them from bodies), trimmed, lower-cased; '' for anything but text.
 */
export function normalEmail(value: unknown): string {
  return typeof value === 'string' ? cleanText(value).trim().toLowerCase() : '';
}

/**
 * An address mail is sent to (chat history, takeaways): a local part, '@', then dot-separated labels.
 * Each label excludes the dot, so a run of dots can be read one way only and the match stays linear
 * (the earlier `[^\s@]+\.[^\s@]+` tried every dot of 'a@…………' as the separator: 16 s for a 100 kB body).
 * Empty labels ('a@b..c', 'a@.b') are refused with it.
 */
export const MAIL_RECIPIENT_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
