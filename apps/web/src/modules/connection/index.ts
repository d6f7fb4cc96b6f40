import { defineWebModule } from '../../core/webModule.js';
import { connectionRoutesFw1 } from './routes.js';

/** Connecting a machine: the run's ingest key, addresses and examples, data received and refused payloads. */
export const connectionModule = defineWebModule({
  name: 'connection',
  routes: { fw1: connectionRoutesFw1 },
  menu: [{ section: 'construction', key: 'connection', label: 'connection.menu', path: '/fw1/connection', resource: 'menu.monitoring.connection', order: 205 }],
  resources: ['menu.monitoring.connection', 'connection.status.read', 'telemetry.ingestKey.write'],
});
