import http from 'node:http';
import request from 'supertest';
import type { TestApp } from './test-app';

export type SseEvent = Record<string, any> | '[DONE]';

export interface SseResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The raw body as received. */
  raw: string;
  /** Parsed `data:` payloads in order ('[DONE]' as the string). */
  events: SseEvent[];
  /** True when the test closed the connection itself. */
  aborted: boolean;
}

/** The session cookie of a fresh sign-in through POST /api/login. */
export async function sessionCookie(t: TestApp, email: string, firstName = 'Alex'): Promise<string> {
  const res = await request(t.url).post('/api/login').send({ email, firstName });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.map((c) => c.split(';')[0]).join('; ');
}

/**
 * POSTs JSON and reads the response as Server-Sent Events as they arrive (a real socket, no
 * buffering). `onEvent` may return 'abort' to close the connection at that point.
 */
export function postSse(
  url: string,
  path: string,
  cookie: string,
  body: unknown,
  onEvent?: (event: SseEvent, index: number) => 'abort' | void,
): Promise<SseResult> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), Cookie: cookie },
    });
    req.on('response', (res) => {
      const result: SseResult = { status: res.statusCode ?? 0, headers: res.headers, raw: '', events: [], aborted: false };
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        result.raw += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n')) {
            if (!line.startsWith('data: ')) continue;
            const data = line.slice('data: '.length);
            const event: SseEvent = data === '[DONE]' ? '[DONE]' : JSON.parse(data);
            result.events.push(event);
            if (onEvent?.(event, result.events.length - 1) === 'abort' && !result.aborted) {
              result.aborted = true;
              req.destroy();
              resolve(result);
            }
          }
        }
      });
      res.on('end', () => resolve(result));
      res.on('error', (err) => (result.aborted ? resolve(result) : reject(err)));
    });
    req.on('error', (err) => reject(err));
    req.end(payload);
  });
}

/**
 * A new attendee (`email`) starts a chat limited to `sessionIds` and asks `message` over POST
 * /api/chat/stream: the answer's text as streamed (its content events joined).
 */
export async function askInSessions(t: TestApp, email: string, sessionIds: string[], message: string): Promise<string> {
  const cookie = await sessionCookie(t, email, 'Rea');
  const started = await request(t.url).post('/api/chat/start').set('Cookie', cookie).send({ sessionFilter: sessionIds }).expect(200);
  const { events } = await postSse(t.url, '/api/chat/stream', cookie, { threadId: started.body.id, message });
  return events
    .filter((e): e is { content: string } => e !== '[DONE]' && 'content' in e)
    .map((e) => e.content)
    .join('');
}
