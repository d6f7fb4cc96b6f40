import { defineModule } from '../../platform/module.js';
import { registerStatisticRoutes } from './statistic.routes.js';

/** Statistics: progress with forecast, efficiency by ring, ring curves, historical analysis, ring statistics, exports. */
export const statisticModule = defineModule({
  name: 'statistic',
  register(ctx) {
    registerStatisticRoutes(ctx.app, { db: ctx.db, runs: ctx.services.get('runScope'), figures: ctx.services.get('projectFigures') }, ctx.endpoints);
  },
});
