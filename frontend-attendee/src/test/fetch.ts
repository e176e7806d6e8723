import { vi } from 'vitest';

export type Handler = (init: RequestInit & { url: string }) => Response | Promise<Response>;

/** Routes fetch calls by 'METHOD /path' (query string included when given) to handlers; records every call. */
export function stubFetch(routes: Record<string, Handler>) {
  const calls: Array<{ method: string; url: string; body: unknown; init: RequestInit }> = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body, init });
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const handler = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
    if (!handler) return new Response(JSON.stringify({ message: `no route ${method} ${path}` }), { status: 404 });
    return handler({ ...init, url: path });
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A response body the test writes to: SSE lines, close or error. */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const enc = new TextEncoder();
  return {
    stream,
    event: (data: unknown) => controller.enqueue(enc.encode(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)),
    comment: (text: string) => controller.enqueue(enc.encode(`: ${text}\n\n`)),
    close: () => controller.close(),
    error: (e: unknown) => controller.error(e),
  };
}
