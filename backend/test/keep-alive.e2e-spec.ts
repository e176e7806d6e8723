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

describe('a shutdown does not wait for kept-alive connections', () => {
  it('closes a connection once the response in flight when the shutdown began is done', async () => {
    const t = await startTestApp();
    const server = t.app.getHttpServer() as import('node:http').Server;
    const { port } = new URL(t.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    try {
      const body = JSON.stringify({ email: 'keep.alive@example.com', firstName: 'Kim' });
      // The request is in flight (its body not all sent) when the shutdown begins.
      socket.write(
        `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const serverClosed = new Promise((resolve) => server.close(resolve));
      let response = '';
      socket.on('data', (chunk: Buffer) => (response += chunk.toString('latin1')));
      socket.write(body.slice(5));
      const within = (ms: number) => new Promise((resolve) => setTimeout(() => resolve('still open'), ms));
      expect(await Promise.race([socketClosed.then(() => 'closed'), within(5000)])).toBe('closed');
      expect(response).toMatch(/^HTTP\/1\.1 200/);
      expect(await Promise.race([serverClosed.then(() => 'closed'), within(2000)])).toBe('closed');
    } finally {
      socket.destroy();
      await t.close().catch(() => undefined);
    }
  }, 30_000);
});
