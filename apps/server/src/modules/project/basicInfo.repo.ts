import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProjectInfoTable, RunTable, TbmInfoTable } from '../../db/schema/project.js';

export type RunBasicsRow = Selectable<RunTable>;
export type ProjectInfoRow = Selectable<ProjectInfoTable> & { updated_by_name: string | null };
export type TbmInfoRow = Selectable<TbmInfoTable> & { updated_by_name: string | null };

/** The run's own columns basic info edits (one place for each fact). */
export type RunBasicsValues = Pick<
  Updateable<RunTable>,
  'project_name' | 'project_code' | 'line_name' | 'ring_width_mm' | 'start_chainage' | 'end_chainage' | 'planned_rings' | 'country' | 'time_zone'
>;
export type ProjectInfoValues = Omit<Insertable<ProjectInfoTable>, 'run_id' | 'updated_by' | 'updated_at'>;
export type TbmEquipmentValues = Pick<
  Insertable<TbmInfoTable>,
  | 'tbm_name'
  | 'manufacturer'
  | 'cutterhead_diameter'
  | 'serial_number'
  | 'purchase_date'
  | 'delivery_date'
  | 'owner'
  | 'contractor'
  | 'responsible_person'
  | 'contact_phone'
>;
export type TbmPerformanceValues = Pick<
  Insertable<TbmInfoTable>,
  | 'machine_length'
  | 'max_advance_speed'
  | 'max_thrust'
  | 'excavation_diameter'
  | 'max_working_pressure'
  | 'design_pressure'
  | 'total_weight'
  | 'max_rotation_speed'
  | 'turning_radius'
  | 'installed_power'
>;

/** SQL of a project's basic info: the run's columns plus one row each of `project_info` and `tbm_info`. */
export class BasicInfoRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  transaction<T>(work: (repo: BasicInfoRepo) => Promise<T>): Promise<T> {
    if (this.db.isTransaction) return work(this);
    return this.db.transaction().execute((trx) => work(new BasicInfoRepo(trx)));
  }

  run(runId: number): Promise<RunBasicsRow | undefined> {
    return this.db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirst();
  }

  projectInfo(runId: number): Promise<ProjectInfoRow | undefined> {
    return this.db
      .selectFrom('project_info')
      .leftJoin('users', 'users.id', 'project_info.updated_by')
      .selectAll('project_info')
      .select('users.nickname as updated_by_name')
      .where('project_info.run_id', '=', runId)
      .executeTakeFirst();
  }

  tbmInfo(runId: number): Promise<TbmInfoRow | undefined> {
    return this.db
      .selectFrom('tbm_info')
      .leftJoin('users', 'users.id', 'tbm_info.updated_by')
      .selectAll('tbm_info')
      .select('users.nickname as updated_by_name')
      .where('tbm_info.run_id', '=', runId)
      .executeTakeFirst();
  }

  async updateRun(runId: number, values: RunBasicsValues): Promise<void> {
    await this.db.updateTable('runs').set(values).where('id', '=', runId).execute();
  }

  async setTbmCode(runId: number, tbmCode: string): Promise<void> {
    await this.db.updateTable('runs').set({ tbm_code: tbmCode }).where('id', '=', runId).execute();
  }

  async upsertProjectInfo(runId: number, values: ProjectInfoValues, userId: number, now: number): Promise<void> {
    const row = { ...values, updated_by: userId, updated_at: now };
    await this.db
      .insertInto('project_info')
      .values({ run_id: runId, ...row })
      .onConflict((oc) => oc.column('run_id').doUpdateSet(row))
      .execute();
  }

  /** Equipment and performance are saved by separate forms: each writes only its own columns. */
  async upsertTbm(runId: number, values: TbmEquipmentValues | TbmPerformanceValues, userId: number, now: number): Promise<void> {
    const row = { ...values, updated_by: userId, updated_at: now };
    await this.db
      .insertInto('tbm_info')
      .values({ run_id: runId, ...row })
      .onConflict((oc) => oc.column('run_id').doUpdateSet(row))
      .execute();
  }
}
