import MarkdownIt from 'markdown-it';

/**
 * Answers and takeaways quote document text, and a document can hold markdown that a reader's browser
 * would turn into a link: `[official calculator](https://evil.example/phish)`, `<https://evil.example/register>`,
 * `![x](https://…)`, a reference definition `[1]: https://…`. These functions turn every such construct
 * into plain text before an answer leaves the server, with the same tokenizer that renders markdown
 * (markdown-it, CommonMark): the spans its link, image and autolink rules match are replaced by their
 * text (a link or image keeps its label, its destination dropped when it looks like an address; an
 * autolink keeps its address as plain text), and a reference definition has its bracket escaped. So
 * code spans, nesting, escapes and block quotes are read exactly as a renderer reads them. Citation
 * markers such as `[p. 3]` are not links and pass unchanged.
 */

type Token = MarkdownIt.Token;
type InlineState = MarkdownIt.StateInline;
type InlineRule = (state: InlineState, silent: boolean) => boolean;
type BlockRule = (state: MarkdownIt.StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type Ruler<R> = { __rules__: { name: string; fn: R }[]; at(name: string, fn: R): void };

/** A construct found in one inline token's content: [start, end) replaced by `text` (offsets in that content). */
interface Span {
  token: Token;
  start: number;
  end: number;
  /** Replacement, as a range of the content (the label, the address) or literal text. */
  keep: { from: number; to: number } | { text: string; label: { from: number; to: number } };
}
interface Found {
  token: Token | null;
  spans: Span[];
  /** Absolute offsets (in the normalised text) of the `[` opening each reference definition. */
  definitions: number[];
}

/** A link destination that names an address (scheme, path, domain, mail, fragment or query). */
const ADDRESS_LIKE = /[:/.@#?]/;

/** The label's range of a link (`[label](…)`) or image (`![label](…)`) matched from `start` to `end`. */
function labelRange(state: InlineState, start: number, image: boolean): { from: number; to: number } {
  const open = image ? start + 1 : start;
  const pos = state.pos;
  const to = state.md.helpers.parseLinkLabel(state, open, !image);
  state.pos = pos;
  return { from: open + 1, to: Math.max(open + 1, to) };
}

/** Wraps an inline rule so that every match (not a silent probe) is recorded in `env.spans`. */
function recording(kind: 'link' | 'image' | 'autolink', rule: InlineRule): InlineRule {
  return (state, silent) => {
    const start = state.pos;
    if (!rule(state, silent)) return false;
    const found = state.env as unknown as Found;
    if (silent || !found.token) return true;
    const end = state.pos;
    if (kind === 'autolink') {
      found.spans.push({ token: found.token, start, end, keep: { from: start + 1, to: end - 1 } });
      return true;
    }
    const label = labelRange(state, start, kind === 'image');
    const tail = state.src.slice(label.to + 1, end);
    const dest = kind === 'link' && tail.startsWith('(') ? tail.slice(1, -1).trim() : '';
    const keep = dest && !ADDRESS_LIKE.test(dest) ? { text: `] (${dest})`, label } : label;
    found.spans.push({ token: found.token, start, end, keep });
    return true;
  };
}

/** The tokenizer, with its link, image, autolink and reference rules recording what they match. */
function recordingParser(): InstanceType<typeof MarkdownIt> {
  const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false }).disable(['table']);
  const inline = md.inline.ruler as unknown as Ruler<InlineRule>;
  for (const kind of ['link', 'image', 'autolink'] as const) {
    inline.at(kind, recording(kind, inline.__rules__.find((r) => r.name === kind)!.fn));
  }
  const block = md.block.ruler as unknown as Ruler<BlockRule>;
  const reference = block.__rules__.find((r) => r.name === 'reference')!.fn;
  block.at('reference', (state, startLine, endLine, silent) => {
    if (!reference(state, startLine, endLine, silent)) return false;
    if (!silent) (state.env as unknown as Found).definitions.push(state.bMarks[startLine] + state.tShift[startLine]);
    return true;
  });
  // The core step that parses each block's inline content, noting which token is being read.
  (md.core.ruler as unknown as Ruler<(state: MarkdownIt.StateCore) => void>).at('inline', (state) => {
    const found = state.env as unknown as Found;
    for (const token of state.tokens) {
      if (token.type !== 'inline') continue;
      found.token = token;
      state.md.inline.parse(token.content, state.md, state.env, token.children ?? (token.children = []));
    }
    found.token = null;
  });
  return md;
}

const parser = recordingParser();

/** markdown-it's own normalisation, so offsets in its state are offsets in this text. */
const normalise = (text: string) => text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');

function find(text: string): Found {
  const found: Found = { token: null, spans: [], definitions: [] };
  parser.parse(text, found as unknown as Record<string, unknown>);
  return found;
}

/** Whether `text` holds a link, image, autolink or reference definition as markdown-it reads it. */
export function hasLinks(text: string): boolean {
  const found = find(normalise(text));
  return found.spans.length > 0 || found.definitions.length > 0;
}

/**
 * Maps offsets of an inline token's content to offsets of the text: each content line is found in its
 * source line (after block-quote markers and indentation); null when a line cannot be found.
 */
function offsetMap(text: string, lineStarts: number[], token: Token): ((offset: number) => number) | null {
  if (!token.map) return null;
  const lines = token.content.split('\n');
  const bases: number[] = [];
  const starts: number[] = [];
  let at = 0;
  for (const [i, line] of lines.entries()) {
    const n = token.map[0] + i;
    if (n >= lineStarts.length) return null;
    const source = text.slice(lineStarts[n], (lineStarts[n + 1] ?? text.length + 1) - 1);
    const col = source.lastIndexOf(line);
    if (col < 0) return null;
    bases.push(lineStarts[n] + col);
    starts.push(at);
    at += line.length + 1;
  }
  return (offset) => {
    let i = starts.length - 1;
    while (i > 0 && starts[i] > offset) i--;
    return bases[i] + (offset - starts[i]);
  };
}

/** `\`, `[`, `]` and `<` escaped: what is left when a construct cannot be placed (never expected). */
const escapeAll = (text: string) => text.replace(/[\\[\]<]/g, '\\$&');

interface Edit {
  from: number;
  to: number;
  text: string;
}

/** The edits that turn the outermost constructs found into text; null when one cannot be placed. */
function editsFor(text: string, found: Found): Edit[] | null {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const edits: Edit[] = found.definitions.map((at) => ({ from: at, to: at, text: '\\' }));
  const maps = new Map<Token, ((offset: number) => number) | null>();
  let last: Span | null = null;
  // Outermost first: an image inside a link's label is recorded before the link.
  const spans = [...found.spans].sort((a, b) => (a.token === b.token ? a.start - b.start || b.end - a.end : 0));
  for (const span of spans) {
    if (last && last.token === span.token && span.start < last.end) continue; // inside the previous one
    last = span;
    if (!maps.has(span.token)) maps.set(span.token, offsetMap(text, lineStarts, span.token));
    const map = maps.get(span.token);
    if (!map) return null;
    const range = 'label' in span.keep ? span.keep.label : span.keep;
    const kept = range.to > range.from ? text.slice(map(range.from), map(range.to - 1) + 1) : '';
    const replacement = 'text' in span.keep ? `[${kept}${span.keep.text}` : kept;
    edits.push({ from: map(span.start), to: map(span.end - 1) + 1, text: replacement });
  }
  return edits.sort((a, b) => b.from - a.from);
}

const LIST_MARKER = /^(?:[-*+]|\d{1,9}[.)])[ \t]+/;
const DEFINITION_START = /^\[[^\]\n]*\]:/;

/**
 * Every line that reads as a reference definition to a looser reader (markdown-to-jsx, the attendee
 * app's, takes `[r]: url` for one even inside a paragraph) has its bracket escaped: after block-quote
 * markers, indentation and a list marker, a `[label]:`.
 */
function escapeDefinitionLines(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      let i = 0;
      for (;;) {
        while (line[i] === ' ' || line[i] === '\t') i++;
        if (line[i] !== '>') break;
        i++;
      }
      i += LIST_MARKER.exec(line.slice(i))?.[0].length ?? 0;
      return line[i] === '[' && DEFINITION_START.test(line.slice(i)) ? `${line.slice(0, i)}\\${line.slice(i)}` : line;
    })
    .join('\n');
}

/**
 * Whether markdown-it could find a construct in `text`: an autolink needs a `<`, an inline link or image a
 * `]` directly followed by `(`, and a reference definition (which a reference link or image needs too, in the
 * same text) a `]` directly followed by `:`. A citation marker (`[p. 3]`, `[Lender Panel, p. 3]`) has none.
 */
export function mayHoldConstruct(text: string): boolean {
  return /<|\][(:]/.test(text);
}

/** `text` with every markdown link, image, autolink and reference definition turned into plain text. */
export function neutralizeLinks(text: string): string {
  if (!/[[<]/.test(text)) return text;
  // Nothing markdown-it or a looser reader (`escapeDefinitionLines`) takes for a link: the text as parsed, unchanged.
  if (!mayHoldConstruct(text)) return normalise(text);
  let out = normalise(text);
  for (let round = 0; round < 8; round++) {
    const found = find(out);
    if (found.spans.length === 0 && found.definitions.length === 0) return escapeDefinitionLines(out);
    const edits = editsFor(out, found);
    if (!edits) return escapeAll(out);
    for (const e of edits) out = out.slice(0, e.from) + e.text + out.slice(e.to);
  }
  return hasLinks(out) ? escapeAll(out) : escapeDefinitionLines(out);
}

/** Longest link text, destination or autolink considered; a longer unfinished one has its bracket escaped. */
const MAX_CONSTRUCT = 2000;
const AUTOLINK =
  /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/y;
/** An autolink still being written: `<` then no space and no `>` up to the end of the text. */
const OPEN_AUTOLINK = /<[^\s<>]*$/y;

type Scan =
  | { kind: 'none' }
  /** Cannot be decided yet: the text ends inside the construct. */
  | { kind: 'open' }
  /** Not decided within MAX_CONSTRUCT characters: treated as text with its bracket escaped. */
  | { kind: 'too-long' }
  | { kind: 'link'; label: string; dest: string; end: number }
  | { kind: 'definition'; label: string; end: number };

/** A blank line at `i` (a newline followed by only spaces up to another newline) ends a paragraph. */
function blankLineAt(text: string, i: number): boolean {
  return /^\n[ \t]*\n/.test(text.slice(i, i + 64));
}

/**
 * What starts at `s` (text[s] === '['): a link `[label](dest)`, a definition `[label]:`, nothing, or
 * (with `partial`: more text may follow) not known yet.
 */
function scanBracket(text: string, s: number, partial: boolean): Scan {
  let depth = 0;
  let j = s;
  for (; j < text.length; j++) {
    if (j - s > MAX_CONSTRUCT) return { kind: 'too-long' };
    const c = text[j];
    if (c === '\\') {
      j++;
      continue;
    }
    if (c === '\n' && blankLineAt(text, j)) return { kind: 'none' };
    if (c === '[') depth++;
    else if (c === ']' && --depth === 0) break;
  }
  if (j >= text.length - 1) return { kind: partial ? 'open' : 'none' }; // no closing bracket yet, or nothing after it yet
  const label = text.slice(s + 1, j);
  const next = text[j + 1];
  if (next === ':') return { kind: 'definition', label, end: j + 2 };
  if (next !== '(') return { kind: 'none' };
  let parens = 1;
  for (let k = j + 2; k < text.length; k++) {
    if (k - j > MAX_CONSTRUCT) return { kind: 'too-long' };
    const c = text[k];
    if (c === '\\') {
      k++;
      continue;
    }
    if (c === '\n' && blankLineAt(text, k)) return { kind: 'none' };
    if (c === '(') parens++;
    else if (c === ')' && --parens === 0) return { kind: 'link', label, dest: text.slice(j + 2, k), end: k + 1 };
  }
  return { kind: partial ? 'open' : 'none' };
}

/** Whether `i` starts a line (after at most three spaces), where a reference definition may stand. */
function atLineStart(text: string, i: number): boolean {
  const lineStart = text.lastIndexOf('\n', i - 1) + 1;
  return /^ {0,3}$/.test(text.slice(lineStart, i));
}

/**
 * Where a streamed answer may be cut: the index of the first construct the end of `text` leaves
 * undecided (an open `[` or `<`, a trailing backslash), or the end of the text. What comes before is
 * sent; the rest waits for the next delta. (A cut this scan misjudges is caught by `hasLinks` below.)
 */
function holdPoint(text: string): number {
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      if (i === text.length - 1) return i; // what it escapes comes with the next delta
      i += 2;
      continue;
    }
    if (c === '<') {
      AUTOLINK.lastIndex = i;
      const auto = AUTOLINK.exec(text);
      if (auto) {
        i += auto[0].length;
        continue;
      }
      OPEN_AUTOLINK.lastIndex = i;
      if (OPEN_AUTOLINK.test(text) && text.length - i <= MAX_CONSTRUCT) return i;
    }
    const image = c === '!' && text[i + 1] === '[';
    if (c === '[' || image) {
      const s = image ? i + 1 : i;
      const scan = scanBracket(text, s, true);
      if (scan.kind === 'open') return i;
      if (scan.kind === 'link' || (scan.kind === 'definition' && !image && atLineStart(text, i))) {
        i = scan.end;
        continue;
      }
      if (scan.kind === 'too-long') {
        i = s + 1;
        continue;
      }
    }
    i++;
  }
  return text.length;
}

/** The characters a streamed piece may use to close a construct opened before it. */
const CLOSERS = /[\]>):]/;

/**
 * Where the paragraph that text appended to `text` would join begins: after the last blank line (a line
 * of spaces and tabs only, ended by a newline). markdown-it reads a link, image, autolink or reference
 * definition inside one block's inline content, which never holds a blank line, so a construct that
 * text appended to `text` could complete starts at or after this index.
 */
function paragraphStart(text: string): number {
  for (let end = text.lastIndexOf('\n'); end >= 0;) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    if (/^[ \t]*$/.test(text.slice(start, end))) return end + 1;
    end = start - 1;
  }
  return 0;
}

/**
 * Whether text appended to `text` (which holds no link) could complete a construct begun in it: its last
 * paragraph holds a `<` (an autolink's start), a backtick (a code span can hide a `]` from the bracket
 * count below while markdown-it's label reader skips it) or a `[` not closed by a later `]` (escapes
 * read as markdown-it reads them), or the text ends with `]` (a label that `(`, `:` or `[` would turn
 * into a link or a definition). When none holds, markdown-it finds no construct in the whole that it
 * did not find in the parts: the check of the whole answer is skipped.
 */
export function mayContinueConstruct(text: string): boolean {
  if (/\][ \t\n]*$/.test(text)) return true;
  let open = 0;
  for (let i = paragraphStart(text); i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '<' || c === '`') return true;
    else if (c === '[') open++;
    else if (c === ']' && open > 0) open--;
  }
  return open > 0;
}

/**
 * `mayContinueConstruct` of a text that only grows (what a stream has sent), read as it grows: each
 * question reads only what was appended since the last one and the line it continues, where reading the
 * whole text again for every piece made the check grow with the square of the answer's length.
 */
export class ConstructWatch {
  private text = '';
  /** Where the text's last line starts. */
  private lineStart = 0;
  /** `paragraphStart` of the text. */
  private start = 0;
  /** The next index the bracket count reads (past the end when a trailing backslash escapes what follows). */
  private at = 0;
  private open = 0;
  /** A `<` or a backtick was read since `start`. */
  private opener = false;
  /** The text's last character other than a space, a tab or a newline. */
  private lastSolid = '';

  append(piece: string): void {
    if (!piece) return;
    const from = this.lineStart;
    this.text += piece;
    const tail = this.text.slice(from);
    // A blank line completed by the piece (it may begin on the line the piece continues) starts a new paragraph.
    const start = paragraphStart(tail);
    if (start > 0) {
      this.start = from + start;
      this.at = this.start;
      this.open = 0;
      this.opener = false;
    }
    this.lineStart = from + tail.lastIndexOf('\n') + 1;
    const solid = /[^ \t\n][ \t\n]*$/.exec(piece);
    if (solid) this.lastSolid = solid[0][0];
  }

  mayContinue(): boolean {
    if (this.lastSolid === ']') return true;
    const text = this.text;
    for (; this.at < text.length && !this.opener; this.at++) {
      const c = text[this.at];
      if (c === '\\') this.at++;
      else if (c === '<' || c === '`') this.opener = true;
      else if (c === '[') this.open++;
      else if (c === ']' && this.open > 0) this.open--;
    }
    return this.opener || this.open > 0;
  }
}

/**
 * The same for a streamed answer: text that could still become a link (an open `[` or `<` near the
 * end) is held back until the next delta decides it, each piece is neutralised, and a piece that
 * would complete a construct with what was already sent (markdown-it decides, on all of it) has its
 * link syntax escaped: what the reader receives never holds a link.
 */
export class LinkNeutralizer {
  private pending = '';
  private written = '';
  /** Whether a piece may close a construct `written` left open (`mayContinueConstruct`, read as it grows). */
  private readonly watch = new ConstructWatch();
  /** The last resort below left a link in what was sent (never expected): every later piece is checked whole. */
  private linked = false;

  /** Everything returned so far: the answer as the reader receives it. */
  get text(): string {
    return this.written;
  }

  push(delta: string): string {
    this.pending += delta;
    const held = holdPoint(this.pending);
    const piece = this.pending.slice(0, held);
    this.pending = this.pending.slice(held);
    return this.send(piece);
  }

  end(): string {
    const piece = this.pending;
    this.pending = '';
    return this.send(piece);
  }

  private send(piece: string): string {
    if (!piece) return '';
    let out = neutralizeLinks(piece);
    // The whole answer is parsed only when the piece could close a construct the text sent so far left open
    // (parsing it for every piece made the link check the answer's costliest step).
    if (CLOSERS.test(out) && (this.linked || this.watch.mayContinue()) && hasLinks(this.written + out)) {
      out = escapeAll(out).replace(/[()>]/g, '\\$&');
      // An autolink left open before cannot be closed by an escaped '>': the last resort changes the character.
      if (hasLinks(this.written + out)) out = out.replace(/\\>/g, '\u203a');
      this.linked = hasLinks(this.written + out);
    }
    this.written += out;
    this.watch.append(out);
    return out;
  }
}
