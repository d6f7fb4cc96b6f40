import { toolPagesContract, LIMITS } from '@boreline/contracts';
import type { ClientInfo } from '../../core/http.js';
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

const toolOf = (value: string | null): toolPagesContract.ToolPage | null =>
  value !== null && (toolPagesContract.TOOL_PAGES as readonly string[]).includes(value) ? (value as toolPagesContract.ToolPage) : null;

/**
 * Opaque tokens stored hashed, idle and absolute expiry, one open session per account (sessions
 * scoped to a run by an H5 link come besides it). Whoever holds live connections of a session (the
 * message server) hears of every revocation and checks its sockets again.
 */
export class SessionService implements SessionAuthenticator {
  private readonly revokeListeners: ((userIds: readonly number[]) => void)[] = [];

  constructor(
    private readonly repo: AuthRepo,
    private readonly limits: Config['session'],
  ) {}

  onRevoked(listener: (userIds: readonly number[]) => void): void {
    this.revokeListeners.push(listener);
  }

  private revoked(userIds: readonly number[]): void {
    if (userIds.length === 0) return;
    for (const listener of this.revokeListeners) listener(userIds);
  }

  /** Opens a session after revoking the account's open ones (their next call is forced offline). */
  async open(userId: number, client: ClientInfo): Promise<{ token: string; expiresAt: number }> {
    const token = newSessionToken();
    const now = Date.now();
    const expiresAt = now + this.limits.absoluteMs;
    const ended = await this.repo.transaction(async (repo) => {
      const count = await repo.revokeUserSessions(userId, REVOKE_REASON.loginElsewhere, now);
      await repo.insertSession({ tokenHash: hashToken(token), userId, now, expiresAt, ...client });
      return count;
    });
    if (ended > 0) this.revoked([userId]);
    return { token, expiresAt };
  }

  /**
   * A session that may only read one run (others of the account stay open): its real-time data for
   * an exchanged H5 link, or what a tool page shows for an exchanged render ticket (short-lived).
   */
  async openScoped(userId: number, runId: number, client: ClientInfo, tool?: toolPagesContract.ToolPage): Promise<{ token: string; expiresAt: number }> {
    const token = newSessionToken();
    const now = Date.now();
    const expiresAt = now + (tool ? LIMITS.renderSessionTtlMs : this.limits.absoluteMs);
    await this.repo.insertSession({ tokenHash: hashToken(token), userId, now, expiresAt, scopeRunId: runId, ...(tool ? { scopeTool: tool } : {}), ...client });
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
      runId: row.scopeRunId,
      scopeTool: toolOf(row.scopeTool),
    };
  }

  async close(token: string): Promise<void> {
    const userId = await this.repo.revokeSession(hashToken(token), REVOKE_REASON.logout, Date.now());
    if (userId !== null) this.revoked([userId]);
  }

  async revokeAll(userId: number, reason: RevokeReason): Promise<void> {
    if ((await this.repo.revokeUserSessions(userId, reason, Date.now())) > 0) this.revoked([userId]);
  }

  /** Ends the sessions of many accounts at once (an organization was deleted). */
  async revokeUsers(userIds: readonly number[], reason: RevokeReason): Promise<void> {
    const ended: number[] = [];
    for (const userId of userIds) if ((await this.repo.revokeUserSessions(userId, reason, Date.now())) > 0) ended.push(userId);
    this.revoked(ended);
  }
}
