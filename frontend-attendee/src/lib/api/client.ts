import type { Client } from 'openapi-fetch';
import type { paths } from '@contract/api-types';
import { withQuery } from '@rules/api-path';
import { apiRequest } from './http';

/**
 * The typed client of the contract: openapi-fetch's call signatures over `paths` of contract/api-types.ts,
 * so a call's path, parameters, body and answer are the contract's and a request or a read that disagrees
 * with the backend fails the app's type check. The calls run on apiRequest (a few lines here rather than
 * openapi-fetch's runtime, which would take the signed-in page over its JavaScript budget), so every call
 * keeps the app's rules: the session cookie, a JSON content type only with a body, and a non-OK answer
 * thrown as an ApiError ('status: body text'). Supported options: params.path, params.query, body, signal.
 */
export type ApiClient = Pick<Client<paths>, 'GET' | 'POST' | 'PUT' | 'DELETE'>;

interface CallInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  signal?: AbortSignal | null;
}

/** One method of the client: the URL filled in, the request sent, the JSON answer read (none for 204 or an empty body). */
function call(baseUrl: string, method: string) {
  return async (path: string, init: CallInit = {}) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(init.params?.path?.[name] ?? '')));
    const url = withQuery(`${baseUrl}${filled}`, (init.params?.query ?? {}) as Record<string, string | undefined>);
    const response = await apiRequest(method, url, init.body, init.signal ? { signal: init.signal } : {});
    const text = response.status === 204 ? '' : await response.text();
    return { data: text ? (JSON.parse(text) as unknown) : undefined, response };
  };
}

/** A client of the API at `baseUrl` ('' for the page's own origin). */
export function createApiClient(baseUrl = ''): ApiClient {
  return {
    GET: call(baseUrl, 'GET'),
    POST: call(baseUrl, 'POST'),
    PUT: call(baseUrl, 'PUT'),
    DELETE: call(baseUrl, 'DELETE'),
  } as unknown as ApiClient;
}

/** The app's client. */
export const api = createApiClient();

/** The answer of a call that succeeded (a non-OK one has already thrown its ApiError). */
export function dataOf<R extends { data?: unknown }>(result: R): NonNullable<R['data']> {
  return result.data as NonNullable<R['data']>;
}
