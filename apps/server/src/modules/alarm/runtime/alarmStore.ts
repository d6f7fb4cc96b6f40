import { alarmContract } from '@boreline/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AlarmTable } from '../../../db/schema/alarm.js';
import type { Database } from '../../../db/schema.js';
import type { WarnSettingLike } from '../engine/pointSettings.js';

export type AlarmRow = Selectable<AlarmTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** A new alarm record, as the runtime stamps it. */
export interface NewAlarm {
  run_id: number;
  kind: string;
  point: string;
  subsystem: string | null;
  level: string;
  direction: string | null;
  start_ts: number;
  fault_ts: number;
  start_value: number | null;
  peak_value: number | null;
  limit_value: number | null;
  ring_no: number | null;
  shift_date: string | null;
  shift_no: number | null;
  start_chainage: number | null;
  chattering: number;
  backfill: number;
  notify: number;
  created_at: number;
}

/** SQL of the alarm runtime: what it loads per run, and the records it writes. */
export class AlarmStore {
  constructor(private readonly db: Db) {}

  on(trx: Transaction<Database>): AlarmStore {
    return new AlarmStore(trx);
  }

  warnSettings(runId: number): Promise<WarnSettingLike[]> {
    return this.db
      .selectFrom('warn_settings')
      .select(['tag_code', 'enabled', 'notify', 'low_alarm', 'low_warn', 'high_warn', 'high_alarm', 'delay_s'])
      .where('run_id', '=', runId)
      .execute();
  }

  async runSettings(runId: number): Promise<alarmContract.AlarmRunSettings> {
    const row = await this.db.selectFrom('alarm_run_settings').selectAll().where('run_id', '=', runId).executeTakeFirst();
    if (!row) return alarmContract.ALARM_RUN_SETTINGS_DEFAULT;
    return {
      escalateAfterMinutes: Number(row.escalate_after_min),
      longStopMinutes: Number(row.long_stop_min),
      guidanceWarnMm: Number(row.guidance_warn_mm),
      guidanceAlarmMm: Number(row.guidance_alarm_mm),
      groupWindowMinutes: Number(row.group_window_min),
    };
  }

  /** Points shelved at `now`, with the time each shelving ends (the latest when several overlap). */
  async shelves(runId: number, now: number): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('alarm_shelves')
      .select(['point', 'until_ts'])
      .where('run_id', '=', runId)
      .where('ended_at', 'is', null)
      .where('until_ts', '>', now)
      .where('from_ts', '<=', now)
      .execute();
    const out = new Map<string, number>();
    for (const r of rows) out.set(r.point, Math.max(out.get(r.point) ?? 0, Number(r.until_ts)));
    return out;
  }

  /** Active alarms of a run (live and backfill). */
  active(runId: number): Promise<AlarmRow[]> {
    return this.db.selectFrom('alarms').selectAll().where('run_id', '=', runId).where('end_ts', 'is', null).execute();
  }

  /** The active live alarm of a point (another instance may have raised it). */
  activeLive(runId: number, point: string): Promise<{ id: number } | undefined> {
    return this.db.selectFrom('alarms').select('id').where('run_id', '=', runId).where('point', '=', point).where('end_ts', 'is', null).where('backfill', '=', 0).executeTakeFirst();
  }

  /** The newest announced live alarm of each point raised since `from` (the heads of message groups after a restart). */
  async announcedSince(runId: number, from: number): Promise<Map<string, { id: number; ts: number }>> {
    const rows = await this.db
      .selectFrom('alarms')
      .select(['id', 'point', 'start_ts'])
      .where('run_id', '=', runId)
      .where('backfill', '=', 0)
      .where('notify', '=', 1)
      .where('start_ts', '>=', from)
      .orderBy('start_ts')
      .execute();
    return new Map(rows.map((r) => [r.point, { id: r.id, ts: Number(r.start_ts) }]));
  }

  async nextNumber(runId: number): Promise<number> {
    const row = await this.db.selectFrom('alarms').select((eb) => eb.fn.max('number').as('n')).where('run_id', '=', runId).executeTakeFirst();
    return Number(row?.n ?? 0) + 1;
  }

  async insert(alarm: NewAlarm): Promise<number> {
    const number = await this.nextNumber(alarm.run_id);
    const row = await this.db
      .insertInto('alarms')
      .values({ ...alarm, number })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, set: Partial<Pick<AlarmRow, 'level' | 'peak_value' | 'limit_value' | 'end_ts' | 'end_chainage' | 'end_reason' | 'chattering' | 'escalated_to_alarm_at'>>): Promise<void> {
    await this.db.updateTable('alarms').set(set).where('id', '=', id).execute();
  }

  async addRepeat(id: number): Promise<void> {
    await this.db
      .updateTable('alarms')
      .set((eb) => ({ repeats: eb('repeats', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async action(alarmId: number, at: number, action: (typeof alarmContract.ALARM_ACTIONS)[number], text: string | null = null): Promise<void> {
    await this.db.insertInto('alarm_actions').values({ alarm_id: alarmId, at, action, user_id: null, text }).execute();
  }
}
