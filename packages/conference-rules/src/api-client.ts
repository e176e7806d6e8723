import type { Client } from 'openapi-fetch';
import type { paths } from '@contract/api-types';
import { withQuery } from './api-path';

/**
 * The typed client of the contract both apps call the API through: openapi-fetch's call signatures over
 * `paths` of contract/api-types.ts, so a call's path, parameters, body and answer are the contract's and a
 * request or a read that disagrees with the backend fails the app's type check. The calls run on the app's
 * own `send` (a few lines rather than openapi-fetch's runtime, which would take the attendee's signed-in
 * page over its JavaScript budget), so each keeps its app's rules (the session cookie, a JSON content type
 * only with a body, a non-OK answer thrown as an ApiError). Supported options: params.path, params.query,
 * body, signal.
 */
export type ApiClient = Pick<Client<paths>, 'GET' | 'POST' | 'PUT' | 'DELETE'>;

/** How an app sends one request: the response when it is OK, else it throws. */
export type SendRequest = (method: string, url: string, body: unknown, signal?: AbortSignal) => Promise<Response>;

interface CallInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  signal?: AbortSignal | null;
}

/** One method of the client: the URL filled in, the request sent, the JSON answer read (none for 204 or an empty body). */
function call(baseUrl: string, method: string, send: SendRequest) {
  return async (path: string, init: CallInit = {}) => {
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(init.params?.path?.[name] ?? '')));
    const url = withQuery(`${baseUrl}${filled}`, (init.params?.query ?? {}) as Record<string, string | undefined>);
    const response = await send(method, url, init.body, init.signal ?? undefined);
    const text = response.status === 204 ? '' : await response.text();
    return { data: text ? (JSON.parse(text) as unknown) : undefined, response };
  };
}

/** A client of the API at `baseUrl` ('' for the page's own origin) whose requests go through `send`. */
export function createContractClient(baseUrl: string, send: SendRequest): ApiClient {
  return {
    GET: call(baseUrl, 'GET', send),
    POST: call(baseUrl, 'POST', send),
    PUT: call(baseUrl, 'PUT', send),
    DELETE: call(baseUrl, 'DELETE', send),
  } as unknown as ApiClient;
}

/** The answer of a call that succeeded (a non-OK one has already thrown). */
export function dataOf<R extends { data?: unknown }>(result: R): NonNullable<R['data']> {
  return result.data as NonNullable<R['data']>;
}
