export * from './core/chainage.js';
export * from './core/dates.js';
export * from './core/endpoint.js';
export * from './core/envelope.js';
export * from './core/languages.js';
export * from './core/orgPath.js';
export * from './core/pagination.js';
export * from './core/primitives.js';
export * from './limits.js';
export * from './permissions.js';
export * from './telemetry/tagTypes.js';
export * from './telemetry/tagCatalogue.js';
export * from './realtime/pages.js';
export * from './realtime/protocol.js';
export * as adminContract from './modules/admin.contract.js';
export * as authContract from './modules/auth.contract.js';
export * as projectContract from './modules/project/runs.contract.js';
export * as boardContract from './modules/project/board.contract.js';
export * as basicInfoContract from './modules/project/basicInfo.contract.js';
export * as shiftContract from './modules/project/shift.contract.js';
export * as dictionaryContract from './modules/project/dictionary.contract.js';
export * as systemContract from './modules/system.contract.js';
export * as telemetryContract from './modules/telemetry.contract.js';
export * as monitorContract from './modules/monitor.contract.js';
export * as shiftReportContract from './modules/report/shiftReport.contract.js';
export * as periodReportContract from './modules/report/periodReport.contract.js';
export * as statisticContract from './modules/statistic/statistic.contract.js';
export * as importsContract from './modules/imports/imports.contract.js';
export * from './modules/imports/importTemplates.js';
export type { CellInput } from './modules/imports/importCells.js';
export { authEndpoints } from './modules/auth.contract.js';
export type {
  LoginLogEntry,
  LoginResult,
  SessionInfo,
  SessionUser,
  SlideCaptcha,
} from './modules/auth.contract.js';
export { systemEndpoints } from './modules/system.contract.js';
export type { AdminUser, CascadeOption, Org, OrgNode, OrgType, ResourceNode, Role, WarnSetting } from './modules/admin.contract.js';
export type { CurrentRun, RunListItem, RunOption, RunStatus } from './modules/project/runs.contract.js';
export type { ConnectionState, DeviceState, Disconnection, RealData } from './modules/monitor.contract.js';
export type { IndexPageData } from './modules/project/board.contract.js';

import { adminEndpoints } from './modules/admin.contract.js';
import { authEndpoints } from './modules/auth.contract.js';
import { boardEndpoints } from './modules/project/board.contract.js';
import { basicInfoEndpoints } from './modules/project/basicInfo.contract.js';
import { dictionaryEndpoints } from './modules/project/dictionary.contract.js';
import { shiftEndpoints } from './modules/project/shift.contract.js';
import { projectEndpoints } from './modules/project/runs.contract.js';
import { systemEndpoints } from './modules/system.contract.js';
import { telemetryEndpoints } from './modules/telemetry.contract.js';
import { monitorEndpoints } from './modules/monitor.contract.js';
import { periodReportEndpoints } from './modules/report/periodReport.contract.js';
import { shiftReportEndpoints } from './modules/report/shiftReport.contract.js';
import { statisticEndpoints } from './modules/statistic/statistic.contract.js';
import { importsEndpoints } from './modules/imports/imports.contract.js';

/** Every endpoint of the product; the server registers exactly these. */
export const ALL_ENDPOINTS = [...systemEndpoints, ...authEndpoints, ...adminEndpoints, ...projectEndpoints, ...boardEndpoints, ...telemetryEndpoints, ...basicInfoEndpoints, ...shiftEndpoints, ...dictionaryEndpoints, ...monitorEndpoints, ...shiftReportEndpoints, ...periodReportEndpoints, ...statisticEndpoints, ...importsEndpoints] as const;
