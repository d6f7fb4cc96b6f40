import { resourcePlaces } from '@boreline/contracts';
import { runTagList } from '../../telemetry/index.js';
import { migration as resourceTree } from '../../db/migrations/20261127T1300_resourceTree.js';
import { defineModule } from '../../platform/module.js';
import { RoleGrantPolicy } from './access.policy.js';
import { registerAclRoutes } from './acl.routes.js';
import { AclService } from './acl.service.js';
import { OrgRepo } from './org.repo.js';
import { registerOrgRoutes } from './org.routes.js';
import { OrgService } from './org.service.js';
import { OrgScope } from './orgScope.js';
import { PermissionRepo } from './permission.repo.js';
import { registerResourceRoutes } from './resource.routes.js';
import { ResourceService } from './resource.service.js';
import { UserAdminRepo } from './user.repo.js';
import { UserAdminService } from './user.service.js';
import { WarnSettingRepo } from './warnSetting.repo.js';
import { registerWarnSettingRoutes } from './warnSetting.routes.js';
import { WarnSettingService } from './warnSetting.service.js';

export { RoleGrantPolicy } from './access.policy.js';
export { PermissionRepo } from './permission.repo.js';
export { OrgScope } from './orgScope.js';

declare module '../../core/services.js' {
  interface Services {
    /** What a session may do, at which organization path (the access gate and every scope check). */
    policy: RoleGrantPolicy;
    /** The organizations a caller administers. */
    orgScope: OrgScope;
    /** Who wants to know that a run's part alarm settings were saved (the alarm engine re-reads them). */
    warnSettingChanges: WarnSettingChanges;
  }
}

/** Listeners of saved part alarm settings; a later module subscribes (this one knows none of them). */
export class WarnSettingChanges {
  private readonly listeners: ((runId: number) => Promise<void>)[] = [];

  on(listener: (runId: number) => Promise<void>): void {
    this.listeners.push(listener);
  }

  async changed(runId: number): Promise<void> {
    await Promise.all(this.listeners.map((listener) => listener(runId)));
  }
}

/** Organizations, roles, resources and grants, users, part alarm settings. */
export const adminModule = defineModule({
  name: 'admin',
  migrations: { '20261127T1300_resourceTree': resourceTree },
  async register(ctx) {
    const permissions = new PermissionRepo(ctx.db);
    // Every resource code of the contracts exists in the tree at its place, also those added by later versions.
    await permissions.seedResources(resourcePlaces(), ctx.now());
    const policy = new RoleGrantPolicy(permissions);
    ctx.services.provide('policy', policy);
    const sessions = ctx.services.get('sessions');
    const orgRepo = new OrgRepo(ctx.db);
    const scope = new OrgScope(orgRepo, ctx.services.get('authRepo'));
    ctx.services.provide('orgScope', scope);
    // Runs are scoped by this module's grants: the project module comes after it, its services are read when used.
    const runs = ctx.services.later('runs');
    const runScope = ctx.services.later('runScope');

    registerOrgRoutes(ctx.app, new OrgService(orgRepo, scope, sessions), ctx.endpoints);
    const acl = new AclService(permissions, scope, policy);
    const users = new UserAdminService(new UserAdminRepo(ctx.db), scope, sessions, acl, ctx.services.get('authRepo'), {
      assignedRunIds: (userId) => runs().assignedRunIds(userId),
      under: (path) => runs().under(path),
    });
    registerAclRoutes(ctx.app, { acl, users }, ctx.endpoints);
    registerResourceRoutes(ctx.app, new ResourceService(permissions), ctx.endpoints);
    const warnSettingChanges = new WarnSettingChanges();
    ctx.services.provide('warnSettingChanges', warnSettingChanges);
    registerWarnSettingRoutes(
      ctx.app,
      new WarnSettingService(
        new WarnSettingRepo(ctx.db),
        { require: (session, runId, code) => runScope().require(session, runId, code) },
        (runId, machineType, language) => runTagList(ctx.db, runId, machineType, language),
        (runId) => warnSettingChanges.changed(runId),
      ),
      ctx.endpoints,
    );
  },
});
