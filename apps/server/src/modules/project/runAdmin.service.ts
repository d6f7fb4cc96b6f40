import { type EndpointArgs, type runAdminContract, shiftContract, wallTimeToMinutes } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { OrgScope, type RoleGrantPolicy } from '../admin/index.js';
import { presentDeviceInfo, presentProjectInfo, projectInfoColumns, tbmEquipmentColumns, tbmPerformanceColumns } from './basicInfo.presenter.js';
import type { RunAdminRecord, RunAdminRepo } from './runAdmin.repo.js';
import { RunScope, type ScopedRun, secondLevelPath } from './runScope.js';
import { ShiftRepo } from './shift.repo.js';

type Input<E> = EndpointArgs<E>;
type Contract = typeof runAdminContract;
type Detail = runAdminContract.RunAdminDetail;

/** What happened to a run, for those that act on it (the telemetry module starts or stops its simulator, forgets its decoder). */
export interface RunChange {
  runId: number;
  kind: 'created' | 'edited' | 'finished' | 'reopened' | 'deleted';
}
export type RunChangeListener = (change: RunChange) => Promise<void> | void;

const span = (shift: { start: string; end: string }) => `${shift.start}–${shift.end}`;

/** The run's form values: basic info's project and machine facts (one presenter each), and what run administration adds. */
export function presentRunAdmin({ run, project, tbm }: RunAdminRecord, hasData: boolean): Detail {
  const { updatedAt: _projectUpdatedAt, updatedBy: _projectUpdatedBy, ...projectInfo } = presentProjectInfo(run, project && { ...project, updated_by_name: null });
  const { runId: _runId, performance, updatedAt: _tbmUpdatedAt, updatedBy: _tbmUpdatedBy, ...device } = presentDeviceInfo(run, tbm && { ...tbm, updated_by_name: null });
  return {
    ...projectInfo,
    orgId: run.org_id,
    orgName: run.org_name,
    direction: run.end_chainage >= run.start_chainage ? 'up' : 'down',
    startRing: run.start_ring,
    ...device,
    ...performance,
    source: run.source === 'simulator' || run.source === 'mqtt' ? run.source : 'http',
    finishedAt: run.finished_at === null ? null : Number(run.finished_at),
    hasData,
    createdAt: Number(run.created_at),
  };
}

type FormInput = Input<Contract['runEdit']> | Input<Contract['runAdd']>;

const runValues = (input: FormInput) => ({
  org_id: input.orgId,
  project_name: input.projectName,
  project_code: input.projectCode,
  tbm_code: input.tbmCode,
  machine_type: input.machineType,
  country: input.country,
  time_zone: input.timeZone,
  line_name: input.lineName,
  ring_width_mm: input.ringWidthMm,
  start_ring: input.startRing,
  planned_rings: input.totalRings,
  start_chainage: input.startChainage,
  end_chainage: input.endChainage,
  source: input.source,
});

const projectValues = projectInfoColumns;
const tbmValues = (input: FormInput) => ({ ...tbmEquipmentColumns(input), ...tbmPerformanceColumns(input) });

/**
 * Administration of runs. Creating needs `project.run.write` at an organization the caller
 * administers (his own and those below it; every one for a super administrator); editing,
 * finishing and reopening need it at the run, deleting needs `project.run.delete` there. A run or
 * organization out of reach answers exactly like a missing one.
 */
export class RunAdminService {
  private readonly listeners: RunChangeListener[] = [];

  constructor(
    private readonly repo: RunAdminRepo,
    private readonly scope: RunScope,
    private readonly policy: RoleGrantPolicy,
    private readonly orgScope: OrgScope,
    private readonly orgsUnder: (path: string | null) => Promise<{ id: number; name: string; path: string }[]>,
    private readonly now: () => number,
  ) {}

  /** Called after each change is committed (in order of registration). */
  onChange(listener: RunChangeListener): void {
    this.listeners.push(listener);
  }

  private async changed(change: RunChange): Promise<void> {
    for (const listener of this.listeners) await listener(change);
  }

  private async detail(runId: number): Promise<Detail> {
    const record = await this.repo.record(runId);
    // Scope was checked a moment ago; a run deleted since answers like one never seen.
    if (!record) throw errors.noPermission();
    return presentRunAdmin(record, (await this.repo.withData([runId])).has(runId));
  }

  /** The organization a run may be placed in: administered by the caller, with the write code granted there. */
  private async requireOrg(session: AuthSession, orgId: number): Promise<void> {
    const org = await this.orgScope.requireOrg(session, orgId);
    const path = session.zb ? secondLevelPath(org.path) : org.path;
    if (!(await this.policy.isAllowedAt(session, 'project.run.write', path))) throw errors.business('admin.org.notFound');
  }

  private static checkShifts(shifts: readonly { name: string; start: string; end: string }[]): void {
    const overlap = shiftContract.findShiftOverlap(shifts);
    if (overlap) {
      const [first, second] = overlap;
      throw errors.business('project.shift.overlap', { first: first.name, firstTime: span(first), second: second.name, secondTime: span(second) });
    }
  }

  async orgOptions(session: AuthSession): Promise<{ orgId: number; name: string; path: string }[]> {
    const scope = await this.orgScope.of(session);
    if (scope.kind === 'none') return [];
    const orgs = await this.orgsUnder(OrgScope.filterPath(scope));
    const allowed = [];
    for (const org of orgs) {
      if (await this.policy.isAllowedAt(session, 'project.run.write', session.zb ? secondLevelPath(org.path) : org.path)) allowed.push({ orgId: org.id, name: org.name, path: org.path });
    }
    return allowed;
  }

  async add(session: AuthSession, input: Input<Contract['runAdd']>): Promise<Detail> {
    await this.requireOrg(session, input.orgId);
    if (input.shifts) RunAdminService.checkShifts(input.shifts);
    const now = this.now();
    const limited = !session.sa && (await this.scope.isLimited(session));
    const runId = await this.repo.transaction(async (repo, trx) => {
      const id = await repo.insertRun({ ...runValues(input), sim_seed: input.source === 'simulator' ? Math.floor(now % 1_000_000) + 1 : null, ingest_key_hash: null }, now);
      await trx.insertInto('project_info').values({ run_id: id, ...projectValues(input), updated_by: session.userId, updated_at: now }).execute();
      await trx.insertInto('tbm_info').values({ run_id: id, ...tbmValues(input), updated_by: session.userId, updated_at: now }).execute();
      if (input.shifts && input.shifts.length > 0) {
        await new ShiftRepo(trx).replace(
          id,
          input.shifts.map((s) => ({
            id: null,
            name: s.name,
            startMin: wallTimeToMinutes(s.start) ?? 0,
            endMin: wallTimeToMinutes(s.end) ?? 0,
            handoverMin: wallTimeToMinutes(s.handoverTime) ?? 0,
            responsiblePerson: s.responsiblePerson,
            contact: s.contact,
          })),
        );
      }
      // A creator limited to some runs would not see his own: it joins them.
      if (limited) await repo.addUserRun(session.userId, id);
      return id;
    });
    await this.changed({ runId, kind: 'created' });
    return this.detail(runId);
  }

  async get(session: AuthSession, runId: number): Promise<Detail> {
    const run = await this.scope.require(session, runId, 'project.run.write');
    return this.detail(run.id);
  }

  async edit(session: AuthSession, input: Input<Contract['runEdit']>): Promise<Detail> {
    const run = await this.scope.require(session, input.runId, 'project.run.write');
    if (input.orgId !== run.org_id) await this.requireOrg(session, input.orgId);
    if (input.machineType !== (run.machine_type === 'slurry' ? 'slurry' : 'epb') && (await this.repo.withData([run.id])).has(run.id)) {
      throw errors.business('runAdmin.error.machineTypeLocked');
    }
    const now = this.now();
    await this.repo.transaction(async (repo, trx) => {
      await repo.updateRun(run.id, runValues(input));
      const project = { ...projectValues(input), updated_by: session.userId, updated_at: now };
      await trx.insertInto('project_info').values({ run_id: run.id, ...project }).onConflict((oc) => oc.column('run_id').doUpdateSet(project)).execute();
      const tbm = { ...tbmValues(input), updated_by: session.userId, updated_at: now };
      await trx.insertInto('tbm_info').values({ run_id: run.id, ...tbm }).onConflict((oc) => oc.column('run_id').doUpdateSet(tbm)).execute();
    });
    await this.changed({ runId: run.id, kind: 'edited' });
    return this.detail(run.id);
  }

  async finish(session: AuthSession, runId: number): Promise<Detail> {
    const run = await this.scope.require(session, runId, 'project.run.write');
    if (run.finished_at !== null) throw errors.business('runAdmin.error.alreadyFinished');
    await this.repo.setFinished(run.id, this.now());
    await this.changed({ runId: run.id, kind: 'finished' });
    return this.detail(run.id);
  }

  async reopen(session: AuthSession, runId: number): Promise<Detail> {
    const run = await this.scope.require(session, runId, 'project.run.write');
    if (run.finished_at === null) throw errors.business('runAdmin.error.notFinished');
    await this.repo.setFinished(run.id, null);
    await this.changed({ runId: run.id, kind: 'reopened' });
    return this.detail(run.id);
  }

  async delete(session: AuthSession, runId: number): Promise<{ runId: number }> {
    const run = await this.scope.require(session, runId, 'project.run.delete');
    await this.repo.transaction(async (repo) => {
      if ((await repo.withData([run.id])).has(run.id)) throw errors.business('runAdmin.error.hasData');
      await repo.delete(run.id);
    });
    await this.changed({ runId: run.id, kind: 'deleted' });
    return { runId: run.id };
  }

  /** The visible runs the caller holds a run-administration code at, with their state. */
  async states(session: AuthSession): Promise<runAdminContract.RunAdminState[]> {
    if (session.runId !== null) return [];
    const runs = await this.scope.visible(session);
    const rows: { run: ScopedRun; canWrite: boolean; canDelete: boolean }[] = [];
    for (const run of runs) {
      const path = RunScope.checkPath(session, run);
      const [canWrite, canDelete] = await Promise.all([this.policy.isAllowedAt(session, 'project.run.write', path), this.policy.isAllowedAt(session, 'project.run.delete', path)]);
      if (canWrite || canDelete) rows.push({ run, canWrite, canDelete });
    }
    const withData = await this.repo.withData(rows.map((r) => r.run.id));
    return rows.map(({ run, canWrite, canDelete }) => ({
      runId: run.id,
      finishedAt: run.finished_at === null ? null : Number(run.finished_at),
      hasData: withData.has(run.id),
      canWrite,
      canDelete,
    }));
  }
}
