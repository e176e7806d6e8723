import { ApiError, login, quickLogin } from '@/lib/api';
import type { LoginAnswer, QuickLoginAnswer } from '@/lib/types';
import {
  ERROR_QUERY_DEFAULT_MESSAGE,
  ERROR_QUERY_MESSAGES,
  ERROR_QUERY_TOAST_TITLE,
  MSG_INVALID_EMAIL_LOGIN,
  MSG_INVALID_EMAIL_TITLE,
  MSG_NAME_REQUIRED,
  MSG_NAME_REQUIRED_TITLE,
} from '@/constants';
import type { ToastInput } from '@/components/ui/toast-store';

export interface LoginForm {
  email: string;
  firstName: string;
  lastName: string;
  company: string;
}

/** PRODUCT.md §5: the toast a login form deserves before it is sent, or null when it may be sent. */
export function validateLogin(form: LoginForm): ToastInput | null {
  const email = form.email.trim();
  if (!email || !email.includes('@')) {
    return { title: MSG_INVALID_EMAIL_TITLE, description: MSG_INVALID_EMAIL_LOGIN, variant: 'destructive' };
  }
  if (!form.firstName.trim()) {
    return { title: MSG_NAME_REQUIRED_TITLE, description: MSG_NAME_REQUIRED, variant: 'destructive' };
  }
  return null;
}

/** PRODUCT.md §2: the toast for an `error` query parameter on /auth. */
export function errorQueryToast(value: string): ToastInput {
  return { title: ERROR_QUERY_TOAST_TITLE, description: ERROR_QUERY_MESSAGES[value] ?? ERROR_QUERY_DEFAULT_MESSAGE };
}

/** What the sign-in answers: POST /api/login (`signInLinkSent` always false), or the quick-login fallback. */
export type LoginResponse = LoginAnswer | QuickLoginAnswer;

/**
 * POST /api/login; on failure POST /api/quick-login is tried (PRODUCT.md §7). The fallback is only for a
 * failure of the service itself (network error or 5xx): a refused form (400 validation, 429 rate
 * limit) is the user's to fix, and signing them in as the demo attendee would hide the reason.
 * When the quick login fails too, the original error is what the user is told.
 */
export async function loginWithFallback(form: LoginForm): Promise<LoginResponse> {
  const body = {
    email: form.email.trim(),
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    company: form.company.trim(),
  };
  try {
    return await login(body);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw error;
    try {
      return await quickLogin();
    } catch {
      throw error;
    }
  }
}
