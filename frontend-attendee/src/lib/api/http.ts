import type { QueryFunction } from '@tanstack/react-query';
import { ApiError, throwIfNotOk } from '@rules/http-error';

// A non-OK response and its message (PRODUCT.md §8): the rule both apps share.
export { ApiError, throwIfNotOk };

/** Sends a request with credentials; a JSON content type only when there is a body. */
export async function apiRequest(method: string, url: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, {
    ...init,
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json', ...init.headers } : init.headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default query function: GET of the key's segments joined by '/'. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/**
 * The user-facing text of an error: an API error's JSON `{message}` (its messages joined), else its
 * body text; any other error's message. Empty when there is nothing meaningful.
 */
export function serverMessage(error: unknown): string {
  if (!(error instanceof Error)) return '';
  if (!(error instanceof ApiError)) return error.message.trim();
  const text = error.text.trim();
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
      if (Array.isArray(parsed.message)) return parsed.message.join(', ');
    } catch {
      /* not JSON: the text itself */
    }
  }
  return text;
}

/** PRODUCT.md §6: an API error of the form '401: ...Unauthorized'. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && /Unauthorized/.test(error.text);
}
