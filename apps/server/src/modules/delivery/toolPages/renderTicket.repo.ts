import { toolPagesContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

type ToolPage = toolPagesContract.ToolPage;

/** What a claimed ticket was issued for. */
export interface ClaimedTicket {
  userId: number;
  runId: number;
  /** Null when the stored value is no tool page (it cannot be, but a row is not trusted blindly). */
  tool: ToolPage | null;
}

const toolOf = (value: string): ToolPage | null => (toolPagesContract.TOOL_PAGES as readonly string[]).includes(value) ? (value as ToolPage) : null;

/** One-time render tickets of the tool pages, stored as their SHA-256 only (never the ticket). */
export class RenderTicketRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(ticket: { tokenHash: string; userId: number; runId: number; tool: ToolPage; now: number; expiresAt: number }): Promise<void> {
    await this.db
      .insertInto('render_tickets')
      .values({ token_hash: ticket.tokenHash, user_id: ticket.userId, run_id: ticket.runId, tool: ticket.tool, created_at: ticket.now, expires_at: ticket.expiresAt, used_at: null })
      .execute();
  }

  /**
   * Marks an unused, unexpired ticket used and answers what it was issued for; null for anything
   * else. One statement, so two exchanges of the same ticket cannot both win. A ticket is used up
   * whatever the caller does next (a wrong tool named with it refuses it, used).
   */
  async claim(tokenHash: string, now: number): Promise<ClaimedTicket | null> {
    const row = await this.db
      .updateTable('render_tickets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'run_id', 'tool'])
      .executeTakeFirst();
    return row ? { userId: row.user_id, runId: row.run_id, tool: toolOf(row.tool) } : null;
  }

  /** Tickets are worth nothing once expired (used or not): keep the table small. */
  async purge(before: number): Promise<void> {
    await this.db.deleteFrom('render_tickets').where('expires_at', '<', before).execute();
  }
}
