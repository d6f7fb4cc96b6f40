import type { ResourceCode } from '@boreline/contracts';
import { type AppRoute, lazyPage } from '../../core/routing.js';

const pages = () => import('./pages.js');
const repairPage = lazyPage(async () => (await pages()).loadRepairPage(), (m) => m.RepairPage);
const casePage = lazyPage(async () => (await pages()).loadCasePage(), (m) => m.CasePage);
const knowledgePage = lazyPage(async () => (await pages()).loadKnowledgePage(), (m) => m.KnowledgePage);

const MANAGEMENT: ResourceCode = 'menu.maintenance.management';

/** The repair pages of the current run (spec §2 stm_smtce): repair records, the case base and the knowledge base, under "Maintenance management". */
export const repairRoutesFw1: AppRoute[] = [
  { path: 'stm_smtce/repair', handle: { name: 'repairRecords', resource: MANAGEMENT, title: 'shell.menu.maintenanceManagement' }, lazy: repairPage },
  { path: 'stm_smtce/case', handle: { name: 'repairCases', resource: MANAGEMENT, title: 'shell.menu.maintenanceManagement' }, lazy: casePage },
  { path: 'stm_smtce/knowledge', handle: { name: 'repairKnowledge', resource: MANAGEMENT, title: 'shell.menu.maintenanceManagement' }, lazy: knowledgePage },
];
