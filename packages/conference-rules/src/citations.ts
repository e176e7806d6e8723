import { CITATION_MARKER } from '@contract/api-types';

/**
 * A bracketed citation: [p. 3], [pp. 3-4], [12:34], [1:02:03], [line 112] (an untimed transcript's
 * turn), or one of them after a session name such as [Lender Panel, p. 3] or [Research Meeting, line 112];
 * or a program entry, [Session: Opening Keynote]. The grammar is the server's, read from the contract
 * (`CITATION_MARKER` of the generated api-types.ts).
 */
export const CITATION_PATTERN = new RegExp(CITATION_MARKER.pattern, 'g');

export type Piece = { kind: 'text'; value: string } | { kind: 'citation'; value: string; claim: string };

/** The sentence a marker closes: the text before it back to the previous sentence end or marker. */
function claimBefore(text: string): string {
  const t = text.replace(CITATION_PATTERN, ' ').trimEnd();
  const ends = [...t.matchAll(/[.!?](?=\s)/g)].map((m) => m.index ?? 0);
  const start = ends.filter((i) => i < t.length - 1).pop();
  return t.slice(start === undefined ? 0 : start + 1).trim();
}

/**
 * Splits text into plain pieces and citation markers. `before`: the text of the same paragraph that
 * precedes `text` (outside bold, say), which a marker's sentence may start in.
 */
export function splitCitations(text: string, before = ''): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const m of text.matchAll(CITATION_PATTERN)) {
    const at = m.index ?? 0;
    if (at > last) pieces.push({ kind: 'text', value: text.slice(last, at) });
    pieces.push({ kind: 'citation', value: m[0], claim: claimBefore(before + text.slice(0, at)) });
    last = at + m[0].length;
  }
  if (last < text.length) pieces.push({ kind: 'text', value: text.slice(last) });
  return pieces;
}
