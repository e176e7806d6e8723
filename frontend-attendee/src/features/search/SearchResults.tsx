import { Badge } from '@/components/ui/Badge';
import { passageLocation } from '@/lib/format';
import type { SearchResult } from '@/lib/types';
import { highlightSnippet } from './highlight';

export function SearchResults({ results }: { results: SearchResult[] }) {
  return (
    <ol className="grid gap-3" aria-label="Search results">
      {results.map((r, i) => (
        <li
          key={`${r.documentId}-${r.marker}-${i}`}
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          data-testid="search-result"
        >
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-sm font-semibold text-slate-900">{r.sessionTitle}</h2>
            <Badge tone="sky">{r.marker}</Badge>
            <Badge>{r.kind === 'pdf' ? 'PDF' : 'Transcript'}</Badge>
            {passageLocation(r) && <span className="text-xs text-slate-700">{passageLocation(r)}</span>}
          </div>
          <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800">{highlightSnippet(r)}</p>
        </li>
      ))}
    </ol>
  );
}
