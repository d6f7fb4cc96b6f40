/** The collection page's and the header star's chunks, reached through one import. */
export const loadCollectionPage = () => import('./pages/CollectionPage.js');
export const loadStarButton = () => import('./components/StarButton.js');
export const loadProjectStar = () => import('./components/ProjectStar.js');
