import { type AppRoute, lazyPage } from '../../core/routing.js';

const projectList = lazyPage(() => import('./pages/ProjectListPage.js'), (m) => m.ProjectListPage);

/**
 * Project pages of /fw0 (spec §2): the project list under each of its paths, and the board. The
 * names of the menu's routes stay those the guard and the remembered path know ('sts2' among them).
 */
export const projectRoutesFw0: AppRoute[] = [
  { path: 'dp', handle: { name: 'enterSystem', resource: 'menu.enterSystem', title: 'shell.menu.enterSystem' }, lazy: projectList },
  { path: 'stsRun/list', handle: { name: 'sts2', resource: 'menu.projectList', title: 'shell.menu.projectList' }, lazy: projectList },
  { path: 'stsRun/dp', handle: { name: 'stsRunDp', resource: 'menu.enterSystem', title: 'shell.menu.enterSystem' }, lazy: projectList },
  { path: 'stsRun/tenant', handle: { name: 'stsRunTenant', resource: 'menu.projectList', title: 'shell.menu.projectList' }, lazy: projectList },
  { path: 'stsRun/tenant/list', handle: { name: 'stsRunTenantList', resource: 'menu.projectList', title: 'shell.menu.projectList' }, lazy: projectList },
  { path: 'stsRun/tenant/tab/:from?', handle: { name: 'stsRunTenantTab', resource: 'menu.projectList', title: 'shell.menu.projectList' }, lazy: projectList },
  {
    path: 'projectBoard',
    handle: { name: 'statsBoard', resource: 'menu.statsBoard', title: 'shell.menu.statsBoard' },
    lazy: lazyPage(() => import('./pages/ProjectBoardPage.js'), (m) => m.ProjectBoardPage),
  },
];

/** Project pages of /fw1, for the current run: the home and the basic info (a tab per sub-path). */
export const projectRoutesFw1: AppRoute[] = [
  {
    path: 'home',
    handle: { name: 'home', resource: 'menu.project.home', title: 'shell.menu.homePage' },
    lazy: lazyPage(() => import('./pages/ProjectHomePage.js'), (m) => m.ProjectHomePage),
  },
  {
    path: 'basic_info/:tab?',
    handle: { name: 'basicInfo', resource: 'menu.project.basicInfo', title: 'shell.menu.basicInfo' },
    lazy: lazyPage(() => import('./pages/BasicInfoPage.js'), (m) => m.BasicInfoPage),
  },
];
