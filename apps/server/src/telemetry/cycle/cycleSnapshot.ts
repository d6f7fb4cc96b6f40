import { MACHINE_STATES } from '@boreline/contracts';
import { z } from 'zod';
import type { CycleSnapshot } from './cycleTypes.js';
import { GUIDANCE_FIELDS } from './ringAccumulator.js';

const num = z.number();
const maybeNum = z.number().nullable();
const guidance = z.array(maybeNum).length(GUIDANCE_FIELDS.length);
const state = z.enum(MACHINE_STATES);

const StatAccSchema = z.object({ sum: num, count: num, max: maybeNum });

const RingAccSchema = z.object({
  frames: num,
  firstChainage: maybeNum,
  lastChainage: maybeNum,
  thrust: StatAccSchema,
  torque: StatAccSchema,
  speed: StatAccSchema,
  // Snapshots saved before the cutterhead's rotation was kept start it empty.
  cutterSpeed: StatAccSchema.default({ sum: 0, count: 0, max: null }),
  penetration: StatAccSchema,
  facePressure: StatAccSchema,
  groutPressure: StatAccSchema,
  groutVolume: maybeNum,
  foamVolume: maybeNum,
  bentoniteVolume: maybeNum,
  guidance,
});

/** The stored form of `CycleSnapshot`; `version` changes whenever its shape does. */
export const CycleSnapshotSchema = z.object({
  version: z.literal(1),
  lastTs: maybeNum,
  committed: z.object({ state, counter: maybeNum, since: num }).nullable(),
  pending: z.object({ state, counter: maybeNum, since: num, acc: RingAccSchema }).nullable(),
  ring: z
    .object({
      ringNo: num,
      start: num,
      advanceMs: num,
      ringBuildMs: num,
      waitingMs: num,
      built: z.boolean(),
      acc: RingAccSchema,
    })
    .nullable(),
  lastRingNo: maybeNum,
  originChainage: maybeNum,
  held: z.object({
    advanceMode: maybeNum,
    erectMode: maybeNum,
    advanceSpeed: maybeNum,
    cutterSpeed: maybeNum,
    ringNo: maybeNum,
    chainage: maybeNum,
  }),
  carriedGuidance: guidance,
});

/**
 * Reads a stored snapshot (JSON text). Anything unreadable or of another version gives undefined:
 * the engine then starts afresh with the next frame, which a recompute of the run can repair.
 */
export function parseCycleSnapshot(data: string): CycleSnapshot | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = CycleSnapshotSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
