import { defineWebModule } from '../../core/webModule.js';
import { repairRoutesFw1 } from './routes.js';

export { DiagnoseButton, DiagnosisDrawer } from './components/DiagnosisDrawer.js';
export { RepairCreateButton } from './components/RepairDialog.js';

/**
 * Repairs of the current run (issue 22): repair records with photos and videos, the case base
 * searched across the runs the reader may see, the knowledge base with previews, and diagnosis
 * that cites its sources. Pages under "Maintenance management"; alarms and maintenance records
 * open the diagnosis and the repair form through the components exported here.
 */
export const repairModule = defineWebModule({
  name: 'repair',
  routes: { fw1: repairRoutesFw1 },
  resources: ['menu.maintenance.management', 'maintenance.repair.read', 'maintenance.repair.write', 'maintenance.case.publish', 'maintenance.knowledge.read', 'maintenance.knowledge.write'],
});
