import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MachineHistory, RingRecord } from '../../telemetry/index.js';
import type { RingAlarms } from './ringAlarms.js';
import { lastValues } from './segmentAnalysis.js';

/** The guidance system's key-block position tag (1…N, K1 at the top). */
export const KEY_POSITION_TAG = 'guidance.keyPosition';
/** The key position is looked for in this window before the ring's end (its last value). */
const KEY_WINDOW_MS = 30 * 60_000;

type Ring = Pick<RingRecord, 'ringNo' | 'end' | 'endChainage' | 'tailHorizontal' | 'tailVertical' | 'tailGapTop' | 'tailGapBottom' | 'tailGapLeft' | 'tailGapRight'>;

/**
 * Drafts from the machine (issue 23): at each ring's end the guidance values the machine history
 * holds fill a draft segment attitude (tail deviations at the ring's end, the K position of
 * `guidance.keyPosition` as `K<n>`, the chainage, the run's ring width) and a draft tail gap (the
 * four tail-gap tags), for the surveyor to confirm. Only for a ring without a record of the
 * dataset: the insert does nothing on a ring already recorded (draft or confirmed), so a person's
 * record is never overwritten and a ring completed twice drafts once. A draft in the alarm band
 * raises its alarm like any record.
 *
 * The `ringCompleted` handler only queues (it runs inside the run's ingest queue); the drafts are
 * written one ring after the other here.
 */
export class MachineDrafts {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      machine: MachineHistory;
      alarms: RingAlarms;
      now: () => number;
      log: { warn: (obj: object, msg: string) => void };
    },
  ) {}

  /** The `ringCompleted` subscriber: queues the ring's drafts. */
  ringCompleted(runId: number, ring: Ring): void {
    this.tail = this.tail
      .then(async () => {
        await this.draft(runId, ring);
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error, runId, ringNo: ring.ringNo }, 'segment drafts could not be written'));
  }

  async settled(): Promise<void> {
    let seen: Promise<void> | null = null;
    while (seen !== this.tail) {
      seen = this.tail;
      await seen;
    }
  }

  /** Writes the ring's drafts where the ring has no record; answers which were written. */
  async draft(runId: number, ring: Ring): Promise<{ pose: boolean; tailGap: boolean }> {
    const { db } = this.deps;
    const now = this.deps.now();
    const written = { pose: false, tailGap: false };
    const meta = { run_id: runId, ring_no: ring.ringNo, state: 'draft', source: 'machine', remark: null, updated_by: null, updated_at: now };
    if (ring.tailHorizontal !== null && ring.tailVertical !== null) {
      const [run, [key]] = await Promise.all([
        db.selectFrom('runs').select('ring_width_mm').where('id', '=', runId).executeTakeFirst(),
        lastValues(this.deps.machine, runId, [KEY_POSITION_TAG], ring.end - KEY_WINDOW_MS, ring.end + 1),
      ]);
      const result = await db
        .insertInto('seg_poses')
        .values({
          ...meta,
          chainage: ring.endChainage,
          horizontal_dev: Math.round(ring.tailHorizontal),
          elevation_dev: Math.round(ring.tailVertical),
          segment_type: null,
          ring_width: run ? Number(run.ring_width_mm) : null,
          k_position: typeof key === 'number' && key >= 1 ? `K${Math.round(key)}` : null,
        })
        .onConflict((oc) => oc.columns(['run_id', 'ring_no']).doNothing())
        .executeTakeFirst();
      written.pose = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    }
    if (ring.tailGapTop !== null && ring.tailGapBottom !== null && ring.tailGapLeft !== null && ring.tailGapRight !== null) {
      const gap = (v: number) => Math.max(0, Math.round(v));
      const result = await db
        .insertInto('seg_tail_gaps')
        .values({ ...meta, gap_up: gap(ring.tailGapTop), gap_down: gap(ring.tailGapBottom), gap_left: gap(ring.tailGapLeft), gap_right: gap(ring.tailGapRight) })
        .onConflict((oc) => oc.columns(['run_id', 'ring_no']).doNothing())
        .executeTakeFirst();
      written.tailGap = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    }
    if (written.pose || written.tailGap) await this.deps.alarms.check(runId, now);
    return written;
  }
}
