import type { ReactNode } from 'react';

/** Renders a snippet whose matched words are wrapped in **…** with <mark>, as text (never HTML). */
export function highlightSnippet(snippet: string): ReactNode[] {
  return snippet.split(/\*\*(.+?)\*\*/g).map((part, i) =>
    i % 2 === 1 ? (
      <mark key={i} className="rounded bg-amber-200 px-0.5 text-slate-950">
        {part}
      </mark>
    ) : (
      part
    ),
  );
}
