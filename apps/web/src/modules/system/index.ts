import { defineWebModule } from '../../core/webModule.js';
import { systemRoutes } from './routes.js';

/** Public pages that are not about signing in: privacy, not found, the screen tools. */
export const systemModule = defineWebModule({ name: 'system', routes: { public: systemRoutes }, resources: [] });

// The "under development" page, for menu pages whose module has not landed yet.
export { underDevelopment } from './routes.js';
