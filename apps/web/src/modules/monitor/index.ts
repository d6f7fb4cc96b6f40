import { defineWebModule } from '../../core/webModule.js';
import { monitorPublicRoutes, monitorRoutesFw1 } from './routes.js';

/** Live values of a run (snapshot, then the data messages), for other modules' views of the machine. */
export { useLiveValues } from './hooks/useLiveValues.js';

/** Real-time monitoring of the current run, the connection state, and the embedded (H5) view. */
export const monitorModule = defineWebModule({
  name: 'monitor',
  routes: { public: monitorPublicRoutes, fw1: monitorRoutesFw1 },
  menu: [{ section: 'construction', key: 'realTime', label: 'shell.menu.realTime', path: '/fw1/rta', resource: 'menu.monitoring.realTime', order: 200 }],
  resources: ['menu.monitoring.realTime', 'monitor.realData.read', 'monitor.connectState.read', 'monitor.h5Link.write', 'telemetry.series.read', 'alarm.record.read'],
});

/** The live values and the device state of a run, for the pages of other modules that follow the machine (the drawings). */
export { useDeviceState } from './api.js';
