/**
 * Answers quote document text, and a document can hold markdown that a reader's browser would turn
 * into a link: `[official calculator](https://evil.example/phish)`, `<https://evil.example/register>`,
 * `![x](https://…)`, a reference definition `[1]: https://…`. These functions turn every such
 * construct into plain text before an answer leaves the server: a link or image keeps its text (its
 * destination is dropped when it looks like an address), an autolink keeps its address as plain text,
 * a definition loses its brackets. Citation markers such as `[p. 3]` are not links and pass unchanged.
 */

/** Longest link text, destination or autolink considered; a longer unfinished one has its bracket escaped. */
const MAX_CONSTRUCT = 2000;
const AUTOLINK =
  /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/y;
/** An autolink still being written: `<` then no space and no `>` up to the end of the text. */
const OPEN_AUTOLINK = /<[^\s<>]*$/y;
/** A destination that names an address (scheme, path, domain, mail, fragment or query). */
const ADDRESS_LIKE = /[:/.@#?]/;

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
 * Walks `text`, neutralising every complete construct. With `partial`, stops at the first construct
 * the end of the text leaves undecided and returns its index as `held` (the rest waits for more text).
 */
function walk(text: string, partial: boolean): { out: string; held: number } {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      if (partial && i === text.length - 1) return { out, held: i }; // what it escapes comes with the next delta
      out += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === '<') {
      AUTOLINK.lastIndex = i;
      const auto = AUTOLINK.exec(text);
      if (auto) {
        out += auto[1];
        i += auto[0].length;
        continue;
      }
      OPEN_AUTOLINK.lastIndex = i;
      if (partial && OPEN_AUTOLINK.test(text)) {
        if (text.length - i <= MAX_CONSTRUCT) return { out, held: i };
        out += '\\<';
        i++;
        continue;
      }
    }
    const image = c === '!' && text[i + 1] === '[';
    if (c === '[' || image) {
      const s = image ? i + 1 : i;
      const scan = scanBracket(text, s, partial);
      if (scan.kind === 'open') return { out, held: i };
      if (scan.kind === 'too-long') {
        out += image ? '!\\[' : '\\[';
        i = s + 1;
        continue;
      }
      if (scan.kind === 'link') {
        const label = walk(scan.label, false).out;
        const dest = scan.dest.trim();
        out += dest && !ADDRESS_LIKE.test(dest) ? `[${label}] (${dest})` : label;
        i = scan.end;
        continue;
      }
      if (scan.kind === 'definition' && !image && atLineStart(text, i)) {
        out += `${walk(scan.label, false).out}:`;
        i = scan.end;
        continue;
      }
    }
    out += c;
    i++;
  }
  return { out, held: text.length };
}

/** `text` with every markdown link, image, autolink and reference definition turned into plain text. */
export function neutralizeLinks(text: string): string {
  return walk(text, false).out;
}

/**
 * The same for a streamed answer: text that could still become a link (an open `[` or `<` near the
 * end) is held back until the next delta decides it, so the concatenation of what `push` and `end`
 * return is `neutralizeLinks` of the whole answer, never a link split across deltas.
 */
export class LinkNeutralizer {
  private pending = '';
  private written = '';

  /** Everything returned so far: the answer as the reader receives it. */
  get text(): string {
    return this.written;
  }

  push(delta: string): string {
    this.pending += delta;
    const { out, held } = walk(this.pending, true);
    this.pending = this.pending.slice(held);
    this.written += out;
    return out;
  }

  end(): string {
    const out = walk(this.pending, false).out;
    this.pending = '';
    this.written += out;
    return out;
  }
}
