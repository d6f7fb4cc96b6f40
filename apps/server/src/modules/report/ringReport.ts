import { LIMITS, type periodReportContract } from '@boreline/contracts';
import type { Kysely, Transaction } from 'kysely';
import { errors } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { RingRow } from '../../telemetry/index.js';

type RingReportRow = periodReportContract.RingReportRow;

/**
 * The ring range rules of the ring report. The ring report's contract checks them already; the
 * export takes its input through a union that cannot carry them, so the server checks once more.
 */
export function checkRingRange(ringStart: number, ringEnd: number): void {
  if (ringStart > ringEnd) throw errors.business('report.ring.startAboveEnd');
  if (ringEnd - ringStart >= LIMITS.ringReportMax) throw errors.business('report.ring.tooMany');
}

/** What the segment records say of a ring (confirmed or the machine's draft). */
export interface RingSegmentData {
  segmentType: string | null;
  kPosition: string | null;
  /** The ring's tail clearance (mm), null when no record holds it. */
  gap: { top: number; bottom: number; left: number; right: number } | null;
}

/**
 * The segment records of a range of rings, read from the segment tables: segment type and K
 * position from the attitude record; the clearances from the tail gap record, else from the tail
 * clearance record (after the build when given, else before). Rings without a record are absent
 * (the report then shows the machine's tail-gap tags).
 */
export class RingSegmentReader {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  async of(runId: number, from: number, to: number): Promise<Map<number, RingSegmentData>> {
    const [poses, gaps, clearances] = await Promise.all([
      this.db.selectFrom('seg_poses').select(['ring_no', 'segment_type', 'k_position']).where('run_id', '=', runId).where('ring_no', '>=', from).where('ring_no', '<=', to).execute(),
      this.db.selectFrom('seg_tail_gaps').select(['ring_no', 'gap_up', 'gap_down', 'gap_left', 'gap_right']).where('run_id', '=', runId).where('ring_no', '>=', from).where('ring_no', '<=', to).execute(),
      this.db.selectFrom('seg_tail_clearances').selectAll().where('run_id', '=', runId).where('ring_no', '>=', from).where('ring_no', '<=', to).execute(),
    ]);
    const out = new Map<number, RingSegmentData>();
    const entry = (ringNo: number): RingSegmentData => {
      let e = out.get(ringNo);
      if (!e) {
        e = { segmentType: null, kPosition: null, gap: null };
        out.set(ringNo, e);
      }
      return e;
    };
    for (const p of poses) Object.assign(entry(p.ring_no), { segmentType: p.segment_type, kPosition: p.k_position });
    for (const c of clearances) {
      const after = c.up_after !== null && c.down_after !== null && c.left_after !== null && c.right_after !== null;
      entry(c.ring_no).gap = after
        ? { top: Number(c.up_after), bottom: Number(c.down_after), left: Number(c.left_after), right: Number(c.right_after) }
        : { top: Number(c.up_before), bottom: Number(c.down_before), left: Number(c.left_before), right: Number(c.right_before) };
    }
    // The tail gap record is the ring's own measurement: it wins over the clearance record.
    for (const g of gaps) entry(g.ring_no).gap = { top: Number(g.gap_up), bottom: Number(g.gap_down), left: Number(g.gap_left), right: Number(g.gap_right) };
    return out;
  }
}

/** A ring record as a report row, with its segment records when it has them (else the machine's tail-gap tags). */
export function toRingReportRow(ring: RingRow, segment?: RingSegmentData): RingReportRow {
  return {
    ringNo: ring.ring_no,
    start: ring.start_ts,
    end: ring.end_ts,
    durationMs: ring.end_ts - ring.start_ts,
    advanceMs: ring.advance_ms,
    ringBuildMs: ring.ring_build_ms,
    waitingMs: ring.waiting_ms,
    startChainage: ring.start_chainage,
    endChainage: ring.end_chainage,
    thrustAvg: ring.thrust_avg,
    thrustMax: ring.thrust_max,
    torqueAvg: ring.torque_avg,
    torqueMax: ring.torque_max,
    speedAvg: ring.speed_avg,
    speedMax: ring.speed_max,
    penetrationAvg: ring.penetration_avg,
    facePressureAvg: ring.face_pressure_avg,
    groutVolume: ring.grout_volume,
    groutPressureAvg: ring.grout_pressure_avg,
    foamVolume: ring.foam_volume,
    bentoniteVolume: ring.bentonite_volume,
    headHorizontal: ring.head_horizontal,
    headVertical: ring.head_vertical,
    tailHorizontal: ring.tail_horizontal,
    tailVertical: ring.tail_vertical,
    segmentType: segment?.segmentType ?? null,
    keyPosition: segment?.kPosition ?? null,
    tailGapTop: segment?.gap?.top ?? ring.tail_gap_top,
    tailGapBottom: segment?.gap?.bottom ?? ring.tail_gap_bottom,
    tailGapLeft: segment?.gap?.left ?? ring.tail_gap_left,
    tailGapRight: segment?.gap?.right ?? ring.tail_gap_right,
  };
}

