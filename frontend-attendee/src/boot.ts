// Only the paths (no request code): this entry stays tiny.
import { API } from '@/lib/api/paths';
import type { EarlyUserWindow } from '@/lib/earlyUser';

/*
 * A second, tiny entry of the page (vite.config.ts adds it, async): it runs as soon as it arrives,
 * before the app's own code (React and the rest) has loaded. It asks who is signed in (the request
 * index.html preloads) and, for a signed-in visitor, starts loading the chat page's code at once,
 * alongside the app's, instead of after it; a signed-out visitor loads nothing more. The app's first
 * user query takes this answer (src/lib/earlyUser.ts).
 */
const answer = fetch(API.user, { credentials: 'include' });
(window as EarlyUserWindow).earlyUserAnswer = answer;
answer.then(
  (res) => {
    if (res.ok) void import('./pages/ChatPage');
  },
  () => undefined, // the app's own query asks again and reports the failure
);
