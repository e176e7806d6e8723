import type { paths } from '@contract/api-types';

/**
 * Every URL of the API the attendee app calls, built here and nowhere else (a lint rule fails on an `/api`
 * literal outside src/lib/api/). Each is a path of the generated contract (`paths` of
 * contract/api-types.ts), so a route renamed or removed in the backend fails the app's type check.
 */

/** A path of the contract ('/api/chat/messages/{threadId}'). */
export type ApiPath = keyof paths;

/** The `{name}` parameters of a contract path. */
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParams<Rest> : never;

/** A contract path with its parameters filled in, each URL-encoded. */
export function apiPath<P extends ApiPath>(
  path: P,
  ...params: [PathParams<P>] extends [never] ? [] : [Record<PathParams<P>, string>]
): string {
  const values = (params[0] ?? {}) as Record<string, string>;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** The part of a contract path before its first parameter ('/api/chat/messages'): a query key's first segment. */
function prefixOf<P extends ApiPath>(path: P): string {
  return path.slice(0, path.indexOf('/{'));
}

/** The app's routes without parameters. */
export const API = {
  user: apiPath('/api/auth/user'),
  environment: apiPath('/api/environment'),
  conference: apiPath('/api/conference'),
  login: apiPath('/api/login'),
  quickLogin: apiPath('/api/quick-login'),
  logout: apiPath('/api/logout'),
  sessions: apiPath('/api/sessions'),
  chatStart: apiPath('/api/chat/start'),
  chatAssistant: apiPath('/api/chat/assistant'),
  chatThreads: apiPath('/api/chat/threads'),
  chatStream: apiPath('/api/chat/stream'),
  chatMessage: apiPath('/api/chat/message'),
  chatSimple: apiPath('/api/chat/simple'),
  chatFeedback: apiPath('/api/chat/feedback'),
  emailChatHistory: apiPath('/api/email/chat-history'),
  takeaways: apiPath('/api/takeaways'),
  emailTakeaways: apiPath('/api/email/takeaways'),
  search: apiPath('/api/search'),
} as const;

/** Every session (documented or not), for the planner. */
export const allSessionsUrl = `${API.sessions}?includeAll=true`;

/** GET /api/search?q=&sessionIds=a,b. */
export function searchUrl(q: string, sessionIds: string[]): string {
  const params = new URLSearchParams({ q });
  if (sessionIds.length) params.set('sessionIds', sessionIds.join(','));
  return `${API.search}?${params.toString()}`;
}

/** A conversation's messages. */
export const chatMessagesUrl = (threadId: string) => apiPath('/api/chat/messages/{threadId}', { threadId });
/** The messages' query key prefix: the key is [prefix, threadId] (the default query function joins it with '/'). */
export const CHAT_MESSAGES_PREFIX = prefixOf('/api/chat/messages/{threadId}');
/** One conversation (DELETE). */
export const chatThreadUrl = (threadId: string) => apiPath('/api/chat/threads/{threadId}', { threadId });

/** A document as the browser shows it. */
export const documentViewUrl = (id: string) => apiPath('/api/documents/{id}/view', { id });

/** 'Add to calendar': one session as an .ics file in the conference's time zone. */
export const sessionCalendarUrl = (id: string) => apiPath('/api/sessions/{id}/calendar.ics', { id });
/** Several sessions as one .ics file. */
export const sessionsCalendarUrl = (ids: string[]) =>
  `${apiPath('/api/sessions/calendar.ics')}?ids=${ids.map(encodeURIComponent).join(',')}`;
