import { escapeHtml } from '../email/html';
import type { OutgoingMail } from '../email/email.service';
import { conferenceLine, mailLayout } from '../email/mail-layout';
import { markdownInlineToHtml, markdownInlineToText } from '../email/mail-markdown';
import { requestedByLine } from '../email/requested-by';
import type { TakeawaysResult } from './dto/takeaways.response';

/** 'Your key takeaways from <conference name>': the conference as its settings name it. */
export function takeawaysSubject(conferenceName: string): string {
  return `Your key takeaways from ${conferenceName}`;
}

/**
 * The takeaways mail: a numbered list, each with its session. HTML rendered from the takeaways'
 * markdown (escaped) and plain text without markdown syntax.
 */
export function takeawaysMail(
  to: string,
  firstName: string,
  result: TakeawaysResult,
  scope: string,
  requestedBy: string,
  conference: { name: string; venue: string },
): OutgoingMail {
  const empty = 'No takeaways could be generated: the selected sessions have no processed documents yet.';
  const { text, html } = mailLayout({
    greeting: `Hello ${firstName || 'there'},`,
    intro: `Here are the key takeaways from ${scope}.`,
    text: result.takeaways.length
      ? result.takeaways.map((t, i) => `${i + 1}. ${markdownInlineToText(t)}\n   Source: ${result.sources[i] ?? ''}`)
      : [empty],
    html: result.takeaways.length
      ? `<ol>\n${result.takeaways
          .map(
            (t, i) =>
              `<li style="margin-bottom: 8px;">${markdownInlineToHtml(t)}<br><span style="font-size: 13px; color: #6b7280;">Source: ${escapeHtml(result.sources[i] ?? '')}</span></li>`,
          )
          .join('\n')}\n</ol>`
      : `<p>${escapeHtml(empty)}</p>`,
    notes: [conferenceLine(conference), requestedByLine(requestedBy)],
  });
  return { to, subject: takeawaysSubject(conference.name), text, html };
}
