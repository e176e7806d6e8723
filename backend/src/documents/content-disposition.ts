import { stripAccents } from '../text/lang/fold';
/**
 * `Content-Disposition: attachment` naming the original file: an ASCII fallback in `filename` and
 * the exact name, UTF-8 percent-encoded, in `filename*` (RFC 6266 / RFC 5987).
 */
export function attachmentDisposition(filename: string): string {
  const fallback = stripAccents(filename)
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
