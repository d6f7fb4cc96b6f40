import type { basicInfoContract, EndpointArgs } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { presentDeviceInfo, presentProjectInfo, projectInfoColumns, tbmEquipmentColumns, tbmPerformanceColumns } from './basicInfo.presenter.js';
import type { BasicInfoRepo, RunBasicsRow } from './basicInfo.repo.js';
import type { RunScope } from './runScope.js';

type Input<E> = EndpointArgs<E>;
type Contract = typeof basicInfoContract;

/**
 * Basic info of a project and its TBM. The run keeps the facts other screens read (names, codes,
 * chainage, rings, country, time zone); the rest lives beside it. Every call is scoped to a run
 * the caller may see, with the read or write resource at that run's organization.
 */
export class BasicInfoService {
  constructor(
    private readonly repo: BasicInfoRepo,
    private readonly runs: RunScope,
  ) {}

  private async runRow(runId: number): Promise<RunBasicsRow> {
    const run = await this.repo.run(runId);
    // Scope was checked a moment ago; a run deleted since answers like one never seen.
    if (!run) throw errors.noPermission();
    return run;
  }

  async project(session: AuthSession, input: Input<Contract['basicInfoProject']>): Promise<basicInfoContract.ProjectInfo> {
    const run = await this.runs.require(session, input.runId, 'project.basicInfo.read');
    return presentProjectInfo(run, await this.repo.projectInfo(run.id));
  }

  async editProject(session: AuthSession, input: Input<Contract['basicInfoProjectEdit']>): Promise<basicInfoContract.ProjectInfo> {
    const run = await this.runs.require(session, input.runId, 'project.basicInfo.write');
    await this.repo.transaction(async (repo) => {
      await repo.updateRun(run.id, {
        project_name: input.projectName,
        project_code: input.projectCode,
        line_name: input.lineName,
        ring_width_mm: input.ringWidthMm,
        start_chainage: input.startChainage,
        end_chainage: input.endChainage,
        planned_rings: input.totalRings,
        country: input.country,
        time_zone: input.timeZone,
      });
      await repo.upsertProjectInfo(run.id, projectInfoColumns(input), session.userId, Date.now());
    });
    return presentProjectInfo(await this.runRow(run.id), await this.repo.projectInfo(run.id));
  }

  async device(session: AuthSession, input: Input<Contract['basicInfoDevice']>): Promise<basicInfoContract.DeviceInfo> {
    const run = await this.runs.require(session, input.runId, 'project.basicInfo.read');
    return presentDeviceInfo(run, await this.repo.tbmInfo(run.id));
  }

  async editTbm(session: AuthSession, input: Input<Contract['basicInfoTbmEdit']>): Promise<basicInfoContract.DeviceInfo> {
    const run = await this.runs.require(session, input.runId, 'project.basicInfo.write');
    await this.repo.transaction(async (repo) => {
      await repo.setTbmCode(run.id, input.tbmCode);
      await repo.upsertTbm(run.id, tbmEquipmentColumns(input), session.userId, Date.now());
    });
    return presentDeviceInfo(await this.runRow(run.id), await this.repo.tbmInfo(run.id));
  }

  async editPerformance(session: AuthSession, input: Input<Contract['basicInfoPerformanceEdit']>): Promise<basicInfoContract.DeviceInfo> {
    const run = await this.runs.require(session, input.runId, 'project.basicInfo.write');
    await this.repo.upsertTbm(run.id, tbmPerformanceColumns(input), session.userId, Date.now());
    return presentDeviceInfo(await this.runRow(run.id), await this.repo.tbmInfo(run.id));
  }
}
