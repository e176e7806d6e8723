import type { AuthProvider } from 'react-admin';
import { ADMIN_LOGIN_URL, AUTH_REDIRECT_DELAY_MS, MSG_UNAUTHORIZED, MSG_UNAUTHORIZED_TITLE } from '@/constants';
import { apiPath } from '@rules/api-path';
import { HttpError } from '@/lib/http';
import { toastFromOutside } from '@/lib/toast';
import type { CurrentUser } from '@/lib/types';

export type ConsoleRole = 'admin' | 'superadmin';

/** Whether a signed-in user may use the console that needs `role` (superadmin includes admin). */
export function canUseConsole(user: CurrentUser | null, role: ConsoleRole): boolean {
  if (!user || user.verificationPending) return false;
  if (role === 'superadmin') return user.role === 'superadmin';
  return user.role === 'admin' || user.role === 'superadmin';
}

let redirectScheduled = false;

/** PRODUCT.md §6: a visitor who may not use the console is sent to /api/login after 500 ms. */
export function redirectToLogin(): void {
  if (redirectScheduled) return;
  redirectScheduled = true;
  setTimeout(() => window.location.assign(ADMIN_LOGIN_URL), AUTH_REDIRECT_DELAY_MS);
}

/** GET /api/auth/user; null when signed out (401). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const res = await fetch(apiPath('/api/auth/user'), { credentials: 'include' });
  if (res.status === 401) return null;
  if (!res.ok) throw new HttpError(res.status, (await res.text()) || res.statusText);
  return (await res.json()) as CurrentUser;
}

/**
 * react-admin's auth for a console. Not signed in, not privileged enough or not yet verified by the
 * emailed link: the visitor is sent to /api/login after 500 ms (no react-admin login page). A 401 from
 * the API later shows 'Unauthorized: You are logged out. Logging in again...' and does the same.
 */
export function createAuthProvider(role: ConsoleRole): AuthProvider {
  let user: CurrentUser | null = null;
  return {
    async login() {
      redirectToLogin();
    },
    async logout() {
      user = null;
      redirectToLogin();
      return false;
    },
    async checkAuth() {
      try {
        user = await fetchCurrentUser();
      } catch {
        user = null;
      }
      if (!canUseConsole(user, role)) {
        redirectToLogin();
        throw { message: false, redirectTo: false };
      }
    },
    async checkError(error: { status?: number; message?: string }) {
      const status = error?.status ?? Number(/^(\d{3}):/.exec(error?.message ?? '')?.[1]);
      if (status === 401) {
        toastFromOutside(MSG_UNAUTHORIZED_TITLE, MSG_UNAUTHORIZED);
        throw { message: false, redirectTo: false };
      }
    },
    async getIdentity() {
      const u = user ?? (await fetchCurrentUser());
      if (!u) throw new Error('Unauthorized');
      return { id: u.id, fullName: u.name || [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email };
    },
    async getPermissions() {
      return user?.role;
    },
  };
}
