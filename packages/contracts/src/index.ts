export * from './core/chainage.js';
export * from './core/alignment.js';
export * from './core/epsg.js';
export * from './core/dates.js';
export * from './core/endpoint.js';
export * from './core/envelope.js';
export * from './core/languages.js';
export * from './core/orgPath.js';
export * from './core/pagination.js';
export * from './core/primitives.js';
export * from './limits.js';
export * from './permissions.js';
export * from './resourceTree.js';
export * from './telemetry/tagTypes.js';
export * from './telemetry/tagCatalogue.js';
export * from './realtime/pages.js';
export * from './realtime/protocol.js';
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
export type { CurrentRun, RunListItem, RunOption, RunStatus } from './modules/project/project.contract.js';
export type { ConnectionState, DeviceState, Disconnection, RealData } from './modules/monitor.contract.js';
export type { ConnectionStatus, IngestSource, Refusal, RefusalReason } from './modules/connection.contract.js';
export type { IndexPageData } from './modules/project/board.contract.js';
export type { AdminCentreOverview, JobStatus, LockedAccount, RunStorage, SignedInSession, SilentRun } from './modules/adminCentre/adminCentre.contract.js';
export type { FileKind, FilePurpose, FilePurposeRule, StoredFile } from './modules/files.contract.js';
export * from './modules/imports/importTemplates.js';
export * from './modules/imports/ringHistoryTemplate.js';
export type { CellInput } from './modules/imports/importCells.js';

import { isEndpointDefinition, type EndpointDefinition } from './core/endpoint.js';
import { CONTRACT_MODULES } from './contracts.generated.js';

/** Every module contract as `<name>Contract`, found by file name (see contracts.generated.ts). */
export * from './contracts.generated.js';

/** Every endpoint of every module contract, once each: the server registers exactly these. */
export const ALL_ENDPOINTS: readonly EndpointDefinition[] = (() => {
  const byId = new Map<string, EndpointDefinition>();
  for (const contract of CONTRACT_MODULES) for (const value of Object.values(contract)) if (isEndpointDefinition(value)) byId.set(value.id, value);
  return [...byId.values()];
})();
