import type { DriveStationing, RingGeometry } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A run's drive as the chainage service sees it: stationing (with equations) and rings. */
export type Drive = DriveStationing & RingGeometry;

/**
 * The chainage service (issue 24): one place that turns a ring into a chainage and a distance
 * bored, a chainage into a ring, with the run's station equations (graph settings). Pure geometry
 * is in the contracts' `core/alignment.ts`, shared with the web.
 */
export class ChainageService {
  constructor(private readonly deps: { db: Kysely<Database> }) {}

  /** The run's drive: start/end chainage, station equations, first ring, ring width (m). */
  async drive(runId: number): Promise<Drive> {
    void this.deps;
    void runId;
    throw new Error('not built yet');
  }
}
