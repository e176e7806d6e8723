import { compiler, RuleType, type MarkdownToJSX } from 'markdown-to-jsx';
import { Fragment, type ComponentProps, type ReactNode } from 'react';
import { splitCitations } from './citations';

/**
 * An assistant answer as React elements, read by markdown-to-jsx: the one way both apps render answer
 * markdown (the attendee's chat, the admin's chat history and insights). Bold, lists, paragraphs, code and
 * citation markers (each with the sentence it closes, drawn by the app: a badge, a chip). Every piece of
 * text is a React text node (escaped); raw HTML is never parsed (it shows as the text it is); an image
 * shows its alt text and is never loaded; a link leads somewhere only inside the app (a path on this
 * site), any other address stays plain text, never a click away.
 */

/** A path on this site ('/search?q=…'), not another origin ('//host', 'https:', 'javascript:'). */
export function isInAppLink(href: string | undefined): boolean {
  return !!href && href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\');
}

/** Characters a URL cannot hold as they are (spaces, quotes, non-ASCII) percent-encoded; '%' escapes kept. */
function encodeHref(href: string): string {
  return href.replace(/[^\w\-.~:/?#[\]@!$&'()*+,;=%]/gu, (c) => encodeURIComponent(c));
}

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

/** How an app draws what the answer holds. */
export interface AnswerLook {
  /** A citation marker ('[p. 3]') with the sentence it closes. */
  citation: (marker: string, claim: string, key: number) => ReactNode;
  /** Class names of the app's styling (none by default). */
  className?: {
    link?: string;
    image?: string;
    heading?: string;
    codeBlock?: string;
    codeInline?: string;
    blockquote?: string;
    rule?: string;
  };
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

const NO_CLASS_NAMES: NonNullable<AnswerLook['className']> = {};
/** One set of overrides per set of class names, so a link or an image keeps its component from one render to the next. */
const overridesByClassNames = new WeakMap<object, MarkdownToJSX.Overrides>();

/** Links inside the app stay links, any other address is its text; images are their alt text. */
function overrides(look: AnswerLook): MarkdownToJSX.Overrides {
  const c = look.className ?? NO_CLASS_NAMES;
  let made = overridesByClassNames.get(c);
  if (!made) {
    made = makeOverrides(c);
    overridesByClassNames.set(c, made);
  }
  return made;
}

function makeOverrides(c: NonNullable<AnswerLook['className']>): MarkdownToJSX.Overrides {
  function Link({ href, children }: ComponentProps<'a'>) {
    return isInAppLink(href) ? (
      <a href={encodeHref(href!)} className={c.link}>
        {children}
      </a>
    ) : (
      <span data-link-text="">{children}</span>
    );
  }
  function Image({ alt }: ComponentProps<'img'>) {
    return (
      <span data-image-alt="" className={c.image}>
        {alt?.trim() ? `[image: ${alt.trim()}]` : '[image]'}
      </span>
    );
  }
  return { a: Link, img: Image, blockquote: { props: { className: c.blockquote } }, hr: { props: { className: c.rule } } };
}

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
 * markdown-to-jsx's rule for an answer: text with citation markers drawn by the app (each with the
 * sentence it closes, which may start in bold words before it), headings as bold lines, code kept as
 * written, '[x]' as text.
 */
function answerRule(look: AnswerLook): Rule {
  const c = look.className ?? {};
  // The text of the paragraph (or list item) read so far.
  let before = '';
  const newBlock = () => (before = '');
  const text = (node: MarkdownToJSX.TextNode, state: State, next: () => ReactNode) => {
    const pieces = splitCitations(node.text, before);
    before += node.text;
    if (pieces.length === 1 && pieces[0].kind === 'text') return next();
    return <Fragment key={state.key}>{pieces.map((p, k) => (p.kind === 'text' ? p.value : look.citation(p.value, p.claim, k)))}</Fragment>;
  };
  return (next, node, children, state) => {
    if ('children' in node && Array.isArray(node.children)) node.children = joinText(node.children);
    switch (node.type) {
      case RuleType.paragraph:
        newBlock();
        // A paragraph of reference definitions only shows nothing.
        return node.children.every((n) => n.type === RuleType.ref) ? null : next();
      case RuleType.heading:
        newBlock();
        // An answer's heading is a bold line, not a heading of the page (the page's outline stays its own).
        return (
          <p key={state.key} className={c.heading} style={c.heading ? undefined : { fontWeight: 600 }}>
            {children(node.children, state)}
          </p>
        );
      case RuleType.orderedList:
      case RuleType.unorderedList:
        return renderList(node, children, state, newBlock);
      case RuleType.codeBlock:
        return (
          <pre key={state.key} className={c.codeBlock}>
            <code>{node.text}</code>
          </pre>
        );
      case RuleType.gfmTask:
        // '[x]' or '[ ]' in an answer is text, not a checkbox.
        return node.completed ? '[x]' : '[ ]';
      case RuleType.codeInline:
        before += node.text;
        return (
          <code key={state.key} className={c.codeInline}>
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

/** Answer text as React elements, citation markers drawn by `look.citation`. */
export function renderAnswerMarkdown(content: string, look: AnswerLook): ReactNode {
  const options: MarkdownToJSX.Options = {
    disableParsingRawHTML: true,
    forceBlock: true,
    forceWrapper: true,
    wrapper: Fragment,
    overrides: overrides(look),
    renderRule: answerRule(look),
  };
  try {
    return compiler(literalDelimiters(content), options);
  } catch {
    // Markup nested thousands deep exhausts the parser's stack: the answer shows as the text it is.
    return <p style={{ whiteSpace: 'pre-wrap' }}>{content}</p>;
  }
}
