import { ApiError, serverMessage } from '@/lib/api';
import { FallbackError } from './chatTransport';

const KEPT = 'Your question is still in the box.';

/** The HTTP status behind a failed send (an API error's or a fallback's); null when no server answered. */
function statusOf(error: unknown): number | null {
  return error instanceof ApiError || error instanceof FallbackError ? error.status : null;
}

/**
 * What a person reads when a question could not be answered: what happened, in plain words, and that
 * the question was kept. A refusal the server explains (400, 429) keeps the server's sentence.
 */
export function describeChatError(error: unknown): string {
  const status = statusOf(error);
  if (status === null) {
    return `The server could not be reached. Check your connection and try again. ${KEPT}`;
  }
  if (status === 503) return `The assistant is not available right now. Please try again in a minute. ${KEPT}`;
  if (status >= 500) return `The assistant could not answer just now. Please try again. ${KEPT}`;
  // The server's own sentence when it gave one (a fallback's failure carries only its status).
  const plain = (error instanceof ApiError && serverMessage(error)) || 'The question could not be sent.';
  return `${plain.replace(/\.?$/, '.')} ${KEPT}`;
}
