import type { adminContract, AdminUser, EndpointArgs } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { hashPassword } from '../../core/password.js';
import { type AuthRepo, REVOKE_REASON, type SessionService } from '../auth/index.js';
import { type RunRepo, RunScope } from '../project/index.js';
import type { AclService } from './acl.service.js';
import type { OrgRow } from './org.repo.js';
import { OrgScope } from './orgScope.js';
import type { UserAdminRepo } from './user.repo.js';

type Input<E> = EndpointArgs<E>;
type Row = NonNullable<Awaited<ReturnType<UserAdminRepo['find']>>>;

/**
 * User administration within the caller's organizations (all of them for a super administrator).
 * Users elsewhere answer as missing; super administrators are not managed here.
 */
export class UserAdminService {
  constructor(
    private readonly repo: UserAdminRepo,
    private readonly scope: OrgScope,
    private readonly sessions: SessionService,
    private readonly acl: AclService,
    private readonly accounts: AuthRepo,
    private readonly runs: Pick<RunRepo, 'assignedRunIds' | 'under'>,
  ) {}

  /** The runs of the organizations the caller administers (only those they are limited to, if any). */
  private async runsInScope(session: AuthSession) {
    const [scope, limited] = await Promise.all([this.scope.of(session), session.sa ? Promise.resolve<number[]>([]) : this.runs.assignedRunIds(session.userId)]);
    if (scope.kind === 'none') return [];
    const runs = await this.runs.under(OrgScope.filterPath(scope));
    return limited.length === 0 ? runs : runs.filter((r) => limited.includes(r.id));
  }

  async runOptions(session: AuthSession) {
    return (await this.runsInScope(session)).map((r) => RunScope.option(r));
  }

  /** A user can be limited only to runs the caller administers; anything else is refused as a whole. */
  private async requireRuns(session: AuthSession, runIds: readonly number[]): Promise<void> {
    if (runIds.length === 0) return;
    const allowed = new Set((await this.runsInScope(session)).map((r) => r.id));
    if (runIds.some((id) => !allowed.has(id))) throw errors.noPermission();
  }

  private async requireOrg(session: AuthSession, orgId: number): Promise<OrgRow> {
    return this.scope.requireOrg(session, orgId);
  }

  private async requireUser(session: AuthSession, id: number): Promise<Row> {
    const [user, scope] = await Promise.all([this.repo.find(id), this.scope.of(session)]);
    if (!user || !OrgScope.contains(scope, user.org_path)) throw errors.business('auth.user.notFound');
    return user;
  }

  private async present(rows: Row[]): Promise<AdminUser[]> {
    const ids = rows.map((r) => r.id);
    const [roles, runs] = await Promise.all([this.repo.roleIdsOf(ids), this.repo.runIdsOf(ids)]);
    return rows.map((r) => ({
      id: r.id,
      phone: r.phone,
      nickname: r.nickname,
      email: r.email,
      orgId: r.org_id,
      orgName: r.org_name,
      enabled: r.enabled === 1,
      sa: r.is_sa === 1,
      roleIds: roles.get(r.id) ?? [],
      zb: r.is_zb === 1,
      runIds: runs.get(r.id) ?? [],
      createdAt: r.created_at,
    }));
  }

  private async presentOne(id: number): Promise<AdminUser> {
    const row = await this.repo.find(id);
    if (!row) throw errors.business('auth.user.notFound');
    const [user] = await this.present([row]);
    if (!user) throw errors.business('auth.user.notFound');
    return user;
  }

  async page(session: AuthSession, input: Input<typeof adminContract.userPage>) {
    const scope = await this.scope.of(session);
    if (scope.kind === 'none') return { total: 0, page: input.page, pageSize: input.pageSize, records: [] };
    const underPath = input.orgId ? (await this.requireOrg(session, input.orgId)).path : OrgScope.filterPath(scope);
    const { total, rows } = await this.repo.page(
      { underPath, ...(input.keyword ? { keyword: input.keyword } : {}), ...(input.enabled !== undefined ? { enabled: input.enabled } : {}) },
      input.page,
      input.pageSize,
    );
    return { total, page: input.page, pageSize: input.pageSize, records: await this.present(rows) };
  }

  async forSelect(session: AuthSession, orgId?: number) {
    const result = await this.page(session, { page: 1, pageSize: 200, ...(orgId ? { orgId } : {}) });
    return result.records.map((u) => ({ id: u.id, nickname: u.nickname, phone: u.phone }));
  }

  async add(session: AuthSession, input: Input<typeof adminContract.userAdd>): Promise<AdminUser> {
    await this.requireOrg(session, input.orgId);
    await this.requireRuns(session, input.runIds);
    if (await this.repo.contactTaken(input.phone, input.email, null)) throw errors.business('auth.register.accountExists');
    const id = await this.accounts.insertUser(
      {
        phone: input.phone,
        email: input.email,
        nickname: input.nickname,
        orgId: input.orgId,
        enabled: input.enabled,
        zb: input.zb,
        runIds: input.runIds,
        passwordHash: await hashPassword(input.newPassword),
      },
      Date.now(),
    );
    return this.presentOne(id);
  }

  async edit(session: AuthSession, input: Input<typeof adminContract.userEdit>): Promise<AdminUser> {
    const user = await this.requireUser(session, input.id);
    if (user.is_sa === 1) throw errors.business('admin.user.superAdmin');
    // A switch left out of the request keeps its value; runs left out stay as they are.
    const enabled = input.enabled ?? user.enabled === 1;
    const zb = input.zb ?? user.is_zb === 1;
    if (user.id === session.userId && !enabled) throw errors.business('admin.user.self');
    await this.requireOrg(session, input.orgId);
    if (input.runIds) await this.requireRuns(session, input.runIds);
    if (await this.repo.contactTaken(input.phone, input.email, user.id)) throw errors.business('auth.register.accountExists');
    await this.repo.update(user.id, { ...input, enabled, zb }, Date.now());
    if (!enabled || input.orgId !== user.org_id) await this.sessions.revokeAll(user.id, REVOKE_REASON.accountChanged);
    return this.presentOne(user.id);
  }

  async remove(session: AuthSession, id: number): Promise<void> {
    const user = await this.requireUser(session, id);
    if (user.is_sa === 1) throw errors.business('admin.user.superAdmin');
    if (user.id === session.userId) throw errors.business('admin.user.self');
    await this.repo.remove(user.id);
  }

  async roles(session: AuthSession, userId: number) {
    const user = await this.requireUser(session, userId);
    const roleIds = (await this.repo.roleIdsOf([user.id])).get(user.id) ?? [];
    return { roleIds, available: await this.acl.listRoles(session, {}) };
  }
}
