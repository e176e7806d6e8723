import { Badge } from '@/components/ui/Badge';
import { Dialog } from '@/components/ui/Dialog';
import { passageLocation } from '@/lib/format';
import type { Source } from '@/lib/types';

/**
 * The cited passage of a badge: session, page, time or line, and the snippet; for an untimed
 * transcript the turns around the cited one with their lines, the cited turn highlighted.
 */
export function SourceDialog({ source, onClose }: { source: Source | null; onClose: () => void }) {
  return (
    <Dialog open={!!source} onOpenChange={(open) => !open && onClose()} title={source?.sessionTitle ?? 'Source'}>
      {source && (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <Badge tone="sky">{source.marker}</Badge>
            <Badge>{source.kind === 'pdf' ? 'PDF' : 'Transcript'}</Badge>
            {passageLocation(source) && <span>{passageLocation(source)}</span>}
          </div>
          {source.excerpt && source.excerpt.length > 0 ? (
            <ol
              aria-label="Transcript passage"
              className="max-h-80 overflow-y-auto border-l-4 border-sky-300 bg-slate-50 p-2 text-sm text-slate-800"
            >
              {source.excerpt.map((turn) => (
                <li
                  key={turn.line}
                  aria-current={turn.cited ? 'true' : undefined}
                  data-cited={turn.cited ? 'true' : undefined}
                  className={`flex gap-2 rounded px-1 py-0.5 ${turn.cited ? 'bg-amber-100 font-medium text-slate-900' : ''}`}
                >
                  <span className="w-16 shrink-0 text-right text-xs text-slate-700 tabular-nums">line {turn.line}</span>
                  <span className="whitespace-pre-wrap">{turn.text}</span>
                </li>
              ))}
            </ol>
          ) : (
            <blockquote className="max-h-80 overflow-y-auto border-l-4 border-sky-300 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
              {source.snippet}
            </blockquote>
          )}
        </div>
      )}
    </Dialog>
  );
}
