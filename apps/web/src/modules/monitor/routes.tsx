import { type AppRoute, lazyPage } from '../../core/routing.js';

const realtimePage = lazyPage(() => import('./pages/RealtimePage.js'), (m) => m.RealtimePage);
const h5Page = lazyPage(() => import('./pages/H5RealtimePage.js'), (m) => m.H5RealtimePage);

/** Real-time monitoring of the current run (spec §2): the overview, and a subsystem page per sub-path. */
export const monitorRoutesFw1: AppRoute[] = [
  { path: 'rta', handle: { name: 'realTime', resource: 'menu.monitoring.realTime', title: 'shell.menu.realTime' }, lazy: realtimePage },
  { path: 'rta/:page', handle: { name: 'realTimePage', resource: 'menu.monitoring.realTime', title: 'shell.menu.realTime' }, lazy: realtimePage },
  {
    path: 'stm_connect_state_query',
    handle: { name: 'connectState', resource: 'monitor.connectState.read', title: 'realtime.connection.title' },
    lazy: lazyPage(() => import('./pages/ConnectStatePage.js'), (m) => m.ConnectStatePage),
  },
];

/** The embedded (H5) real-time view for host apps: public, its one-time token is the credential. */
export const monitorPublicRoutes: AppRoute[] = [
  // The token is taken out of the path at once; the view then lives at /h5/rta/{d}.
  { path: 'h5/rta/:d/:token', handle: { name: 'h5RealTime', resource: 'public', title: 'shell.h5.title' }, lazy: h5Page },
  { path: 'h5/rta/:d', handle: { name: 'h5RealTimeView', resource: 'public', title: 'shell.h5.title' }, lazy: h5Page },
];
