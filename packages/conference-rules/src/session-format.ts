/**
 * A session's format as both apps label it (PRODUCT.md §2): by keyword (keynote, fireside chat,
 * concurrent, roundtable, lightning, lab or workshop shown as Workshop), otherwise the value as written,
 * trimmed, its first letter capitalised like every other label ('panel' → 'Panel'), or 'Session' without one.
 * The formats themselves are the backend's (`SESSION_FORMATS` of the contract).
 */

const KEYWORDS: readonly (readonly [keyword: string, label: string])[] = [
  ['keynote', 'Keynote'],
  ['fireside', 'Fireside Chat'],
  ['concurrent', 'Concurrent'],
  ['roundtable', 'Roundtable'],
  ['lightning', 'Lightning'],
  ['workshop', 'Workshop'],
  ['lab', 'Workshop'],
];

export function sessionFormatLabel(format: string | null | undefined): string {
  const raw = (format ?? '').trim();
  const lower = raw.toLowerCase();
  const known = KEYWORDS.find(([keyword]) => lower.includes(keyword));
  if (known) return known[1];
  return raw ? raw.charAt(0).toUpperCase() + raw.slice(1) : 'Session';
}
