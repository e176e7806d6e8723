import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AuthUser, hasRole, PUBLIC_KEY, Role, ROLE_KEY } from '../common/roles';

export const UNAUTHORIZED_MESSAGE = 'Unauthorized';
export const FORBIDDEN_MESSAGE = 'You do not have permission to do this.';
export const VERIFICATION_PENDING_MESSAGE = 'Please open the sign-in link we emailed you to use this page.';

/**
 * The role a path needs whatever its decorators say: the consoles' APIs are never open by accident.
 * Case and repeated slashes do not matter (Express routing is case-insensitive).
 */
export function roleForPath(path: string): Role | undefined {
  const p = path.toLowerCase().replace(/\/{2,}/g, '/');
  if (p === '/api/superadmin' || p.startsWith('/api/superadmin/')) return 'superadmin';
  if (p === '/api/admin' || p.startsWith('/api/admin/')) return 'admin';
  return undefined;
}

/** The highest of the roles given (undefined when none). */
function highest(roles: (Role | undefined)[]): Role | undefined {
  return roles.reduce<Role | undefined>((top, r) => (r && (!top || !hasRole(top, r)) ? r : top), undefined);
}

/**
 * Global guard. Resolves the session user through passport, then: routes are signed-in only unless
 * `@Public()`; `/api/admin/*` needs admin, `/api/superadmin/*` superadmin, as does `@Roles(...)`.
 * The path rule is read from the matched route's pattern as well as from the request path, so no
 * spelling of a URL reaches a console route without its role.
 * 401 without a session, 403 with the wrong role or a privileged account not yet verified by its link.
 */
@Injectable()
export class AccessGuard extends AuthGuard('session') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(ctx: ExecutionContext): Promise<boolean> {
    await super.canActivate(ctx);
    const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const targets = [ctx.getHandler(), ctx.getClass()];
    const routePath: unknown = (req.route as { path?: unknown } | undefined)?.path;
    const needed = highest([
      this.reflector.getAllAndOverride<Role | undefined>(ROLE_KEY, targets),
      roleForPath(req.path),
      typeof routePath === 'string' ? roleForPath(routePath) : undefined,
    ]);
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets) === true;
    if (!needed && isPublic) return true;
    const user = req.user;
    if (!user) throw new UnauthorizedException(UNAUTHORIZED_MESSAGE);
    if (needed && !hasRole(user.role, needed)) {
      if (hasRole(user.accountRole, needed)) throw new ForbiddenException(VERIFICATION_PENDING_MESSAGE);
      throw new ForbiddenException(FORBIDDEN_MESSAGE);
    }
    return true;
  }

  /** No user is not an error here: `canActivate` decides. */
  override handleRequest<T>(err: unknown, user: T): T {
    if (err) throw err;
    return (user || undefined) as T;
  }
}
