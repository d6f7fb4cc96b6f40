import { migration } from '../../db/migrations/20261204T1000_graph.js';
import { defineModule } from '../../platform/module.js';
import { ChainageService } from './chainage.js';
import { registerGraphGeoRoutes } from './graphGeo.routes.js';
import { GraphService } from './graph.service.js';
import { registerGraphRoutes } from './graph.routes.js';

export { ChainageService } from './chainage.js';
export { GraphService } from './graph.service.js';
export { seedDemoDrawings } from './demo/demoDrawings.js';

declare module '../../core/services.js' {
  interface Services {
    /** Ring ↔ chainage ↔ distance bored (with the run's station equations) ↔ drawing and grid positions. */
    chainage: ChainageService;
    /** A run's drawings, their calibration and the graph settings (the demo seeds them). */
    graph: GraphService;
  }
}

/**
 * Drawings and maps (issue 24, spec §2 `fw1/graph`): the floor plan, section and map pictures per
 * language and variant with their calibration, the graph settings, the overlay of rings, risk zones
 * and the machine's live position, the GIS alignment and the maps-service map query, the long
 * section, and the third-party access token. Provides the chainage service every module that
 * places something along the tunnel uses.
 */
export const graphModule = defineModule({
  name: 'graph',
  migrations: { '20261204T1000_graph': migration },
  register(ctx) {
    const chainage = new ChainageService({ db: ctx.db });
    ctx.services.provide('chainage', chainage);
    const service = new GraphService({
      db: ctx.db,
      runs: ctx.services.get('runScope'),
      files: ctx.services.get('files'),
      chainage,
      maps: ctx.config.maps,
      now: ctx.now,
    });
    ctx.services.provide('graph', service);
    registerGraphRoutes(ctx.app, service, ctx.endpoints);
    registerGraphGeoRoutes(ctx, chainage);
  },
});
