import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { AuthUser, hasRole, PUBLIC_KEY, Role, ROLE_KEY } from '../common/roles';

/** The role a path needs whatever its decorators say: the consoles' APIs are never open by accident. */
export function roleForPath(path: string): Role | undefined {
  if (path === '/api/superadmin' || path.startsWith('/api/superadmin/')) return 'superadmin';
  if (path === '/api/admin' || path.startsWith('/api/admin/')) return 'admin';
  return undefined;
}

/**
 * Global guard. Resolves the session user through passport, then: routes are signed-in only unless
 * `@Public()`; `/api/admin/*` needs admin, `/api/superadmin/*` superadmin, as does `@Roles(...)`.
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
    const declared = this.reflector.getAllAndOverride<Role | undefined>(ROLE_KEY, targets);
    const byPath = roleForPath(req.path);
    const needed = [declared, byPath].filter(Boolean).sort((a, b) => (hasRole(a!, b!) ? -1 : 1))[0];
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets) === true;
    if (!needed && isPublic) return true;
    const user = req.user;
    if (!user) throw new UnauthorizedException('Unauthorized');
    if (needed && !hasRole(user.role, needed)) {
      if (hasRole(user.accountRole, needed)) {
        throw new ForbiddenException('Please open the sign-in link we emailed you to use this page.');
      }
      throw new ForbiddenException('You do not have permission to do this.');
    }
    return true;
  }

  /** No user is not an error here: `canActivate` decides. */
  override handleRequest<T>(err: unknown, user: T): T {
    if (err) throw err;
    return (user || undefined) as T;
  }
}
