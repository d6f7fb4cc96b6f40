import { defineWebModule } from '../../core/webModule.js';
import { projectRoutesFw0, projectRoutesFw1 } from './routes.js';

/** Projects (runs): the board, the project list, "enter system", the project home and basic info. */
export const projectModule = defineWebModule({
  name: 'project',
  routes: { fw0: projectRoutesFw0, fw1: projectRoutesFw1 },
  menu: [
    { section: 'overview', key: 'statsBoard', label: 'shell.menu.statsBoard', path: '/fw0/projectBoard', resource: 'menu.statsBoard', order: 10 },
    { section: 'overview', key: 'projectList', label: 'shell.menu.projectList', path: '/fw0/stsRun/list', resource: 'menu.projectList', order: 20 },
    { section: 'overview', key: 'enterSystem', label: 'shell.menu.enterSystem', path: '/fw0/dp', resource: 'menu.enterSystem', order: 30 },
    { section: 'construction', key: 'home', label: 'shell.menu.homePage', path: '/fw1/home', resource: 'menu.project.home', order: 20 },
    { section: 'construction', key: 'basicInfo', label: 'shell.menu.basicInfo', path: '/fw1/basic_info/project_info', resource: 'menu.project.basicInfo', order: 150 },
  ],
  resources: [
    'menu.statsBoard',
    'menu.projectList',
    'menu.enterSystem',
    'menu.project.home',
    'menu.project.basicInfo',
    'project.run.read',
    'project.run.write',
    'project.run.delete',
    'project.basicInfo.read',
    'project.basicInfo.write',
    'project.shift.read',
    'project.shift.write',
  ],
});
