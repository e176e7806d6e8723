import { lazy, Suspense } from 'react';
import { documentViewUrl } from '@/lib/api';
import { Badge } from '@/components/ui/Badge';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { SessionEntry } from '@/features/sessions/SessionEntry';
import { passageLocation } from '@/lib/format';
import type { Source } from '@/lib/types';
import { splitCited } from './citations';

// pdf.js and its worker load only when a PDF citation opens.
const PdfPage = lazy(() => import('./PdfPage'));

/** The PDF at the cited page, in the browser's own viewer. */
export function documentPageHref(documentId: string, page: number): string {
  return `${documentViewUrl(documentId)}#page=${page}`;
}

/** The passage with the sentence the answer cites highlighted (the whole passage when none matches). */
function CitedPassage({ source, claim }: { source: Source; claim?: string }) {
  const split = splitCited(source.snippet, claim);
  return (
    <blockquote
      aria-label="Cited passage"
      // A long passage scrolls inside its box, so keyboard users must reach it (axe scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region is focusable by design
      tabIndex={0}
      className="max-h-60 overflow-y-auto border-l-4 border-sky-300 bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800"
    >
      {split ? (
        <>
          {split.before}
          <mark className="rounded bg-amber-200 px-0.5 text-slate-950">{split.cited}</mark>
          {split.after}
        </>
      ) : (
        source.snippet
      )}
    </blockquote>
  );
}

/** An untimed transcript's turns around the cited one, with their lines (the cited turn marked). */
function TranscriptExcerpt({ excerpt }: { excerpt: NonNullable<Source['excerpt']> }) {
  return (
    <ol
      aria-label="Transcript passage"
      className="max-h-80 overflow-y-auto border-l-4 border-sky-300 bg-slate-50 p-2 text-sm text-slate-800"
    >
      {excerpt.map((turn) => (
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
  );
}

/** A PDF citation's link to the document at the cited page and the page itself, rendered. */
function PdfCitation({ documentId, page, highlight, title }: { documentId: string; page: number; highlight: string; title: string }) {
  return (
    <>
      <a
        href={documentPageHref(documentId, page)}
        target="_blank"
        rel="noopener"
        className="justify-self-start text-sm font-medium text-sky-800 underline"
      >
        Open the document at this page
      </a>
      <Suspense
        fallback={
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner /> Loading page {page}…
          </p>
        }
      >
        <PdfPage documentId={documentId} page={page} highlight={highlight} title={title} />
      </Suspense>
    </>
  );
}

/**
 * The cited passage of a badge: session, page, time or line, and the passage with the cited sentence
 * highlighted; for a PDF also the cited page itself (rendered, the passage highlighted) and a link to the
 * document at that page; for an untimed transcript the turns around the cited one with their lines; for a
 * program entry ('[Session: Title]') the session itself.
 */
export function SourceDialog({ source, claim, onClose }: { source: Source | null; claim?: string; onClose: () => void }) {
  const isSession = source?.kind === 'session';
  const split = source && !isSession ? splitCited(source.snippet, claim) : null;
  return (
    <Dialog
      open={!!source}
      onOpenChange={(open) => !open && onClose()}
      title={source?.sessionTitle ?? 'Source'}
      className={source?.kind === 'pdf' ? 'max-w-2xl' : undefined}
    >
      {source && isSession && <SessionEntry sessionId={source.sessionId} fallback={source.snippet} />}
      {source && !isSession && (
        <div className="grid gap-3">
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <Badge tone="sky">{source.marker}</Badge>
            <Badge>{source.kind === 'pdf' ? 'PDF' : 'Transcript'}</Badge>
            {passageLocation(source) && <span>{passageLocation(source)}</span>}
          </div>
          {source.excerpt && source.excerpt.length > 0 ? (
            <TranscriptExcerpt excerpt={source.excerpt} />
          ) : (
            <CitedPassage source={source} claim={claim} />
          )}
          {source.kind === 'pdf' && source.page != null && source.documentId && (
            <PdfCitation
              documentId={source.documentId}
              page={source.page}
              highlight={split?.cited ?? source.snippet}
              title={source.sessionTitle}
            />
          )}
        </div>
      )}
    </Dialog>
  );
}
