import MarkdownIt from 'markdown-it';
import { CITATION_MARKER_PATTERN } from '../text/citation-grammar';

type Token = MarkdownIt.Token;

/**
 * Answers and takeaways are markdown (bold, bullets, citation markers such as [p. 3]). Mails show them
 * as HTML rendered from the markdown and as plain text without markdown syntax. Raw HTML in the text is
 * escaped (never rendered). A mail carries no link and no remote content: markdown-it's link, autolink,
 * image and reference-definition rules are off and linkify too, so `[text](url)`, `<url>`, `![x](url)`
 * and `[r]: url` stay as the text they are written with.
 */
const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false, breaks: true }).disable([
  'image',
  'table',
  'link',
  'autolink',
  'reference',
]);

/** Citation markers ('[p. 3]', '[12:34]', '[Session: Opening Keynote]'): the one citation grammar. */
const MARKER = new RegExp(CITATION_MARKER_PATTERN, 'g');

/** Markers shown as quiet text in HTML (one holding markup, which a span would cut, stays as it is). */
function styleMarkers(html: string): string {
  return html.replace(MARKER, (m) => (/[<>]/.test(m) ? m : `<span style="color: #4b5563; font-size: 0.9em;">${m}</span>`));
}

/** Block markdown → HTML (escaped). */
export function markdownToHtml(markdown: string): string {
  return styleMarkers(md.render(markdown ?? '')).trim();
}

/** One line of markdown (a takeaway) → inline HTML (escaped). */
export function markdownInlineToHtml(markdown: string): string {
  return styleMarkers(md.renderInline(markdown ?? '')).trim();
}

function inlineText(tokens: Token[] | null): string {
  let out = '';
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'text':
      case 'code_inline':
        out += t.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        out += '\n';
        break;
      default:
        break;
    }
  }
  return out;
}

/**
 * Plain-text lines written as a markdown document's tokens are read: list nesting, the pending
 * item's bullet or number, and one blank line between blocks.
 */
class PlainLines {
  private readonly lines: string[] = [];
  private readonly lists: { ordered: boolean; n: number }[] = [];
  private prefix = '';
  private pendingItem = false;

  /** A block's text: its first line after the pending item's bullet or number, the others indented under it. */
  push(text: string): void {
    const indent = '  '.repeat(Math.max(0, this.lists.length - 1));
    text.split('\n').forEach((line, i) => {
      if (i === 0 && this.pendingItem) {
        this.lines.push(`${indent}${this.prefix}${line}`);
        this.pendingItem = false;
      } else this.lines.push(`${this.lists.length ? indent + ' '.repeat(this.prefix.length) : ''}${line}`);
    });
  }

  /** A blank line, unless the text is empty or already ends with one. */
  blank(): void {
    if (this.lines.length && this.lines[this.lines.length - 1] !== '') this.lines.push('');
  }

  /** The end of a paragraph or heading: a blank line outside lists. */
  endBlock(): void {
    if (!this.lists.length) this.blank();
  }

  openList(ordered: boolean, start: number): void {
    this.endBlock();
    this.lists.push({ ordered, n: start - 1 });
  }

  closeList(): void {
    this.lists.pop();
    this.endBlock();
  }

  openItem(): void {
    const list = this.lists[this.lists.length - 1];
    list.n += 1;
    this.prefix = list.ordered ? `${list.n}. ` : '• ';
    this.pendingItem = true;
  }

  rule(): void {
    this.lines.push('—');
    this.blank();
  }

  /** The lines written, without trailing blank ones. */
  done(): string[] {
    while (this.lines.length && this.lines[this.lines.length - 1] === '') this.lines.pop();
    return this.lines;
  }
}

/**
 * Markdown → plain text: no `**`, no `#`, bullets as '•', numbered items kept, links as the text they are written with,
 * paragraphs separated by a blank line. Returns the lines.
 */
export function markdownToText(markdown: string): string[] {
  const out = new PlainLines();
  for (const t of md.parse(markdown ?? '', {})) {
    switch (t.type) {
      case 'bullet_list_open':
        out.openList(false, 1);
        break;
      case 'ordered_list_open':
        out.openList(true, Number(t.attrGet('start') ?? 1));
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        out.closeList();
        break;
      case 'list_item_open':
        out.openItem();
        break;
      case 'inline':
        out.push(inlineText(t.children));
        break;
      case 'paragraph_close':
      case 'heading_close':
        out.endBlock();
        break;
      case 'fence':
      case 'code_block':
        out.push(t.content.replace(/\n$/, ''));
        out.blank();
        break;
      case 'hr':
        out.rule();
        break;
      default:
        break;
    }
  }
  return out.done();
}

/** One line of markdown (a takeaway) → plain text. */
export function markdownInlineToText(markdown: string): string {
  return inlineText(md.parseInline(markdown ?? '', {})[0]?.children ?? null).trim();
}
