import type { ModuleContext } from '../../../platform/module.js';
import { Diagnosis } from '../diagnosis.js';
import { registerDiagnosisRoutes } from '../diagnosis.routes.js';
import { KnowledgeService } from '../knowledge.service.js';
import { registerKnowledgeRoutes } from '../knowledge.routes.js';
import { RepairSearch } from './repairSearch.js';

export { RepairSearch } from './repairSearch.js';

declare module '../../../core/services.js' {
  interface Services {
    /** Full-text search of repairs and knowledge items (the repair service's finder and indexer). */
    repairSearch: RepairSearch;
    /** The knowledge base (its extractions can be awaited: `settled()`). */
    knowledge: KnowledgeService;
  }
}

/**
 * Search, the knowledge base and diagnosis of the repair module: provides `repairSearch` (which the
 * repair service finds repairs with and tells of its writes through) and `knowledge`, and registers
 * the knowledge and diagnosis calls. `repairs` is the repair service (unused here: cases are read
 * from their table), kept so the module wires both halves in one place.
 */
export function registerRepairSearch(ctx: ModuleContext, repairs?: unknown): RepairSearch {
  void repairs;
  const search = new RepairSearch({ db: ctx.db, dialect: ctx.dialect });
  ctx.services.provide('repairSearch', search);
  const runs = ctx.services.get('runScope');
  const files = ctx.services.get('files');
  const knowledge = new KnowledgeService({
    db: ctx.db,
    runs,
    files,
    search,
    now: ctx.now,
    warn: (message, detail) => ctx.log.warn({ err: detail }, message),
  });
  ctx.services.provide('knowledge', knowledge);
  ctx.lifecycle.onStop(() => knowledge.settled());
  registerKnowledgeRoutes(ctx.app, knowledge, ctx.endpoints);
  registerDiagnosisRoutes(ctx.app, new Diagnosis({ db: ctx.db, runs, search, machine: ctx.machine }), ctx.now, ctx.endpoints);
  return search;
}
