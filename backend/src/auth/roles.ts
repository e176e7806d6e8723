import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';

export type Role = 'attendee' | 'admin' | 'superadmin';
const RANK: Record<Role, number> = { attendee: 0, admin: 1, superadmin: 2 };

/** `held` satisfies `needed` (superadmin includes admin, admin includes attendee). */
export function hasRole(held: Role, needed: Role): boolean {
  return RANK[held] >= RANK[needed];
}

/** The signed-in user of a request, with the role its web session grants. */
export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  /** Role granted to this web session (a privileged email signed in by form holds only 'attendee'). */
  role: Role;
  /** Role the account holds once verified by its emailed sign-in link. */
  accountRole: Role;
  sessionId: string;
}

export const ROLE_KEY = 'requiredRole';
export const PUBLIC_KEY = 'isPublic';

/** The route needs this role or a higher one. Routes under /api/admin and /api/superadmin need it regardless. */
export const Roles = (role: Role) => SetMetadata(ROLE_KEY, role);
/** The route is open to signed-out visitors (the user is still resolved when a session exists). */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});
