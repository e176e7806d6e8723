import type { ReactNode } from 'react';
import type { SearchResult } from '@/lib/types';

/** A snippet with its matched words (the server's spans of it) in <mark>, as text (never HTML or markup). */
export function highlightSnippet({ snippet, highlights }: Pick<SearchResult, 'snippet' | 'highlights'>): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const [i, h] of highlights.entries()) {
    if (h.start < at || h.end <= h.start || h.end > snippet.length) continue; // out of order or out of range
    if (h.start > at) out.push(snippet.slice(at, h.start));
    out.push(
      <mark key={i} className="rounded bg-amber-200 px-0.5 text-slate-950">
        {snippet.slice(h.start, h.end)}
      </mark>,
    );
    at = h.end;
  }
  if (at < snippet.length) out.push(snippet.slice(at));
  return out;
}
