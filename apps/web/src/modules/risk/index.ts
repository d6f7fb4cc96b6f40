import { defineWebModule } from '../../core/webModule.js';
import { riskRoutesFw1 } from './routes.js';

export { NearestRiskZone } from './components/NearestRiskZone.js';

/**
 * Risk points of the current run (/fw1/alarm/risk): preset risk zones along the drive with their
 * pictures and their state as the machine advances. The alarm section's menu item and tabs are the
 * alarm pages'; `NearestRiskZone` shows the zone ahead on the home board and the real-time header.
 */
export const riskModule = defineWebModule({
  name: 'risk',
  routes: { fw1: riskRoutesFw1 },
  resources: ['alarm.risk.read', 'alarm.risk.write'],
});
