import { type AppRoute, lazyPage } from '../../core/routing.js';

// One import of the loaders (see pages.ts); each page still arrives in a chunk of its own.
const pages = () => import('./pages.js');

/** Administration pages of /fw0/sys (spec §2); each needs its menu resource. */
export const adminRoutes: AppRoute[] = [
  {
    path: 'sys/dept/list',
    handle: { name: 'dept', resource: 'menu.admin.organization', title: 'shell.menu.organization' },
    lazy: lazyPage(async () => (await pages()).loadOrgPage(), (m) => m.OrgPage),
  },
  {
    path: 'sys/role/list',
    handle: { name: 'role', resource: 'menu.admin.role', title: 'shell.menu.role' },
    lazy: lazyPage(async () => (await pages()).loadRolePage(), (m) => m.RolePage),
  },
  {
    path: 'sys/src/list',
    handle: { name: 'src', resource: 'menu.admin.resource', title: 'shell.menu.resource' },
    lazy: lazyPage(async () => (await pages()).loadResourcePage(), (m) => m.ResourcePage),
  },
  {
    path: 'sys/user/list',
    handle: { name: 'user', resource: 'menu.admin.user', title: 'shell.menu.user' },
    lazy: lazyPage(async () => (await pages()).loadUserPage(), (m) => m.UserPage),
  },
  {
    path: 'sys/sys_warn_setting',
    handle: { name: 'sys_warn_setting', resource: 'menu.admin.partSetting', title: 'shell.menu.partSetting' },
    lazy: lazyPage(async () => (await pages()).loadWarnSettingPage(), (m) => m.WarnSettingPage),
  },
];
