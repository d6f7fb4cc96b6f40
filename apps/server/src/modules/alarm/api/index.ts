import type { ModuleContext } from '../../../platform/module.js';
import type { AlarmRuntimeControl } from '../runtimeControl.js';

/** The alarm calls (spec §2, §7): current, history, export, detail, lifecycle actions, settings, performance; the escalation job. */
export function registerAlarmApi(_ctx: ModuleContext, _runtime: AlarmRuntimeControl): void {}
