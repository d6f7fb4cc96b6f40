import { lazyComponent, lazyPage } from '../../core/routing.js';
import { defineWebModule } from '../../core/webModule.js';

const load = () => import('./pages.js');

/** The star of a project row (project list), loaded with its chunk on first use. */
export const ProjectStar = lazyComponent(async () => (await load()).loadProjectStar(), (m) => m.ProjectStar);

/** The star of an alarm or a ring report (their detail views), loaded with the same chunk. */
export const ObjectStar = lazyComponent(async () => (await load()).loadProjectStar(), (m) => m.ObjectStar);

/**
 * The collection (favourites): the star in the header of every project page and the collection
 * page listing the starred entries per run, to open or remove.
 */
export const collectionModule = defineWebModule({
  name: 'collection',
  routes: {
    fw1: [
      {
        path: 'collection',
        handle: { name: 'collection', resource: 'menu.project.collection', title: 'shell.menu.collection' },
        lazy: lazyPage(async () => (await load()).loadCollectionPage(), (m) => m.CollectionPage),
      },
    ],
  },
  menu: [{ section: 'construction', key: 'collection', label: 'shell.menu.collection', path: '/fw1/collection', resource: 'menu.project.collection', order: 30 }],
  headerItems: [{ key: 'collectionStar', order: 1, resource: 'menu.project.collection', component: lazyComponent(async () => (await load()).loadStarButton(), (m) => m.StarButton) }],
  resources: ['menu.project.collection'],
});
