import { useMemo } from 'react';
import { cn } from '@/lib/cn';
import type { Source } from '@/lib/types';
import { renderAnswerMarkdown, type AnswerLook } from '@rules/answer-markdown';
import { findSource } from './citations';

export { isInAppLink, literalDelimiters } from '@rules/answer-markdown';

interface Props {
  content: string;
  sources?: Source[];
  /** `claim`: the answer's sentence the marker closes (the dialog highlights the matching words). */
  onOpenSource: (source: Source, claim?: string) => void;
}

type Open = (source: Source, claim?: string) => void;

const BADGE = 'mx-0.5 inline-flex items-center rounded-full border px-1.5 py-0 align-baseline text-xs font-medium not-italic';

function Citation({ marker, claim, sources, open }: { marker: string; claim: string; sources?: Source[]; open: Open }) {
  const source = findSource(sources, marker);
  if (!source) return <span className={cn(BADGE, 'border-slate-300 bg-slate-100 text-slate-800')}>{marker}</span>;
  return (
    <button
      type="button"
      data-citation={marker}
      aria-label={source.kind === 'session' ? `Session: ${source.sessionTitle}` : `Source ${marker}: ${source.sessionTitle}`}
      onClick={() => open(source, claim)}
      className={cn(
        BADGE,
        'cursor-pointer border-sky-300 bg-sky-50 text-sky-900 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-600',
      )}
    >
      {marker}
    </button>
  );
}

const CLASS_NAMES: AnswerLook['className'] = {
  link: 'text-sky-800 underline',
  image: 'text-slate-600 italic',
  heading: 'font-semibold',
  codeBlock: 'overflow-x-auto rounded bg-slate-100 p-2 text-xs',
  codeInline: 'rounded bg-slate-100 px-1 font-mono text-[0.9em]',
  blockquote: 'grid gap-2 border-l-2 border-slate-300 pl-3 text-slate-700',
  rule: 'border-slate-200',
};

/**
 * Assistant text as safe markdown (PRODUCT.md §2, chat area), rendered by the answer-markdown rule both
 * apps share (packages/conference-rules/src/answer-markdown.tsx: markdown-to-jsx, raw HTML never parsed, images never loaded,
 * links only inside the app), with citation markers as badges that open their source.
 */
export default function MarkdownContent({ content, sources, onOpenSource }: Props) {
  // Elements keep their place from one render to the next (keys by position), so a badge that has the
  // focus keeps it while an answer streams in.
  const answer = useMemo(
    () =>
      renderAnswerMarkdown(content, {
        className: CLASS_NAMES,
        citation: (marker, claim, key) => <Citation key={key} marker={marker} claim={claim} sources={sources} open={onOpenSource} />,
      }),
    [content, sources, onOpenSource],
  );
  return (
    <div className="grid gap-2 text-sm leading-relaxed text-slate-900 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_li]:mt-1">
      {answer}
    </div>
  );
}
