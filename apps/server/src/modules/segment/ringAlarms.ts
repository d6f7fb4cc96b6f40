import type { alarmContract, segmentContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SegmentAlarm, SegmentAlarms } from '../alarm/index.js';
import { clearanceRecordBand, gapBand, poseBand } from './bands.js';
import { clearanceOf, gapOf, poseOf, SegmentReader } from './segmentAnalysis.js';

type Tolerance = segmentContract.Tolerance;
type Dataset = alarmContract.SegmentDataset;
type Offence = Pick<SegmentAlarm, 'value' | 'limit' | 'direction'>;
type Gap = { up: number; down: number; left: number; right: number };

/** What puts a pose in the alarm band: the larger deviation beyond the limit (signed). */
function poseOffence(pose: { horizontalDeviation: number; elevationDeviation: number }, t: Tolerance): Offence {
  const worst = Math.abs(pose.horizontalDeviation) >= Math.abs(pose.elevationDeviation) ? pose.horizontalDeviation : pose.elevationDeviation;
  return { value: worst, limit: t.deviationAlarmMm, direction: 'high' };
}

/** What puts a set of clearances in the alarm band: the tightest side below the limit, else the larger imbalance above it. */
function gapOffence(gaps: readonly Gap[], t: Tolerance): Offence {
  const sides = gaps.flatMap((g) => [g.up, g.down, g.left, g.right]);
  const tightest = Math.min(...sides);
  if (tightest < t.clearanceAlarmMm) return { value: tightest, limit: t.clearanceAlarmMm, direction: 'low' };
  const imbalance = Math.max(...gaps.flatMap((g) => [Math.abs(g.left - g.right), Math.abs(g.up - g.down)]));
  return { value: imbalance, limit: t.imbalanceAlarmMm, direction: 'high' };
}

interface Candidate {
  dataset: Dataset;
  ringNo: number;
  runId: number;
  chainage: number | null;
  offence: Offence;
}

/**
 * Rings out of band raise alarms (issue 23): a record of any dataset, draft or confirmed, in the
 * `alarm` band of the run's tolerances raises one alarm through the alarm module when the run's
 * settings say `raise_alarms`; the alarm module keeps it to one per ring and dataset, so saving the
 * record again raises nothing more. Records are looked at after each write that may have changed
 * them (those changed since the write began), and by the drafts at each ring's end.
 */
export class RingAlarms {
  private readonly reader: SegmentReader;
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly alarms: SegmentAlarms,
    private readonly now: () => number,
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {
    this.reader = new SegmentReader(db);
  }

  /** Queues a look at the records changed since `since` (of one run, or of every run when unknown). */
  schedule(runId: number | null, since: number): void {
    this.tail = this.tail
      .then(async () => {
        await this.check(runId, since);
      })
      .catch((error: unknown) => this.log.warn({ err: error, runId }, 'segment alarms could not be raised'));
  }

  /** Resolves once the queued looks are done. */
  async settled(): Promise<void> {
    let seen: Promise<void> | null = null;
    while (seen !== this.tail) {
      seen = this.tail;
      await seen;
    }
  }

  /** Raises the alarms of the records changed since `since`; answers how many were raised. */
  async check(runId: number | null, since: number): Promise<number> {
    const [poses, gaps, clearances] = await Promise.all([
      this.db
        .selectFrom('seg_poses')
        .selectAll()
        .where('updated_at', '>=', since)
        .$if(runId !== null, (q) => q.where('run_id', '=', runId ?? 0))
        .execute(),
      this.db
        .selectFrom('seg_tail_gaps')
        .selectAll()
        .where('updated_at', '>=', since)
        .$if(runId !== null, (q) => q.where('run_id', '=', runId ?? 0))
        .execute(),
      this.db
        .selectFrom('seg_tail_clearances')
        .selectAll()
        .where('updated_at', '>=', since)
        .$if(runId !== null, (q) => q.where('run_id', '=', runId ?? 0))
        .execute(),
    ]);
    const tolerances = new Map<number, Tolerance>();
    const toleranceOf = async (id: number) => {
      let t = tolerances.get(id);
      if (!t) {
        t = await this.reader.tolerance(id);
        tolerances.set(id, t);
      }
      return t;
    };
    const candidates: Candidate[] = [];
    for (const r of poses) {
      const t = await toleranceOf(r.run_id);
      const pose = poseOf(r);
      if (t.raiseAlarms && poseBand(pose, t) === 'alarm') candidates.push({ dataset: 'pose', runId: r.run_id, ringNo: r.ring_no, chainage: r.chainage === null ? null : Number(r.chainage), offence: poseOffence(pose, t) });
    }
    for (const r of gaps) {
      const t = await toleranceOf(r.run_id);
      const gap = gapOf(r);
      if (t.raiseAlarms && gapBand(gap, t) === 'alarm') candidates.push({ dataset: 'tailGap', runId: r.run_id, ringNo: r.ring_no, chainage: null, offence: gapOffence([gap], t) });
    }
    for (const r of clearances) {
      const t = await toleranceOf(r.run_id);
      const c = clearanceOf(r);
      if (!t.raiseAlarms || clearanceRecordBand(c, t) !== 'alarm') continue;
      const sets: Gap[] = [{ up: c.upBefore, down: c.downBefore, left: c.leftBefore, right: c.rightBefore }];
      if (c.upAfter !== null && c.downAfter !== null && c.leftAfter !== null && c.rightAfter !== null) sets.push({ up: c.upAfter, down: c.downAfter, left: c.leftAfter, right: c.rightAfter });
      candidates.push({ dataset: 'clearance', runId: r.run_id, ringNo: r.ring_no, chainage: null, offence: gapOffence(sets, t) });
    }
    let raised = 0;
    const at = this.now();
    for (const c of candidates) {
      const id = await this.alarms.raise({ runId: c.runId, ringNo: c.ringNo, dataset: c.dataset, chainage: c.chainage, at, ...c.offence });
      if (id !== null) raised += 1;
    }
    return raised;
  }
}
