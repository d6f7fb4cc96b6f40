import { defineWebModule } from '../../core/webModule.js';
import { alarmRoutesFw1 } from './routes.js';

/**
 * Alarms of the current run (issue 19): current alarms kept live with their handling (acknowledge,
 * assign, shelve), the history with its detail and export, the alarm performance figures and the
 * run's alarm settings. The real-time pages mark points in alarm through the exports below.
 */
export const alarmModule = defineWebModule({
  name: 'alarm',
  routes: { fw1: alarmRoutesFw1 },
  menu: [{ section: 'construction', key: 'alarm', label: 'shell.menu.alarm', path: '/fw1/alarm/history_alarm', resource: 'menu.alarms', order: 160 }],
  resources: ['menu.alarms', 'alarm.record.read', 'alarm.record.handle', 'alarm.settings.write', 'alarm.risk.read'],
});

// For the real-time pages (monitor): the points in alarm of a run and the count of its current alarms.
export { AlarmCount, alarmLevelColour, type AlarmedPoints, useAlarmedPoints } from './live.js';
