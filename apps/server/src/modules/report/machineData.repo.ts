import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RingTable } from '../../db/schema/telemetry.js';
import type { StateInterval } from './shiftRecords.js';

export type RingRow = Selectable<RingTable>;

/**
 * Reads of what the cycle engine derived from a run's frames (state intervals, ring records),
 * which every report is made of: one place for the SQL of shift reports, period reports and their
 * exports. Built on a transaction it reads inside it (SQLite has one connection).
 */
export class MachineDataRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  /** State intervals overlapping [from, to), unclipped, in time order. */
  async states(runId: number, from: number, to: number): Promise<StateInterval[]> {
    const rows = await this.db
      .selectFrom('tbm_states')
      .select(['state', 'start_ts', 'end_ts', 'ring_no'])
      .where('run_id', '=', runId)
      .where('start_ts', '<', to)
      .where('end_ts', '>', from)
      .orderBy('start_ts')
      .execute();
    return rows.map((r) => ({ state: r.state, start: r.start_ts, end: r.end_ts, ringNo: r.ring_no }));
  }

  /** The state the machine was last known in at `ts` (the newest interval begun before it). */
  async stateAt(runId: number, ts: number): Promise<string | null> {
    const row = await this.db.selectFrom('tbm_states').select('state').where('run_id', '=', runId).where('start_ts', '<', ts).orderBy('start_ts', 'desc').limit(1).executeTakeFirst();
    return row?.state ?? null;
  }

  /** Rings completed in [from, to), by number: a ring counts for the period it ends in. */
  ringsEndingIn(runId: number, from: number, to: number): Promise<RingRow[]> {
    return this.db.selectFrom('rings').selectAll().where('run_id', '=', runId).where('end_ts', '>=', from).where('end_ts', '<', to).orderBy('ring_no').execute();
  }
}
