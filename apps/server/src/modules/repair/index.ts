import { migration } from '../../db/migrations/20261203T1000_repairs.js';
import { migration as grants } from '../../db/migrations/20261203T1100_repairGrants.js';
import { defineModule } from '../../platform/module.js';

export { seedDemoRepairs } from './demo/demoRepairs.js';

/**
 * Repairs, the case base, the knowledge base and diagnosis (issue 22, spec §2 `stm_smtce`): repair
 * records with photos and videos, cases published from them, knowledge items with their text
 * extracted for search, full-text search on both databases (two-character Chinese terms too), and
 * diagnosis that ranks cited sources for a fault. After alarms (a repair may be made from one) and
 * maintenance (from an abnormal record). FRAME: being built.
 */
export const repairModule = defineModule({
  name: 'repair',
  migrations: { '20261203T1000_repairs': migration, '20261203T1100_repairGrants': grants },
  register() {},
});
