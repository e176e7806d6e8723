import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import type { AuthUser } from '../common/roles';
import { AuthService, SESSION_COOKIE } from './auth.service';

/** Passport strategy: the user of the session cookie (database-backed), or no user. */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, 'session') {
  constructor(private readonly auth: AuthService) {
    super();
  }

  async validate(req: Request): Promise<AuthUser | false> {
    return (await this.auth.resolve(req.cookies?.[SESSION_COOKIE])) ?? false;
  }
}
