import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RunScope } from '../project/runScope.js';

export interface ShiftReportDeps {
  db: Kysely<Database>;
  runs: RunScope;
  now: () => number;
  /** How long after its end a shift report can still be changed. */
  editWindowMs: number;
}

/** Shift report calls of spec §7. */
export function registerShiftReportRoutes(_app: FastifyInstance, _deps: ShiftReportDeps, _options: { validateResponses: boolean }): void {}
