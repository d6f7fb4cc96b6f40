import type { ModuleContext } from '../../../platform/module.js';
import { AlarmDigest } from './alarmDigest.js';

export { AlarmDigest } from './alarmDigest.js';

declare module '../../../core/services.js' {
  interface Services {
    /** The notable alarms of a span (reports read it at request time, when the alarm module is there). */
    alarmDigest: AlarmDigest;
  }
}

/** Provides the alarm digest the reports' "notable alarms" section reads. */
export function provideAlarmDigest(ctx: ModuleContext): void {
  ctx.services.provide('alarmDigest', new AlarmDigest(ctx.db, ctx.now));
}
