import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { describeChatError } from './chatErrors';
import { FallbackError } from './chatTransport';

const KEPT = 'Your question is still in the box.';

describe('describeChatError', () => {
  it("keeps the server's sentence for a refusal, even one that starts with a number", () => {
    expect(describeChatError(new ApiError(400, '{"message":"This conversation is still answering."}'))).toBe(
      `This conversation is still answering. ${KEPT}`,
    );
    expect(describeChatError(new ApiError(429, '{"message":"100 questions an hour at most: please wait a minute"}'))).toBe(
      `100 questions an hour at most: please wait a minute. ${KEPT}`,
    );
  });

  it('reads the status of a failed fallback as data', () => {
    expect(describeChatError(new FallbackError(503))).toBe(
      `The assistant is not available right now. Please try again in a minute. ${KEPT}`,
    );
    expect(describeChatError(new FallbackError(502))).toBe(`The assistant could not answer just now. Please try again. ${KEPT}`);
    expect(describeChatError(new FallbackError(400))).toBe(`The question could not be sent. ${KEPT}`);
  });

  it('says the server could not be reached when no server answered, whatever the message holds', () => {
    expect(describeChatError(new TypeError('Failed to fetch'))).toBe(
      `The server could not be reached. Check your connection and try again. ${KEPT}`,
    );
    expect(describeChatError(new Error('500 ms without a byte'))).toBe(
      `The server could not be reached. Check your connection and try again. ${KEPT}`,
    );
  });
});
