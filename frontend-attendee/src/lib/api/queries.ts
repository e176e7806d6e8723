import { queryOptions, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import type { ApiAnswer, ApiPath } from '@rules/api-path';
import { allSessionsUrl, API, CHAT_MESSAGES_PREFIX } from './paths';

/**
 * A query of a contract GET run by the default query function (src/lib/queryClient.ts), which fetches the
 * key's parts joined by '/': the key as the app has always written it, the data typed by the contract's
 * answer to the path `P`, so a response shape changed in the backend fails the app's type check where it is read.
 */
function contractGet<P extends ApiPath = never>(queryKey: QueryKey) {
  return queryOptions<ApiAnswer<P, 'get'>>({ queryKey });
}

/** The signed-in user, null when signed out. */
export type UserAnswer = ApiAnswer<'/api/auth/user', 'get'>;

/** The user query's key (set by sign-in, test sign-in and logout). */
export const USER_QUERY_KEY = [API.user] as const;
/** The conversations list's key (invalidated when a conversation starts, updated when one is deleted). */
export const THREADS_KEY = [API.chatThreads] as const;

/** The app's GETs of the contract, each with its query key and its answer's type. */
export const queries = {
  /** The user, asked by `queryFn` (the early answer of src/boot.ts, else a GET where a 401 is null). */
  user: (queryFn: QueryFunction<UserAnswer | null>) => queryOptions<UserAnswer | null>({ queryKey: USER_QUERY_KEY, queryFn }),
  environment: () => contractGet<'/api/environment'>([API.environment]),
  conference: () => contractGet<'/api/conference'>([API.conference]),
  /** Sessions with content, or every session with `includeAll` (the planner). */
  sessions: (includeAll = false) => contractGet<'/api/sessions'>([includeAll ? allSessionsUrl : API.sessions]),
  assistant: () => contractGet<'/api/chat/assistant'>([API.chatAssistant]),
  threads: () => contractGet<'/api/chat/threads'>(THREADS_KEY),
  /** A conversation's messages: the key is [prefix, threadId]. */
  messages: (threadId: string) => contractGet<'/api/chat/messages/{threadId}'>([CHAT_MESSAGES_PREFIX, threadId]),
};
