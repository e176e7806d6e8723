import { escapeHtml } from './html';

/** The last line of every mail. */
export const MAIL_SIGNATURE_TEXT = '— Conference Assistant (for educational and demonstration purposes only)';
export const MAIL_SIGNATURE_HTML = 'Conference Assistant — for educational and demonstration purposes only.';

/** The conference a mail is about, as its settings name it ('<conference name> · <venue>'). */
export function conferenceLine(conference: { name: string; venue: string }): string {
  return `${conference.name} · ${conference.venue}`;
}

export interface MailContent {
  /** 'Hello Ada,' */
  greeting: string;
  /** The opening sentence, under the greeting. */
  intro: string;
  /** The body after the intro, plain text (lines). */
  text: string[];
  /** The same body as HTML: every user or model text in it already escaped. */
  html: string;
  /** Small print above the signature (plain text, escaped here), e.g. who asked for the mail. */
  notes?: string[];
}

/**
 * The one layout of every mail the app sends (sign-in link, takeaways, chat history): greeting, intro,
 * body, small print, signature, as plain text and as an HTML document with the shared shell.
 */
export function mailLayout(content: MailContent): { text: string; html: string } {
  const notes = content.notes ?? [];
  const text = [content.greeting, '', content.intro, '', ...content.text, '', ...notes, MAIL_SIGNATURE_TEXT].join('\n');
  const small = (line: string) => `<p style="color: #6b7280; font-size: 12px;">${escapeHtml(line)}</p>`;
  const html = `<!doctype html>
<html><body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5;">
<p>${escapeHtml(content.greeting)}</p>
<p>${escapeHtml(content.intro)}</p>
${content.html}
${[...notes.map(small), small(MAIL_SIGNATURE_HTML)].join('\n')}
</body></html>`;
  return { text, html };
}
