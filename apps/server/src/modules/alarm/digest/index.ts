import type { ModuleContext } from '../../../platform/module.js';
import { AlarmDigest } from './alarmDigest.js';

export { AlarmDigest } from './alarmDigest.js';

/**
 * Provides the alarm digest (`alarmDigest`) the reports' "notable alarms" section reads. The name
 * and its shape (`NotableAlarmsSource`) are declared by the reports, which register first and must
 * build without the alarm module; `AlarmDigest` fits that shape.
 */
export function provideAlarmDigest(ctx: ModuleContext): void {
  ctx.services.provide('alarmDigest', new AlarmDigest(ctx.db, ctx.now));
}
