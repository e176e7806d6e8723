import { cleanText } from './text-sanitize';

/**
 * An email address as every limit, comparison and lookup keys it: control characters removed (as the
 * global pipe removes them from bodies), trimmed, lower-cased; '' for anything but text.
 */
export function normalEmail(value: unknown): string {
  return typeof value === 'string' ? cleanText(value).trim().toLowerCase() : '';
}
