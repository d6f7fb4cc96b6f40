import {
  chainageAtDistance,
  distanceAtChainage,
  type DriveStationing,
  graphContract,
  type RingGeometry,
  ringAtDistance,
  ringDistances,
  type StationEquation,
} from '@boreline/contracts';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';

/** A run's drive as the chainage service sees it: stationing (with equations) and rings. */
export type Drive = DriveStationing & RingGeometry;

/** The run columns a drive is read from. */
export interface DriveRunRow {
  start_chainage: number;
  end_chainage: number;
  start_ring: number;
  ring_width_mm: number;
}

const EquationsSchema = z.array(graphContract.StationEquationSchema).max(graphContract.GRAPH_LIMITS.stationEquationsMax);

/** The station equations stored as JSON in `graph_settings.station_equations`; none when unreadable or absent. */
export function equationsOf(json: string | null | undefined): StationEquation[] {
  if (!json) return [];
  try {
    const parsed = EquationsSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** A drive from the run's row and its station equations (ring width in millimetres, at least 1 mm). */
export const driveOf = (run: DriveRunRow, equations: readonly StationEquation[] = []): Drive => ({
  startChainage: Number(run.start_chainage),
  endChainage: Number(run.end_chainage),
  equations,
  startRing: Number(run.start_ring),
  ringWidthM: Math.max(Number(run.ring_width_mm), 1) / 1000,
});

/** The chainages of a ring's start and end (each side of a station equation read on its own stretch). */
export function ringToChainage(drive: Drive, ring: number): { start: number; end: number } {
  const { from, to } = ringDistances(drive, ring);
  return { start: chainageAtDistance(drive, from), end: chainageAtDistance(drive, to) };
}

/** The ring bored at a chainage (an overlapped chainage is read where the machine meets it first). */
export const chainageToRing = (drive: Drive, chainage: number): number => ringAtDistance(drive, distanceAtChainage(drive, chainage));

/** Metres bored from the drive's start to a chainage (negative behind the start). */
export const distance = (drive: Drive, chainage: number): number => distanceAtChainage(drive, chainage);

/** Metres bored from the drive's start to its end chainage: the drive's length. */
export const driveLength = (drive: Drive): number => distanceAtChainage(drive, drive.endChainage);

/**
 * The chainage service (issue 24): one place that turns a ring into a chainage and a distance
 * bored, a chainage into a ring, with the run's station equations (graph settings). Pure geometry
 * is in the contracts' `core/alignment.ts`, shared with the web; the free functions above work on
 * a drive once read.
 */
export class ChainageService {
  constructor(private readonly deps: { db: Kysely<Database> }) {}

  /** The run's drive: start/end chainage, station equations, first ring, ring width (m). Null for a run that does not exist. */
  async driveOrNull(runId: number, db: Kysely<Database> | Transaction<Database> = this.deps.db): Promise<Drive | null> {
    const [run, settings] = await Promise.all([
      db.selectFrom('runs').select(['start_chainage', 'end_chainage', 'start_ring', 'ring_width_mm']).where('id', '=', runId).executeTakeFirst(),
      db.selectFrom('graph_settings').select('station_equations').where('run_id', '=', runId).executeTakeFirst(),
    ]);
    return run ? driveOf(run, equationsOf(settings?.station_equations)) : null;
  }

  /** The run's drive: start/end chainage, station equations, first ring, ring width (m). */
  async drive(runId: number): Promise<Drive> {
    const drive = await this.driveOrNull(runId);
    if (!drive) throw new Error(`run ${String(runId)} does not exist`);
    return drive;
  }

  ringToChainage(drive: Drive, ring: number): { start: number; end: number } {
    return ringToChainage(drive, ring);
  }

  chainageToRing(drive: Drive, chainage: number): number {
    return chainageToRing(drive, chainage);
  }

  distance(drive: Drive, chainage: number): number {
    return distance(drive, chainage);
  }
}
