import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One-time H5 link tokens, stored as their SHA-256 only. */
export class H5TicketRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(ticket: { tokenHash: string; userId: number; runId: number; now: number; expiresAt: number }): Promise<void> {
    await this.db
      .insertInto('h5_tickets')
      .values({ token_hash: ticket.tokenHash, user_id: ticket.userId, run_id: ticket.runId, created_at: ticket.now, expires_at: ticket.expiresAt, used_at: null })
      .execute();
  }

  /**
   * Marks an unused, unexpired ticket used and returns it; null for anything else. One statement,
   * so two exchanges of the same token cannot both win.
   */
  async claim(tokenHash: string, now: number): Promise<{ userId: number; runId: number } | null> {
    const row = await this.db
      .updateTable('h5_tickets')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'run_id'])
      .executeTakeFirst();
    return row ? { userId: row.user_id, runId: row.run_id } : null;
  }

  /** Tickets are worth nothing after expiry; keep the table small. */
  async purge(before: number): Promise<void> {
    await this.db.deleteFrom('h5_tickets').where('expires_at', '<', before).execute();
  }
}
