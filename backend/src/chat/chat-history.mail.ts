import { escapeHtml } from '../email/html';
import { requestedByLine } from '../email/requested-by';
import type { OutgoingMail } from '../email/email.service';
import { conferenceLine, mailLayout } from '../email/mail-layout';
import { markdownToHtml, markdownToText } from '../email/mail-markdown';
import type { MessageRow } from './chat.repository';

/** 'Your <conference name> chat history': the conference as its settings name it. */
export function chatHistorySubject(conferenceName: string): string {
  return `Your ${conferenceName} chat history`;
}

/** What the mail says of the conference: its name and venue (settings), and the zone of its times. */
export interface MailConference {
  name: string;
  venue: string;
  timeZone: string;
}

/** 'Sep 8, 2025, 8:30 AM MDT': the conference's clock, labelled (a reader may be elsewhere). */
function when(date: Date | string, timeZone: string): string {
  return new Date(date).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}

/** Source lines of an assistant message: marker, session title (deduplicated). */
function sourceLines(message: MessageRow): string[] {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const s of message.sources ?? []) {
    const line = `${s.marker} ${s.sessionTitle}`;
    if (!seen.has(line)) {
      seen.add(line);
      lines.push(line);
    }
  }
  return lines;
}

/** Who a chat history goes to, and who sent it when that is someone else. */
export interface HistoryMailParties {
  to: string;
  /** The recipient's first name when the recipient is the sender, else '' ('Hello,'). */
  firstName: string;
  /** The address the sender signed in with (the small print). */
  requestedBy: string;
  /** Set when the recipient is not the sender: the sender's name and address. */
  sentBy?: { name: string; email: string };
}

/** 'Grace Hopper <grace@example.com> sent you this conversation from <conference name>.' */
export const sentByLine = (sentBy: NonNullable<HistoryMailParties['sentBy']>, conferenceName: string) =>
  `${sentBy.name ? `${sentBy.name} ` : ''}<${sentBy.email}> sent you this conversation from ${conferenceName}.`;

/**
 * The chat history mail: every message of the thread with who wrote it, when (in the conference's
 * time zone), and the sources of the answers. The answers' markdown is rendered as HTML (all user and
 * model text escaped, raw HTML never rendered, links shown as text) and as plain text without
 * markdown syntax. Mailed to someone else, it opens with who sent it from which conference.
 */
export function chatHistoryMail(parties: HistoryMailParties, messages: MessageRow[], conference: MailConference): OutgoingMail {
  const { timeZone } = conference;
  const asker = parties.sentBy ? parties.sentBy.name.split(' ')[0] || parties.sentBy.email : 'You';
  const { text, html } = mailLayout({
    greeting: parties.sentBy ? 'Hello,' : `Hello ${parties.firstName || 'there'},`,
    intro: parties.sentBy ? sentByLine(parties.sentBy, conference.name) : 'Here is your conversation with the conference assistant.',
    text: messages.flatMap((m) => {
      const sources = sourceLines(m);
      return [
        `${m.role === 'user' ? asker : 'Assistant'} (${when(m.createdAt, timeZone)}):`,
        ...(m.role === 'user' ? [m.content] : markdownToText(m.content)),
        ...(sources.length ? ['Sources:', ...sources.map((s) => `  ${s}`)] : []),
        '',
      ];
    }),
    html: messages.map((m) => messageHtml(m, m.role === 'user' ? asker : 'Assistant', timeZone)).join('\n'),
    notes: [conferenceLine(conference), requestedByLine(parties.requestedBy)],
  });
  return { to: parties.to, subject: chatHistorySubject(conference.name), text, html };
}

/** One message as an HTML block: author and time, the text (escaped; answers' markdown rendered), its sources. */
function messageHtml(m: MessageRow, author: string, timeZone: string): string {
  const sources = sourceLines(m);
  return `<div style="margin: 16px 0; padding: 12px; border-radius: 8px; background: ${m.role === 'user' ? '#eff6ff' : '#f9fafb'};">
<p style="margin: 0 0 4px; font-weight: bold;">${escapeHtml(author)} <span style="font-weight: normal; color: #6b7280;">${escapeHtml(when(m.createdAt, timeZone))}</span></p>
${m.role === 'user' ? `<div style="white-space: pre-wrap;">${escapeHtml(m.content)}</div>` : `<div>${markdownToHtml(m.content)}</div>`}${
    sources.length
      ? `\n<p style="margin: 8px 0 0; font-size: 13px; color: #4b5563;">Sources:</p>\n<ul style="margin: 0; font-size: 13px; color: #4b5563;">${sources.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`
      : ''
  }
</div>`;
}
