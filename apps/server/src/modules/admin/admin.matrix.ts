import { KEY_TAGS } from '@boreline/contracts';
import type { MatrixSamples } from '../../../test/matrix.js';

/** Valid-shaped requests of this module's endpoints for the authorization matrix, aimed at tenant A's objects. */
export const matrixSamples: MatrixSamples = (c) => ({
  'admin.orgQueryOrderCode': { parentId: c.a.org },
  'admin.orgAdd': { parentId: c.a.org, name: 'x', type: 'organization', sort: 1 },
  'admin.orgEdit': { id: c.target(c.a.sub), name: 'x', type: 'organization', sort: 1 },
  'admin.orgDelete': { id: c.target(c.a.sub) },
  'admin.orgTransfer': { id: c.target(c.a.sub), parentId: c.a.org },
  'admin.roleList': { orgId: c.a.org },
  'admin.roleAdd': { name: 'x', kind: 'custom', orgId: c.a.org, sort: 1 },
  'admin.roleEdit': { id: c.target(c.a.role), name: 'x', kind: 'custom', orgId: c.a.org, sort: 1 },
  'admin.roleDelete': { id: c.target(c.a.role) },
  'admin.roleUsers': { roleId: c.a.role },
  'admin.roleResources': { roleId: c.a.role },
  'admin.roleResourcesUpdate': { roleId: c.target(c.a.role), codes: [] },
  'admin.orgResources': { orgId: c.a.org },
  'admin.orgResourcesEdit': { orgId: c.target(c.a.org), codes: [] },
  'admin.orgResourcesEditSingle': { orgId: c.target(c.a.org), resource: 'admin.org.read', granted: false },
  'admin.userAssignRoles': { userId: c.target(c.a.user), roleIds: [] },
  'admin.userPage': { orgId: c.a.org },
  'admin.userForSelect': { orgId: c.a.org },
  'admin.userRoles': { userId: c.a.user },
  'admin.userAdd': { orgId: c.target(c.a.org), phone: '19900000001', nickname: 'x', email: 'matrix@example.test', newPassword: 'Matrix-pass-2', confirmPassword: 'Matrix-pass-2', runIds: [c.a.run] },
  'admin.userEdit': { id: c.target(c.a.user), orgId: c.a.org, phone: '19900000002', nickname: 'x', email: 'matrix2@example.test', enabled: false, runIds: [c.a.run] },
  'admin.warnSettingPage': { runId: c.a.run },
  'admin.warnSettingUpdate': { runId: c.a.run, tagCode: KEY_TAGS.advanceSpeed, enabled: true, notify: false, lowAlarm: null, lowWarn: null, highWarn: 70, highAlarm: 80, delaySeconds: 5 },
  'admin.userDelete': { id: c.target(c.a.user) },
});
