import type { Source } from '@/lib/types';

/**
 * A bracketed citation: [p. 3], [pp. 3-4], [12:34], [1:02:03], [line 112] (an untimed transcript's
 * turn), or one of them after a session name such as [Lender Panel, p. 3] or [Research Meeting, line 112].
 */
export const CITATION_PATTERN = /\[(?:[^[\]\n]{1,120}?,\s*)?(?:pp?\.\s?\d+(?:\s?[-–]\s?\d+)?|\d{1,2}:\d{2}(?::\d{2})?|line \d+)\]/g;

export type Piece = { kind: 'text'; value: string } | { kind: 'citation'; value: string };

/** Splits text into plain pieces and citation markers. */
export function splitCitations(text: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const m of text.matchAll(CITATION_PATTERN)) {
    const at = m.index ?? 0;
    if (at > last) pieces.push({ kind: 'text', value: text.slice(last, at) });
    pieces.push({ kind: 'citation', value: m[0] });
    last = at + m[0].length;
  }
  if (last < text.length) pieces.push({ kind: 'text', value: text.slice(last) });
  return pieces;
}

const normalise = (m: string) => m.replace(/\s+/g, ' ').trim().toLowerCase();

/** The source a marker points at (matched on `marker`). */
export function findSource(sources: Source[] | undefined, marker: string): Source | undefined {
  const wanted = normalise(marker);
  return sources?.find((s) => normalise(s.marker) === wanted);
}

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** A rehype plugin turning citation markers in text into <cite> elements (rendered as badges). */
export function rehypeCitations() {
  const walk = (node: HastNode) => {
    if (!node.children || (node.type === 'element' && (node.tagName === 'code' || node.tagName === 'pre'))) return;
    const next: HastNode[] = [];
    for (const child of node.children) {
      if (child.type === 'text' && child.value) {
        for (const piece of splitCitations(child.value)) {
          next.push(
            piece.kind === 'text'
              ? { type: 'text', value: piece.value }
              : { type: 'element', tagName: 'cite', properties: {}, children: [{ type: 'text', value: piece.value }] },
          );
        }
      } else {
        walk(child);
        next.push(child);
      }
    }
    node.children = next;
  };
  return (tree: HastNode) => walk(tree);
}
