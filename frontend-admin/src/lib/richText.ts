import { CITATION_MARKER } from '@contract/api-types';

/**
 * Assistant answers as the attendee app shows them (PRODUCT.md §1, §2): bold text, bullet lines and
 * bracketed citations such as [p. 3], [12:34], [line 112], [Lender Panel, p. 3] or [Session: Title] as badges. Parsed into plain
 * data so React renders text nodes only (never raw HTML).
 */

/** The citation markers of the server's grammar, read from the contract (`CITATION_MARKER` of the generated api-types.ts). */
export const CITATION_PATTERN = new RegExp(CITATION_MARKER.pattern, 'g');

export type Segment = { kind: 'text' | 'bold' | 'citation'; value: string };
export type Block = { kind: 'paragraph' | 'bullet' | 'numbered' | 'heading'; segments: Segment[]; number?: string };

/** Splits a line into text, **bold** and citation segments. */
export function parseInline(line: string): Segment[] {
  const out: Segment[] = [];
  const boldParts = line.split(/(\*\*[^*]+\*\*)/g);
  for (const part of boldParts) {
    if (!part) continue;
    if (/^\*\*[^*]+\*\*$/.test(part)) {
      out.push(...splitCitations(part.slice(2, -2), 'bold'));
    } else {
      out.push(...splitCitations(part, 'text'));
    }
  }
  return out;
}

function splitCitations(text: string, kind: 'text' | 'bold'): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const m of text.matchAll(CITATION_PATTERN)) {
    if (m.index > last) out.push({ kind, value: text.slice(last, m.index) });
    out.push({ kind: 'citation', value: m[0] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ kind, value: text.slice(last) });
  return out;
}

/** Lines as blocks: '- ', '* ', '• ' bullets, '1. ' numbered, '#' headings, anything else a paragraph. */
export function parseRichText(content: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of content.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    let m: RegExpExecArray | null;
    if ((m = /^[-*•]\s+(\S.*|)$/.exec(line))) blocks.push({ kind: 'bullet', segments: parseInline(m[1]) });
    else if ((m = /^(\d+)[.)]\s+(\S.*|)$/.exec(line))) blocks.push({ kind: 'numbered', number: m[1], segments: parseInline(m[2]) });
    else if ((m = /^#{1,6}\s+(\S.*|)$/.exec(line))) blocks.push({ kind: 'heading', segments: parseInline(m[1]) });
    else blocks.push({ kind: 'paragraph', segments: parseInline(line) });
  }
  return blocks;
}
