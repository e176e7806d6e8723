/**
 * A small CommonMark reader for answers (PRODUCT.md §2, chat area: bold, bullets, paragraphs, citation badges),
 * light enough to ship with the chat page instead of a full markdown stack. It returns a tree of plain
 * data that MarkdownContent renders as React elements, so every piece of text is escaped by React and
 * nothing is ever injected as HTML: raw HTML in the text is dropped (its text kept), images keep only
 * their alt text, and links keep their destination for the renderer to judge.
 *
 * Covered: paragraphs, ATX and setext headings, bullet and ordered lists (nested, tight or loose),
 * block quotes, fenced and indented code, thematic breaks, reference definitions; backslash escapes,
 * entities, code spans, emphasis and strong emphasis (the spec's delimiter rules), links and images
 * (inline, full, collapsed and shortcut references), autolinks, hard and soft line breaks. Not covered
 * (no answer needs them, and the server never sends them): tables and other extensions, multi-line
 * link reference definitions, every named entity beyond the common ones.
 */
import { splitCitations } from './citations';

export type Inline =
  | { type: 'text'; value: string }
  | { type: 'code'; value: string }
  | { type: 'break' }
  | { type: 'strong' | 'emphasis'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'image'; alt: string }
  /** A citation marker such as [p. 3]; `claim`: the sentence of the answer it closes. */
  | { type: 'citation'; marker: string; claim: string };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'code'; value: string }
  | { type: 'rule' };

/** Blocks before inline parsing: paragraph and heading text is still raw. */
type RawBlock =
  | { type: 'paragraph'; raw: string }
  | { type: 'heading'; level: number; raw: string }
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: RawBlock[][] }
  | { type: 'quote'; children: RawBlock[] }
  | { type: 'code'; value: string }
  | { type: 'rule' };

type Definitions = Map<string, string>;

// ---------------------------------------------------------------------------------------------- blocks

const BLANK = /^[ \t]*$/;
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const ATX = /^ {0,3}(#{1,6})(?=[ \t]|$)(.*)$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?=[ \t]|$)([ \t]*)(.*)$/;
const DEFINITION =
  /^ {0,3}\[((?:[^\\[\]]|\\.){1,999})\]:[ \t]*(?:<([^<>\n]*)>|([^\s<]\S*))(?:[ \t]+(?:"[^"]*"|'[^']*'|\([^()]*\)))?[ \t]*$/;
const HTML_RAW = /^ {0,3}<(script|pre|style|textarea)(?=[\s>]|$)/i;
const HTML_COMMENT = /^ {0,3}<!--/;
const HTML_BLOCK_TAG =
  /^ {0,3}<\/?(address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?=[\s/>]|$)/i;
const ATTRIBUTE = String.raw`(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>\x60]+|'[^']*'|"[^"]*"))?)`;
const OPEN_TAG = String.raw`<[A-Za-z][A-Za-z0-9-]*${ATTRIBUTE}*\s*\/?>`;
const CLOSE_TAG = String.raw`<\/[A-Za-z][A-Za-z0-9-]*\s*>`;
const HTML_TAG_LINE = new RegExp(String.raw`^ {0,3}(?:${OPEN_TAG}|${CLOSE_TAG})[ \t]*$`);

/** Leading tabs as spaces (to the next multiple of 4), so indentation can be counted in characters. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  let i = 0;
  for (; i < line.length && (line[i] === ' ' || line[i] === '\t'); i++) {
    out += line[i] === '\t' ? ' '.repeat(4 - (out.length % 4)) : ' ';
  }
  return out + line.slice(i);
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** A reference label compared the way the spec does: trimmed, inner whitespace collapsed, case folded. */
const normaliseLabel = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

function listItem(line: string) {
  const m = ITEM.exec(line);
  if (!m) return null;
  const [, indent, marker, spaces, rest] = m;
  const ordered = /\d/.test(marker[0]);
  const gap = rest === '' ? 1 : spaces.length > 4 ? 1 : spaces.length;
  return {
    ordered,
    start: ordered ? parseInt(marker, 10) : 1,
    /** The marker's kind: a bullet's character or an ordered list's delimiter ('.' or ')'). */
    kind: marker[marker.length - 1],
    width: indent.length + marker.length + gap,
    first: rest === '' ? '' : ' '.repeat(Math.max(0, spaces.length - gap)) + rest,
    empty: rest === '',
  };
}

function htmlBlockEnd(line: string): ((l: string) => boolean) | null {
  const raw = HTML_RAW.exec(line);
  if (raw) return (l) => new RegExp(`</${raw[1]}>`, 'i').test(l);
  if (HTML_COMMENT.test(line)) return (l) => l.includes('-->');
  return null;
}

/** Whether `line` starts a block that ends a paragraph running above it. */
function interruptsParagraph(line: string): boolean {
  if (FENCE.test(line) || RULE.test(line) || ATX.test(line) || QUOTE.test(line)) return true;
  if (HTML_RAW.test(line) || HTML_COMMENT.test(line) || HTML_BLOCK_TAG.test(line)) return true;
  const item = listItem(line);
  return !!item && !item.empty && (!item.ordered || item.start === 1);
}

/** Two list items of the same list: both bullets with the same character, or both ordered with the same delimiter. */
function sameList(a: ReturnType<typeof listItem>, b: NonNullable<ReturnType<typeof listItem>>): boolean {
  return !!a && a.ordered === b.ordered && a.kind === b.kind;
}

/** The lines a block spans: [first, after its last non-blank line). */
type Span = [number, number];

/** Quotes and lists nest this deep at most; deeper markers read as text (no text can exhaust the stack). */
const MAX_DEPTH = 32;

function parseBlocks(lines: string[], defs: Definitions, spans: Span[] = [], depth = 0): RawBlock[] {
  const nests = depth < MAX_DEPTH;
  const blocks: RawBlock[] = [];
  let i = 0;
  let from = 0;
  const close = () => {
    while (spans.length < blocks.length) spans.push([from, i]);
  };
  while (i < lines.length) {
    close();
    const line = lines[i];
    if (BLANK.test(line)) {
      i++;
      continue;
    }
    from = i;
    const fence = FENCE.exec(line);
    if (fence && !(fence[2][0] === '`' && fence[3].includes('`'))) {
      const [, indent, mark] = fence;
      const closing = new RegExp(`^ {0,3}${mark[0] === '`' ? '`' : '~'}{${mark.length},}[ \\t]*$`);
      const body: string[] = [];
      for (i++; i < lines.length && !closing.test(lines[i]); i++) {
        body.push(lines[i].replace(new RegExp(`^ {0,${indent.length}}`), ''));
      }
      i++; // the closing fence (or the end of the text)
      blocks.push({ type: 'code', value: body.join('\n') });
      continue;
    }
    if (indentOf(line) >= 4) {
      const body: string[] = [];
      for (; i < lines.length && (indentOf(lines[i]) >= 4 || BLANK.test(lines[i])); i++) body.push(lines[i].slice(4));
      while (body.length && BLANK.test(body[body.length - 1])) body.pop();
      blocks.push({ type: 'code', value: body.join('\n') });
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      const raw = atx[2].replace(/(?:^|[ \t]+)#+[ \t]*$/, '').trim();
      blocks.push({ type: 'heading', level: atx[1].length, raw });
      i++;
      continue;
    }
    if (nests && QUOTE.test(line)) {
      const body: string[] = [];
      for (; i < lines.length; i++) {
        if (QUOTE.test(lines[i])) body.push(lines[i].replace(QUOTE, ''));
        // A lazy continuation line carries on the quote's paragraph.
        else if (!BLANK.test(lines[i]) && !BLANK.test(body[body.length - 1] ?? '') && !interruptsParagraph(lines[i])) body.push(lines[i]);
        else break;
      }
      blocks.push({ type: 'quote', children: parseBlocks(body, defs, [], depth + 1) });
      continue;
    }
    const first = nests ? listItem(line) : null;
    if (first) {
      const items: RawBlock[][] = [];
      let tight = true;
      let item = first;
      let end: number;
      for (;;) {
        end = i + 1;
        const body = item.empty ? [] : [item.first];
        for (i++; i < lines.length; i++) {
          const l = lines[i];
          const last = body[body.length - 1];
          if (BLANK.test(l)) {
            if (body.length === 0) break; // an item may begin with at most one blank line
            body.push('');
          } else if (indentOf(l) >= item.width) {
            body.push(l.slice(item.width));
            end = i + 1;
          } else if (last !== undefined && !BLANK.test(last) && !interruptsParagraph(l) && !sameList(listItem(l), first)) {
            body.push(l.trimStart()); // a lazy continuation of the item's paragraph
            end = i + 1;
          } else break;
        }
        let trailingBlank = false;
        while (body.length && BLANK.test(body[body.length - 1])) {
          body.pop();
          trailingBlank = true;
        }
        const spans: Span[] = [];
        const children = parseBlocks(body, defs, spans, depth + 1);
        // Loose: two of an item's own blocks with a blank line between them, or items apart.
        if (spans.some((s, n) => n > 0 && body.slice(spans[n - 1][1], s[0]).some((l) => BLANK.test(l)))) tight = false;
        items.push(children);
        const next = i < lines.length ? listItem(lines[i]) : null;
        if (!sameList(next, first) || RULE.test(lines[i])) break;
        if (trailingBlank) tight = false;
        item = next!;
      }
      blocks.push({ type: 'list', ordered: first.ordered, start: first.start, tight, items });
      spans.push([from, end]);
      continue;
    }
    const rawEnd = htmlBlockEnd(line);
    if (rawEnd) {
      // Raw HTML is never rendered (its block is dropped, as react-markdown's skipHtml did).
      while (i < lines.length && !rawEnd(lines[i])) i++;
      i++;
      continue;
    }
    if (HTML_BLOCK_TAG.test(line) || HTML_TAG_LINE.test(line)) {
      while (i < lines.length && !BLANK.test(lines[i])) i++;
      continue;
    }
    // A paragraph, which may open with link reference definitions and may turn into a setext heading.
    const text: string[] = [];
    let level = 0;
    for (; i < lines.length; i++) {
      const l = lines[i];
      if (BLANK.test(l)) break;
      if (text.length === 0) {
        const def = DEFINITION.exec(l);
        if (def) {
          const label = normaliseLabel(def[1]);
          if (!defs.has(label)) defs.set(label, def[2] ?? def[3]);
          continue;
        }
      } else {
        const setext = SETEXT.exec(l);
        if (setext) {
          level = setext[1][0] === '=' ? 1 : 2;
          i++;
          break;
        }
        if (interruptsParagraph(l)) break;
      }
      text.push(l.trimStart());
    }
    const raw = text.join('\n').trimEnd();
    if (text.length) blocks.push(level ? { type: 'heading', level, raw } : { type: 'paragraph', raw });
  }
  close();
  return blocks;
}

// ---------------------------------------------------------------------------------------------- inlines

const ESCAPABLE = /[!-/:-@[-`{-~]/;
const ENTITY = /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/y;
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  bull: '•',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  deg: '°',
  times: '×',
};
const AUTOLINK = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/y;
const EMAIL_AUTOLINK =
  /<([A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/y;
const INLINE_HTML = new RegExp(
  String.raw`(?:${OPEN_TAG}|${CLOSE_TAG}|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![A-Za-z][^>]*>|<!\[CDATA\[[\s\S]*?\]\]>)`,
  'y',
);
const STARS = /\*+/y;
const UNDERSCORES = /_+/y;
const BACKTICKS = /`+/y;
const LABEL = /\[((?:[^\\[\]]|\\.){0,999})\]/y;

/** `re` (sticky) matched at `at` in `s`. */
function matchAt(re: RegExp, s: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(s);
}
const WHITESPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

function decodeEntity(match: RegExpExecArray): string | null {
  const [, hex, dec, name] = match;
  if (name) return NAMED[name] ?? null;
  const code = parseInt(hex ?? dec, hex ? 16 : 10);
  return code === 0 || code > 0x10ffff ? '\ufffd' : String.fromCodePoint(code);
}

/** Backslash escapes and entities resolved, as in a link destination. */
function unescapeText(s: string): string {
  return s.replace(
    /\\([!-/:-@[-`{-~])|&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/g,
    (m, esc: string | undefined) => {
      if (esc) return esc;
      const e = matchAt(ENTITY, m, 0);
      return (e && decodeEntity(e)) ?? m;
    },
  );
}

/** Working nodes: delimiter runs and brackets are text until they are matched. */
type Node = Inline;
interface Delimiter {
  node: { type: 'text'; value: string };
  char: '*' | '_';
  count: number;
  original: number;
  canOpen: boolean;
  canClose: boolean;
}
interface Bracket {
  node: { type: 'text'; value: string };
  image: boolean;
  active: boolean;
  /** Where the bracket's text starts in the source, for reference labels. */
  at: number;
  /** Delimiters before the bracket (emphasis inside a link is matched inside it). */
  delimiters: number;
}

/** The inline destination and title after `](`; returns the destination and where the link ends. */
function inlineDestination(src: string, at: number): { href: string; end: number } | null {
  let i = at;
  const skip = () => {
    let newlines = 0;
    while (i < src.length && /[ \t\n]/.test(src[i])) if (src[i++] === '\n' && ++newlines > 1) return false;
    return true;
  };
  if (!skip()) return null;
  let href: string;
  if (src[i] === '<') {
    const close = /^<((?:[^<>\n\\]|\\.)*)>/.exec(src.slice(i));
    if (!close) return null;
    href = close[1];
    i += close[0].length;
  } else {
    let depth = 0;
    const from = i;
    for (; i < src.length; i++) {
      const c = src[i];
      if (c === '\\' && i + 1 < src.length && ESCAPABLE.test(src[i + 1])) i++;
      else if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      } else if (c <= ' ') break; // a space or a control character ends the destination
    }
    if (depth !== 0) return null;
    href = src.slice(from, i);
  }
  const before = i;
  if (!skip()) return null;
  if (i > before && /["'(]/.test(src[i])) {
    const close = src[i] === '(' ? ')' : src[i];
    for (i++; i < src.length && src[i] !== close; i++) if (src[i] === '\\') i++;
    if (i >= src.length) return null;
    i++;
    if (!skip()) return null;
  }
  return src[i] === ')' ? { href: unescapeText(href), end: i + 1 } : null;
}

/** A link label `[…]` at `at`: its normalised text and where it ends (null when there is none). */
function linkLabel(src: string, at: number): { label: string; end: number } | null {
  const m = matchAt(LABEL, src, at);
  return m ? { label: m[1], end: at + m[0].length } : null;
}

function plainText(nodes: Inline[]): string {
  return nodes
    .map((n) =>
      n.type === 'text' || n.type === 'code'
        ? n.value
        : n.type === 'image'
          ? n.alt
          : n.type === 'citation'
            ? n.marker
            : 'children' in n
              ? plainText(n.children)
              : ' ',
    )
    .join('');
}

/** How deep emphasis and links nest, per wrapping node (kept apart, so the tree stays plain data). */
const depths = new WeakMap<Inline, number>();
const depthOf = (nodes: Inline[]) => nodes.reduce((d, n) => Math.max(d, depths.get(n) ?? 0), 0);

/** Matches emphasis delimiters above `bottom` (the spec's "process emphasis"), wrapping nodes in place. */
function processEmphasis(nodes: Node[], delims: Delimiter[], bottom: number) {
  let c = bottom;
  while (c < delims.length) {
    const closer = delims[c];
    if (!closer.canClose) {
      c++;
      continue;
    }
    let o = c - 1;
    for (; o >= bottom; o--) {
      const opener = delims[o];
      if (opener.char !== closer.char || !opener.canOpen) continue;
      // The rule of three: a run that can both open and close pairs only when the lengths allow it.
      const sum = opener.original + closer.original;
      const both3 = opener.original % 3 === 0 && closer.original % 3 === 0;
      if (!((opener.canClose || closer.canOpen) && sum % 3 === 0 && !both3)) break;
    }
    if (o < bottom) {
      if (closer.canOpen) c++;
      else delims.splice(c, 1);
      continue;
    }
    const opener = delims[o];
    const use = opener.count >= 2 && closer.count >= 2 ? 2 : 1;
    opener.count -= use;
    closer.count -= use;
    opener.node.value = opener.node.value.slice(use);
    closer.node.value = closer.node.value.slice(use);
    const from = nodes.indexOf(opener.node);
    const to = nodes.indexOf(closer.node);
    const children = nodes.slice(from + 1, to);
    const depth = depthOf(children) + 1;
    // Past MAX_DEPTH the delimiters are used up but wrap nothing: the words stay, plain.
    if (depth <= MAX_DEPTH) {
      const wrapped: Inline = { type: use === 2 ? 'strong' : 'emphasis', children };
      depths.set(wrapped, depth);
      nodes.splice(from + 1, to - from - 1, wrapped);
    }
    delims.splice(o + 1, c - o - 1);
    c = o + 1;
    if (opener.count === 0) {
      nodes.splice(nodes.indexOf(opener.node), 1);
      delims.splice(o, 1);
      c--;
    }
    if (closer.count === 0) {
      nodes.splice(nodes.indexOf(closer.node), 1);
      delims.splice(c, 1);
    }
  }
  delims.length = bottom;
}

/** Adjacent text nodes joined (brackets and unmatched delimiters were separate nodes). */
function mergeText(nodes: Node[]): Inline[] {
  const out: Inline[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (n.type === 'text') {
      if (!n.value) continue;
      if (last?.type === 'text') out[out.length - 1] = { type: 'text', value: last.value + n.value };
      else out.push({ type: 'text', value: n.value });
    } else if (n.type === 'strong' || n.type === 'emphasis' || n.type === 'link') {
      n.children = mergeText(n.children); // in place: the node keeps its entry in `depths`
      out.push(n);
    } else out.push(n);
  }
  return out;
}

function parseInline(src: string, defs: Definitions): Inline[] {
  const nodes: Node[] = [];
  const delims: Delimiter[] = [];
  const brackets: Bracket[] = [];
  let text = '';
  const flush = () => {
    if (text) nodes.push({ type: 'text', value: text });
    text = '';
  };
  const push = (node: Node) => {
    flush();
    nodes.push(node);
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\') {
      if (src[i + 1] === '\n') {
        push({ type: 'break' });
        i += 2;
      } else if (i + 1 < src.length && ESCAPABLE.test(src[i + 1])) {
        text += src[i + 1];
        i += 2;
      } else {
        text += c;
        i++;
      }
    } else if (c === '`') {
      const run = matchAt(BACKTICKS, src, i)![0];
      const close = new RegExp(`(?<!\`)${run}(?!\`)`, 'g');
      close.lastIndex = i + run.length;
      const m = close.exec(src);
      if (m) {
        let code = src.slice(i + run.length, m.index).replace(/\n/g, ' ');
        if (/^ .*[^ ].* $/s.test(code)) code = code.slice(1, -1);
        push({ type: 'code', value: code });
        i = m.index + run.length;
      } else {
        text += run;
        i += run.length;
      }
    } else if (c === '<') {
      const auto = matchAt(AUTOLINK, src, i);
      const email = auto ? null : matchAt(EMAIL_AUTOLINK, src, i);
      const html = auto || email ? null : matchAt(INLINE_HTML, src, i);
      if (auto || email) {
        const target = (auto ?? email)![1];
        push({ type: 'link', href: auto ? target : `mailto:${target}`, children: [{ type: 'text', value: target }] });
        i += (auto ?? email)![0].length;
      } else if (html) {
        i += html[0].length; // raw HTML is dropped, what it wraps stays as text
      } else {
        text += c;
        i++;
      }
    } else if (c === '&') {
      const m = matchAt(ENTITY, src, i);
      const decoded = m && decodeEntity(m);
      text += decoded ?? c;
      i += decoded ? m![0].length : 1;
    } else if (c === '*' || c === '_') {
      const run = matchAt(c === '*' ? STARS : UNDERSCORES, src, i)![0];
      const before = i === 0 ? ' ' : src[i - 1];
      const after = src[i + run.length] ?? ' ';
      const left = !WHITESPACE.test(after) && (!PUNCTUATION.test(after) || WHITESPACE.test(before) || PUNCTUATION.test(before));
      const right = !WHITESPACE.test(before) && (!PUNCTUATION.test(before) || WHITESPACE.test(after) || PUNCTUATION.test(after));
      const node = { type: 'text' as const, value: run };
      const canOpen = c === '*' ? left : left && (!right || PUNCTUATION.test(before));
      const canClose = c === '*' ? right : right && (!left || PUNCTUATION.test(after));
      push(node);
      if (canOpen || canClose) delims.push({ node, char: c, count: run.length, original: run.length, canOpen, canClose });
      i += run.length;
    } else if (c === '[' || (c === '!' && src[i + 1] === '[')) {
      const image = c === '!';
      const node = { type: 'text' as const, value: image ? '![' : '[' };
      push(node);
      i += image ? 2 : 1;
      brackets.push({ node, image, active: true, at: i, delimiters: delims.length });
    } else if (c === ']') {
      const opener = brackets.pop();
      i++;
      if (!opener || !opener.active) {
        text += ']';
        continue;
      }
      const inline = src[i] === '(' ? inlineDestination(src, i + 1) : null;
      let href: string | undefined = inline?.href;
      let end = inline?.end ?? i;
      if (!inline) {
        const ref = linkLabel(src, i);
        const label = ref && ref.label.trim() ? ref.label : src.slice(opener.at, i - 1);
        href = label.length <= 999 && defs.size ? defs.get(normaliseLabel(label)) : undefined;
        if (href !== undefined) href = unescapeText(href);
        if (ref) end = ref.end;
      }
      if (href === undefined) {
        text += ']';
        continue;
      }
      flush();
      const from = nodes.indexOf(opener.node);
      processEmphasis(nodes, delims, opener.delimiters);
      const children = mergeText(nodes.slice(from + 1));
      const made: Inline = opener.image ? { type: 'image', alt: plainText(children) } : { type: 'link', href, children };
      depths.set(made, opener.image ? 0 : depthOf(children) + 1);
      nodes.splice(from, nodes.length - from, made);
      // No link inside a link: the brackets before this one can no longer make one.
      if (!opener.image) for (const b of brackets) if (!b.image) b.active = false;
      i = end;
    } else if (c === '\n') {
      const hard = / {2,}$/.test(text);
      text = text.replace(/ +$/, '');
      if (hard) push({ type: 'break' });
      else text += '\n';
      i++;
      while (src[i] === ' ') i++;
    } else {
      text += c;
      i++;
    }
  }
  flush();
  processEmphasis(nodes, delims, 0);
  return mergeText(nodes);
}

/** Citation markers in text (never in code) as citation nodes, each with the sentence it closes. */
function markCitations(nodes: Inline[], before = { text: '' }): Inline[] {
  return nodes.flatMap((n): Inline[] => {
    if (n.type === 'strong' || n.type === 'emphasis' || n.type === 'link') return [{ ...n, children: markCitations(n.children, before) }];
    if (n.type !== 'text') {
      if (n.type === 'code') before.text += n.value;
      return [n];
    }
    const pieces = splitCitations(n.value, before.text);
    before.text += n.value;
    return pieces.map((p) =>
      p.kind === 'text' ? { type: 'text', value: p.value } : { type: 'citation', marker: p.value, claim: p.claim },
    );
  });
}

function resolve(blocks: RawBlock[], defs: Definitions): Block[] {
  return blocks.map((b): Block => {
    switch (b.type) {
      case 'paragraph':
        return { type: 'paragraph', children: markCitations(parseInline(b.raw, defs)) };
      case 'heading':
        return { type: 'heading', level: b.level, children: markCitations(parseInline(b.raw, defs)) };
      case 'list':
        return { ...b, items: b.items.map((item) => resolve(item, defs)) };
      case 'quote':
        return { type: 'quote', children: resolve(b.children, defs) };
      default:
        return b;
    }
  });
}

/** Markdown text → blocks of inline nodes, citation markers marked. */
export function parseMarkdown(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').replace(/\0/g, '\ufffd').split('\n').map(expandTabs);
  const defs: Definitions = new Map();
  return resolve(parseBlocks(lines, defs), defs);
}
