/**
 * Storage of the embedded identity provider's accounts in SQLite (`auth_users`), with refresh tokens
 * and one-time codes kept only as SHA-256 hashes.
 */
import type Database from 'better-sqlite3';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { roleOfClaims, type Role } from './types';

export interface AccountRow {
  uid: string;
  email: string;
  display_name: string | null;
  photo_url: string | null;
  email_verified: number;
  password_hash: string | null;
  password_updated_at: number | null;
  disabled: number;
  custom_claims: string;
  /** Seconds: ID and refresh tokens issued before this are revoked. */
  valid_since: number;
  created_at: number;
  last_login_at: number | null;
  last_refresh_at: number | null;
}

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function claimsOf(row: AccountRow): Record<string, unknown> {
  return JSON.parse(row.custom_claims) as Record<string, unknown>;
}

export function roleOf(row: AccountRow): Role | null {
  return roleOfClaims(claimsOf(row));
}

/**
 * The row of a new account: a Firebase-style uid of 28 characters, created now, enabled, tokens
 * valid from a second ago; a given password hash counts as set now.
 */
export function newAccountRow(
  fields: Pick<AccountRow, 'email' | 'display_name' | 'email_verified' | 'password_hash' | 'custom_claims'>,
): AccountRow {
  const now = Date.now();
  return {
    uid: randomUUID().replace(/-/g, '').slice(0, 28),
    photo_url: null,
    password_updated_at: fields.password_hash ? now : null,
    disabled: 0,
    valid_since: Math.floor(now / 1000) - 1,
    created_at: now,
    last_login_at: null,
    last_refresh_at: null,
    ...fields,
  };
}

export class AccountStore {
  constructor(private readonly db: Database.Database) {}

  byUid(uid: string): AccountRow | undefined {
    return this.db.prepare('SELECT * FROM auth_users WHERE uid = ?').get(uid) as AccountRow | undefined;
  }

  byEmail(email: string): AccountRow | undefined {
    return this.db.prepare('SELECT * FROM auth_users WHERE email = ?').get(email) as AccountRow | undefined;
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM auth_users').get() as { n: number }).n;
  }

  countAdmins(): number {
    return (
      this.db
        .prepare(
          "SELECT count(*) AS n FROM auth_users WHERE json_extract(custom_claims, '$.role') = 'admin' AND disabled = 0",
        )
        .get() as { n: number }
    ).n;
  }

  /** Accounts ordered by email, after `afterEmail`, optionally matching a search in email or name. */
  list(opts: { search?: string; afterEmail?: string; limit: number }): AccountRow[] {
    const params: unknown[] = [];
    let sql = 'SELECT * FROM auth_users WHERE 1 = 1';
    if (opts.search) {
      sql += " AND (email LIKE ? ESCAPE '\\' OR display_name LIKE ? ESCAPE '\\' OR uid = ?)";
      const like = `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.push(like, like, opts.search);
    }
    if (opts.afterEmail) {
      sql += ' AND email > ?';
      params.push(opts.afterEmail);
    }
    sql += ' ORDER BY email LIMIT ?';
    params.push(opts.limit);
    return this.db.prepare(sql).all(...params) as AccountRow[];
  }

  insert(row: AccountRow): void {
    this.db
      .prepare(
        `INSERT INTO auth_users (uid, email, display_name, photo_url, email_verified, password_hash, password_updated_at, disabled,
           custom_claims, valid_since, created_at, last_login_at, last_refresh_at)
         VALUES (@uid, @email, @display_name, @photo_url, @email_verified, @password_hash, @password_updated_at, @disabled,
           @custom_claims, @valid_since, @created_at, @last_login_at, @last_refresh_at)`,
      )
      .run(row);
  }

  /** Updates the given columns of one account. */
  patch(uid: string, changes: Partial<Omit<AccountRow, 'uid'>>): void {
    const keys = Object.keys(changes);
    if (!keys.length) return;
    this.db
      .prepare(`UPDATE auth_users SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE uid = @uid`)
      .run({ ...changes, uid });
  }

  delete(uid: string): void {
    this.db.prepare('DELETE FROM auth_users WHERE uid = ?').run(uid);
  }

  /** Revokes every refresh token of a user and marks earlier ID tokens revoked. */
  revokeTokens(uid: string, nowSeconds: number): void {
    this.db.transaction(() => {
      this.db.prepare('UPDATE auth_refresh_tokens SET revoked = 1 WHERE uid = ?').run(uid);
      this.db.prepare('UPDATE auth_users SET valid_since = ? WHERE uid = ?').run(nowSeconds, uid);
    })();
  }

  /** Removes refresh tokens that expired a while ago (housekeeping). */
  purgeExpiredRefreshTokens(now = Date.now()): void {
    this.db.prepare('DELETE FROM auth_refresh_tokens WHERE expires_at < ?').run(now - REFRESH_TOKEN_TTL_MS);
  }

  /** Issues a refresh token (returned once in the clear, stored hashed). */
  issueRefreshToken(uid: string, authTime: number, now = Date.now()): string {
    const token = randomToken();
    this.db
      .prepare(
        'INSERT INTO auth_refresh_tokens (token_hash, uid, auth_time, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(sha256(token), uid, authTime, now, now + REFRESH_TOKEN_TTL_MS);
    return token;
  }

  /**
   * Consumes a refresh token (rotation: it is revoked once used). Returns its owner and whether it
   * was still usable, or undefined when the token is unknown.
   */
  consumeRefreshToken(token: string, now = Date.now()): { uid: string; authTime: number; usable: boolean } | undefined {
    return this.db.transaction(() => {
      const row = this.db
        .prepare('SELECT uid, auth_time, expires_at, revoked FROM auth_refresh_tokens WHERE token_hash = ?')
        .get(sha256(token)) as { uid: string; auth_time: number; expires_at: number; revoked: number } | undefined;
      if (!row) return undefined;
      this.db.prepare('UPDATE auth_refresh_tokens SET revoked = 1 WHERE token_hash = ?').run(sha256(token));
      return { uid: row.uid, authTime: row.auth_time, usable: !row.revoked && row.expires_at > now };
    })();
  }

  /**
   * Issues a one-time code (returned once in the clear, stored hashed), valid for `ttlMs`. It is the
   * account's only live code of that type: earlier ones are deleted, and so are all expired codes.
   */
  issueOobCode(uid: string, email: string, requestType: string, ttlMs: number, now = Date.now()): string {
    const code = randomToken(24);
    this.db.transaction(() => {
      this.purgeExpiredOobCodes(now);
      this.db.prepare('DELETE FROM auth_oob_codes WHERE uid = ? AND request_type = ?').run(uid, requestType);
      this.db
        .prepare('INSERT INTO auth_oob_codes (code_hash, uid, request_type, email, expires_at) VALUES (?, ?, ?, ?, ?)')
        .run(sha256(code), uid, requestType, email, now + ttlMs);
    })();
    return code;
  }

  /** Deletes one-time codes that have expired (housekeeping, also run at every issue). */
  purgeExpiredOobCodes(now = Date.now()): void {
    this.db.prepare('DELETE FROM auth_oob_codes WHERE expires_at <= ?').run(now);
  }

  /** Reads (and with consume, deletes) a one-time code; an expired code is deleted when read. */
  oobCode(
    code: string,
    consume: boolean,
  ): { uid: string; email: string; requestType: string; expired: boolean } | undefined {
    const row = this.db.prepare('SELECT * FROM auth_oob_codes WHERE code_hash = ?').get(sha256(code)) as
      { uid: string; email: string; request_type: string; expires_at: number } | undefined;
    if (!row) return undefined;
    const expired = row.expires_at <= Date.now();
    if (consume || expired) this.db.prepare('DELETE FROM auth_oob_codes WHERE code_hash = ?').run(sha256(code));
    return { uid: row.uid, email: row.email, requestType: row.request_type, expired };
  }
}
