import MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

/**
 * Answers and takeaways are markdown (bold, bullets, citation markers such as [p. 3]). Mails show them
 * as HTML rendered from the markdown and as plain text without markdown syntax. Raw HTML in the text is
 * escaped (never rendered), images are not rendered (no remote content in a mail), links only with safe
 * schemes (markdown-it's own check).
 */
const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false, breaks: true }).disable(['image', 'table']);

/** Citation markers ('[p. 3]', '[12:34]', '[Session: Opening Keynote]') shown as quiet text in HTML. */
const MARKER =
  /\[((?:p\.|pp\.|line|lines|Session:)[^\]\n<>]{0,200}|\d{1,2}:\d{2}(?::\d{2})?|[^\]\n<>]{1,200}, (?:p\.|line|\d{1,2}:\d{2})[^\]\n<>]{0,40})\]/g;

function styleMarkers(html: string): string {
  return html.replace(MARKER, (m) => `<span style="color: #4b5563; font-size: 0.9em;">${m}</span>`);
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
  const links: string[] = [];
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
      case 'link_open':
        links.push(String(t.attrGet('href') ?? ''));
        break;
      case 'link_close': {
        const href = links.pop();
        if (href && !out.endsWith(href)) out += ` (${href})`;
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/**
 * Markdown → plain text: no `**`, no `#`, bullets as '•', numbered items kept, links as 'text (url)',
 * paragraphs separated by a blank line. Returns the lines.
 */
export function markdownToText(markdown: string): string[] {
  const tokens = md.parse(markdown ?? '', {});
  const lines: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let prefix = '';
  let pendingItem = false;
  const push = (text: string) => {
    const indent = '  '.repeat(Math.max(0, lists.length - 1));
    text.split('\n').forEach((line, i) => {
      if (i === 0 && pendingItem) {
        lines.push(`${indent}${prefix}${line}`);
        pendingItem = false;
      } else lines.push(`${lists.length ? indent + ' '.repeat(prefix.length) : ''}${line}`);
    });
  };
  const blank = () => {
    if (lines.length && lines[lines.length - 1] !== '') lines.push('');
  };
  for (const t of tokens) {
    switch (t.type) {
      case 'bullet_list_open':
        if (!lists.length) blank();
        lists.push({ ordered: false, n: 0 });
        break;
      case 'ordered_list_open':
        if (!lists.length) blank();
        lists.push({ ordered: true, n: Number(t.attrGet('start') ?? 1) - 1 });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        if (!lists.length) blank();
        break;
      case 'list_item_open': {
        const list = lists[lists.length - 1];
        list.n += 1;
        prefix = list.ordered ? `${list.n}. ` : '• ';
        pendingItem = true;
        break;
      }
      case 'inline':
        push(inlineText(t.children));
        break;
      case 'paragraph_close':
      case 'heading_close':
        if (!lists.length) blank();
        break;
      case 'fence':
      case 'code_block':
        push(t.content.replace(/\n$/, ''));
        blank();
        break;
      case 'hr':
        lines.push('—');
        blank();
        break;
      default:
        break;
    }
  }
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** One line of markdown (a takeaway) → plain text. */
export function markdownInlineToText(markdown: string): string {
  return inlineText(md.parseInline(markdown ?? '', {})[0]?.children ?? null).trim();
}
