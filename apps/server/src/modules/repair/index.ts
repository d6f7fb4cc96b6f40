import { migration } from '../../db/migrations/20261203T1000_repairs.js';
import { migration as grants } from '../../db/migrations/20261203T1100_repairGrants.js';
import { defineModule } from '../../platform/module.js';
import { LikeRepairFinder, type RepairFinder } from './finder.js';
import { registerRepairRoutes } from './repair.routes.js';
import { RepairService } from './repair.service.js';

export { type RepairFinder, type RepairHit, snippetOf, wordsOf } from './finder.js';
export { RepairService } from './repair.service.js';

declare module '../../core/services.js' {
  interface Services {
    /** Repair records and the case base of a run (the demo seeds them; diagnosis reads them). */
    repairs: RepairService;
  }
}

/**
 * Repairs, the case base, the knowledge base and diagnosis (issue 22, spec §2 `stm_smtce`): repair
 * records with photos and videos, cases published from them, knowledge items with their text
 * extracted for search, full-text search on both databases (two-character Chinese terms too), and
 * diagnosis that ranks cited sources for a fault. After alarms (a repair may be made from one) and
 * maintenance (from an abnormal record).
 */
export const repairModule = defineModule({
  name: 'repair',
  migrations: { '20261203T1000_repairs': migration, '20261203T1100_repairGrants': grants },
  register(ctx) {
    const fallback = new LikeRepairFinder(ctx.db);
    // ── SEARCH HOOK ─────────────────────────────────────────────────────────────────────────────
    // The search part (repairSearch*, knowledge*, diagnosis*) plugs in here. It calls
    // `registerRepairSearch(ctx, service)` right after the service is made, which provides the
    // `repairSearch` service; then these two lines become
    //   indexed: (kind, id) => ctx.services.get('repairSearch').reindex(kind, id),
    //   finder: () => ctx.services.get('repairSearch'),   // it implements RepairFinder (finder.ts)
    // Both are read lazily, on each write and search, so the order of registration does not matter.
    const indexed = (_kind: 'repair' | 'knowledge', _id: number): Promise<void> => Promise.resolve();
    const finder = (): RepairFinder => fallback;
    // ── END SEARCH HOOK ─────────────────────────────────────────────────────────────────────────
    const service = new RepairService({ db: ctx.db, runs: ctx.services.get('runScope'), files: ctx.services.get('files'), machine: ctx.machine, indexed, finder, now: ctx.now });
    ctx.services.provide('repairs', service);
    // registerRepairSearch(ctx, service);  ← the search part registers here.
    registerRepairRoutes(ctx.app, service, ctx.endpoints);
  },
});
