import type { paths } from '@contract/api-types';

/**
 * The URLs both apps call, built from the paths of the generated contract (`paths` of
 * contract/api-types.ts): a route renamed or removed in the backend fails the apps' type check. The
 * lint rule `api-layer` (eslint.config.mjs) accepts an `/api` literal only as the path of such a call.
 */

/** A path of the contract ('/api/chat/messages/{threadId}'). */
export type ApiPath = keyof paths;

/** The methods of the contract's operations. */
export type ApiMethod = 'get' | 'post' | 'put' | 'delete';

/** The JSON of a response (undefined when it carries none). */
type JsonContent<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;

/** What `M` on the contract path `P` answers when it succeeds: its 200 JSON, else its 201 JSON (undefined for none). */
export type ApiAnswer<P extends ApiPath, M extends ApiMethod> = paths[P] extends { [K in M]: { responses: infer R } }
  ? R extends { 200: infer A }
    ? JsonContent<A>
    : R extends { 201: infer A }
      ? JsonContent<A>
      : undefined
  : never;

/** The JSON body `M` on the contract path `P` takes. */
export type ApiBody<P extends ApiPath, M extends ApiMethod> = paths[P] extends {
  [K in M]: { requestBody?: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

/** The `{name}` parameters of a contract path. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

/** A contract path with its parameters filled in, each URL-encoded. */
export function apiPath<P extends ApiPath>(
  path: P,
  ...params: [PathParams<P>] extends [never] ? [] : [Record<PathParams<P>, string>]
): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** A URL with its query string: the entries whose value is not undefined, as a form writes them ('q=a+b'). */
export function withQuery(url: string, query: Record<string, string | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}
