import net from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startTestApp, TestApp } from './utils/test-app';

const ADMIN = 'slow.admin@security.test';

/**
 * Against a mail server that accepts connections and never greets: the
 * sign-in answers at once (the link is mailed in the background), and the failure that follows is
 * logged without the address (masked) or the SMTP credentials.
 */
describe('sign-in with a stalled mail server; masked logs', () => {
  let t: TestApp;
  let smtp: net.Server;
  const sockets = new Set<net.Socket>();
  let written = '';
  let restore: () => void;

  beforeAll(async () => {
    smtp = net.createServer((socket) => {
      sockets.add(socket); // never answers
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.address() as AddressInfo;
    t = await startTestApp({ ADMIN_EMAILS: ADMIN, SMTP_URL: `smtp://mailer:hunter2secret@127.0.0.1:${port}` });
    const out = process.stdout.write.bind(process.stdout);
    const err = process.stderr.write.bind(process.stderr);
    const capture = (write: typeof out) =>
      ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        written += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
        return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof out;
    process.stdout.write = capture(out);
    process.stderr.write = capture(err);
    restore = () => {
      process.stdout.write = out;
      process.stderr.write = err;
    };
  });
  afterAll(async () => {
    restore();
    for (const s of sockets) s.destroy();
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('answers a privileged sign-in at once, as for anyone, while the mail server stalls', async () => {
    const started = Date.now();
    const res = await request(t.url).post('/api/login').send({ email: ADMIN, firstName: 'Sam' }).expect(200);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.body).toMatchObject({ user: { email: ADMIN, role: 'attendee', verificationPending: false }, signInLinkSent: false });
  });

  it('logs the failed delivery with the address masked and no credentials', async () => {
    // The mailer gives up after its 10 s greeting timeout; the failure is recorded and logged.
    const db = t.app.get(DataSource);
    for (let i = 0; i < 150; i++) {
      const [row] = await db.query(`SELECT status FROM email_outbox WHERE to_address = $1`, [ADMIN]);
      if (row?.status === 'failed' && written.includes('not sent')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(written).toContain('SMTP delivery to s***@security.test failed');
    expect(written).toContain('sign-in link to s***@security.test not sent');
    expect(written).not.toContain(ADMIN);
    expect(written).not.toContain('hunter2secret');
  });
});
