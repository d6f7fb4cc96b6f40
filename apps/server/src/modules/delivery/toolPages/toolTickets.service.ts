import { randomBytes } from 'node:crypto';
import { LIMITS, toolPagesContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type AuthSession, hashToken } from '../../../core/auth.js';
import { errors } from '../../../core/errors.js';
import type { ClientInfo } from '../../../core/http.js';
import type { Database } from '../../../db/schema.js';
import type { SessionService } from '../../auth/index.js';
import { consoleSession } from '../../messages/index.js';
import { RunScope } from '../../project/index.js';
import { languageOfCountry } from '../../report/index.js';
import type { RenderTicketRepo } from './renderTicket.repo.js';

type ToolPage = toolPagesContract.ToolPage;
type ToolView = toolPagesContract.ToolView;
type IssuedTicket = z.infer<typeof toolPagesContract.toolTicketIssue.output>;
type Exchanged = z.infer<typeof toolPagesContract.toolExchange.output>;

/** The web app's base path: tool pages live under it (spec §2). */
const WEB_BASE = '/client_web';
/** A render ticket: 256 random bits, base64url, with a prefix of its own (never a session token). */
const newTicket = (): string => `tl${randomBytes(32).toString('base64url')}`;

/**
 * A tool page's address with its ticket and what it shows: run, size, the language when one is
 * chosen, the tool's parameters when given. Nothing in it is a secret but the one-time ticket.
 */
export function toolPagePath(tool: ToolPage, ticket: string, runId: number, view: ToolView): string {
  const query = new URLSearchParams({ ticket, runId: String(runId), size: view.size });
  if (view.lang) query.set('lang', view.lang);
  for (const key of ['date', 'shiftNo', 'unit', 'drawing'] as const) {
    const value = view.params[key];
    if (value !== undefined) query.set(key, String(value));
  }
  return `${WEB_BASE}${toolPagesContract.TOOL_PATHS[tool]}?${query.toString()}`;
}

export interface ToolTicketDeps {
  db: Kysely<Database>;
  tickets: RenderTicketRepo;
  scope: RunScope;
  sessions: SessionService;
}

/**
 * One-time render tickets of the tool pages (like the H5 link): issued to a caller holding the
 * tool's read code at the run (`TOOL_READ_CODE`), or to the renderer on behalf of a subscription's
 * owner who still holds it; valid `LIMITS.renderTicketTtlMs`, stored as SHA-256 only; exchanged
 * once for a short session that reads only that run and only what the tool shows.
 *
 * Tickets and sessions are timed by the wall clock (`Date.now()`), as sessions are: a tool page
 * exchanges its ticket in real time, whatever clock a test gives the jobs.
 */
export class ToolTicketService {
  constructor(private readonly deps: ToolTicketDeps) {}

  /** `toolTicketIssue`: a ticket for the caller, who must hold the tool's read code at the run. */
  async issue(session: AuthSession, input: { runId: number; tool: ToolPage } & ToolView): Promise<IssuedTicket> {
    // A session opened from an H5 link or a ticket never issues one (the gate refuses it first).
    if (session.runId !== null) throw errors.noPermission();
    const run = await this.deps.scope.require(session, input.runId, toolPagesContract.TOOL_READ_CODE[input.tool]);
    return this.make(session.userId, run.id, input.tool, { size: input.size, lang: input.lang, params: input.params });
  }

  /**
   * A ticket for a user who may read the tool at the run (the renderer asks one on behalf of a
   * subscription's owner); answers the page's address (under the web base path) with the ticket.
   * The owner is judged as on the console now: an enabled account still holding the tool's read
   * code at the run; otherwise the no-permission error.
   */
  async issueFor(userId: number, runId: number, tool: ToolPage, view: ToolView): Promise<IssuedTicket> {
    const session = await this.consoleSessionOf(userId);
    if (!session) throw errors.noPermission();
    const run = await this.deps.scope.require(session, runId, toolPagesContract.TOOL_READ_CODE[tool]);
    return this.make(userId, run.id, tool, view);
  }

  /**
   * `toolExchange`: claims the ticket once and opens a session scoped to its run and tool. A used,
   * expired or unknown ticket answers code 1, and so does one named with another tool (it is used
   * up all the same). An owner who may no longer read the run answers code 2, and the session just
   * opened is closed again.
   */
  async exchange(ticket: string, tool: ToolPage, client: ClientInfo): Promise<Exchanged> {
    const claimed = await this.deps.tickets.claim(hashToken(ticket), Date.now());
    if (!claimed || claimed.tool !== tool) throw errors.sessionExpired();
    const opened = await this.deps.sessions.openScoped(claimed.userId, claimed.runId, client, tool);
    try {
      // The account may have been disabled, or lost the run or the code, since the ticket was made.
      const session = await this.deps.sessions.authenticate(opened.token);
      const run = await this.deps.scope.require(session, claimed.runId, toolPagesContract.TOOL_READ_CODE[tool]);
      return { token: opened.token, expiresAt: opened.expiresAt, tool, run: { ...RunScope.current(run), language: languageOfCountry(run.country) } };
    } catch (error) {
      await this.deps.sessions.close(opened.token);
      throw error;
    }
  }

  private async make(userId: number, runId: number, tool: ToolPage, view: ToolView): Promise<IssuedTicket> {
    const ticket = newTicket();
    const now = Date.now();
    const expiresAt = now + LIMITS.renderTicketTtlMs;
    await this.deps.tickets.insert({ tokenHash: hashToken(ticket), userId, runId, tool, now, expiresAt });
    await this.deps.tickets.purge(now - LIMITS.renderTicketTtlMs);
    return { ticket, path: toolPagePath(tool, ticket, runId, view), expiresAt };
  }

  /**
   * The session the user would have on the console, without an H5 or tool scope (as the message
   * centre asks about recipients); none for a missing or disabled account.
   */
  private async consoleSessionOf(userId: number): Promise<AuthSession | null> {
    const user = await this.deps.db.selectFrom('users').select(['id', 'is_sa', 'is_zb', 'org_id', 'enabled']).where('id', '=', userId).executeTakeFirst();
    if (!user || Number(user.enabled) !== 1) return null;
    return consoleSession({ id: user.id, is_sa: Number(user.is_sa), is_zb: Number(user.is_zb), org_id: user.org_id, enabled: 1 });
  }
}
