import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '@contract/api-types';
import { apiRequest } from './http';

/**
 * The typed client of the contract (openapi-fetch over `paths` of contract/api-types.ts): a call's path,
 * parameters, body and answer are the contract's, so a request or a read that disagrees with the backend
 * fails the app's type check. It sends through apiRequest, so every call keeps the app's rules: the
 * session cookie, a JSON content type only with a body, and a non-OK answer thrown as an ApiError.
 */
export type ApiClient = Client<paths>;

/** The URL a request goes to: the bare path when it is this page's origin (as the app always sent it). */
function sentUrl(url: string): string {
  const origin = globalThis.location?.origin;
  return origin && url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

/** openapi-fetch's request handed to apiRequest (its JSON body sent as the same JSON). */
async function send(request: Request): Promise<Response> {
  const text = request.body ? await request.text() : '';
  const body: unknown = text ? JSON.parse(text) : undefined;
  return apiRequest(request.method, sentUrl(request.url), body, { signal: request.signal });
}

/** A query string as the browser's forms write it ('q=credit+risk&sessionIds=a%2Cb'); absent values left out. */
function formQuery(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  return params.toString();
}

/** A client of the API at `baseUrl` (the page's origin for the app). */
export function createApiClient(baseUrl: string): ApiClient {
  return createClient<paths>({ baseUrl, fetch: send, querySerializer: formQuery });
}

/** The app's client. */
export const api = createApiClient(globalThis.location?.origin ?? '');

/** The answer of a call that succeeded (a non-OK one has already thrown its ApiError). */
export function dataOf<R extends { data?: unknown }>(result: R): NonNullable<R['data']> {
  return result.data as NonNullable<R['data']>;
}
