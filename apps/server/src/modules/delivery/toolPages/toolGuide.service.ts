import { findTag, KEY_TAGS, LIMITS, REALTIME, type toolPagesContract } from '@boreline/contracts';
import type { AuthSession } from '../../../core/auth.js';
import type { MachineHistory } from '../../../telemetry/index.js';
import { machineTypeOf, type RunScope } from '../../project/index.js';

type GuideView = toolPagesContract.GuideView;

/** The shield's attitude as the guidance system reports it: pitch, roll and the horizontal (yaw) and vertical trends. */
export const ATTITUDE_TAGS = ['guidance.pitch', 'guidance.roll', 'guidance.horizontalTrend', 'guidance.verticalTrend'] as const;
/** Thrust cylinder strokes by group: A top, B right, C bottom, D left. */
export const STROKE_TAGS = [KEY_TAGS.strokeA, KEY_TAGS.strokeB, KEY_TAGS.strokeC, KEY_TAGS.strokeD] as const;
const DEVIATION_TAGS = [KEY_TAGS.headHorizontal, KEY_TAGS.headVertical, KEY_TAGS.tailHorizontal, KEY_TAGS.tailVertical] as const;
/** The axis tolerance when the run has no segment tolerance of its own (the guidance system's usual band). */
export const DEFAULT_GUIDE_TOLERANCE_MM = 50;

export interface ToolGuideDeps {
  scope: RunScope;
  machine: MachineHistory;
  /** The run's axis deviation tolerance in mm (its segment tolerance's warning band), null when it has none. */
  toleranceMm: (runId: number) => Promise<number | null>;
  now: () => number;
}

const finite = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The guidance tool's data (`toolGuide`): where the shield is against the design axis now — head
 * and tail deviations, attitude and strokes from the latest values — and the last rings'
 * deviations as their ring records stored them (the ring report's columns), newest first.
 */
export class ToolGuideService {
  constructor(private readonly deps: ToolGuideDeps) {}

  async guide(session: AuthSession, runId: number): Promise<GuideView> {
    const run = await this.deps.scope.require(session, runId, 'monitor.realData.read');
    const machineType = machineTypeOf(run);
    // Only the tags this machine's catalogue has (a tag it lacks would read as a gap forever).
    const attitude = ATTITUDE_TAGS.flatMap((code) => {
      const tag = findTag(machineType, code);
      return tag ? [{ code, unit: tag.unit === '' ? null : tag.unit }] : [];
    });
    const strokes = STROKE_TAGS.filter((code) => findTag(machineType, code) !== undefined);
    const codes = [...DEVIATION_TAGS, KEY_TAGS.ringNo, KEY_TAGS.chainage, ...attitude.map((a) => a.code), ...strokes];
    const [latest, newest, tolerance] = await Promise.all([
      this.deps.machine.latest(run.id, codes),
      this.deps.machine.ringList(run.id, { limit: LIMITS.guideRingsMax }),
      this.deps.toleranceMm(run.id),
    ]);
    const rings = (await this.deps.machine.ringsNamed(run.id, newest.map((r) => r.ring_no))).sort((a, b) => b.ring_no - a.ring_no);
    const value = (code: string): number | null => finite(latest?.values[code]);
    const ringNow = value(KEY_TAGS.ringNo);
    return {
      runId: run.id,
      ts: latest?.ts ?? null,
      stale: latest === null || this.deps.now() - latest.receivedAt > REALTIME.staleAfterMs,
      ringNo: ringNow !== null ? Math.round(ringNow) : (rings[0]?.ring_no ?? null),
      chainage: value(KEY_TAGS.chainage) ?? rings[0]?.end_chainage ?? null,
      head: { horizontal: value(KEY_TAGS.headHorizontal), vertical: value(KEY_TAGS.headVertical) },
      tail: { horizontal: value(KEY_TAGS.tailHorizontal), vertical: value(KEY_TAGS.tailVertical) },
      attitude: attitude.map((a) => ({ code: a.code, value: value(a.code), unit: a.unit })),
      strokes: strokes.map((code) => ({ code, value: value(code) })),
      rings: rings.map((r) => ({
        ringNo: r.ring_no,
        end: r.end_ts,
        headHorizontal: finite(r.head_horizontal),
        headVertical: finite(r.head_vertical),
        tailHorizontal: finite(r.tail_horizontal),
        tailVertical: finite(r.tail_vertical),
      })),
      toleranceMm: tolerance ?? DEFAULT_GUIDE_TOLERANCE_MM,
    };
  }
}
