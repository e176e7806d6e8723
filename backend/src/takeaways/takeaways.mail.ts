import { escapeHtml } from '../common/html';
import { requestedByLine } from '../email/requested-by';
import type { OutgoingMail } from '../email/email.service';
import type { TakeawaysResult } from './takeaways.service';

export const TAKEAWAYS_SUBJECT = 'Your key takeaways from the conference';

/** The takeaways mail: a numbered list, each with its session. Plain text and HTML (escaped). */
export function takeawaysMail(
  to: string,
  firstName: string,
  result: TakeawaysResult,
  scope: string,
  requestedBy: string,
): OutgoingMail {
  const greeting = `Hello ${firstName || 'there'},`;
  const intro = `Here are the key takeaways from ${scope}.`;
  const empty = 'No takeaways could be generated: the selected sessions have no processed documents yet.';
  const text = [
    greeting,
    '',
    intro,
    '',
    ...(result.takeaways.length
      ? result.takeaways.map((t, i) => `${i + 1}. ${t}\n   Source: ${result.sources[i] ?? ''}`)
      : [empty]),
    '',
    requestedByLine(requestedBy),
    '— Conference Assistant (for educational and demonstration purposes only)',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, Helvetica, sans-serif; color: #1f2937; line-height: 1.5;">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${
  result.takeaways.length
    ? `<ol>\n${result.takeaways
        .map(
          (t, i) =>
            `<li style="margin-bottom: 8px;">${escapeHtml(t)}<br><span style="font-size: 13px; color: #6b7280;">Source: ${escapeHtml(result.sources[i] ?? '')}</span></li>`,
        )
        .join('\n')}\n</ol>`
    : `<p>${escapeHtml(empty)}</p>`
}
<p style="color: #6b7280; font-size: 12px;">${escapeHtml(requestedByLine(requestedBy))}</p>
<p style="color: #6b7280; font-size: 12px;">Conference Assistant — for educational and demonstration purposes only.</p>
</body></html>`;
  return { to, subject: TAKEAWAYS_SUBJECT, text, html };
}
