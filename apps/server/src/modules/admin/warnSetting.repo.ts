import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { WarnSettingTable } from '../../db/schema/admin.js';

export type WarnSettingRow = Selectable<WarnSettingTable> & { updated_by_name: string | null };

export interface WarnSettingValues {
  enabled: boolean;
  notify: boolean;
  lowAlarm: number | null;
  lowWarn: number | null;
  highWarn: number | null;
  highAlarm: number | null;
  delaySeconds: number;
}

/** SQL of part alarm settings: one row per run and tag, only for points someone has set. */
export class WarnSettingRepo {
  constructor(private readonly db: Kysely<Database> | Transaction<Database>) {}

  ofRun(runId: number): Promise<WarnSettingRow[]> {
    return this.db
      .selectFrom('warn_settings')
      .leftJoin('users', 'users.id', 'warn_settings.updated_by')
      .selectAll('warn_settings')
      .select('users.nickname as updated_by_name')
      .where('warn_settings.run_id', '=', runId)
      .execute();
  }

  async upsert(runId: number, tagCode: string, values: WarnSettingValues, userId: number, now: number): Promise<void> {
    const row = {
      enabled: values.enabled ? 1 : 0,
      notify: values.notify ? 1 : 0,
      low_alarm: values.lowAlarm,
      low_warn: values.lowWarn,
      high_warn: values.highWarn,
      high_alarm: values.highAlarm,
      delay_s: values.delaySeconds,
      updated_by: userId,
      updated_at: now,
    };
    await this.db
      .insertInto('warn_settings')
      .values({ run_id: runId, tag_code: tagCode, ...row })
      .onConflict((oc) => oc.columns(['run_id', 'tag_code']).doUpdateSet(row))
      .execute();
  }
}
