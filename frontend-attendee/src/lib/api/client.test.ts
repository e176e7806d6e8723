import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, dataOf } from './client';
import { ApiError, isUnauthorizedError, serverMessage } from './http';

/** A real HTTP server on loopback: it answers as the API does and records what it was sent. */
const seen: Array<{ method: string; url: string; contentType: string | undefined; body: string }> = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'], body });
    const reply = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.url === '/api/chat/start') return reply(200, { id: 'thread-1' });
    if (req.url?.startsWith('/api/search?')) return reply(200, { results: [] });
    if (req.url === '/api/login') return reply(400, { message: 'Please enter a valid email address.' });
    if (req.url === '/api/chat/messages/gone%2Fthread') return reply(401, { message: 'Unauthorized' });
    res.writeHead(503, 'Service Unavailable');
    res.end();
  });
});

let client: ReturnType<typeof createApiClient>;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = createApiClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the typed client, against a real HTTP server', () => {
  it("sends the contract's body as JSON and gives back the answer", async () => {
    const { id } = dataOf(await client.POST('/api/chat/start', { body: { sessionFilter: ['a', 'b'] } }));
    expect(id).toBe('thread-1');
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/chat/start',
      contentType: 'application/json',
      body: '{"sessionFilter":["a","b"]}',
    });
  });

  it('writes a query as a form does and sends no content type without a body', async () => {
    const { results } = dataOf(await client.GET('/api/search', { params: { query: { q: 'credit risk', sessionIds: 'a,b' } } }));
    expect(results).toEqual([]);
    expect(seen.at(-1)).toMatchObject({
      method: 'GET',
      url: '/api/search?q=credit+risk&sessionIds=a%2Cb',
      contentType: undefined,
      body: '',
    });
  });

  it("throws the server's refusal as the message the user is shown", async () => {
    const error = await client.POST('/api/login', { body: { email: 'not-an-email', firstName: 'Ada' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: '400: {"message":"Please enter a valid email address."}' });
    expect(serverMessage(error)).toBe('Please enter a valid email address.');
  });

  it("encodes a path's parameter; a 401 is recognised as signed out, an empty error gives its status text", async () => {
    const signedOut = await client
      .GET('/api/chat/messages/{threadId}', { params: { path: { threadId: 'gone/thread' } } })
      .catch((e: unknown) => e);
    expect(isUnauthorizedError(signedOut)).toBe(true);
    await expect(client.POST('/api/logout')).rejects.toThrow('503: Service Unavailable');
  });

  it('refuses, at type check, a body or an answer that disagrees with the contract', async () => {
    // @ts-expect-error the contract's sessionFilter is a list of ids
    await client.POST('/api/chat/start', { body: { sessionFilter: 'a' } });
    const answer = dataOf(await client.POST('/api/chat/start', { body: {} }));
    // @ts-expect-error the answer's id is a string
    const id: number = answer.id;
    expect(id).toBe('thread-1');
  });
});
