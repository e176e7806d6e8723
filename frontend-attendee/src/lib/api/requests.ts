import type { ApiBody } from '@rules/api-path';
import { api, dataOf } from './client';

/**
 * The app's JSON requests, each a call of the typed client (client.ts) on a path of the contract: what is
 * sent and what comes back are the contract's types, so the callers need no type of their own.
 */

/** POST /api/login. */
export const login = async (body: ApiBody<'/api/login', 'post'>) => dataOf(await api.POST('/api/login', { body }));

/** POST /api/quick-login: the demo attendee. */
export const quickLogin = async () => dataOf(await api.POST('/api/quick-login'));

/** POST /api/logout. */
export const logout = async () => dataOf(await api.POST('/api/logout'));

/** POST /api/chat/start: a new conversation's id. */
export const startChat = async (body: ApiBody<'/api/chat/start', 'post'>) => dataOf(await api.POST('/api/chat/start', { body }));

/** GET /api/chat/messages/{threadId}: a conversation's messages (404 when it is gone). */
export const chatMessages = async (threadId: string) =>
  dataOf(await api.GET('/api/chat/messages/{threadId}', { params: { path: { threadId } } }));

/** DELETE /api/chat/threads/{threadId}. */
export const deleteThread = async (threadId: string) => {
  await api.DELETE('/api/chat/threads/{threadId}', { params: { path: { threadId } } });
};

/** POST /api/chat/feedback: rates one of the user's answers (again). */
export const sendChatFeedback = async (body: ApiBody<'/api/chat/feedback', 'post'>) =>
  dataOf(await api.POST('/api/chat/feedback', { body }));

/** POST /api/email/chat-history. */
export const emailChatHistory = async (body: ApiBody<'/api/email/chat-history', 'post'>) =>
  dataOf(await api.POST('/api/email/chat-history', { body }));

/** POST /api/takeaways. */
export const generateTakeaways = async (body: ApiBody<'/api/takeaways', 'post'>) => dataOf(await api.POST('/api/takeaways', { body }));

/** POST /api/email/takeaways. */
export const emailTakeaways = async (body: ApiBody<'/api/email/takeaways', 'post'>) =>
  dataOf(await api.POST('/api/email/takeaways', { body }));

/** GET /api/search?q=&sessionIds=a,b: ranked passages. */
export const search = async (q: string, sessionIds: string[]) =>
  dataOf(
    await api.GET('/api/search', {
      params: { query: { q, sessionIds: sessionIds.length ? sessionIds.join(',') : undefined } },
    }),
  );

/** POST /api/chat/message, or /api/chat/simple (the simplified answer): the whole answer at once. */
export const chatAnswer = async (route: 'message' | 'simple', body: ApiBody<'/api/chat/message', 'post'>, signal?: AbortSignal) =>
  dataOf(
    route === 'message' ? await api.POST('/api/chat/message', { body, signal }) : await api.POST('/api/chat/simple', { body, signal }),
  );
