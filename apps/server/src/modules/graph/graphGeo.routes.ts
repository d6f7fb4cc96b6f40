import type { ModuleContext } from '../../platform/module.js';
import type { ChainageService } from './chainage.js';

/** The overlay, the maps-service map query and the alignment import. */
export function registerGraphGeoRoutes(ctx: ModuleContext, chainage: ChainageService): void {
  void ctx;
  void chainage;
}
