import net from 'node:net';
import { startTestApp, TestApp } from './utils/test-app';

/** Requests `GET /api/health` on `socket` and resolves with the raw response head, or null when the socket closed first. */
function healthOn(socket: net.Socket): Promise<string | null> {
  return new Promise((resolve) => {
    let data = '';
    const onData = (chunk: Buffer) => {
      data += chunk.toString('latin1');
      if (data.includes('\r\n\r\n') && data.includes('{"status":"ok"}')) done(data);
    };
    const onClose = () => done(null);
    const done = (value: string | null) => {
      socket.off('data', onData);
      socket.off('close', onClose);
      resolve(value);
    };
    socket.on('data', onData);
    socket.once('close', onClose);
    if (socket.destroyed || socket.writableEnded) return done(null);
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
  });
}

/**
 * A reverse proxy keeps idle connections to the API processes open and reuses them (Caddy for up to 60 s,
 * docker/Caddyfile); Node's default closes an idle one after 5 s, so under load a proxy wrote requests
 * into sockets the app had just closed (a reset the attendee sees as a 502). The app keeps them longer.
 */
describe('idle keep-alive connections outlive the proxy’s', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a second request on a connection left idle for longer than Node’s default 5 s', async () => {
    const { port } = new URL(t.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    try {
      const first = await healthOn(socket);
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      expect(first).toMatch(/keep-alive: timeout=75/i);
      await new Promise((resolve) => setTimeout(resolve, 6500));
      const second = await healthOn(socket);
      expect(second).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
    }
  }, 30_000);
});
