import { Children, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { cn } from '@/lib/cn';
import type { Source } from '@/lib/types';
import { findSource, rehypeCitations } from './citations';

/** A path on this site ('/search?q=…'), not another origin ('//host', 'https:', 'javascript:'). */
export function isInAppLink(href: string | undefined): boolean {
  return !!href && href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((c) => (typeof c === 'string' || typeof c === 'number' ? String(c) : ''))
    .join('');
}

interface Props {
  content: string;
  sources?: Source[];
  /** `claim`: the answer's sentence the marker closes (the dialog highlights the matching words). */
  onOpenSource: (source: Source, claim?: string) => void;
}

/**
 * Assistant text as safe markdown (no raw HTML, no images: their alt text instead): bold lines,
 * bullets, and citation badges.
 */
export default function MarkdownContent({ content, sources, onOpenSource }: Props) {
  const open = useRef(onOpenSource);
  useLayoutEffect(() => {
    open.current = onOpenSource;
  }, [onOpenSource]);
  // Stable across renders while the sources are the same: a badge is not re-created (it keeps focus).
  const components = useMemo<Components>(
    () => ({
      // Never load an image named in model or document text (a remote URL can track every reader):
      // show its alt text instead. The server's CSP (img-src 'self' data:) backs this up.
      img: ({ alt }) => (
        <span data-image-alt="" className="text-slate-600 italic">
          {alt?.trim() ? `[image: ${alt.trim()}]` : '[image]'}
        </span>
      ),
      // A link leads somewhere only inside the app (a path on this site); any other address named in
      // model or document text stays plain text, never a click away.
      a: ({ children, href }) =>
        isInAppLink(href) ? (
          <a href={href} className="text-sky-800 underline">
            {children}
          </a>
        ) : (
          <span data-link-text="">{children}</span>
        ),
      cite: ({ children, node }) => {
        const marker = textOf(children);
        const claim = typeof node?.properties?.dataClaim === 'string' ? node.properties.dataClaim : undefined;
        const source = findSource(sources, marker);
        const cls = 'mx-0.5 inline-flex items-center rounded-full border px-1.5 py-0 align-baseline text-xs font-medium not-italic';
        if (!source) {
          return <span className={cn(cls, 'border-slate-300 bg-slate-100 text-slate-800')}>{marker}</span>;
        }
        return (
          <button
            type="button"
            data-citation={marker}
            aria-label={source.kind === 'session' ? `Session: ${source.sessionTitle}` : `Source ${marker}: ${source.sessionTitle}`}
            onClick={() => open.current(source, claim)}
            className={cn(
              cls,
              'cursor-pointer border-sky-300 bg-sky-50 text-sky-900 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-600',
            )}
          >
            {marker}
          </button>
        );
      },
    }),
    [sources],
  );
  return (
    <div className="grid gap-2 text-sm leading-relaxed text-slate-900 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_li]:mt-1">
      <Markdown skipHtml rehypePlugins={[rehypeCitations]} components={components}>
        {content}
      </Markdown>
    </div>
  );
}
