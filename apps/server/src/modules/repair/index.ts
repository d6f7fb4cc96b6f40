import { migration } from '../../db/migrations/20261203T1000_repairs.js';
import { migration as grants } from '../../db/migrations/20261203T1100_repairGrants.js';
import { migration as search } from '../../db/migrations/20261203T1200_repairSearch.js';
import { migration as diagnosisIndexes } from '../../db/migrations/20261205T1100_diagnosisIndexes.js';
import { defineModule } from '../../platform/module.js';
import { registerRepairRoutes } from './repair.routes.js';
import { RepairService } from './repair.service.js';
import { registerRepairSearch } from './search/register.js';

export type { RepairFinder, RepairHit } from './finder.js';
export { RepairService } from './repair.service.js';

declare module '../../core/services.js' {
  interface Services {
    /** Repair records and the case base of a run (the demo seeds them; diagnosis reads them). */
    repairs: RepairService;
  }
}

export { seedDemoRepairs } from './demo/demoRepairs.js';

/**
 * Repairs, the case base, the knowledge base and diagnosis (issue 22, spec §2 `stm_smtce`): repair
 * records with photos and videos, cases published from them, knowledge items with their text
 * extracted for search, full-text search on both databases (two-character Chinese terms too), and
 * diagnosis that ranks cited sources for a fault. After alarms (a repair may be made from one) and
 * maintenance (from an abnormal record).
 */
export const repairModule = defineModule({
  name: 'repair',
  migrations: { '20261203T1000_repairs': migration, '20261203T1100_repairGrants': grants, '20261203T1200_repairSearch': search, '20261205T1100_diagnosisIndexes': diagnosisIndexes },
  register(ctx) {
    // Full-text search, the knowledge base and diagnosis: provides `repairSearch`, which indexes
    // every repair written and finds repairs for the list's and the case base's words.
    const repairSearch = registerRepairSearch(ctx);
    const service = new RepairService({
      db: ctx.db,
      runs: ctx.services.get('runScope'),
      files: ctx.services.get('files'),
      machine: ctx.machine,
      indexed: (kind, id) => repairSearch.reindex(kind, id),
      finder: () => repairSearch,
      now: ctx.now,
    });
    ctx.services.provide('repairs', service);
    registerRepairRoutes(ctx.app, service, ctx.endpoints);
  },
});
