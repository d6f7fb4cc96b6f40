import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RiskPointTable } from '../../db/schema/risk.js';

export type RiskPointRow = Selectable<RiskPointTable>;

/** The risk points of runs and each run's warning distance. */
export class RiskRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A run's zones in chainage order. */
  ofRun(runId: number): Promise<RiskPointRow[]> {
    return this.db.selectFrom('risk_points').selectAll().where('run_id', '=', runId).orderBy('start_chainage').orderBy('id').execute();
  }

  find(id: number): Promise<RiskPointRow | undefined> {
    return this.db.selectFrom('risk_points').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async countOf(runId: number): Promise<number> {
    const row = await this.db.selectFrom('risk_points').select((eb) => eb.fn.countAll<string | number>().as('n')).where('run_id', '=', runId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async codeTaken(runId: number, code: string, except: number | null): Promise<boolean> {
    let query = this.db.selectFrom('risk_points').select('id').where('run_id', '=', runId).where('code', '=', code);
    if (except !== null) query = query.where('id', '!=', except);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(row: Insertable<RiskPointTable>): Promise<number> {
    const inserted = await this.db.insertInto('risk_points').values(row).returning('id').executeTakeFirstOrThrow();
    return inserted.id;
  }

  async update(id: number, changes: Updateable<RiskPointTable>): Promise<void> {
    await this.db.updateTable('risk_points').set(changes).where('id', '=', id).execute();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('risk_points').where('id', '=', id).execute();
  }

  /** Records the state announced for a zone; false when another evaluation announced it first. */
  async markNotified(id: number, from: string | null, to: string): Promise<boolean> {
    const query = this.db.updateTable('risk_points').set({ notified_state: to }).where('id', '=', id);
    const result = await (from === null ? query.where('notified_state', 'is', null) : query.where('notified_state', '=', from)).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Picture counts of zones by id. */
  async pictureCounts(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('files')
      .select(['owner_id', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('owner_kind', '=', 'riskPoint')
      .where('purpose', '=', 'riskPicture')
      .where('parent_id', 'is', null)
      .where('owner_id', 'in', ids.map(String))
      .groupBy('owner_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.owner_id), Number(r.n)]));
  }

  async warnRings(runId: number): Promise<number | null> {
    const row = await this.db.selectFrom('risk_settings').select('warn_rings').where('run_id', '=', runId).executeTakeFirst();
    return row?.warn_rings ?? null;
  }

  async saveWarnRings(runId: number, warnRings: number, now: number): Promise<void> {
    await this.db
      .insertInto('risk_settings')
      .values({ run_id: runId, warn_rings: warnRings, updated_at: now })
      .onConflict((oc) => oc.column('run_id').doUpdateSet({ warn_rings: warnRings, updated_at: now }))
      .execute();
  }

  /** Runs holding at least one zone (evaluated at start). */
  async runsWithZones(): Promise<number[]> {
    const rows = await this.db.selectFrom('risk_points').select('run_id').distinct().execute();
    return rows.map((r) => r.run_id);
  }
}
