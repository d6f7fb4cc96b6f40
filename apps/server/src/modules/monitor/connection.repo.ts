import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MachineDisconnectionTable } from '../../db/schema/monitor.js';

export type DisconnectionRow = Selectable<MachineDisconnectionTable>;

/**
 * The history of machines' disconnections. Every instance may observe the same silence; the unique
 * (run, since) key and the conditional close make the record the same whoever writes first, and
 * tell the writer whether it was first (only the first announces it).
 */
export class ConnectionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a silence since the last frame's arrival; false when it is on record already. */
  async open(runId: number, since: number): Promise<boolean> {
    const row = await this.db
      .insertInto('machine_disconnections')
      .values({ run_id: runId, disconnected_at: since, reconnected_at: null })
      .onConflict((oc) => oc.columns(['run_id', 'disconnected_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Ends the open silence of a run at the arrival of its first frame again; false when none was open. */
  async close(runId: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('machine_disconnections')
      .set({ reconnected_at: at })
      .where('run_id', '=', runId)
      .where('reconnected_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The newest record of each run (open or closed). */
  async latestOf(runIds: readonly number[]): Promise<Map<number, DisconnectionRow>> {
    if (runIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('machine_disconnections')
      .selectAll()
      .where('run_id', 'in', [...runIds])
      .where('id', 'in', (qb) => qb.selectFrom('machine_disconnections').select((eb) => eb.fn.max('id').as('id')).groupBy('run_id'))
      .execute();
    return new Map(rows.map((r) => [r.run_id, r]));
  }

  async page(runId: number, range: { from?: number; to?: number }, page: number, pageSize: number): Promise<{ total: number; rows: DisconnectionRow[] }> {
    let query = this.db.selectFrom('machine_disconnections').where('run_id', '=', runId);
    if (range.from !== undefined) query = query.where((eb) => eb.or([eb('reconnected_at', 'is', null), eb('reconnected_at', '>=', range.from ?? 0)]));
    if (range.to !== undefined) query = query.where('disconnected_at', '<=', range.to);
    const [count, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      query
        .selectAll()
        .orderBy('disconnected_at', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
    ]);
    return { total: Number(count.n), rows };
  }
}
