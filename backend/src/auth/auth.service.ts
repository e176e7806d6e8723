import { createHmac, randomBytes } from 'node:crypto';
import { ForbiddenException, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { ActivityService } from '../activity/activity.service';
import { AppConfig } from '../config/app-config';
import type { AuthUser, Role } from '../common/roles';
import { EmailService } from '../email/email.service';
import { AuthRepository, UserRow } from './auth.repository';
import { LoginDto } from './dto/login.dto';

export const SESSION_COOKIE = 'ca_session';
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;
export const SIGN_IN_LINK_TTL_SECONDS = 15 * 60;
export const DEMO_ATTENDEE = { email: 'demo.attendee@conference.local', firstName: 'Demo', lastName: 'Attendee', company: 'Demo Company' };

export interface UserResponse {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  name: string;
  role: Role;
  isAdmin: boolean;
  /** True when the account is privileged but this session is not (the emailed link opens it). */
  verificationPending: boolean;
}

export function toUserResponse(u: Pick<AuthUser, 'id' | 'email' | 'firstName' | 'lastName' | 'company' | 'role' | 'accountRole'>): UserResponse {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    company: u.company,
    name: [u.firstName, u.lastName].filter(Boolean).join(' '),
    role: u.role,
    isAdmin: u.role === 'admin' || u.role === 'superadmin',
    verificationPending: u.accountRole !== u.role,
  };
}

export interface RequestContext {
  ip: string;
  userAgent: string;
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly repo: AuthRepository,
    private readonly activity: ActivityService,
    private readonly email: EmailService,
  ) {}

  /** The role an address holds, from SUPERADMIN_EMAILS and ADMIN_EMAILS. */
  roleForEmail(email: string): Role {
    const e = email.toLowerCase();
    if (this.config.superadminEmails.includes(e)) return 'superadmin';
    if (this.config.adminEmails.includes(e)) return 'admin';
    return 'attendee';
  }

  hash(token: string): string {
    return createHmac('sha256', this.config.sessionSecret).update(token).digest('hex');
  }

  /** Passwordless sign-in. Privileged addresses get an attendee session plus an emailed sign-in link. */
  async login(dto: LoginDto, ctx: RequestContext): Promise<{ token: string; user: AuthUser }> {
    const email = dto.email.toLowerCase();
    const accountRole = this.roleForEmail(email);
    const row = await this.repo.upsertUser({
      email,
      firstName: dto.firstName,
      lastName: dto.lastName ?? '',
      company: dto.company ?? '',
      role: accountRole,
    });
    const token = await this.openSession(row, 'attendee');
    await this.activity.record(row.id, 'login', 'User logged in', { ip: ctx.ip, userAgent: ctx.userAgent });
    if (accountRole !== 'attendee') await this.mailSignInLink(row);
    return { token, user: this.toAuthUser(row, 'attendee', token) };
  }

  async quickLogin(ctx: RequestContext): Promise<{ token: string; user: AuthUser }> {
    if (this.config.isProduction) throw new ForbiddenException('Quick login is not available in production.');
    return this.login({ ...DEMO_ATTENDEE }, ctx);
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.repo.deleteSession(this.hash(token));
  }

  /** The user of a session cookie, or null. The account role is re-read from settings on every request. */
  async resolve(token: string | undefined): Promise<AuthUser | null> {
    if (!token || token.length > 200) return null;
    const row = await this.repo.findSession(this.hash(token), SESSION_TTL_SECONDS);
    if (!row) return null;
    const accountRole = this.roleForEmail(row.email);
    // A session never holds more than the account currently does (e.g. after ADMIN_EMAILS changes).
    const role: Role = row.sessionRole === 'attendee' || accountRole === 'attendee' ? 'attendee' : accountRole;
    return { ...this.toAuthUser(row, role, token), accountRole };
  }

  /** Sends a sign-in link if the address is privileged; says nothing either way (no account probing). */
  async requestSignInLink(emailAddress: string): Promise<void> {
    const email = emailAddress.toLowerCase();
    if (this.roleForEmail(email) === 'attendee') return;
    const row =
      (await this.repo.findUserByEmail(email)) ??
      (await this.repo.upsertUser({ email, firstName: email.split('@')[0], lastName: '', company: '', role: this.roleForEmail(email) }));
    await this.mailSignInLink(row);
  }

  /** Opens a privileged session from a sign-in link; null when the token is unknown, used or expired. */
  async verifySignInLink(token: string): Promise<{ token: string; role: Role } | null> {
    if (!token || token.length > 200) return null;
    const row = await this.repo.consumeSignInToken(this.hash(token));
    if (!row) return null;
    const role = this.roleForEmail(row.email);
    if (role === 'attendee') return null;
    if (row.role !== role) await this.repo.setRole(row.id, role);
    const sessionToken = await this.openSession(row, role);
    await this.activity.record(row.id, 'login', `Signed in as ${role} with an emailed link`, {});
    return { token: sessionToken, role };
  }

  @Cron(CronExpression.EVERY_HOUR)
  async purgeExpired(): Promise<void> {
    await this.repo.deleteExpired();
  }

  private async openSession(row: UserRow, role: Role): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.repo.createSession(this.hash(token), row.id, role, SESSION_TTL_SECONDS);
    return token;
  }

  private async mailSignInLink(row: UserRow): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.repo.createSignInToken(row.id, this.hash(token), SIGN_IN_LINK_TTL_SECONDS);
    const link = `${this.config.appUrl}/api/auth/verify?token=${token}`;
    const place = row.role === 'superadmin' ? 'super admin' : 'admin';
    await this.email.send({
      to: row.email,
      subject: 'Your sign-in link for the Conference Assistant',
      text: `Hello ${row.firstName || ''},\n\nOpen this link to sign in to the ${place} dashboard of the Conference Assistant:\n\n${link}\n\nThe link works once and expires in 15 minutes. If you did not ask for it, ignore this email.\n`,
      html: `<p>Hello ${escapeHtml(row.firstName || '')},</p><p>Open this link to sign in to the ${place} dashboard of the Conference Assistant:</p><p><a href="${escapeHtml(link)}">Sign in</a></p><p>The link works once and expires in 15 minutes. If you did not ask for it, ignore this email.</p>`,
    });
    this.logger.log(`sign-in link sent to ${row.email}`);
  }

  private toAuthUser(row: UserRow, role: Role, token: string): AuthUser {
    return {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      company: row.company,
      role,
      accountRole: row.role,
      sessionId: this.hash(token),
    };
  }
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
