import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/lib/types';

const user = (role: CurrentUser['role'], verificationPending = false): CurrentUser => ({
  id: 'u1',
  email: 'a@x.com',
  firstName: 'A',
  lastName: '',
  company: '',
  name: 'A',
  role,
  isAdmin: role !== 'attendee',
  verificationPending,
});

describe('console auth (PRODUCT.md §6)', () => {
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lets admins and super admins into /admin, only super admins into /superadmin, never an unverified account', async () => {
    const { canUseConsole } = await import('./authProvider');
    expect(canUseConsole(user('admin'), 'admin')).toBe(true);
    expect(canUseConsole(user('superadmin'), 'admin')).toBe(true);
    expect(canUseConsole(user('attendee'), 'admin')).toBe(false);
    expect(canUseConsole(user('admin'), 'superadmin')).toBe(false);
    expect(canUseConsole(user('superadmin'), 'superadmin')).toBe(true);
    expect(canUseConsole(user('admin', true), 'admin')).toBe(false);
    expect(canUseConsole(null, 'admin')).toBe(false);
  });

  it.each([
    ['signed out', new Response('{"message":"Unauthorized"}', { status: 401 })],
    ['an attendee', new Response(JSON.stringify(user('attendee')), { status: 200 })],
    ['an unverified admin', new Response(JSON.stringify(user('admin', true)), { status: 200 })],
  ])('sends %s to /api/login after 500 ms', async (_, response) => {
    const fetchMock = vi.fn().mockResolvedValue(response);
    vi.stubGlobal('fetch', fetchMock);
    const { createAuthProvider } = await import('./authProvider');
    await expect(createAuthProvider('admin').checkAuth({})).rejects.toEqual({ message: false, redirectTo: false });
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/user', { credentials: 'include' });
    vi.advanceTimersByTime(499);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign).toHaveBeenCalledWith('/api/login');
  });

  it('lets a verified admin stay', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(user('admin')), { status: 200 })));
    const { createAuthProvider } = await import('./authProvider');
    await expect(createAuthProvider('admin').checkAuth({})).resolves.toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(assign).not.toHaveBeenCalled();
  });

  it('treats a 401 from the API as signed out, other errors as errors', async () => {
    const { createAuthProvider } = await import('./authProvider');
    const { setToastBridge } = await import('@/lib/toast');
    const toasts: string[] = [];
    setToastBridge((t) => toasts.push(t));
    const auth = createAuthProvider('admin');
    await expect(auth.checkError({ status: 500, message: '500: boom' })).resolves.toBeUndefined();
    await expect(auth.checkError({ message: '401: {"message":"Unauthorized"}' })).rejects.toEqual({ message: false, redirectTo: false });
    expect(toasts).toEqual(['Unauthorized: You are logged out. Logging in again...']);
  });
});
