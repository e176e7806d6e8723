import { ForbiddenException, HttpException, UnauthorizedException } from '@nestjs/common';
import type { AuthUser, Role } from './roles';
import {
  AccessRequest,
  checkAccess,
  FORBIDDEN_MESSAGE,
  roleForPath,
  UNAUTHORIZED_MESSAGE,
  VERIFICATION_PENDING_MESSAGE,
} from './access.guard';

const user = (role: Role, accountRole: Role = role): AuthUser => ({
  id: 'u1',
  email: 'x@example.com',
  firstName: 'X',
  lastName: '',
  company: '',
  role,
  accountRole,
  sessionId: 's1',
});

/** The status and message `checkAccess` answers with, or 'allowed'. */
function outcome(r: AccessRequest): 'allowed' | { status: number; message: string } {
  try {
    checkAccess(r);
    return 'allowed';
  } catch (err) {
    const e = err as HttpException;
    return { status: e.getStatus(), message: (e.getResponse() as { message: string }).message };
  }
}

describe(roleForPath.name, () => {
  it.each([
    ['/api/admin/documents', 'admin'],
    ['/api/admin', 'admin'],
    ['/API/Admin/documents', 'admin'],
    ['//api//admin/documents', 'admin'],
    ['/api/superadmin/analytics', 'superadmin'],
    ['/api/SUPERADMIN', 'superadmin'],
    ['/api/administrator', undefined],
    ['/api/sessions', undefined],
    ['/admin', undefined],
  ])('%s needs %s', (path, role) => {
    expect(roleForPath(path)).toBe(role);
  });
});

describe(checkAccess.name, () => {
  const adminRoute = { isPublic: false, requestPath: '/api/admin/documents', routePath: '/api/admin/documents' };

  it('lets anyone through a public route outside the consoles', () => {
    expect(outcome({ isPublic: true, requestPath: '/api/environment' })).toBe('allowed');
  });

  it('answers 401 on a signed-in-only route without a user', () => {
    expect(outcome({ isPublic: false, requestPath: '/api/auth/user' })).toEqual({ status: 401, message: UNAUTHORIZED_MESSAGE });
  });

  it('never treats a console route as public', () => {
    expect(outcome({ ...adminRoute, isPublic: true })).toEqual({ status: 401, message: UNAUTHORIZED_MESSAGE });
  });

  it('answers 403 alike to an attendee and to an admin address signed in by form (no enumeration)', () => {
    expect(outcome({ ...adminRoute, user: user('attendee') })).toEqual({ status: 403, message: FORBIDDEN_MESSAGE });
    expect(outcome({ ...adminRoute, user: user('attendee', 'admin') })).toEqual({ status: 403, message: FORBIDDEN_MESSAGE });
  });

  it('asks an admin session whose address became super admin to open a new link', () => {
    const superRoute = { isPublic: false, requestPath: '/api/superadmin/analytics' };
    expect(outcome({ ...superRoute, user: user('admin', 'superadmin') })).toEqual({ status: 403, message: VERIFICATION_PENDING_MESSAGE });
  });

  it('lets admins and super admins through admin routes, only super admins through super admin routes', () => {
    expect(outcome({ ...adminRoute, user: user('admin') })).toBe('allowed');
    expect(outcome({ ...adminRoute, user: user('superadmin') })).toBe('allowed');
    const superRoute = { isPublic: false, requestPath: '/api/superadmin/analytics' };
    expect(outcome({ ...superRoute, user: user('admin') })).toEqual({ status: 403, message: FORBIDDEN_MESSAGE });
    expect(outcome({ ...superRoute, user: user('superadmin') })).toBe('allowed');
  });

  it('reads the role from the matched route pattern when the request spells the path differently', () => {
    const shouted = { isPublic: false, requestPath: '/API/ADMIN/session/1', routePath: '/api/admin/session/:id' };
    expect(outcome({ ...shouted, user: user('attendee') })).toEqual({ status: 403, message: FORBIDDEN_MESSAGE });
    expect(outcome({ ...shouted, isPublic: true })).toEqual({ status: 401, message: UNAUTHORIZED_MESSAGE });
  });

  it('applies the higher of the declared role and the path role', () => {
    expect(outcome({ ...adminRoute, declaredRole: 'superadmin', user: user('admin') })).toEqual({
      status: 403,
      message: FORBIDDEN_MESSAGE,
    });
    const declared = { isPublic: false, requestPath: '/api/sessions', declaredRole: 'admin' as Role };
    expect(outcome({ ...declared, user: user('attendee') })).toEqual({ status: 403, message: FORBIDDEN_MESSAGE });
    expect(outcome({ ...declared, user: user('admin') })).toBe('allowed');
  });

  it('throws Nest HTTP exceptions (so the filter answers {message})', () => {
    expect(() => checkAccess({ isPublic: false, requestPath: '/x' })).toThrow(UnauthorizedException);
    expect(() => checkAccess({ ...adminRoute, user: user('attendee') })).toThrow(ForbiddenException);
  });
});
