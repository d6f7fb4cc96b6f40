import { defineWebModule } from '../../core/webModule.js';
import { tagMappingRoutesFw1 } from './routes.js';

/** The machine's data linker: its gateway's variable names mapped to catalogue tags, and the names seen that map to none. */
export const tagMappingModule = defineWebModule({
  name: 'tagMapping',
  routes: { fw1: tagMappingRoutesFw1 },
  menu: [{ section: 'construction', key: 'tagMapping', label: 'tagMapping.menu', path: '/fw1/tagMapping', resource: 'telemetry.tagMapping.read', order: 155 }],
  resources: ['telemetry.tagMapping.read', 'telemetry.tagMapping.write'],
});
