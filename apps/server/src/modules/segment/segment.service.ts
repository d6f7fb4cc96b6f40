import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MachineHistory } from '../../telemetry/index.js';
import type { RunScope } from '../project/index.js';

export interface SegmentDeps {
  db: Kysely<Database>;
  runs: RunScope;
  machine: MachineHistory;
  now: () => number;
}

/** The segment datasets of a run (issue 23). FRAME: being built. */
export class SegmentService {
  constructor(protected readonly deps: SegmentDeps) {}
}
