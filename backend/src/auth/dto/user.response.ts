import type { AuthUser, Role } from '../roles';

export class UserResponse {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  /** First and last name joined. */
  name: string;
  /** What this session may do. */
  role: Role;
  isAdmin: boolean;
  /**
   * True when a privileged session holds less than its account now does (an address promoted after
   * its link was opened). Never true for an attendee session: whether an address is privileged is
   * not told to whoever signs in with it by form.
   */
  verificationPending: boolean;
}

export function toUserResponse(
  u: Pick<AuthUser, 'id' | 'email' | 'firstName' | 'lastName' | 'company' | 'role' | 'accountRole'>,
): UserResponse {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    company: u.company,
    name: [u.firstName, u.lastName].filter(Boolean).join(' '),
    role: u.role,
    isAdmin: u.role === 'admin' || u.role === 'superadmin',
    verificationPending: u.role !== 'attendee' && u.accountRole !== u.role,
  };
}

/** POST /api/login: the same answer for every address. */
export class LoginResponse {
  user: UserResponse;
  /** Always false: a privileged address gets its link by mail, and the answer does not tell it apart. */
  signInLinkSent: false;
}

/** POST /api/quick-login */
export class QuickLoginResponse {
  user: UserResponse;
}

/** POST /api/logout */
export class LogoutResponse {
  success: true;
}

/** GET /api/environment */
export class EnvironmentResponse {
  isProduction: boolean;
}
