import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RingTable } from '../../db/schema/telemetry.js';
import type { RingRecord, StateInterval } from '../cycle/cycleEngine.js';

/** A derived ring as stored: `live`, so it replaces an imported ring of the same number. */
const ringRow = (r: RingRecord): Insertable<RingTable> & { origin: 'live' } => ({
  origin: 'live',
  run_id: r.runId,
  ring_no: r.ringNo,
  start_ts: r.start,
  end_ts: r.end,
  advance_ms: r.advanceMs,
  ring_build_ms: r.ringBuildMs,
  waiting_ms: r.waitingMs,
  frames: r.frames,
  start_chainage: r.startChainage,
  end_chainage: r.endChainage,
  thrust_avg: r.thrustAvg,
  thrust_max: r.thrustMax,
  torque_avg: r.torqueAvg,
  torque_max: r.torqueMax,
  speed_avg: r.speedAvg,
  cutter_speed_avg: r.cutterSpeedAvg,
  speed_max: r.speedMax,
  penetration_avg: r.penetrationAvg,
  face_pressure_avg: r.facePressureAvg,
  grout_volume: r.groutVolume,
  grout_pressure_avg: r.groutPressureAvg,
  foam_volume: r.foamVolume,
  bentonite_volume: r.bentoniteVolume,
  head_horizontal: r.headHorizontal,
  head_vertical: r.headVertical,
  tail_horizontal: r.tailHorizontal,
  tail_vertical: r.tailVertical,
  tail_gap_top: r.tailGapTop,
  tail_gap_bottom: r.tailGapBottom,
  tail_gap_left: r.tailGapLeft,
  tail_gap_right: r.tailGapRight,
});

/** SQL of what the cycle engine derives: state intervals, rings and its snapshot. */
export class CycleRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async insertIntervals(intervals: readonly StateInterval[]): Promise<void> {
    if (intervals.length === 0) return;
    await this.db
      .insertInto('tbm_states')
      .values(intervals.map((i) => ({ run_id: i.runId, state: i.state, start_ts: i.start, end_ts: i.end, ring_no: i.ringNo })))
      .execute();
  }

  /**
   * Rings are replaced by number: a recomputation writes them again. A ring the machine's data
   * derives replaces an imported ring of the same number, and the intervals imported with it go.
   */
  async upsertRings(rings: readonly RingRecord[]): Promise<void> {
    if (rings.length === 0) return;
    const runId = rings[0]?.runId ?? 0;
    const numbers = rings.map((r) => r.ringNo);
    const imported = await this.db.selectFrom('rings').select('ring_no').where('run_id', '=', runId).where('origin', '=', 'import').where('ring_no', 'in', numbers).execute();
    if (imported.length > 0) {
      await this.db.deleteFrom('tbm_states').where('run_id', '=', runId).where('origin', '=', 'import').where('ring_no', 'in', imported.map((r) => r.ring_no)).execute();
    }
    for (const ring of rings) {
      const row = ringRow(ring);
      const { run_id: _run, ring_no: _no, ...rest } = row;
      await this.db.insertInto('rings').values(row).onConflict((oc) => oc.columns(['run_id', 'ring_no']).doUpdateSet(rest)).execute();
    }
  }

  async saveSnapshot(runId: number, ts: number, data: string): Promise<void> {
    await this.db
      .insertInto('cycle_snapshots')
      .values({ run_id: runId, ts, data })
      .onConflict((oc) => oc.column('run_id').doUpdateSet({ ts, data }))
      .execute();
  }

  async snapshot(runId: number): Promise<{ ts: number; data: string } | undefined> {
    return this.db.selectFrom('cycle_snapshots').select(['ts', 'data']).where('run_id', '=', runId).executeTakeFirst();
  }

  async lastRingNo(runId: number): Promise<number | null> {
    const row = await this.db.selectFrom('rings').select((eb) => eb.fn.max('ring_no').as('ring')).where('run_id', '=', runId).executeTakeFirst();
    return row?.ring === null || row?.ring === undefined ? null : Number(row.ring);
  }

  /** Removes what was derived from `from` on, before a recomputation; imported rings and intervals stay. */
  async clearFrom(runId: number, from: number): Promise<void> {
    await this.db.deleteFrom('tbm_states').where('run_id', '=', runId).where('start_ts', '>=', from).where('origin', '=', 'live').execute();
    await this.db.deleteFrom('rings').where('run_id', '=', runId).where('start_ts', '>=', from).where('origin', '=', 'live').execute();
    await this.db.deleteFrom('cycle_snapshots').where('run_id', '=', runId).execute();
  }
}
