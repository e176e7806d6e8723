import net from 'node:net';

/**
 * A TCP proxy between the app and its database, to take the database away: `down()` resets every open
 * connection and every new one (the app sees ECONNRESET / "Connection terminated"), `up()` passes them
 * through again, `downOn(marker)` goes down the moment the app sends a packet holding `marker` (a
 * statement's text), before that packet reaches the database.
 */
export interface TcpProxy {
  port: number;
  down(): void;
  up(): void;
  downOn(marker: string): void;
  close(): Promise<void>;
}

export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let isDown = false;
  let marker: Buffer | null = null;
  const down = () => {
    isDown = true;
    for (const s of open) s.resetAndDestroy();
    open.clear();
  };
  const server = net.createServer((client) => {
    if (isDown) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(port, host);
    open.add(client);
    open.add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      if (marker && chunk.includes(marker)) {
        marker = null;
        down();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    for (const s of [client, upstream]) {
      s.on('close', end);
      s.on('error', end);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    down,
    up: () => {
      isDown = false;
    },
    downOn: (text) => {
      marker = Buffer.from(text);
    },
    close: async () => {
      down();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
