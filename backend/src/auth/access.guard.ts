import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AuthUser, hasRole, PUBLIC_KEY, Role, ROLE_KEY } from './roles';

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

/** What the guard knows about a request; `routePath` is the matched route's pattern. */
export interface AccessRequest {
  declaredRole?: Role;
  isPublic: boolean;
  requestPath: string;
  routePath?: string;
  user?: AuthUser;
}

/**
 * The access rule, for every route: signed-in only unless public; `/api/admin/*` needs admin and
 * `/api/superadmin/*` superadmin whatever the decorators say, as does `@Roles(...)`. The path rule is
 * read from the matched route's pattern as well as from the request path, so no spelling of a URL
 * reaches a console route without its role. Throws 401 or 403 `{message}`; returns when allowed.
 */
export function checkAccess(r: AccessRequest): void {
  const needed = highest([r.declaredRole, roleForPath(r.requestPath), r.routePath === undefined ? undefined : roleForPath(r.routePath)]);
  if (!needed && r.isPublic) return;
  if (!r.user) throw new UnauthorizedException(UNAUTHORIZED_MESSAGE);
  if (needed && !hasRole(r.user.role, needed)) {
    // An attendee session is refused alike whatever the account: no telling which addresses are privileged.
    if (r.user.role !== 'attendee' && hasRole(r.user.accountRole, needed)) {
      throw new ForbiddenException(VERIFICATION_PENDING_MESSAGE);
    }
    throw new ForbiddenException(FORBIDDEN_MESSAGE);
  }
}

/**
 * Global guard: resolves the session user through passport (SessionStrategy), then applies
 * `checkAccess`. 401 without a session, 403 with the wrong role or a privileged account not yet
 * verified by its emailed link.
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
    checkAccess({
      declaredRole: this.reflector.getAllAndOverride<Role | undefined>(ROLE_KEY, targets),
      isPublic: this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets) === true,
      requestPath: req.path,
      routePath: typeof routePath === 'string' ? routePath : undefined,
      user: req.user,
    });
    return true;
  }

  /** No user is not an error here: `checkAccess` decides. */
  override handleRequest<T>(err: unknown, user: T): T {
    if (err) throw err;
    return (user || undefined) as T;
  }
}
