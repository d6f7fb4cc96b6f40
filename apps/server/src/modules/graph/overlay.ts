import { graphContract, isMachineState, KEY_TAGS, ringDistances, riskContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { AuthSession } from '../../core/auth.js';
import type { Database } from '../../db/schema.js';
import type { MachineHistory, RingRow } from '../../telemetry/index.js';
import type { RunScope } from '../project/index.js';
import type { RiskService } from '../risk/index.js';
import type { SegmentService } from '../segment/index.js';
import { chainageToRing, type Drive, distance, driveLength, driveOf, ringToChainage } from './chainage.js';
import { geoSettingsOf } from './geoSettings.js';

type MachinePosition = graphContract.MachinePosition;
type Overlay = graphContract.Overlay;
type OverlayRing = graphContract.OverlayRing;
const { GRAPH_LIMITS, QUALITY_BANDS } = graphContract;
type Band = (typeof QUALITY_BANDS)[number];

/** The worse of the bands the segment module gave a ring's records (ok < warning < alarm). */
const worst = (bands: readonly Band[]): Band => bands.reduce<Band>((a, b) => (QUALITY_BANDS.indexOf(b) > QUALITY_BANDS.indexOf(a) ? b : a), 'ok');

export interface GeoDeps {
  db: Kysely<Database>;
  runs: RunScope;
  machine: MachineHistory;
  /** Read when asked (the segment and risk modules may register after this one in a test app). */
  segments: () => SegmentService | null;
  risk: () => RiskService | null;
  now: () => number;
}

export const READ = 'graph.drawing.read' as const;
export const WRITE = 'graph.drawing.write' as const;

/**
 * Where the machine is now, read as the device state reads it (`monitor`'s deviceState): the newest
 * ring number and chainage of the machine's values, the cycle engine's state (shared, else this
 * instance's engine). Without a live chainage the position is the last ring's end (recorded, else
 * counted from the ring geometry); without any of it, null.
 */
export async function machinePosition(machine: MachineHistory, runId: number, drive: Drive): Promise<MachinePosition | null> {
  const [latest, shared, summary] = await Promise.all([machine.latest(runId, [KEY_TAGS.ringNo, KEY_TAGS.chainage]), machine.machineState(runId), machine.ringSummary(runId)]);
  const engine = shared ?? machine.engineState(runId);
  const liveRing = latest?.values[KEY_TAGS.ringNo] ?? engine?.ringNo ?? null;
  const liveChainage = latest?.values[KEY_TAGS.chainage] ?? null;
  const state = engine && isMachineState(engine.state) ? engine.state : null;
  let chainage: number | null = liveChainage;
  let ring: number | null = liveRing === null ? null : Math.round(liveRing);
  if (chainage === null && summary.lastRing !== null) chainage = summary.lastChainage ?? ringToChainage(drive, summary.lastRing).end;
  if (ring === null && summary.lastRing !== null) ring = summary.lastRing + 1;
  if (chainage === null && ring !== null) chainage = ringToChainage(drive, ring).start;
  if (chainage === null) return null;
  if (ring === null) ring = chainageToRing(drive, chainage);
  return { ring, chainage, distance: distance(drive, chainage), at: latest?.ts ?? engine?.since ?? null, state };
}

const LEVEL_RANK = new Map<string, number>(riskContract.RISK_LEVELS.map((level, i) => [level, i]));
const worseLevel = (a: string | null, b: string | null): string => {
  const [x, y] = [a ?? '', b ?? ''];
  return (LEVEL_RANK.get(y) ?? -1) > (LEVEL_RANK.get(x) ?? -1) ? y : x;
};

/** A ring's start and end: the machine's recorded chainages when it has them, else the ring geometry's. */
function ringSpan(drive: Drive, ring: number, recorded?: Pick<RingRow, 'start_chainage' | 'end_chainage'>) {
  const planned = ringToChainage(drive, ring);
  const startChainage = recorded?.start_chainage ?? planned.start;
  const endChainage = recorded?.end_chainage ?? planned.end;
  if (recorded?.start_chainage === null || recorded?.start_chainage === undefined || recorded.end_chainage === null) {
    const { from, to } = ringDistances(drive, ring);
    return { startChainage, endChainage, fromDistance: from, toDistance: to };
  }
  return { startChainage, endChainage, fromDistance: distance(drive, startChainage), toDistance: distance(drive, endChainage) };
}

/**
 * What the drawings show of a run (graph.overlay): the machine's position, the newest built rings
 * (at most GRAPH_LIMITS.overlayRingsMax) with their quality band (worst of the segment attitude and
 * tail clearance records' bands) and deviations, the ring being built, the next rings as planned
 * (the settings' `nextRings`, not beyond the drive's end), and the risk zones with the state the
 * risk module gives them.
 */
export async function overlayOf(deps: GeoDeps, session: AuthSession, runId: number): Promise<Overlay> {
  const run = await deps.runs.require(session, runId, READ);
  const settings = await geoSettingsOf(deps.db, run.id);
  const drive = driveOf(run, settings.equations);
  const [position, summary, listed] = await Promise.all([
    machinePosition(deps.machine, run.id, drive),
    deps.machine.ringSummary(run.id),
    deps.machine.ringList(run.id, { limit: GRAPH_LIMITS.overlayRingsMax }),
  ]);

  const rings: OverlayRing[] = [];
  const first = listed[0]?.ring_no;
  const last = listed[listed.length - 1]?.ring_no;
  if (first !== undefined && last !== undefined) {
    const segments = deps.segments();
    const [rows, poses, clearances] = await Promise.all([
      deps.machine.ringsBetween(run.id, first, last),
      segments ? segments.inRange('pose', run.id, first, last) : Promise.resolve([]),
      segments ? segments.inRange('clearance', run.id, first, last) : Promise.resolve([]),
    ]);
    const poseOf = new Map(poses.map((p) => [p.ringNo, p]));
    const clearanceOf = new Map(clearances.map((c) => [c.ringNo, c]));
    for (const row of rows) {
      const pose = poseOf.get(row.ring_no);
      const clearance = clearanceOf.get(row.ring_no);
      const bands = [pose?.band, clearance?.band].filter((b) => b !== undefined);
      rings.push({
        ring: row.ring_no,
        ...ringSpan(drive, row.ring_no, row),
        state: 'built',
        band: bands.length > 0 ? worst(bands) : null,
        horizontalDev: pose?.horizontalDeviation ?? row.tail_horizontal,
        elevationDev: pose?.elevationDeviation ?? row.tail_vertical,
      });
    }
  }

  // The ring being built and the planned rings ahead of it, up to the drive's end.
  const built = new Set(rings.map((r) => r.ring));
  const lastBuilt = last ?? null;
  const current = position?.ring ?? (lastBuilt === null ? drive.startRing : lastBuilt + 1);
  const end = driveLength(drive);
  const blank = { band: null, horizontalDev: null, elevationDev: null };
  if (position && !built.has(current) && current >= drive.startRing) rings.push({ ring: current, ...ringSpan(drive, current), state: 'building', ...blank });
  const firstPlanned = position ? current + 1 : current;
  for (let ring = firstPlanned; ring < firstPlanned + settings.nextRings; ring += 1) {
    if (built.has(ring)) continue;
    const span = ringSpan(drive, ring);
    if (span.fromDistance >= end - 1e-6) break;
    rings.push({ ring, ...span, state: 'planned', ...blank });
  }

  const zones = (await deps.risk()?.zonesOfRun(run.id))?.zones ?? [];
  const risks = zones.map((zone) => ({
    id: zone.id,
    name: zone.name,
    level: worseLevel(zone.settlementLevel, zone.vibrationLevel),
    startChainage: zone.startChainage,
    endChainage: zone.endChainage,
    fromDistance: distance(drive, zone.startChainage),
    toDistance: distance(drive, zone.endChainage),
    state: zone.state,
  }));

  return { position, rings, risks, ringsTruncated: summary.count > listed.length };
}
