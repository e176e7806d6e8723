import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Role } from './roles';

export interface UserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  role: Role;
  createdAt: Date;
}

/** The advisory lock key under which sign-in links are counted and stored ('sign-in links', 63-bit). */
const SIGN_IN_LINK_LOCK_KEY = '8316177285011931751';

const USER_COLUMNS = `u.id, u.email, u.first_name AS "firstName", u.last_name AS "lastName", u.company, u.role,
  u.created_at AS "createdAt"`;

/** Name and company as typed into the sign-in form. */
export interface SessionProfile {
  firstName: string;
  lastName: string;
  company: string;
}

@Injectable()
export class AuthRepository {
  constructor(private readonly db: DataSource) {}

  /** Creates the user or refreshes the profile; an empty optional field never erases a stored one. */
  async upsertUser(u: { email: string; firstName: string; lastName: string; company: string; role: Role }): Promise<UserRow> {
    const [row] = await this.db.query(
      `INSERT INTO users AS u (email, first_name, last_name, company, role) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (email) DO UPDATE SET
         first_name = EXCLUDED.first_name,
         last_name = CASE WHEN EXCLUDED.last_name <> '' THEN EXCLUDED.last_name ELSE u.last_name END,
         company = CASE WHEN EXCLUDED.company <> '' THEN EXCLUDED.company ELSE u.company END,
         role = EXCLUDED.role, updated_at = now()
       RETURNING ${USER_COLUMNS}`,
      [u.email, u.firstName, u.lastName, u.company, u.role],
    );
    return row;
  }

  /** The user of an address, created with the given profile if there is none; an existing one is left as it is. */
  async findOrCreateUser(u: { email: string; firstName: string; lastName: string; company: string; role: Role }): Promise<UserRow> {
    await this.db.query(
      `INSERT INTO users (email, first_name, last_name, company, role) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (email) DO NOTHING`,
      [u.email, u.firstName, u.lastName, u.company, u.role],
    );
    return (await this.findUserByEmail(u.email))!;
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.email = $1`, [email]);
    return row;
  }

  async setRole(userId: string, role: Role): Promise<void> {
    await this.db.query(`UPDATE users SET role = $2, updated_at = now() WHERE id = $1`, [userId, role]);
  }

  /** `profile`: the name typed into the form, kept on this session only (privileged addresses). */
  async createSession(
    idHash: string,
    userId: string,
    role: Role,
    ttlSeconds: number,
    profile: SessionProfile | null = null,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO web_sessions (id, user_id, role, expires_at, profile) VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5::jsonb)`,
      [idHash, userId, role, ttlSeconds, profile ? JSON.stringify(profile) : null],
    );
  }

  /** The profile kept on a live session, if any. */
  async sessionProfile(idHash: string): Promise<SessionProfile | null> {
    const [row] = await this.db.query(`SELECT profile FROM web_sessions WHERE id = $1 AND expires_at > now()`, [idHash]);
    return (row?.profile as SessionProfile | null) ?? null;
  }

  /** Sets the account's name and company when it has no name yet (a privileged account's first link). */
  async adoptProfileIfUnnamed(userId: string, profile: SessionProfile): Promise<void> {
    await this.db.query(`UPDATE users SET first_name = $2, last_name = $3, company = $4 WHERE id = $1 AND first_name = ''`, [
      userId,
      profile.firstName,
      profile.lastName,
      profile.company,
    ]);
  }

  /**
   * The live session and its user. Slides the expiry (at most once a minute, to spare writes):
   * attendee sessions by `attendee` seconds; admin and super admin sessions by `privilegedIdle`
   * seconds but never past `privilegedMax` seconds after they were opened.
   * `renewed` tells the caller to re-issue the cookie with a fresh lifetime too.
   */
  async findSession(
    idHash: string,
    ttl: { attendee: number; privilegedIdle: number; privilegedMax: number },
  ): Promise<(UserRow & { sessionRole: Role; renewed: boolean; sessionProfile: SessionProfile | null }) | undefined> {
    const [row] = await this.db.query(
      `WITH s AS (
         UPDATE web_sessions SET last_seen_at = now(), expires_at = CASE
             WHEN role = 'attendee' THEN now() + make_interval(secs => $2)
             ELSE LEAST(created_at + make_interval(secs => $4), now() + make_interval(secs => $3)) END
          WHERE id = $1 AND expires_at > now() AND last_seen_at < now() - interval '1 minute'
          RETURNING id)
       SELECT ${USER_COLUMNS}, ws.role AS "sessionRole", ws.profile AS "sessionProfile", EXISTS (SELECT 1 FROM s) AS "renewed"
         FROM web_sessions ws JOIN users u ON u.id = ws.user_id
        WHERE ws.id = $1 AND ws.expires_at > now()
          AND (ws.role = 'attendee' OR ws.created_at > now() - make_interval(secs => $4))`,
      [idHash, ttl.attendee, ttl.privilegedIdle, ttl.privilegedMax],
    );
    return row;
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.db.query(`DELETE FROM web_sessions WHERE id = $1`, [idHash]);
  }

  async deleteExpired(): Promise<void> {
    await this.db.query(`DELETE FROM web_sessions WHERE expires_at < now()`);
    await this.db.query(`DELETE FROM sign_in_tokens WHERE expires_at < now() - interval '1 day'`);
  }

  /**
   * Stores a new sign-in token unless the hourly caps are reached: `perAddress` links of this user,
   * `overall` links of everyone, in the last hour (`owner`: not capped, the address's owner asks).
   * Earlier links stay valid until one of them is used. True when stored.
   *
   * The count and the insert run under a transaction-level advisory lock, one for all addresses (the
   * overall cap counts everyone's links): without it, links asked for at once on different pooled
   * connections each counted the others' uncommitted rows as absent, and one more than the cap went out.
   * Links are few (the overall cap is a few hundred an hour), so waiting on one lock costs nothing.
   */
  async createSignInToken(
    userId: string,
    tokenHash: string,
    ttlSeconds: number,
    caps: { perAddress: number; overall: number; owner: boolean },
  ): Promise<boolean> {
    return this.db.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(${SIGN_IN_LINK_LOCK_KEY})`);
      const rows = await m.query(
        `INSERT INTO sign_in_tokens (user_id, token_hash, expires_at)
         SELECT $1, $2, now() + make_interval(secs => $3)
          WHERE $6::boolean
             OR ((SELECT count(*) FROM sign_in_tokens WHERE user_id = $1 AND created_at > now() - interval '1 hour') < $4
                 AND (SELECT count(*) FROM sign_in_tokens WHERE created_at > now() - interval '1 hour') < $5)
         RETURNING id`,
        [userId, tokenHash, ttlSeconds, caps.perAddress, caps.overall, caps.owner],
      );
      return rows.length > 0;
    });
  }

  /**
   * Marks the token used and returns its user, atomically: a token works once, before it expires, and
   * using it revokes the user's other unused links.
   */
  async consumeSignInToken(tokenHash: string): Promise<UserRow | undefined> {
    const [row] = await this.db.query(
      `WITH t AS (
         UPDATE sign_in_tokens SET used_at = now()
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          RETURNING user_id),
       others AS (
         UPDATE sign_in_tokens SET used_at = now()
          WHERE user_id IN (SELECT user_id FROM t) AND used_at IS NULL AND token_hash <> $1)
       SELECT ${USER_COLUMNS} FROM t JOIN users u ON u.id = t.user_id`,
      [tokenHash],
    );
    return row;
  }
}
