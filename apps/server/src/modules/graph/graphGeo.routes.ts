import { graphContract as c } from '@boreline/contracts';
import { requireAuth } from '../../core/auth.js';
import { registerEndpoint } from '../../core/http.js';
import type { ModuleContext } from '../../platform/module.js';
import { importAlignment } from './alignmentImport.js';
import type { ChainageService } from './chainage.js';
import { mapOf } from './map.js';
import { type GeoDeps, overlayOf } from './overlay.js';

/** The overlay, the maps-service map query and the alignment import. */
export function registerGraphGeoRoutes(ctx: ModuleContext, chainage: ChainageService): void {
  // The routes read a run's drive with its graph settings in one go (`driveOf`); the service is the same arithmetic for other modules.
  void chainage;
  const deps: GeoDeps = {
    db: ctx.db,
    runs: ctx.services.get('runScope'),
    machine: ctx.machine,
    // Asked at call time: a module listed after this one still provides them.
    segments: () => (ctx.services.has('segments') ? ctx.services.get('segments') : null),
    risk: () => (ctx.services.has('risk') ? ctx.services.get('risk') : null),
    now: ctx.now,
  };
  registerEndpoint(ctx.app, c.overlay, async ({ input, request }) => overlayOf(deps, requireAuth(request), input.runId), ctx.endpoints);
  registerEndpoint(ctx.app, c.mapQuery, async ({ input, request }) => mapOf({ ...deps, tiles: ctx.config.maps.tiles }, requireAuth(request), input.runId), ctx.endpoints);
  registerEndpoint(ctx.app, c.alignmentImport, async ({ request, language }) => importAlignment(deps, requireAuth(request), request, language), ctx.endpoints);
}
