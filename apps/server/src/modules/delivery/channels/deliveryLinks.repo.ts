import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** The webhooks' file links, stored as the SHA-256 of their token only. */
export class DeliveryLinksRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(link: { tokenHash: string; deliveryId: number; now: number; expiresAt: number }): Promise<void> {
    await this.db
      .insertInto('delivery_links')
      .values({ token_hash: link.tokenHash, delivery_id: link.deliveryId, created_at: link.now, expires_at: link.expiresAt })
      .execute();
  }

  /** The file of the delivery an unexpired link was made for; null for anything else (a delivery or file gone since too). */
  async fileOf(tokenHash: string, now: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('delivery_links')
      .innerJoin('report_deliveries', 'report_deliveries.id', 'delivery_links.delivery_id')
      .select('report_deliveries.file_id')
      .where('delivery_links.token_hash', '=', tokenHash)
      .where('delivery_links.expires_at', '>', now)
      .executeTakeFirst();
    return row?.file_id ?? null;
  }

  /** Expired links open nothing; keep the table small. */
  async purge(before: number): Promise<void> {
    await this.db.deleteFrom('delivery_links').where('expires_at', '<=', before).execute();
  }
}
