import { Badge } from '@/components/ui/Badge';
import { Dialog } from '@/components/ui/Dialog';
import { passageLocation } from '@/lib/format';
import type { Source } from '@/lib/types';

/** The cited passage of a badge: session, page or time, snippet. */
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
          <blockquote className="max-h-80 overflow-y-auto border-l-4 border-sky-300 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
            {source.snippet}
          </blockquote>
        </div>
      )}
    </Dialog>
  );
}
