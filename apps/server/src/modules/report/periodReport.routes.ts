import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RunScope } from '../project/runScope.js';

export interface PeriodReportDeps {
  db: Kysely<Database>;
  runs: RunScope;
  now: () => number;
}

/** Ring, daily, weekly and monthly reports and the Excel export. */
export function registerPeriodReportRoutes(_app: FastifyInstance, _deps: PeriodReportDeps, _options: { validateResponses: boolean }): void {}
