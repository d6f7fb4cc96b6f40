import { defineModule } from '../../platform/module.js';
import { registerSystemRoutes } from './system.routes.js';

export { APP_VERSION } from './system.routes.js';

/** Health and the OpenAPI document of every endpoint the server registered. */
export const systemModule = defineModule({
  name: 'system',
  register(ctx) {
    // Sessions come from the sign-in module, listed after this one: read at request time.
    const sessions = ctx.services.later('sessions');
    const isSuperAdmin = async (token: string | null) =>
      token !== null && (await sessions().authenticate(token).then((s) => s.sa && s.runId === null, () => false));
    registerSystemRoutes(
      ctx.app,
      { db: ctx.db, dialect: ctx.dialect, endpoints: () => ctx.app.endpointDefinitions, isSuperAdmin },
      ctx.endpoints,
    );
  },
});
