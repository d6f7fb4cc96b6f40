import { migration } from '../../db/migrations/20261206T1200_collection.js';
import { defineModule } from '../../platform/module.js';
import { CollectionRepo } from './collection.repo.js';
import { registerCollectionRoutes } from './collection.routes.js';
import { CollectionService } from './collection.service.js';

export { seedDemoCollection } from './demoCollection.js';

/**
 * The collection (favourites, spec §2): each user's starred pages, projects, ring reports and
 * alarms, listed per run on the collection page. Runs are checked with the run scope.
 */
export const collectionModule = defineModule({
  name: 'collection',
  migrations: { '20261206T1200_collection': migration },
  register(ctx) {
    const service = new CollectionService(new CollectionRepo(ctx.db), ctx.services.get('runScope'), ctx.now);
    registerCollectionRoutes(ctx.app, service, ctx.endpoints);
  },
});
