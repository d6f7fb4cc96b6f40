import type { Config } from '../../config.js';
import { type AuthSession, hashToken, newSessionToken, type SessionAuthenticator } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import type { AuthRepo } from './auth.repo.js';

export const REVOKE_REASON = {
  logout: 'logout',
  loginElsewhere: 'login_elsewhere',
  passwordChanged: 'password_changed',
  passwordReset: 'password_reset',
  orgDeleted: 'org_deleted',
  accountChanged: 'account_changed',
} as const;
export type RevokeReason = (typeof REVOKE_REASON)[keyof typeof REVOKE_REASON];

/** Writes to last_seen_at at most this often per session (idle expiry is counted in hours). */
const TOUCH_INTERVAL_MS = 60_000;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** Opaque tokens stored hashed, idle and absolute expiry, one open session per account. */
export class SessionService implements SessionAuthenticator {
  constructor(
    private readonly repo: AuthRepo,
    private readonly limits: Config['session'],
  ) {}

  /** Opens a session after revoking the account's open ones (their next call is forced offline). */
  async open(userId: number, client: ClientInfo): Promise<{ token: string; expiresAt: number }> {
    const token = newSessionToken();
    const now = Date.now();
    const expiresAt = now + this.limits.absoluteMs;
    await this.repo.transaction(async (repo) => {
      await repo.revokeUserSessions(userId, REVOKE_REASON.loginElsewhere, now);
      await repo.insertSession({ tokenHash: hashToken(token), userId, now, expiresAt, ...client });
    });
    return { token, expiresAt };
  }

  async authenticate(token: string): Promise<AuthSession> {
    const row = await this.repo.findSessionByTokenHash(hashToken(token));
    const now = Date.now();
    if (!row) throw errors.sessionExpired();
    if (row.revokedAt !== null) {
      throw row.revokeReason === REVOKE_REASON.loginElsewhere ? errors.forcedOffline() : errors.sessionExpired();
    }
    if (row.enabled !== 1 || now >= row.expiresAt || now - row.lastSeenAt > this.limits.idleMs) {
      throw errors.sessionExpired();
    }
    if (now - row.lastSeenAt > TOUCH_INTERVAL_MS) await this.repo.touchSession(row.sessionId, now);
    return {
      sessionId: row.sessionId,
      userId: row.userId,
      sa: row.sa === 1,
      zb: row.zb === 1,
      orgId: row.orgId,
      expiresAt: Math.min(row.expiresAt, now + this.limits.idleMs),
    };
  }

  async close(token: string): Promise<void> {
    await this.repo.revokeSession(hashToken(token), REVOKE_REASON.logout, Date.now());
  }

  async revokeAll(userId: number, reason: RevokeReason): Promise<void> {
    await this.repo.revokeUserSessions(userId, reason, Date.now());
  }

  /** Ends the sessions of many accounts at once (an organization was deleted). */
  async revokeUsers(userIds: readonly number[], reason: RevokeReason): Promise<void> {
    for (const userId of userIds) await this.repo.revokeUserSessions(userId, reason, Date.now());
  }
}
