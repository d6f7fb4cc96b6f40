import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { ReportDeliveryTable, ReportSubscriptionTable } from '../../../db/schema/delivery.js';

export type SubscriptionRow = Selectable<ReportSubscriptionTable>;
export type DeliveryRow = Selectable<ReportDeliveryTable>;

const num = (v: number | string | bigint): number => Number(v);

/** Subscriptions and their delivery log (report_subscriptions, report_deliveries). */
export class SubscriptionsRepo {
  constructor(readonly db: Kysely<Database>) {}

  find(id: number): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('report_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  ofUserRun(userId: number, runId: number): Promise<SubscriptionRow[]> {
    return this.db.selectFrom('report_subscriptions').selectAll().where('user_id', '=', userId).where('run_id', '=', runId).orderBy('created_at').orderBy('id').execute();
  }

  async countOf(userId: number, runId: number): Promise<number> {
    const row = await this.db
      .selectFrom('report_subscriptions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow();
    return num(row.n);
  }

  insert(row: Insertable<ReportSubscriptionTable>): Promise<SubscriptionRow> {
    return this.db.insertInto('report_subscriptions').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, row: Updateable<ReportSubscriptionTable>): Promise<SubscriptionRow> {
    return this.db.updateTable('report_subscriptions').set(row).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('report_subscriptions').where('id', '=', id).execute();
  }

  /** Enabled subscriptions whose next due time has come, oldest first. */
  due(now: number, limit: number): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('report_subscriptions')
      .selectAll()
      .where('enabled', '=', 1)
      .where('next_due_at', 'is not', null)
      .where('next_due_at', '<=', now)
      .orderBy('next_due_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Moves the next due time on, unless another pass already did (answers whether this one did). */
  async advance(id: number, from: number, to: number | null, now: number): Promise<boolean> {
    const result = await this.db.updateTable('report_subscriptions').set({ next_due_at: to, updated_at: now }).where('id', '=', id).where('next_due_at', '=', from).executeTakeFirst();
    return num(result.numUpdatedRows) === 1;
  }

  /** A delivery for a due time, unless one is there already (unique per subscription and due time). */
  async insertDelivery(row: Insertable<ReportDeliveryTable>): Promise<number | null> {
    const inserted = await this.db
      .insertInto('report_deliveries')
      .values(row)
      .onConflict((oc) => oc.columns(['subscription_id', 'due_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id ?? null;
  }

  findDelivery(id: number): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('report_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
  }

  deliveryAt(subscriptionId: number, dueAt: number): Promise<DeliveryRow | undefined> {
    return this.db.selectFrom('report_deliveries').selectAll().where('subscription_id', '=', subscriptionId).where('due_at', '=', dueAt).executeTakeFirst();
  }

  /** The newest delivery of each subscription. */
  async lastDeliveries(subscriptionIds: readonly number[]): Promise<Map<number, DeliveryRow>> {
    const found = new Map<number, DeliveryRow>();
    if (subscriptionIds.length === 0) return found;
    const rows = await this.db
      .selectFrom('report_deliveries as d')
      .selectAll('d')
      .where('d.subscription_id', 'in', subscriptionIds)
      .where((eb) =>
        eb(
          'd.id',
          '=',
          eb
            .selectFrom('report_deliveries as n')
            .select('n.id')
            .whereRef('n.subscription_id', '=', 'd.subscription_id')
            .orderBy('n.created_at', 'desc')
            .orderBy('n.id', 'desc')
            .limit(1),
        ),
      )
      .execute();
    for (const row of rows) found.set(row.subscription_id, row);
    return found;
  }

  async deliveriesPage(subscriptionId: number, page: number, pageSize: number): Promise<{ total: number; rows: DeliveryRow[] }> {
    const [count, rows] = await Promise.all([
      this.db.selectFrom('report_deliveries').select((eb) => eb.fn.countAll<string | number>().as('n')).where('subscription_id', '=', subscriptionId).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('report_deliveries')
        .selectAll()
        .where('subscription_id', '=', subscriptionId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
    ]);
    return { total: num(count.n), rows };
  }

  deliveryIdsOf(subscriptionId: number): Promise<number[]> {
    return this.db
      .selectFrom('report_deliveries')
      .select('id')
      .where('subscription_id', '=', subscriptionId)
      .execute()
      .then((rows) => rows.map((r) => r.id));
  }

  /** Pending deliveries whose next try has come and that no instance holds. */
  async workable(now: number, limit: number, only?: number): Promise<number[]> {
    let query = this.db
      .selectFrom('report_deliveries')
      .select('id')
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]));
    if (only !== undefined) query = query.where('id', '=', only);
    const rows = await query.orderBy('next_attempt_at').orderBy('id').limit(limit).execute();
    return rows.map((r) => r.id);
  }

  /**
   * Takes a delivery for `until` in one conditional statement: of two instances (or passes) racing
   * for it, one gets it; a holder that died loses it when its lease runs out.
   */
  async claim(id: number, now: number, until: number): Promise<boolean> {
    const result = await this.db
      .updateTable('report_deliveries')
      .set({ claimed_until: until })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .executeTakeFirst();
    return num(result.numUpdatedRows) === 1;
  }

  /** Writes what a worked delivery came to, while this holder still has it. */
  async settle(id: number, lease: number, row: Updateable<ReportDeliveryTable>): Promise<boolean> {
    const result = await this.db.updateTable('report_deliveries').set(row).where('id', '=', id).where('claimed_until', '=', lease).executeTakeFirst();
    return num(result.numUpdatedRows) === 1;
  }

  /** Deliveries made before `before` (the log's end), a batch at a time. */
  async expired(before: number, limit: number): Promise<number[]> {
    const rows = await this.db.selectFrom('report_deliveries').select('id').where('created_at', '<', before).orderBy('id').limit(limit).execute();
    return rows.map((r) => r.id);
  }

  async removeDeliveries(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db.deleteFrom('report_deliveries').where('id', 'in', ids).executeTakeFirst();
    return num(result.numDeletedRows);
  }

  /** The account behind a subscription, as the access checks need it. */
  owner(userId: number): Promise<{ id: number; enabled: number; is_sa: number; is_zb: number; org_id: number | null } | undefined> {
    return this.db.selectFrom('users').select(['id', 'enabled', 'is_sa', 'is_zb', 'org_id']).where('id', '=', userId).executeTakeFirst();
  }
}
