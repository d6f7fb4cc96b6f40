import type { MessageKey } from './index.js';

/**
 * The message keys of dictionary codes (spec §3, §4) that server texts, Excel exports and the web
 * all name: one list each, written out, so the catalogues can be checked against the code. Its own
 * entry point (`@boreline/i18n/dictionaryKeys`) keeps the catalogues out of the bundles that use it.
 * The code lists live in the contracts; their users check the two agree by typing the maps
 * `Record<Code, MessageKey>`.
 */
export const STOP_REASON_KEYS = {
  segmentSupply: 'project.dic.stopReason.segmentSupply',
  muckRemoval: 'project.dic.stopReason.muckRemoval',
  cutterChange: 'project.dic.stopReason.cutterChange',
  plannedMaintenance: 'project.dic.stopReason.plannedMaintenance',
  mechanicalBreakdown: 'project.dic.stopReason.mechanicalBreakdown',
  electricalBreakdown: 'project.dic.stopReason.electricalBreakdown',
  hydraulicBreakdown: 'project.dic.stopReason.hydraulicBreakdown',
  guidanceSurvey: 'project.dic.stopReason.guidanceSurvey',
  groutSupply: 'project.dic.stopReason.groutSupply',
  serviceExtension: 'project.dic.stopReason.serviceExtension',
  powerFailure: 'project.dic.stopReason.powerFailure',
  groundConditions: 'project.dic.stopReason.groundConditions',
  waitingForPermits: 'project.dic.stopReason.waitingForPermits',
  shiftChange: 'project.dic.stopReason.shiftChange',
  other: 'project.dic.stopReason.other',
} as const satisfies Record<string, MessageKey>;

export const WORK_PROCESS_KEYS = {
  advance: 'project.dic.workProcess.advance',
  ringBuild: 'project.dic.workProcess.ringBuild',
  cutterChange: 'project.dic.workProcess.cutterChange',
  maintenance: 'project.dic.workProcess.maintenance',
  survey: 'project.dic.workProcess.survey',
  serviceExtension: 'project.dic.workProcess.serviceExtension',
  other: 'project.dic.workProcess.other',
} as const satisfies Record<string, MessageKey>;

/** What the machine is doing, offline included (the project list's and the reports' status). */
export const MACHINE_STATUS_KEYS = {
  advance: 'telemetry.state.advance',
  ringBuild: 'telemetry.state.ringBuild',
  waiting: 'telemetry.state.waiting',
  finish: 'telemetry.state.finish',
  offline: 'project.status.offline',
} as const satisfies Record<string, MessageKey>;
