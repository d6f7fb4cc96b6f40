import { randomBytes } from 'node:crypto';
import { LIMITS } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { hashToken } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import type { ClientInfo } from '../../core/http.js';
import type { SessionService } from '../auth/index.js';
import { RunScope } from '../project/index.js';
import type { H5TicketRepo } from './h5Ticket.repo.js';

/**
 * The mobile (H5) real-time view's credentials: a signed-in user asks for a one-time link to a
 * run; the host app opens it; the page exchanges the token once for a session that may only read
 * that run's real-time data (H5_SESSION_CODES), and removes it from the address bar.
 */
export class H5Service {
  constructor(
    private readonly tickets: H5TicketRepo,
    private readonly scope: RunScope,
    private readonly sessions: SessionService,
  ) {}

  async issue(session: AuthSession, runId: number): Promise<{ token: string; path: string; expiresAt: number }> {
    const run = await this.scope.require(session, runId, 'monitor.h5Link.write');
    // The link opens the real-time view: the issuer must be able to read it too.
    await this.scope.require(session, runId, 'monitor.realData.read');
    const token = `h5${randomBytes(32).toString('base64url')}`;
    const now = Date.now();
    const expiresAt = now + LIMITS.h5TicketTtlMs;
    await this.tickets.insert({ tokenHash: hashToken(token), userId: session.userId, runId: run.id, now, expiresAt });
    await this.tickets.purge(now - LIMITS.h5TicketTtlMs);
    return { token, path: `/client_web/h5/rta/${run.id}/${token}`, expiresAt };
  }

  async exchange(token: string, runId: number, client: ClientInfo) {
    const ticket = await this.tickets.claim(hashToken(token), Date.now());
    if (!ticket || ticket.runId !== runId) throw errors.sessionExpired();
    const opened = await this.sessions.openScoped(ticket.userId, ticket.runId, client);
    try {
      // The account may have lost the run (or been disabled) since the link was made.
      const session = await this.sessions.authenticate(opened.token);
      const run = await this.scope.require(session, ticket.runId, 'monitor.realData.read');
      const { runId: id, projectName, tbmCode, machineType, timeZone } = RunScope.option(run);
      return { token: opened.token, expiresAt: opened.expiresAt, run: { runId: id, projectName, tbmCode, machineType, timeZone } };
    } catch (error) {
      await this.sessions.close(opened.token);
      throw error;
    }
  }
}
