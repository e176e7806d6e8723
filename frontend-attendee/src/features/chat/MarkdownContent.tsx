import { compiler, RuleType, type MarkdownToJSX } from 'markdown-to-jsx';
import { Fragment, useMemo, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { Source } from '@/lib/types';
import { findSource, splitCitations } from './citations';

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

/** Code (fenced blocks, inline spans) and link destinations: their characters are never escaped. */
const VERBATIM = /(```[\s\S]*?(?:```|$)|`+[^`\n]*`+|\]\([^)\n]*\))/;
/** A line that is a thematic break ('* * *', '___'). */
const RULE_LINE = /^[ \t]*([*_-])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * The emphasis rules markdown-to-jsx 7 reads otherwise than CommonMark, applied before it reads the text:
 * an underscore run between two letters or digits never opens or closes emphasis ('snake_case_name',
 * 'FY_2024'), and a star or underscore run with white space on both sides is a literal character
 * ('a * b * c', '$5 * 3'). Those runs are backslash-escaped; a line's leading list bullet and thematic
 * breaks are left as they are.
 */
export function literalDelimiters(markdown: string): string {
  return markdown
    .split(VERBATIM)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .split('\n')
            .map((line) =>
              RULE_LINE.test(line)
                ? line
                : line
                    .replace(/(?<=[\p{L}\p{N}])_+(?=[\p{L}\p{N}])/gu, (run) => '\\_'.repeat(run.length))
                    .replace(/(?<=^|[ \t])[*_]+(?=[ \t]|$)/g, (run, offset: number) =>
                      // A list bullet ('* item' at the start of a line) stays a bullet.
                      run === '*' && /^[ \t]*$/.test(line.slice(0, offset)) ? run : run.replace(/[*_]/g, (c) => `\\${c}`),
                    ),
            )
            .join('\n'),
    )
    .join('');
}

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

/** A link inside the app stays a link; any other address is plain text, never a click away. */
function Link({ href, children }: ComponentProps<'a'>) {
  return isInAppLink(href) ? (
    <a href={encodeHref(href!)} className="text-sky-800 underline">
      {children}
    </a>
  ) : (
    <span data-link-text="">{children}</span>
  );
}

/** An image is never loaded (a remote URL can track every reader): its alt text instead. */
function Image({ alt }: ComponentProps<'img'>) {
  return (
    <span data-image-alt="" className="text-slate-600 italic">
      {alt?.trim() ? `[image: ${alt.trim()}]` : '[image]'}
    </span>
  );
}

type Node = MarkdownToJSX.ParserResult;

/** Runs of text nodes joined (the parser splits text at every character that might open markup). */
function joinText(nodes: Node[]): Node[] {
  const out: Node[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (n.type === RuleType.text && last?.type === RuleType.text) out[out.length - 1] = { ...last, text: last.text + n.text };
    else out.push(n);
  }
  return out;
}

const OVERRIDES: MarkdownToJSX.Overrides = {
  a: Link,
  img: Image,
  blockquote: { props: { className: 'grid gap-2 border-l-2 border-slate-300 pl-3 text-slate-700' } },
  hr: { props: { className: 'border-slate-200' } },
};

type Rule = NonNullable<MarkdownToJSX.Options['renderRule']>;
type RenderChildren = Parameters<Rule>[2];
type State = Parameters<Rule>[3];

/** A list of the answer, each item's text read from its start (a marker's sentence stays in its item). */
function renderList(
  node: MarkdownToJSX.OrderedListNode | MarkdownToJSX.UnorderedListNode,
  children: RenderChildren,
  state: State,
  newBlock: () => void,
) {
  const items = node.items.map((item, k) => {
    newBlock();
    return <li key={k}>{children(joinText(item), state)}</li>;
  });
  return node.ordered ? (
    <ol key={state.key} start={node.start === 1 ? undefined : node.start}>
      {items}
    </ol>
  ) : (
    <ul key={state.key}>{items}</ul>
  );
}

/**
 * markdown-to-jsx's rule for an answer: text with citation markers as badges (each with the sentence
 * it closes, which may start in bold words before it), headings as bold lines, code kept as written,
 * '[x]' as text.
 */
function answerRule(sources: Source[] | undefined, open: Open): Rule {
  // The text of the paragraph (or list item) read so far.
  let before = '';
  const newBlock = () => (before = '');
  const text = (node: MarkdownToJSX.TextNode, state: State, next: () => ReactNode) => {
    const pieces = splitCitations(node.text, before);
    before += node.text;
    if (pieces.length === 1 && pieces[0].kind === 'text') return next();
    return (
      <Fragment key={state.key}>
        {pieces.map((p, k) =>
          p.kind === 'text' ? p.value : <Citation key={k} marker={p.value} claim={p.claim} sources={sources} open={open} />,
        )}
      </Fragment>
    );
  };
  return (next, node, children, state) => {
    if ('children' in node && Array.isArray(node.children)) node.children = joinText(node.children);
    switch (node.type) {
      case RuleType.paragraph:
        newBlock();
        // A paragraph of reference definitions only shows nothing.
        return node.children.every((c) => c.type === RuleType.ref) ? null : next();
      case RuleType.heading:
        newBlock();
        // An answer's heading is a bold line, not a heading of the page (the page's outline stays its own).
        return (
          <p key={state.key} className="font-semibold">
            {children(node.children, state)}
          </p>
        );
      case RuleType.orderedList:
      case RuleType.unorderedList:
        return renderList(node, children, state, newBlock);
      case RuleType.codeBlock:
        return (
          <pre key={state.key} className="overflow-x-auto rounded bg-slate-100 p-2 text-xs">
            <code>{node.text}</code>
          </pre>
        );
      case RuleType.gfmTask:
        // '[x]' or '[ ]' in an answer is text, not a checkbox.
        return node.completed ? '[x]' : '[ ]';
      case RuleType.codeInline:
        before += node.text;
        return (
          <code key={state.key} className="rounded bg-slate-100 px-1 font-mono text-[0.9em]">
            {node.text}
          </code>
        );
      case RuleType.text:
        return text(node, state, next);
      default:
        return next();
    }
  };
}

/** Answer text as React elements, citation markers as badges (each with the sentence it closes). */
function renderAnswer(content: string, sources: Source[] | undefined, open: Open): ReactNode {
  const options: MarkdownToJSX.Options = {
    disableParsingRawHTML: true,
    forceBlock: true,
    forceWrapper: true,
    wrapper: Fragment,
    overrides: OVERRIDES,
    renderRule: answerRule(sources, open),
  };
  try {
    return compiler(literalDelimiters(content), options);
  } catch {
    // Markup nested thousands deep exhausts the parser's stack: the answer shows as the text it is.
    return <p className="whitespace-pre-wrap">{content}</p>;
  }
}

/**
 * Assistant text as safe markdown (PRODUCT.md §2, chat area), read by markdown-to-jsx: bold, lists,
 * paragraphs and citation badges. Every piece of text is a React text node (escaped); raw HTML is never
 * parsed (it shows as the text it is); an image shows its alt text and is never loaded (the server's CSP,
 * img-src 'self' data:, backs this up); a link leads somewhere only inside the app (a path on this site),
 * any other address named in model or document text stays plain text, never a click away.
 */
export default function MarkdownContent({ content, sources, onOpenSource }: Props) {
  // Elements keep their place from one render to the next (keys by position), so a badge that has the
  // focus keeps it while an answer streams in.
  const answer = useMemo(() => renderAnswer(content, sources, onOpenSource), [content, sources, onOpenSource]);
  return (
    <div className="grid gap-2 text-sm leading-relaxed text-slate-900 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5 [&_li]:mt-1">
      {answer}
    </div>
  );
}
