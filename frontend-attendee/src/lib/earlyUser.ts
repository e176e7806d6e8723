/**
 * The first answer to GET /api/auth/user, asked by src/boot.ts before the app's own code has loaded
 * (index.html preloads the request). Only the app's very first user query may take it: a later one
 * (after signing in or out) always asks again, even if the early answer arrived late.
 */
export interface EarlyUserWindow {
  earlyUserAnswer?: Promise<Response>;
}

let asked = false;

/** The early answer for the first user query; undefined after that, or when there is none (tests, dev server). */
export function takeEarlyUserAnswer(): Promise<Response> | undefined {
  const w = window as EarlyUserWindow;
  const answer = asked ? undefined : w.earlyUserAnswer;
  asked = true;
  delete w.earlyUserAnswer;
  return answer;
}
