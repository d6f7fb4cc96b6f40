import { LIMITS } from '@boreline/contracts';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { SegPoseTable, SegTailClearanceTable, SegTailGapTable } from '../../../db/schema/segment.js';
import { Rng } from '../../../telemetry/index.js';

/** Rings of the curve where the lining runs close to the tail skin on the left. */
export const CURVE_RINGS = 15;
/** K positions of the demo's universal rings: 16 around the ring, K1 at the top, clockwise. */
export const DEMO_K_COUNT = 16;
/** K positions a ring builder turns to on a straight drive (around the crown) and in the curve (right of it: they open the left side). */
const STRAIGHT_K = ['K1', 'K2', 'K16', 'K3', 'K15', 'K2', 'K16', 'K1'] as const;
const CURVE_K = ['K4', 'K5', 'K5', 'K6', 'K4'] as const;
export const DEMO_SEGMENT_TYPE = 'Universal';
const INSERT_ROWS = 200;
const HOUR = 3_600_000;

export interface DemoSegmentRun {
  runId: number;
  seed: number;
}

export interface SeededSegments {
  poses: number;
  gaps: number;
  clearances: number;
  /** The curve's first and last ring (null without rings). */
  curve: { first: number; last: number } | null;
}

/** Where the curve lies among `count` rings (ascending indices): past the middle of the drive, or in its first third on a short one. */
export function curveOf(count: number): { from: number; to: number } | null {
  if (count < 3) return null;
  const from = count >= 30 ? Math.floor(count * 0.55) : Math.floor(count / 3);
  return { from, to: Math.min(count, from + CURVE_RINGS) };
}

const clampDeviation = (v: number) => Math.max(-LIMITS.segmentDeviationMmAbsMax, Math.min(LIMITS.segmentDeviationMmAbsMax, Math.round(v)));
const clearance = (v: number) => Math.max(0, Math.min(LIMITS.tailClearanceMmMax, Math.round(v)));

/**
 * The demo machines' segment data (issue 23): for every ring built in the machine history, the
 * attitude after the build, the tail gap at the ring's end and the tail clearance before and after
 * the build, as a surveyor would have recorded them (confirmed; imported, some typed by hand).
 * They follow the ring's guidance tags: the attitude is the tail deviation of the guidance at the
 * ring's end (± a few mm of survey), the gaps are the ring-end tail gaps where the machine measured
 * them. A curve of 15 rings past the middle of the drive runs close to the tail skin on the left
 * (below 20 mm, the right side opening as much), the lining drifting right up to the warning band
 * and one ring beyond the alarm limit; the ring builder turns the K block to the right there.
 * Deterministic per run seed; a run that has segment data beside the machine's drafts is left as
 * it is, and a ring the machine drafted (the newest, completed through ingest) keeps its draft.
 */
export async function seedDemoSegments(db: Kysely<Database>, run: DemoSegmentRun, now: number): Promise<SeededSegments> {
  const none: SeededSegments = { poses: 0, gaps: 0, clearances: 0, curve: null };
  // The machine's drafts of the rings ingest completed may be there already (and stay drafts for the surveyor to confirm).
  const existing = await db.selectFrom('seg_poses').select('id').where('run_id', '=', run.runId).where('source', '<>', 'machine').limit(1).executeTakeFirst();
  if (existing) return none;
  const info = await db.selectFrom('runs').select(['ring_width_mm', 'machine_type']).where('id', '=', run.runId).executeTakeFirst();
  if (!info) return none;
  const rings = await db
    .selectFrom('rings')
    .select(['ring_no', 'end_ts', 'end_chainage', 'tail_horizontal', 'tail_vertical', 'tail_gap_top', 'tail_gap_bottom', 'tail_gap_left', 'tail_gap_right'])
    .where('run_id', '=', run.runId)
    .orderBy('ring_no')
    .execute();
  if (rings.length === 0) return none;

  const rng = new Rng(run.seed * 7919 + 23);
  const curve = curveOf(rings.length);
  const poses: Insertable<SegPoseTable>[] = [];
  const gaps: Insertable<SegTailGapTable>[] = [];
  const clearances: Insertable<SegTailClearanceTable>[] = [];
  // The machine's last measured deviation and gaps carry over rings whose tags are missing.
  let lastH = rng.range(-15, 15);
  let lastV = rng.range(-15, 15);
  let lastGap = { up: 33, down: 27, left: 31, right: 30 };

  for (const [index, ring] of rings.entries()) {
    const inCurve = curve !== null && index >= curve.from && index < curve.to;
    const at = curve !== null && inCurve ? index - curve.from : -1;
    const length = curve ? curve.to - curve.from : 0;
    const updatedAt = Math.min(now, ring.end_ts + 2 * HOUR);
    const source = index % 7 === 3 ? 'manual' : 'import';

    lastH = ring.tail_horizontal ?? lastH + rng.range(-3, 3);
    lastV = ring.tail_vertical ?? lastV + rng.range(-3, 3);
    // In the curve the lining drifts right: up to +70 mm at its middle, one ring past the alarm limit.
    const bump = inCurve ? 70 * Math.sin((Math.PI * (at + 0.5)) / length) + (at === Math.floor(length / 2) ? 38 : 0) : 0;
    const horizontal = clampDeviation(lastH + bump + rng.range(-3, 3));
    const elevation = clampDeviation(lastV + rng.range(-3, 3));

    const measured = ring.tail_gap_top !== null && ring.tail_gap_bottom !== null && ring.tail_gap_left !== null && ring.tail_gap_right !== null;
    if (measured) lastGap = { up: ring.tail_gap_top ?? 0, down: ring.tail_gap_bottom ?? 0, left: ring.tail_gap_left ?? 0, right: ring.tail_gap_right ?? 0 };
    else lastGap = { up: lastGap.up + rng.range(-1, 1), down: lastGap.down + rng.range(-1, 1), left: lastGap.left + rng.range(-1, 1), right: lastGap.right + rng.range(-1, 1) };
    const { up, down } = lastGap;
    let { left, right } = lastGap;
    if (inCurve) {
      // The lining sits left in the tail skin: what the left side loses, the right side gains.
      const tight = rng.range(11, 19);
      const shift = Math.max(0, left - tight);
      left -= shift;
      right += shift;
    }
    const before = { up: clearance(up), down: clearance(down), left: clearance(left), right: clearance(right) };
    // The built ring opens the side its K position steers towards (in the curve, the left one).
    const opens = inCurve ? rng.range(2, 5) : rng.range(-1.5, 1.5);
    const measuredAfter = index < rings.length - 2;
    const after = measuredAfter
      ? { up: clearance(before.up + rng.range(-1, 1)), down: clearance(before.down + rng.range(-1, 1)), left: clearance(before.left + opens), right: clearance(before.right - opens) }
      : null;

    const k = inCurve ? CURVE_K[Math.floor(rng.next() * CURVE_K.length)] : STRAIGHT_K[Math.floor(rng.next() * STRAIGHT_K.length)];
    const remark = inCurve && at === 0 ? 'Curve: left tail clearance tight, K block turned to the right' : null;
    const meta = { run_id: run.runId, ring_no: ring.ring_no, state: 'confirmed', source, updated_by: null, updated_at: updatedAt };
    poses.push({
      ...meta,
      remark,
      chainage: ring.end_chainage,
      horizontal_dev: horizontal,
      elevation_dev: elevation,
      segment_type: DEMO_SEGMENT_TYPE,
      ring_width: info.ring_width_mm,
      k_position: k ?? 'K1',
    });
    gaps.push({ ...meta, remark: null, gap_up: before.up, gap_down: before.down, gap_left: before.left, gap_right: before.right });
    clearances.push({
      ...meta,
      remark: null,
      up_before: before.up,
      down_before: before.down,
      left_before: before.left,
      right_before: before.right,
      up_after: after?.up ?? null,
      down_after: after?.down ?? null,
      left_after: after?.left ?? null,
      right_after: after?.right ?? null,
    });
  }

  const written = { poses: 0, gaps: 0, clearances: 0 };
  const count = (result: { numInsertedOrUpdatedRows?: bigint } | undefined) => Number(result?.numInsertedOrUpdatedRows ?? 0);
  await db.transaction().execute(async (trx) => {
    // A ring the machine drafted keeps its draft: the surveyor has not confirmed it yet.
    for (let i = 0; i < poses.length; i += INSERT_ROWS) {
      written.poses += count(await trx.insertInto('seg_poses').values(poses.slice(i, i + INSERT_ROWS)).onConflict((oc) => oc.columns(['run_id', 'ring_no']).doNothing()).executeTakeFirst());
      written.gaps += count(await trx.insertInto('seg_tail_gaps').values(gaps.slice(i, i + INSERT_ROWS)).onConflict((oc) => oc.columns(['run_id', 'ring_no']).doNothing()).executeTakeFirst());
      written.clearances += count(await trx.insertInto('seg_tail_clearances').values(clearances.slice(i, i + INSERT_ROWS)).onConflict((oc) => oc.columns(['run_id', 'ring_no']).doNothing()).executeTakeFirst());
    }
    const settings = await trx.selectFrom('seg_settings').select('run_id').where('run_id', '=', run.runId).executeTakeFirst();
    if (!settings) {
      // The universal ring the advisor models: a metro EPB lining of 6.3 m, a river-crossing slurry lining of 11.6 m.
      const slurry = info.machine_type === 'slurry';
      await trx
        .insertInto('seg_settings')
        .values({
          run_id: run.runId,
          deviation_warn_mm: 50,
          deviation_alarm_mm: 100,
          clearance_warn_mm: 20,
          clearance_alarm_mm: 15,
          imbalance_warn_mm: 20,
          imbalance_alarm_mm: 30,
          raise_alarms: 1,
          taper_mm: slurry ? 50 : 40,
          outer_diameter_mm: slurry ? 11_600 : 6_300,
          k_position_count: DEMO_K_COUNT,
          updated_by: null,
          updated_at: now,
        })
        .execute();
    }
  });
  const first = curve ? rings[curve.from]?.ring_no : undefined;
  const last = curve ? rings[curve.to - 1]?.ring_no : undefined;
  return { ...written, curve: first !== undefined && last !== undefined ? { first, last } : null };
}
