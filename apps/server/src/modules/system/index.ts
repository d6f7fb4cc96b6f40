import { defineModule } from '../../platform/module.js';
import { registerSystemRoutes } from './system.routes.js';

export { APP_VERSION } from './system.routes.js';

/** Health and the OpenAPI document of every endpoint the server registered. */
export const systemModule = defineModule({
  name: 'system',
  register(ctx) {
    registerSystemRoutes(ctx.app, { db: ctx.db, dialect: ctx.dialect, endpoints: () => ctx.app.endpointDefinitions }, ctx.endpoints);
  },
});
