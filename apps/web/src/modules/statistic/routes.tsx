import { type AppRoute, lazyPage, type RouteHandle } from '../../core/routing.js';

// One import of the loaders (see pages.ts); each page still arrives in a chunk of its own.
const pages = () => import('./pages.js');
const progressPage = lazyPage(async () => (await pages()).loadProgressPage(), (m) => m.ProgressPage);
const efficiencyPage = lazyPage(async () => (await pages()).loadEfficiencyPage(), (m) => m.EfficiencyPage);
const singleRingPage = lazyPage(async () => (await pages()).loadCurvesPage(), (m) => m.SingleRingPage);
const multiRingPage = lazyPage(async () => (await pages()).loadCurvesPage(), (m) => m.MultiRingPage);
const historyPage = lazyPage(async () => (await pages()).loadHistoryPage(), (m) => m.HistoryPage);
const ringStatsPage = lazyPage(async () => (await pages()).loadRingStatsPage(), (m) => m.RingStatsPage);

const handle = (name: string): RouteHandle => ({ name, resource: 'menu.statistics', title: 'shell.menu.statistics' });

/**
 * Statistics of the current run (spec §2 statistic): progress and efficiency, the curves of one or
 * several rings, the historical analysis and the ring statistics table. Every page shares the
 * statistics tabs (StatisticNav).
 */
export const statisticRoutesFw1: AppRoute[] = [
  { path: 'statistic/process', handle: handle('statisticProgress'), lazy: progressPage },
  { path: 'statistic/process/efficiency', handle: handle('statisticEfficiency'), lazy: efficiencyPage },
  { path: 'statistic/singleRing', handle: handle('statisticSingleRing'), lazy: singleRingPage },
  { path: 'statistic/multipleRing', handle: handle('statisticMultipleRing'), lazy: multiRingPage },
  { path: 'statistic/staticAnalysis', handle: handle('statisticHistory'), lazy: historyPage },
  { path: 'statistic/staticAnalysis/rings', handle: handle('statisticRingStats'), lazy: ringStatsPage },
];
