import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { user } from '@/test/factories';
import { json, stubFetch } from '@/test/fetch';
import { useAuth } from './auth';
import type { EarlyUserWindow } from './earlyUser';
import { createQueryClient } from './queryClient';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
);

describe('the user asked for before the app loaded (src/boot.ts)', () => {
  it('is taken by the first user query, which then sends no request of its own', async () => {
    const { calls } = stubFetch({});
    (window as EarlyUserWindow).earlyUserAnswer = Promise.resolve(json(user({ name: 'Jane Doe' })));
    const { useAuth: freshUseAuth } = await import('./auth');
    const { result } = renderHook(() => freshUseAuth(), { wrapper });
    await waitFor(() => expect(result.current.user?.name).toBe('Jane Doe'));
    expect(calls).toEqual([]);
    expect((window as EarlyUserWindow).earlyUserAnswer).toBeUndefined();
  });

  it('reads a 401 as signed out', async () => {
    stubFetch({});
    (window as EarlyUserWindow).earlyUserAnswer = Promise.resolve(json({ message: 'Unauthorized' }, 401));
    const { useAuth: freshUseAuth } = await import('./auth');
    const { result } = renderHook(() => freshUseAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
  });

  it('asks again when the early request failed', async () => {
    const { calls } = stubFetch({ 'GET /api/auth/user': () => json(user({ name: 'Jane Doe' })) });
    (window as EarlyUserWindow).earlyUserAnswer = Promise.reject(new TypeError('Failed to fetch'));
    const { useAuth: freshUseAuth } = await import('./auth');
    const { result } = renderHook(() => freshUseAuth(), { wrapper });
    await waitFor(() => expect(result.current.user?.name).toBe('Jane Doe'));
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/user']);
  });

  it('is never taken by a later user query, even when it arrives late', async () => {
    const { calls } = stubFetch({ 'GET /api/auth/user': () => json({ message: 'Unauthorized' }, 401) });
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    (window as EarlyUserWindow).earlyUserAnswer = Promise.resolve(json(user({ name: 'Stale' })));
    const second = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(second.result.current.isLoading).toBe(false));
    expect(second.result.current.user).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
