import { apiPath, type ApiPath } from '@rules/api-path';

export { apiPath, type ApiPath };

/**
 * Every URL of the API the attendee app calls, built here and nowhere else (a lint rule fails on an `/api`
 * literal outside src/lib/api/). Each is a path of the generated contract (`paths` of
 * contract/api-types.ts), so a route renamed or removed in the backend fails the app's type check.
 */

/** The part of a contract path before its first parameter ('/api/chat/messages'): a query key's first segment. */
function prefixOf<P extends ApiPath>(path: P): string {
  return path.slice(0, path.indexOf('/{'));
}

/** The app's routes without parameters. */
export const API = {
  user: apiPath('/api/auth/user'),
  environment: apiPath('/api/environment'),
  conference: apiPath('/api/conference'),
  sessions: apiPath('/api/sessions'),
  chatAssistant: apiPath('/api/chat/assistant'),
  chatThreads: apiPath('/api/chat/threads'),
  chatStream: apiPath('/api/chat/stream'),
  search: apiPath('/api/search'),
} as const;

/** Every session (documented or not), for the planner. */
export const allSessionsUrl = `${API.sessions}?includeAll=true`;

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
