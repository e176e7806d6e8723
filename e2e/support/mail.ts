import fs from 'node:fs';
import path from 'node:path';

/** Waits for a message to `to` received by the SMTP sink after `since` and returns its raw text (quoted-printable decoded). */
export async function waitForMail(to: string, since: number, timeoutMs = 20_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR!;
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const files = fs
      .readdirSync(dir)
      .filter((f) => Number(f.split('-')[0]) >= since)
      .sort();
    for (const f of files.reverse()) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; raw: string };
      if (mail.to.split(',').includes(to.toLowerCase())) {
        return mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** The sign-in link of a mail sent by the app. */
export function signInLinkOf(raw: string): string {
  const m = raw.match(/https?:\/\/[^\s"<>]+\/api\/auth\/verify\?token=[A-Za-z0-9_-]+/);
  if (!m) throw new Error('no sign-in link in the mail');
  return m[0];
}
