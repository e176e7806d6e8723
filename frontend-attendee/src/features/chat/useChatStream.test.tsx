import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '@/components/ui/toast-store';
import { controlledStream, json, stubFetch } from '@/test/fetch';
import { useChatStream } from './useChatStream';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetToasts();
});

describe('useChatStream', () => {
  it('ignores a blank message, a missing thread, and a send while one is in progress', async () => {
    const s = controlledStream();
    const { calls } = stubFetch({ 'POST /api/chat/stream': () => new Response(s.stream) });
    const onSettled = vi.fn();
    const noThread = renderHook(() => useChatStream({ threadId: null, sessionIds: [], isProduction: false, onSettled }));
    await act(async () => expect(await noThread.result.current.send('hello')).toBe(false));

    const { result } = renderHook(() => useChatStream({ threadId: 't', sessionIds: ['a'], isProduction: false, onSettled }));
    await act(async () => expect(await result.current.send('   ')).toBe(false));
    expect(calls).toHaveLength(0);

    let first!: Promise<boolean>;
    act(() => void (first = result.current.send('first')));
    expect(result.current.status).toBe('submitted');
    expect(result.current.pendingMessage).toBe('first');
    await act(async () => expect(await result.current.send('second')).toBe(false));
    act(() => s.event({ content: 'Hi' }));
    await vi.waitFor(() => expect(result.current.status).toBe('streaming'));
    expect(result.current.streamingText).toBe('Hi');
    act(() => s.event('[DONE]'));
    await act(async () => expect(await first).toBe(true));
    expect(calls).toHaveLength(1);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(result.current).toMatchObject({ status: 'idle', pendingMessage: null, streamingText: '' });
  });

  it("goes to 'error' and says in plain words what happened when every route fails", async () => {
    stubFetch({
      'POST /api/chat/stream': () => new Response('x', { status: 500 }),
      'POST /api/chat/message': () => json({ message: 'down' }, 503),
    });
    const { result } = renderHook(() => useChatStream({ threadId: 't', sessionIds: [], isProduction: false, onSettled: vi.fn() }));
    await act(async () => void (await result.current.send('hello')));
    expect(result.current.status).toBe('error');
    expect(result.current.error).toBe(
      'The assistant is not available right now. Please try again in a minute. Your question is still in the box.',
    );
    expect(result.current.error).not.toMatch(/Fallback|503/);
  });
});
