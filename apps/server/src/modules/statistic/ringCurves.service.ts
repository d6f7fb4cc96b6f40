import { type EndpointArgs, isMachineState, KEY_TAGS, type MachineState, type statisticContract, type TagDef } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { lttb, type RawFrames, valueAt } from '../../telemetry/index.js';
import type { ScopedRun } from '../project/index.js';
import type { StatisticService } from './statistic.service.js';
import type { StatRing } from './statistic.repo.js';

type Input = EndpointArgs<(typeof statisticContract)['ringCurves']>;
type RingCurves = statisticContract.RingCurves;
type Curve = RingCurves['rings'][number];

/** The thrust cylinder groups whose mean stroke is the stroke axis: how far the shield has pushed within the ring. */
export const STROKE_TAGS: readonly string[] = [KEY_TAGS.strokeA, KEY_TAGS.strokeB, KEY_TAGS.strokeC, KEY_TAGS.strokeD];

/** A machine state over part of a ring, in ms since the ring's start. */
export interface Band {
  state: MachineState;
  from: number;
  to: number;
}

/** Every stored frame of one ring with its states: what the curve export writes, frame by frame. */
export interface RingFramesOf {
  ring: StatRing;
  bands: Band[];
  /** Columns: the requested tags in order, then `STROKE_TAGS`. */
  frames: RawFrames;
}

/** The mean of the stroke groups that have a value in frame k (NaN: none has). */
export function strokeAt(frames: RawFrames, firstStroke: number, k: number): number {
  let sum = 0;
  let count = 0;
  for (let c = firstStroke; c < firstStroke + STROKE_TAGS.length; c += 1) {
    const v = valueAt(frames, c, k);
    if (!Number.isNaN(v)) {
      sum += v;
      count += 1;
    }
  }
  return count === 0 ? Number.NaN : sum / count;
}

/**
 * Curves of chosen tags over whole rings laid on a common axis, so rings can be compared: the
 * time since each ring's start (read through the series reader, at most `maxPoints` per curve),
 * or the mean thrust-cylinder stroke over the advance frames only (the stroke goes back to zero
 * while a ring is built, which would fold the curve onto itself).
 */
export class RingCurvesService {
  constructor(
    private readonly statistics: StatisticService,
  ) {}

  /** The run, the checked tags and the rings in the order asked for; a ring not completed is refused by number. */
  private async prepare(session: AuthSession, input: Input): Promise<{ run: ScopedRun; tags: TagDef[]; layouts: ReadonlyMap<number, readonly string[]>; rings: StatRing[] }> {
    const run = await this.statistics.requireRun(session, input.runId);
    const runTags = await this.statistics.tagsOf(run);
    const tags = this.statistics.requireTags(runTags, input.tags);
    const found = new Map((await this.statistics.repo.ringsNamed(run.id, input.rings)).map((r) => [r.ring_no, r]));
    const rings = input.rings.map((ringNo) => {
      const ring = found.get(ringNo);
      if (!ring) throw errors.business('statistic.rings.notFound', { ringNo });
      return ring;
    });
    return { run, tags, layouts: runTags.layouts, rings };
  }

  /** The ring's machine states clipped to it, relative to its start. */
  private async bands(runId: number, ring: StatRing): Promise<Band[]> {
    const states = await this.statistics.repo.machine.states(runId, ring.start_ts, ring.end_ts);
    return states.flatMap((s) => {
      const from = Math.max(s.start, ring.start_ts) - ring.start_ts;
      const to = Math.min(s.end, ring.end_ts) - ring.start_ts;
      return isMachineState(s.state) && to > from ? [{ state: s.state, from, to }] : [];
    });
  }

  async curves(session: AuthSession, input: Input): Promise<RingCurves> {
    const { run, layouts, rings } = await this.prepare(session, input);
    const curves: Curve[] = [];
    for (const ring of rings) {
      curves.push(input.axis === 'time' ? await this.onTime(run.id, ring, input) : await this.onStroke(run.id, layouts, ring, input));
    }
    return { axis: input.axis, timeZone: run.time_zone, rings: curves };
  }

  private async onTime(runId: number, ring: StatRing, input: Input): Promise<Curve> {
    const head = { ringNo: ring.ring_no, start: ring.start_ts, end: ring.end_ts, frames: ring.frames, bands: await this.bands(runId, ring) };
    if (ring.frames === 0) return { ...head, series: input.tags.map((code) => ({ code, points: [] })) };
    // The ring's end is the next ring's start: its frame belongs there.
    const read = await this.statistics.repo.machine.series(runId, input.tags, ring.start_ts, ring.end_ts - 1, input.maxPoints);
    const span = ring.end_ts - ring.start_ts;
    const series = read.series.map((s) => ({
      code: s.code,
      // Rollup buckets of a long ring may begin before it: only what lies within the ring is drawn.
      points: s.points.flatMap(([ts, v]): [number, number][] => (ts >= ring.start_ts && ts - ring.start_ts < span ? [[ts - ring.start_ts, v]] : [])),
    }));
    return { ...head, series };
  }

  private async onStroke(runId: number, layouts: ReadonlyMap<number, readonly string[]>, ring: StatRing, input: Input): Promise<Curve> {
    const head = { ringNo: ring.ring_no, start: ring.start_ts, end: ring.end_ts, frames: ring.frames, bands: [] };
    const advance = (await this.bands(runId, ring)).filter((b) => b.state === 'advance');
    const frames = await this.statistics.repo.machine.rawFrames(runId, [...input.tags, ...STROKE_TAGS], ring.start_ts, ring.end_ts, layouts);
    const picked: number[] = [];
    const xs: number[] = [];
    let band = 0;
    for (let k = 0; k < frames.ts.length; k += 1) {
      const at = (frames.ts[k] ?? 0) - ring.start_ts;
      while (band < advance.length && (advance[band]?.to ?? 0) <= at) band += 1;
      if (band >= advance.length || (advance[band]?.from ?? 0) > at) continue;
      const x = strokeAt(frames, input.tags.length, k);
      if (Number.isNaN(x)) continue;
      picked.push(k);
      xs.push(Math.round(x * 100) / 100);
    }
    // LTTB walks its x ascending; equal strokes keep their time order.
    const order = picked.map((_, i) => i).sort((a, b) => (xs[a] ?? 0) - (xs[b] ?? 0) || a - b);
    const x = order.map((i) => xs[i] ?? 0);
    const series = input.tags.map((code, c) => ({ code, points: lttb(x, order.map((i) => valueAt(frames, c, picked[i] ?? -1)), input.maxPoints) }));
    return { ...head, series };
  }

  /** Every stored frame of the rings asked for (the export writes them all, not a downsampled curve). */
  async frames(session: AuthSession, input: Input): Promise<{ run: ScopedRun; tags: TagDef[]; rings: RingFramesOf[] }> {
    const { run, tags, layouts, rings } = await this.prepare(session, input);
    const result: RingFramesOf[] = [];
    for (const ring of rings) {
      const [bands, frames] = await Promise.all([this.bands(run.id, ring), this.statistics.repo.machine.rawFrames(run.id, [...input.tags, ...STROKE_TAGS], ring.start_ts, ring.end_ts, layouts)]);
      result.push({ ring, bands, frames });
    }
    return { run, tags, rings: result };
  }
}
