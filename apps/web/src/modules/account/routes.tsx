import { type AppRoute, lazyPage } from '../../core/routing.js';

const settings = lazyPage(() => import('./pages/SettingsPage.js'), (m) => m.SettingsPage);

/** The signed-in user's own pages, under both areas (spec §2: /fw0/sys user setting, /fw1/userSetting). */
export const accountRoutesFw0: AppRoute[] = [
  { path: 'sys/userSetting', handle: { name: 'userSetting', resource: 'authenticated', title: 'account.settings.title' }, lazy: settings },
  { path: 'sys/userSetting/:tab', handle: { name: 'userSettingTab', resource: 'authenticated', title: 'account.settings.title' }, lazy: settings },
];

export const accountRoutesFw1: AppRoute[] = [
  { path: 'userSetting', handle: { name: 'fw1UserSetting', resource: 'authenticated', title: 'account.settings.title' }, lazy: settings },
  { path: 'userSetting/:tab', handle: { name: 'fw1UserSettingTab', resource: 'authenticated', title: 'account.settings.title' }, lazy: settings },
];
