import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import type { AuthUser } from './roles';
import { AppConfig } from '../config/app-config';
import { AuthService } from './auth.service';
import { sessionTokenOf, setSessionCookie } from './session-cookie';

/**
 * Passport strategy: the user of the session cookie (database-backed), or no user. When the
 * session's expiry slides, the cookie is re-issued so the browser keeps it as long as the server does.
 */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, 'session') {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async validate(req: Request): Promise<AuthUser | false> {
    const token = sessionTokenOf(req.cookies);
    const session = await this.auth.resolveSession(token);
    if (!session) return false;
    if (session.renewed && token && req.res && !req.res.headersSent) setSessionCookie(req.res, this.config, token);
    return session.user;
  }
}
