import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** File tickets, stored as their SHA-256 only; usable many times until they expire (a player sends several Range requests). */
export class FileTicketRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(ticket: { tokenHash: string; fileId: string; userId: number; now: number; expiresAt: number }): Promise<void> {
    await this.db
      .insertInto('file_tickets')
      .values({ token_hash: ticket.tokenHash, file_id: ticket.fileId, user_id: ticket.userId, created_at: ticket.now, expires_at: ticket.expiresAt })
      .execute();
  }

  /** The file and user of an unexpired ticket; null for anything else. */
  async find(tokenHash: string, now: number): Promise<{ fileId: string; userId: number } | null> {
    const row = await this.db
      .selectFrom('file_tickets')
      .select(['file_id', 'user_id'])
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row ? { fileId: row.file_id, userId: row.user_id } : null;
  }

  /** Expired tickets are worth nothing; keep the table small. */
  async purge(before: number): Promise<void> {
    await this.db.deleteFrom('file_tickets').where('expires_at', '<', before).execute();
  }
}
