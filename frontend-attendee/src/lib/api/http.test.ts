import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/fetch';
import { ApiError, apiRequest, getQueryFn, isUnauthorizedError, serverMessage } from './http';
import { createQueryClient } from '../queryClient';

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends credentials, and a JSON content type only with a body', async () => {
    const { calls } = stubFetch({ 'POST /api/a': () => json({}), 'POST /api/b': () => json({}) });
    await apiRequest('POST', '/api/a', { x: 1 });
    await apiRequest('POST', '/api/b');
    expect(calls[0].init).toMatchObject({ credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{"x":1}' });
    expect(calls[1].init.credentials).toBe('include');
    expect(calls[1].init.headers).toBeUndefined();
    expect(calls[1].init.body).toBeUndefined();
  });

  it("turns a non-OK response into 'status: body text', or the status text when empty", async () => {
    stubFetch({
      'GET /api/a': () => new Response('{"message":"Nope"}', { status: 400 }),
      'GET /api/b': () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    });
    await expect(apiRequest('GET', '/api/a')).rejects.toThrow('400: {"message":"Nope"}');
    await expect(apiRequest('GET', '/api/b')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it("GETs the key segments joined by '/'; the user query treats 401 as null", async () => {
    const { calls } = stubFetch({
      'GET /api/chat/messages/t1': () => json([{ id: 'm' }]),
      'GET /api/auth/user': () => json({ message: 'Unauthorized' }, 401),
    });
    const ctx = (queryKey: string[]) => ({ queryKey, signal: new AbortController().signal }) as never;
    await expect(getQueryFn({ on401: 'throw' })(ctx(['/api/chat/messages', 't1']))).resolves.toEqual([{ id: 'm' }]);
    await expect(getQueryFn({ on401: 'returnNull' })(ctx(['/api/auth/user']))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(ctx(['/api/auth/user']))).rejects.toThrow('401: {"message":"Unauthorized"}');
    expect(calls.every((c) => c.init.credentials === 'include')).toBe(true);
  });
});

describe('serverMessage', () => {
  it("reads an API error's JSON message or its body text; another error's message as it is", () => {
    expect(serverMessage(new ApiError(400, '{"message":"Please enter a valid email address."}'))).toBe(
      'Please enter a valid email address.',
    );
    expect(serverMessage(new ApiError(400, '{"message":["a","b"]}'))).toBe('a, b');
    expect(serverMessage(new ApiError(500, 'Internal Server Error'))).toBe('Internal Server Error');
    expect(serverMessage(new ApiError(502, '504: upstream said so'))).toBe('504: upstream said so');
    expect(serverMessage(new Error('Fallback failed: 502'))).toBe('Fallback failed: 502');
    expect(serverMessage('nope')).toBe('');
  });
  it("recognises '401: ...Unauthorized' from the API", async () => {
    stubFetch({ 'GET /api/a': () => json({ message: 'Unauthorized' }, 401) });
    const error = await apiRequest('GET', '/api/a').catch((e: unknown) => e);
    expect(error).toEqual(expect.objectContaining({ message: '401: {"message":"Unauthorized"}', status: 401 }));
    expect(isUnauthorizedError(error)).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, 'Forbidden'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('never goes stale, never retries, never refetches on focus', () => {
    const d = createQueryClient().getDefaultOptions();
    expect(d.queries).toMatchObject({ staleTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchInterval: false });
    expect(d.mutations).toMatchObject({ retry: false });
  });
});
