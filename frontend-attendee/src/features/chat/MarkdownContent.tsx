import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { Source } from '@/lib/types';
import { findSource } from './citations';
import { parseMarkdown, type Block, type Inline } from './markdown';

/** A path on this site ('/search?q=…'), not another origin ('//host', 'https:', 'javascript:'). */
export function isInAppLink(href: string | undefined): boolean {
  return !!href && href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

/** Characters a URL cannot hold as they are (spaces, quotes, non-ASCII) percent-encoded; '%' escapes kept. */
function encodeHref(href: string): string {
  return href.replace(/[^\w\-.~:/?#[\]@!$&'()*+,;=%]/gu, (c) => encodeURIComponent(c));
}

interface Props {
  content: string;
  sources?: Source[];
  /** `claim`: the answer's sentence the marker closes (the dialog highlights the matching words). */
  onOpenSource: (source: Source, claim?: string) => void;
}

type Open = (source: Source, claim?: string) => void;

const BADGE = 'mx-0.5 inline-flex items-center rounded-full border px-1.5 py-0 align-baseline text-xs font-medium not-italic';

function Citation({ marker, claim, sources, open }: { marker: string; claim: string; sources?: Source[]; open: { current: Open } }) {
  const source = findSource(sources, marker);
  if (!source) return <span className={cn(BADGE, 'border-slate-300 bg-slate-100 text-slate-800')}>{marker}</span>;
  return (
    <button
      type="button"
      data-citation={marker}
      aria-label={source.kind === 'session' ? `Session: ${source.sessionTitle}` : `Source ${marker}: ${source.sessionTitle}`}
      onClick={() => open.current(source, claim)}
      className={cn(
        BADGE,
        'cursor-pointer border-sky-300 bg-sky-50 text-sky-900 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-600',
      )}
    >
      {marker}
    </button>
  );
}

/**
 * Assistant text as safe markdown (PRODUCT.md §2, chat area): bold, lists, paragraphs and citation badges. Every
 * piece of text is a React text node (escaped); raw HTML is dropped; an image shows its alt text and is
 * never loaded (a remote URL can track every reader; the server's CSP, img-src 'self' data:, backs this
 * up); a link leads somewhere only inside the app (a path on this site), any other address named in
 * model or document text stays plain text, never a click away.
 */
export default function MarkdownContent({ content, sources, onOpenSource }: Props) {
  const open = useRef(onOpenSource);
  useLayoutEffect(() => {
    open.current = onOpenSource;
  }, [onOpenSource]);
  const blocks = useMemo(() => parseMarkdown(content), [content]);

  // Elements keep their place from one render to the next (keys by position), so a badge that has the
  // focus keeps it while an answer streams in.
  const inline = (nodes: Inline[]): ReactNode[] =>
    nodes.map((n, k) => {
      switch (n.type) {
        case 'text':
          return n.value;
        case 'code':
          return (
            <code key={k} className="rounded bg-slate-100 px-1 font-mono text-[0.9em]">
              {n.value}
            </code>
          );
        case 'break':
          return <br key={k} />;
        case 'strong':
          return <strong key={k}>{inline(n.children)}</strong>;
        case 'emphasis':
          return <em key={k}>{inline(n.children)}</em>;
        case 'link':
          return isInAppLink(n.href) ? (
            <a key={k} href={encodeHref(n.href)} className="text-sky-800 underline">
              {inline(n.children)}
            </a>
          ) : (
            <span key={k} data-link-text="">
              {inline(n.children)}
            </span>
          );
        case 'image':
          return (
            <span key={k} data-image-alt="" className="text-slate-600 italic">
              {n.alt.trim() ? `[image: ${n.alt.trim()}]` : '[image]'}
            </span>
          );
        case 'citation':
          return <Citation key={k} marker={n.marker} claim={n.claim} sources={sources} open={open} />;
      }
    });

  const block = (b: Block, k: number, tight = false): ReactNode => {
    switch (b.type) {
      case 'paragraph':
        return tight ? <span key={k}>{inline(b.children)}</span> : <p key={k}>{inline(b.children)}</p>;
      case 'heading':
        // An answer's heading is a bold line, not a heading of the page (the page's outline stays its own).
        return (
          <p key={k} className="font-semibold">
            {inline(b.children)}
          </p>
        );
      case 'list': {
        const items = b.items.map((item, j) => <li key={j}>{item.map((c, n) => block(c, n, b.tight))}</li>);
        return b.ordered ? (
          <ol key={k} start={b.start === 1 ? undefined : b.start}>
            {items}
          </ol>
        ) : (
          <ul key={k}>{items}</ul>
        );
      }
      case 'quote':
        return (
          <blockquote key={k} className="grid gap-2 border-l-2 border-slate-300 pl-3 text-slate-700">
            {b.children.map((c, n) => block(c, n))}
          </blockquote>
        );
      case 'code':
        return (
          <pre key={k} className="overflow-x-auto rounded bg-slate-100 p-2 text-xs">
            <code>{b.value}</code>
          </pre>
        );
      case 'rule':
        return <hr key={k} className="border-slate-200" />;
    }
  };

  return (
    <div className="grid gap-2 text-sm leading-relaxed text-slate-900 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_li]:mt-1">
      {blocks.map((b, k) => block(b, k))}
    </div>
  );
}
