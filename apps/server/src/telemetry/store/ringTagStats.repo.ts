import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Min, mean and max of every column of a layout over one ring's advance; NaN where a tag had no value. */
export interface RingTagStats {
  runId: number;
  ringNo: number;
  layoutId: number;
  /** The ring's end when the statistics were built (a ring derived again with another end is rebuilt). */
  ringEnd: number;
  /** Advance frames they were computed from; 0 when no frames of the ring were stored. */
  frames: number;
  /** [min, mean, max] of column i at 3i, 3i + 1, 3i + 2. */
  values: Float32Array;
}

/** Stored as little-endian float32 triples, whatever the machine's byte order. */
export function encodeTagStats(values: Float32Array): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i += 1) view.setFloat32(i * 4, values[i] ?? Number.NaN, true);
  return out;
}

export function decodeTagStats(data: Uint8Array): Float32Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out = new Float32Array(Math.floor(data.byteLength / 4));
  for (let i = 0; i < out.length; i += 1) out[i] = view.getFloat32(i * 4, true);
  return out;
}

const bytes = (data: Uint8Array): Buffer => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** SQL of the per-ring tag statistics. */
export class RingTagStatsRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async save(stats: RingTagStats, now: number): Promise<void> {
    const row = {
      run_id: stats.runId,
      ring_no: stats.ringNo,
      layout_id: stats.layoutId,
      ring_end_ts: stats.ringEnd,
      frames: stats.frames,
      built_at: now,
      data: bytes(encodeTagStats(stats.values)),
    };
    await this.db
      .insertInto('ring_tag_stats')
      .values(row)
      .onConflict((oc) => oc.columns(['run_id', 'ring_no']).doUpdateSet({ layout_id: row.layout_id, ring_end_ts: row.ring_end_ts, frames: row.frames, built_at: row.built_at, data: row.data }))
      .execute();
  }

  /** Raw rows of a ring range, ascending (decode only the columns a query needs, see `decodeTagStats`). */
  rows(runId: number, ringFrom: number, ringTo: number): Promise<{ ring_no: number; layout_id: number; frames: number; data: Uint8Array }[]> {
    return this.db
      .selectFrom('ring_tag_stats')
      .select(['ring_no', 'layout_id', 'frames', 'data'])
      .where('run_id', '=', runId)
      .where('ring_no', '>=', ringFrom)
      .where('ring_no', '<=', ringTo)
      .orderBy('ring_no')
      .execute();
  }

  /** The span of a completed ring (undefined when the ring is not, or no longer, on record). */
  ring(runId: number, ringNo: number): Promise<{ start_ts: number; end_ts: number } | undefined> {
    return this.db.selectFrom('rings').select(['start_ts', 'end_ts']).where('run_id', '=', runId).where('ring_no', '=', ringNo).executeTakeFirst();
  }

  /** Advance intervals overlapping [from, to), in time order (not clipped). */
  advanceIntervals(runId: number, from: number, to: number): Promise<{ start_ts: number; end_ts: number }[]> {
    return this.db
      .selectFrom('tbm_states')
      .select(['start_ts', 'end_ts'])
      .where('run_id', '=', runId)
      .where('state', '=', 'advance')
      .where('start_ts', '<', to)
      .where('end_ts', '>', from)
      .orderBy('start_ts')
      .execute();
  }

  /**
   * Completed rings that have no statistics yet, or whose statistics were built for another end,
   * oldest first; only rings that ended before `endedBefore` (late frames have had time to arrive).
   */
  async due(endedBefore: number, limit: number): Promise<{ runId: number; ringNo: number }[]> {
    const rows = await this.db
      .selectFrom('rings')
      .leftJoin('ring_tag_stats as s', (join) => join.onRef('s.run_id', '=', 'rings.run_id').onRef('s.ring_no', '=', 'rings.ring_no'))
      .select(['rings.run_id as runId', 'rings.ring_no as ringNo'])
      .where('rings.end_ts', '<', endedBefore)
      .where((eb) => eb.or([eb('s.ring_no', 'is', null), eb('s.ring_end_ts', '<>', eb.ref('rings.end_ts'))]))
      .orderBy('rings.end_ts')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ runId: Number(r.runId), ringNo: Number(r.ringNo) }));
  }
}
