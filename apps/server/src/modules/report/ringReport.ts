import { LIMITS, type periodReportContract } from '@boreline/contracts';
import { errors } from '../../core/errors.js';
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

/** A ring record as a report row. Segment type and K position arrive with the segment data later. */
export function toRingReportRow(ring: RingRow): RingReportRow {
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
    segmentType: null,
    keyPosition: null,
    tailGapTop: ring.tail_gap_top,
    tailGapBottom: ring.tail_gap_bottom,
    tailGapLeft: ring.tail_gap_left,
    tailGapRight: ring.tail_gap_right,
  };
}

