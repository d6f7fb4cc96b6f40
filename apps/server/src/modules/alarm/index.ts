import { migration } from '../../db/migrations/20261129T1000_alarms.js';
import { migration as grants } from '../../db/migrations/20261129T1100_alarmGrants.js';
import { defineModule } from '../../platform/module.js';
import { registerAlarmApi } from './api/index.js';
import { provideAlarmDigest } from './digest/index.js';
import { registerAlarmRuntime } from './runtime/index.js';

export { type SegmentAlarm, SegmentAlarms } from './recordAlarm.js';
/** Alarms named as the pages show them (the repair module's diagnosis reads an alarm's name and repair suggestion). */
export { presentAlarm, type RunNaming } from './api/alarm.presenter.js';
export type { AlarmRuntimeControl } from './runtimeControl.js';

/**
 * Alarms (issue 19): the engine judges every stored frame against the run's part alarm settings and
 * its machine states (runtime/), and the calls and jobs users work with (api/).
 */
export const alarmModule = defineModule({
  name: 'alarm',
  migrations: { '20261129T1000_alarms': migration, '20261129T1100_alarmGrants': grants },
  register(ctx) {
    const runtime = registerAlarmRuntime(ctx);
    registerAlarmApi(ctx, runtime);
    provideAlarmDigest(ctx);
  },
});
