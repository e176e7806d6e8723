import type { paths } from '@contract/api-types';

/**
 * The URLs both apps call, built from the paths of the generated contract (`paths` of
 * contract/api-types.ts): a route renamed or removed in the backend fails the apps' type check. The
 * lint rule `api-layer` (eslint.config.mjs) accepts an `/api` literal only as the path of such a call.
 */

/** A path of the contract ('/api/chat/messages/{threadId}'). */
export type ApiPath = keyof paths;

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
