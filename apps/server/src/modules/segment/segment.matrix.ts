import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';

/** Ring of A's records (a confirmed one and a draft after it), far from the rings the samples add. */
const RING = 7;

/** An attitude, a tail gap and a tail clearance record (and a draft of each) in each of A's runs, the canary in their remarks. */
export const matrixObjects: MatrixObjects = async ({ db, a, canary }) => {
  const made: Record<string, number> = {};
  const now = Date.now();
  for (const [name, runId] of [['run', a.run], ['run2', a.run2]] as const) {
    for (const [suffix, ring, state, source] of [['', RING, 'confirmed', 'manual'], ['Draft', RING + 1, 'draft', 'machine']] as const) {
      const meta = { run_id: runId, ring_no: ring, state, source, remark: `${canary} remark`, updated_by: null, updated_at: now };
      const pose = await db.kysely
        .insertInto('seg_poses')
        .values({ ...meta, chainage: 110.5, horizontal_dev: -12, elevation_dev: 8, segment_type: `${canary} type`, ring_width: 1500, k_position: 'K3' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const gap = await db.kysely
        .insertInto('seg_tail_gaps')
        .values({ ...meta, gap_up: 45, gap_down: 38, gap_left: 41, gap_right: 43 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const clearance = await db.kysely
        .insertInto('seg_tail_clearances')
        .values({ ...meta, up_before: 52, down_before: 31, left_before: 44, right_before: 40, up_after: 48, down_after: 35, left_after: 42, right_after: 41 })
        .returning('id')
        .executeTakeFirstOrThrow();
      made[`segmentPose${suffix}:${name}`] = pose.id;
      made[`tailGap${suffix}:${name}`] = gap.id;
      made[`tailClearance${suffix}:${name}`] = clearance.id;
    }
  }
  return made;
};

/** Valid-shaped requests of every segment call for the authorization matrix (the imports are multipart: their JSON body is refused as a missing file). */
export const matrixSamples: MatrixSamples = (c) => {
  const runId = c.a.run;
  const pose = c.objects['segmentPose:run'] ?? 0;
  const gap = c.objects['tailGap:run'] ?? 0;
  const clearance = c.objects['tailClearance:run'] ?? 0;
  const poseDraft = c.objects['segmentPoseDraft:run'] ?? 0;
  const gapDraft = c.objects['tailGapDraft:run'] ?? 0;
  const clearanceDraft = c.objects['tailClearanceDraft:run'] ?? 0;
  // Each caller adds its own ring, so an allowed add is not refused as a taken ring.
  const ringNo = 9_000 + ['anonymous', 'revoked', 'noResource', 'authorized', 'otherTenant', 'childAdmin', 'siblingRun', 'h5Run', 'h5OtherRun', 'superAdmin'].indexOf(c.actor);
  const poseFields = { runId, ringNo, chainage: 120.5, horizontalDeviation: -15, elevationDeviation: 9, remark: 'Matrix', segmentType: 'Standard', ringWidth: 1500, kPosition: 'K5' };
  const gapFields = { runId, ringNo, up: 45, down: 38, left: 41, right: 43, remark: 'Matrix' };
  const clearanceFields = { runId, ringNo, upBefore: 52, downBefore: 31, leftBefore: 44, rightBefore: 40, upAfter: null, downAfter: null, leftAfter: null, rightAfter: null };
  const list = { runId, ringStart: 0, ringEnd: 100, page: 1, pageSize: 20 };
  const range = { runId, ringStart: 0, ringEnd: 100 };
  return {
    'segment.poseAdd': poseFields,
    'segment.poseEdit': { ...poseFields, ringNo: RING, id: c.target(pose) },
    'segment.poseList': list,
    'segment.poseDelete': { runId, id: c.target(pose) },
    'segment.poseDeleteBatch': { runId, ids: [c.target(pose)] },
    'segment.ringWidthList': { runId },
    'segment.kPosList': { runId },
    'segment.poseImport': {},
    'segment.poseExport': range,
    'segment.poseConfirm': { runId, ids: [c.target(poseDraft)] },
    'segment.tailAdd': gapFields,
    'segment.tailEdit': { ...gapFields, ringNo: RING, id: c.target(gap) },
    'segment.tailList': list,
    'segment.tailDelete': { runId, id: c.target(gap) },
    'segment.tailDeleteBatch': { runId, ids: [c.target(gap)] },
    'segment.tailImport': {},
    'segment.tailExport': range,
    'segment.tailConfirm': { runId, ids: [c.target(gapDraft)] },
    'segment.clearanceList': list,
    'segment.clearanceAdd': clearanceFields,
    'segment.clearanceEdit': { ...clearanceFields, ringNo: RING, id: c.target(clearance) },
    'segment.clearanceDelete': { runId, id: c.target(clearance) },
    'segment.clearanceDeleteBatch': { runId, ids: [c.target(clearance)] },
    'segment.clearanceImport': {},
    'segment.clearanceExport': range,
    'segment.clearanceConfirm': { runId, ids: [c.target(clearanceDraft)] },
    'segment.statistics': range,
    'segment.tailStatistics': range,
    'segment.clearanceStatistics': range,
    'segment.statisticsExport': { ...range, view: 'segment' },
    'segment.tolerance': { runId },
    'segment.toleranceEdit': { runId, deviationWarnMm: 50, deviationAlarmMm: 100, clearanceWarnMm: 20, clearanceAlarmMm: 15, imbalanceWarnMm: 20, imbalanceAlarmMm: 30, raiseAlarms: true },
    'segment.advisor': { runId },
  };
};
