/** Administration: organizations, roles and linkers, users, resources (split by sub-resource). */
import * as orgs from './admin/orgs.contract.js';
import * as resources from './admin/resources.contract.js';
import * as roles from './admin/roles.contract.js';
import * as users from './admin/users.contract.js';
import * as warnSettings from './admin/warnSettings.contract.js';

export * from './admin/orgs.contract.js';
export * from './admin/resources.contract.js';
export * from './admin/roles.contract.js';
export * from './admin/users.contract.js';
export * from './admin/warnSettings.contract.js';

export const adminEndpoints = [
  orgs.orgQuery,
  orgs.orgQueryForCascade,
  orgs.orgQueryForSelect,
  orgs.orgQueryForSelectThree,
  orgs.orgQueryOrderCode,
  orgs.orgAdd,
  orgs.orgEdit,
  orgs.orgDelete,
  orgs.orgTransfer,
  roles.roleList,
  roles.roleAdd,
  roles.roleEdit,
  roles.roleDelete,
  roles.roleUsers,
  roles.roleResources,
  roles.roleResourcesUpdate,
  roles.orgResources,
  roles.orgResourcesEdit,
  roles.orgResourcesEditSingle,
  roles.userAssignRoles,
  users.userPage,
  users.userAdd,
  users.userEdit,
  users.userDelete,
  users.userForSelect,
  users.userRoles,
  users.userRunOptions,
  resources.resourceTree,
  resources.resourceAdd,
  resources.resourceEdit,
  resources.resourceDelete,
  resources.resourceMove,
  warnSettings.warnSettingPage,
  warnSettings.warnSettingUpdate,
] as const;
