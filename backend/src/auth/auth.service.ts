import { createHmac, randomBytes } from 'node:crypto';
import { ForbiddenException, Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { LRUCache } from 'lru-cache';
import { ActivityService } from '../activity/activity.service';
import { AppConfig } from '../config/app-config';
import { type AuthUser, hasRole, type Role } from './roles';
import { EmailService } from '../email/email.service';
import { AuthRepository, type SessionProfile, UserRow } from './auth.repository';
import { LoginDto } from './dto/login.dto';
import { maskEmail } from '../logging/log-mask';
import { PRIVILEGED_SESSION_IDLE_SECONDS, PRIVILEGED_SESSION_MAX_SECONDS, SESSION_COOKIE, SESSION_TTL_SECONDS } from './session-cookie';
import { signInLinkMail } from './sign-in-link.mail';
import { QUICK_LOGIN_FORBIDDEN_MESSAGE } from './dto/auth.messages';

export { PRIVILEGED_SESSION_IDLE_SECONDS, PRIVILEGED_SESSION_MAX_SECONDS, SESSION_COOKIE, SESSION_TTL_SECONDS };
export const SIGN_IN_LINK_TTL_SECONDS = 15 * 60;
export const DEMO_ATTENDEE = { email: 'demo.attendee@conference.local', firstName: 'Demo', lastName: 'Attendee', company: 'Demo Company' };
export interface RequestContext {
  ip: string;
  userAgent: string;
  /** The session cookie the browser already holds: a new sign-in closes that session. */
  previousSessionToken?: string;
  /**
   * The request comes from the address's owner (a privileged session of it, or a browser that opened
   * one of its links): the hourly sign-in link caps do not apply.
   */
  addressOwner?: boolean;
}

export interface LoginResult {
  token: string;
  user: AuthUser;
  /**
   * Always false: kept for clients of the earlier API. A privileged address gets its link by mail,
   * sent after the answer, and the answer is the same as for any other address.
   */
  signInLinkSent: false;
}

/**
 * How long a resolved session cookie is trusted without reading the database (per process, keyed by
 * the token's hash). Logging out in the same process takes effect at once; a logout, an expiry or an
 * ended session in another process (or a changed row) applies to this process within this time.
 */
export const SESSION_CACHE_MS = 5000;
/** Session cookies remembered at most (least recently used go first). */
const SESSION_CACHE_ENTRIES = 20_000;

/** The lower of two roles: a session never holds more than it was opened with nor more than the account. */
function lower(a: Role, b: Role): Role {
  return hasRole(a, b) ? b : a;
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  /** Resolved sessions by token hash (SESSION_CACHE_MS): most requests cost no database round trip. */
  private readonly sessions = new LRUCache<string, AuthUser>({
    max: SESSION_CACHE_ENTRIES,
    ttl: SESSION_CACHE_MS,
    ttlAutopurge: false,
    dispose: (user, key) => this.unindex(user.id, key),
  });
  /** The remembered token hashes of each user, so a sign-in forgets that user's entries without a scan. */
  private readonly keysByUser = new Map<string, Set<string>>();

  constructor(
    private readonly config: AppConfig,
    private readonly repo: AuthRepository,
    private readonly activity: ActivityService,
    private readonly email: EmailService,
  ) {}

  /** The role an address holds, from SUPERADMIN_EMAILS and ADMIN_EMAILS. */
  roleForEmail(email: string): Role {
    const e = email.trim().toLowerCase();
    if (this.config.superadminEmails.includes(e)) return 'superadmin';
    if (this.config.adminEmails.includes(e)) return 'admin';
    return 'attendee';
  }

  /** Tokens (session cookies, sign-in links) are stored only as this keyed hash. */
  hash(token: string): string {
    return createHmac('sha256', this.config.sessionSecret).update(token).digest('hex');
  }

  /**
   * Passwordless sign-in. Always opens an attendee session and answers alike for every address:
   * a privileged address also gets a single-use sign-in link by mail (sent in the background, so the
   * answer's timing tells nothing either), and its stored profile is never changed from here, so a
   * stranger cannot rename the admin who is then greeted in the genuine sign-in mail.
   */
  async login(dto: LoginDto, ctx: RequestContext): Promise<LoginResult> {
    const email = dto.email.trim().toLowerCase();
    const accountRole = this.roleForEmail(email);
    const profile = { firstName: dto.firstName, lastName: dto.lastName ?? '', company: dto.company ?? '' };
    const row =
      accountRole === 'attendee'
        ? await this.repo.upsertUser({ email, ...profile, role: accountRole })
        : await this.repo.findOrCreateUser({ email, firstName: '', lastName: '', company: '', role: accountRole });
    if (accountRole === 'attendee') this.forgetUser(row.id); // the profile may have changed: shown at once
    if (ctx.previousSessionToken) await this.logout(ctx.previousSessionToken);
    // A privileged address: the typed profile stays on this attendee session, never on the account.
    const token = await this.openSession(row, 'attendee', accountRole === 'attendee' ? null : profile);
    await this.activity.record(row.id, 'login', 'User logged in', { ip: ctx.ip, userAgent: ctx.userAgent });
    if (accountRole !== 'attendee') this.mailSignInLinkInBackground({ ...row, role: accountRole }, ctx.addressOwner === true);
    const user = this.toAuthUser(row, 'attendee', accountRole, token);
    // A privileged address is answered with the profile as given, like a first sign-in of any address.
    return { token, user: accountRole === 'attendee' ? user : { ...user, ...profile }, signInLinkSent: false };
  }

  /** Signs in the fixed demo attendee; refused in production. */
  async quickLogin(ctx: RequestContext): Promise<LoginResult> {
    if (this.config.isProduction) throw new ForbiddenException(QUICK_LOGIN_FORBIDDEN_MESSAGE);
    return this.login({ ...DEMO_ATTENDEE }, ctx);
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const key = this.hash(token);
    this.sessions.delete(key);
    await this.repo.deleteSession(key);
    this.sessions.delete(key); // a lookup that began before the delete may have stored it again
  }

  /** Forgets every remembered session (this process): the next request of each reads the database. */
  forgetSessions(): void {
    this.sessions.clear();
    this.keysByUser.clear();
  }

  /** Forgets the remembered sessions of one user (this process), e.g. after their profile changed. */
  private forgetUser(userId: string): void {
    for (const key of [...(this.keysByUser.get(userId) ?? [])]) this.sessions.delete(key);
  }

  private unindex(userId: string, key: string): void {
    const keys = this.keysByUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(userId);
  }

  /** The user of a session cookie, or null. */
  async resolve(token: string | undefined): Promise<AuthUser | null> {
    return (await this.resolveSession(token))?.user ?? null;
  }

  /**
   * The user of a session cookie and whether its expiry just slid (the cookie is then re-issued).
   * The account role is re-read from the settings on every request, so removing an address from
   * ADMIN_EMAILS takes effect at once.
   */
  async resolveSession(token: string | undefined): Promise<{ user: AuthUser; renewed: boolean } | null> {
    if (!token || token.length > 200) return null;
    const key = this.hash(token);
    const known = this.sessions.get(key);
    if (known) return { user: known, renewed: false };
    const row = await this.repo.findSession(key, {
      attendee: SESSION_TTL_SECONDS,
      privilegedIdle: PRIVILEGED_SESSION_IDLE_SECONDS,
      privilegedMax: PRIVILEGED_SESSION_MAX_SECONDS,
    });
    if (!row) return null;
    const accountRole = this.roleForEmail(row.email);
    const role = lower(row.sessionRole, accountRole);
    // An attendee session of a privileged address shows the profile typed with it, not the account's.
    const shown = role === 'attendee' && row.sessionProfile ? { ...row, ...row.sessionProfile } : row;
    const user = this.toAuthUser(shown, role, accountRole, token);
    this.sessions.set(key, user);
    const keys = this.keysByUser.get(user.id) ?? new Set<string>();
    this.keysByUser.set(user.id, keys.add(key));
    return { user, renewed: row.renewed };
  }

  /**
   * Sends a sign-in link if the address is privileged; says nothing either way (no account probing).
   * Returns before any work is done, so the answer takes as long for every address: the account is
   * looked up and the link mailed in the background.
   */
  requestSignInLink(emailAddress: string, addressOwner = false): void {
    const email = emailAddress.trim().toLowerCase();
    const role = this.roleForEmail(email);
    if (role === 'attendee') {
      this.logger.log('sign-in link asked for an address that is not privileged: nothing sent');
      return;
    }
    setImmediate(() => {
      this.repo
        .findOrCreateUser({ email, firstName: '', lastName: '', company: '', role })
        .then((row) => this.mailSignInLinkInBackground({ ...row, role }, addressOwner))
        .catch((err: Error) => this.logger.error(`sign-in link to ${maskEmail(email)} not sent: ${err.message}`));
    });
  }

  /**
   * Opens a privileged session from a sign-in link; null when the token is unknown, used, expired or
   * its address is no longer privileged. The session the browser held before (if any) is closed.
   */
  async verifySignInLink(token: string, ctx: RequestContext): Promise<{ token: string; role: Role; email: string } | null> {
    if (!token || token.length > 200) return null;
    const row = await this.repo.consumeSignInToken(this.hash(token));
    if (!row) return null;
    const role = this.roleForEmail(row.email);
    if (role === 'attendee') return null;
    if (row.role !== role) await this.repo.setRole(row.id, role);
    if (ctx.previousSessionToken) {
      // The mailbox owner signed in by form in this browser: an unnamed account takes that name.
      const typed = await this.repo.sessionProfile(this.hash(ctx.previousSessionToken));
      if (typed && row.firstName === '') {
        await this.repo.adoptProfileIfUnnamed(row.id, typed);
        Object.assign(row, typed);
      }
      await this.logout(ctx.previousSessionToken);
    }
    const sessionToken = await this.openSession(row, role);
    await this.activity.record(row.id, 'login', `Signed in as ${role} with an emailed link`, {
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    return { token: sessionToken, role, email: row.email };
  }

  @Cron(CronExpression.EVERY_HOUR)
  async purgeExpired(): Promise<void> {
    await this.repo.deleteExpired();
  }

  private async openSession(row: UserRow, role: Role, profile: SessionProfile | null = null): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const ttl = role === 'attendee' ? SESSION_TTL_SECONDS : PRIVILEGED_SESSION_IDLE_SECONDS;
    await this.repo.createSession(this.hash(token), row.id, role, ttl, profile);
    return token;
  }

  /** Mails a sign-in link without holding up the answer; a failure is logged (address masked). */
  private mailSignInLinkInBackground(row: UserRow, addressOwner: boolean): void {
    this.mailSignInLink(row, addressOwner).catch((err: Error) =>
      this.logger.error(`sign-in link to ${maskEmail(row.email)} not sent: ${err.message}`),
    );
  }

  /**
   * Mails a new link (older ones stay valid until one is used), within the hourly caps per address
   * and overall (SIGN_IN_LINK_LIMIT_PER_EMAIL_HOUR, SIGN_IN_LINK_LIMIT_GLOBAL_HOUR) unless the
   * address's owner asks. Over a cap nothing is mailed and the answer is the same.
   */
  private async mailSignInLink(row: UserRow, addressOwner: boolean): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const stored = await this.repo.createSignInToken(row.id, this.hash(token), SIGN_IN_LINK_TTL_SECONDS, {
      perAddress: this.config.signInLinkLimitPerEmailHour,
      overall: this.config.signInLinkLimitGlobalHour,
      owner: addressOwner,
    });
    if (!stored) {
      this.logger.warn(`sign-in link to ${maskEmail(row.email)} not sent: hourly sign-in link limit reached`);
      return;
    }
    const link = `${this.config.appUrl}/api/auth/verify?token=${token}`;
    await this.email.send({ to: row.email, ...signInLinkMail({ firstName: row.firstName, role: row.role, link }) });
    this.logger.log(`sign-in link sent to ${maskEmail(row.email)}`);
  }

  private toAuthUser(row: UserRow, role: Role, accountRole: Role, token: string): AuthUser {
    return {
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      company: row.company,
      role,
      accountRole,
      sessionId: this.hash(token),
    };
  }
}
