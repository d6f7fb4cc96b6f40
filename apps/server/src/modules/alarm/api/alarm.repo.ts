import { alarmContract } from '@boreline/contracts';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../db/schema.js';
import type { AlarmRow } from './alarm.presenter.js';

type Filter = Omit<z.output<typeof alarmContract.AlarmFilterSchema>, 'runId'>;
export type AlarmAction = (typeof alarmContract.ALARM_ACTIONS)[number];
type AlarmQuery = SelectQueryBuilder<Database, 'alarms', object>;

export interface ShelfRow {
  id: number;
  run_id: number;
  point: string;
  from_ts: number;
  until_ts: number;
  reason: string;
  user_id: number | null;
}

export interface ActionRow {
  at: number;
  action: string;
  user_id: number | null;
  text: string | null;
}

/** The history's filters as SQL conditions. */
function filtered(query: AlarmQuery, f: Filter): AlarmQuery {
  let q = query;
  if (f.from !== undefined) q = q.where('alarms.start_ts', '>=', f.from);
  if (f.to !== undefined) q = q.where('alarms.start_ts', '<=', f.to);
  if (f.ringStart !== undefined) q = q.where('alarms.ring_no', '>=', f.ringStart);
  if (f.ringEnd !== undefined) q = q.where('alarms.ring_no', '<=', f.ringEnd);
  if (f.level !== undefined) q = q.where('alarms.level', '=', f.level);
  if (f.kind !== undefined) q = q.where('alarms.kind', '=', f.kind);
  if (f.subsystem !== undefined) q = q.where('alarms.subsystem', '=', f.subsystem);
  if (f.point !== undefined) q = q.where('alarms.point', '=', f.point);
  if (f.shiftDate !== undefined) q = q.where('alarms.shift_date', '=', f.shiftDate);
  if (f.shiftNo !== undefined) q = q.where('alarms.shift_no', '=', f.shiftNo);
  if (f.state === 'active') q = q.where('alarms.end_ts', 'is', null);
  if (f.state === 'cleared') q = q.where('alarms.end_ts', 'is not', null);
  if (f.state === 'unacked') q = q.where('alarms.acked_at', 'is', null);
  if (f.state === 'acked') q = q.where('alarms.acked_at', 'is not', null);
  return q;
}

/** SQL of the alarm calls: records, actions, shelves and run settings. */
export class AlarmRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async page(runId: number, f: Filter, page: number, pageSize: number, order: 'newest' | 'oldest'): Promise<{ total: number; rows: AlarmRow[] }> {
    const base = filtered(this.db.selectFrom('alarms').where('alarms.run_id', '=', runId), f);
    const counted = await base.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirst();
    const direction = order === 'newest' ? 'desc' : 'asc';
    const rows = await base
      .selectAll('alarms')
      .orderBy('alarms.start_ts', direction)
      .orderBy('alarms.id', direction)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(counted?.n ?? 0), rows };
  }

  /** The newest `limit` records of a filter (the export). */
  list(runId: number, f: Filter, limit: number): Promise<AlarmRow[]> {
    return filtered(this.db.selectFrom('alarms').where('alarms.run_id', '=', runId), f)
      .selectAll('alarms')
      .orderBy('alarms.start_ts', 'desc')
      .orderBy('alarms.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Active records and cleared ones nobody acknowledged yet. */
  current(runId: number, f: { level?: string | undefined; subsystem?: string | undefined }): Promise<AlarmRow[]> {
    let q = this.db
      .selectFrom('alarms')
      .selectAll()
      .where('run_id', '=', runId)
      .where((eb) => eb.or([eb('end_ts', 'is', null), eb('acked_at', 'is', null)]));
    if (f.level !== undefined) q = q.where('level', '=', f.level);
    if (f.subsystem !== undefined) q = q.where('subsystem', '=', f.subsystem);
    return q.execute();
  }

  find(runId: number, id: number): Promise<AlarmRow | undefined> {
    return this.db.selectFrom('alarms').selectAll().where('run_id', '=', runId).where('id', '=', id).executeTakeFirst();
  }

  /** Of these ids, those that are records of the run. */
  async idsOfRun(runId: number, ids: readonly number[]): Promise<number[]> {
    const rows = await this.db.selectFrom('alarms').select('id').where('run_id', '=', runId).where('id', 'in', [...ids]).execute();
    return rows.map((r) => r.id);
  }

  /** Acknowledges the records not yet acknowledged; answers those it changed. */
  async ack(runId: number, ids: readonly number[], userId: number, comment: string | null, now: number): Promise<AlarmRow[]> {
    return this.db.transaction().execute(async (trx) => {
      const open = await trx.selectFrom('alarms').selectAll().where('run_id', '=', runId).where('id', 'in', [...ids]).where('acked_at', 'is', null).execute();
      const changed: AlarmRow[] = [];
      for (const row of open) {
        const done = await trx
          .updateTable('alarms')
          .set({ acked_at: now, acked_by: userId, ack_comment: comment })
          .where('id', '=', row.id)
          .where('acked_at', 'is', null)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 1) changed.push({ ...row, acked_at: now, acked_by: userId, ack_comment: comment });
      }
      if (changed.length > 0) {
        await trx
          .insertInto('alarm_actions')
          .values(changed.map((r) => ({ alarm_id: r.id, at: now, action: 'acked', user_id: userId, text: comment })))
          .execute();
      }
      return changed;
    });
  }

  async assign(id: number, userId: number | null, by: number, text: string | null, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('alarms').set({ assigned_to: userId }).where('id', '=', id).execute();
      await trx.insertInto('alarm_actions').values({ alarm_id: id, at: now, action: 'assigned', user_id: by, text }).execute();
    });
  }

  async action(alarmId: number, action: AlarmAction, userId: number | null, text: string | null, at: number): Promise<void> {
    await this.db.insertInto('alarm_actions').values({ alarm_id: alarmId, at, action, user_id: userId, text }).execute();
  }

  actions(alarmId: number): Promise<ActionRow[]> {
    return this.db.selectFrom('alarm_actions').select(['at', 'action', 'user_id', 'text']).where('alarm_id', '=', alarmId).orderBy('at').orderBy('id').execute();
  }

  /** The live record of a point active now (the one shelving actions are written on). */
  activeOf(runId: number, point: string): Promise<AlarmRow | undefined> {
    return this.db.selectFrom('alarms').selectAll().where('run_id', '=', runId).where('point', '=', point).where('end_ts', 'is', null).orderBy('backfill').orderBy('id', 'desc').executeTakeFirst();
  }

  /** Shelves in force at `now`. */
  shelves(runId: number, now: number): Promise<ShelfRow[]> {
    return this.db
      .selectFrom('alarm_shelves')
      .select(['id', 'run_id', 'point', 'from_ts', 'until_ts', 'reason', 'user_id'])
      .where('run_id', '=', runId)
      .where('ended_at', 'is', null)
      .where('from_ts', '<=', now)
      .where('until_ts', '>', now)
      .orderBy('point')
      .execute();
  }

  /** Ends the point's shelf in force (by a user), and starts a new one when given: one transaction. */
  async replaceShelf(runId: number, point: string, now: number, userId: number, next: { untilTs: number; reason: string } | null): Promise<{ ended: number; shelf: ShelfRow | null }> {
    return this.db.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable('alarm_shelves')
        .set({ ended_at: now, ended_by: userId })
        .where('run_id', '=', runId)
        .where('point', '=', point)
        .where('ended_at', 'is', null)
        .where('until_ts', '>', now)
        .executeTakeFirst();
      if (!next) return { ended: Number(ended.numUpdatedRows), shelf: null };
      const row = { run_id: runId, point, from_ts: now, until_ts: next.untilTs, reason: next.reason, user_id: userId };
      const inserted = await trx.insertInto('alarm_shelves').values(row).returning('id').executeTakeFirstOrThrow();
      return { ended: Number(ended.numUpdatedRows), shelf: { id: inserted.id, ...row } };
    });
  }

  async settings(runId: number): Promise<alarmContract.AlarmRunSettings> {
    const row = await this.db.selectFrom('alarm_run_settings').selectAll().where('run_id', '=', runId).executeTakeFirst();
    if (!row) return { ...alarmContract.ALARM_RUN_SETTINGS_DEFAULT };
    return {
      escalateAfterMinutes: row.escalate_after_min,
      longStopMinutes: row.long_stop_min,
      guidanceWarnMm: row.guidance_warn_mm,
      guidanceAlarmMm: row.guidance_alarm_mm,
      groupWindowMinutes: row.group_window_min,
    };
  }

  async saveSettings(runId: number, s: alarmContract.AlarmRunSettings, userId: number, now: number): Promise<void> {
    const row = {
      escalate_after_min: s.escalateAfterMinutes,
      long_stop_min: s.longStopMinutes,
      guidance_warn_mm: s.guidanceWarnMm,
      guidance_alarm_mm: s.guidanceAlarmMm,
      group_window_min: s.groupWindowMinutes,
      updated_by: userId,
      updated_at: now,
    };
    await this.db
      .insertInto('alarm_run_settings')
      .values({ run_id: runId, ...row })
      .onConflict((oc) => oc.column('run_id').doUpdateSet(row))
      .execute();
  }

  async userNames(ids: Iterable<number | null>): Promise<Map<number, string>> {
    const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', wanted).execute();
    return new Map(rows.map((r) => [r.id, r.nickname]));
  }

  async mapped(runId: number): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('tag_mappings').select(['raw_name', 'tag_code']).where('run_id', '=', runId).orderBy('raw_name').execute();
    const byTag = new Map<string, string>();
    for (const r of rows) if (!byTag.has(r.tag_code)) byTag.set(r.tag_code, r.raw_name);
    return byTag;
  }

  /** The part alarm settings of a point (its limits), when set. */
  limits(runId: number, point: string) {
    return this.db
      .selectFrom('warn_settings')
      .select(['low_alarm', 'low_warn', 'high_warn', 'high_alarm'])
      .where('run_id', '=', runId)
      .where('tag_code', '=', point)
      .executeTakeFirst();
  }

  async params(runId: number) {
    const span = await this.db
      .selectFrom('alarms')
      .select((eb) => [eb.fn.min('ring_no').as('ringMin'), eb.fn.max('ring_no').as('ringMax'), eb.fn.min('start_ts').as('firstTs'), eb.fn.max('start_ts').as('lastTs')])
      .where('run_id', '=', runId)
      .executeTakeFirst();
    const alarmed = await this.db.selectFrom('alarms').select('point').distinct().where('run_id', '=', runId).execute();
    const switchedOn = await this.db.selectFrom('warn_settings').select('tag_code').where('run_id', '=', runId).where('enabled', '=', 1).execute();
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return {
      points: [...new Set([...alarmed.map((r) => r.point), ...switchedOn.map((r) => r.tag_code)])].sort(),
      ringMin: num(span?.ringMin),
      ringMax: num(span?.ringMax),
      firstTs: num(span?.firstTs),
      lastTs: num(span?.lastTs),
    };
  }

  async rings(runId: number, from?: number, to?: number): Promise<number[]> {
    let q = this.db.selectFrom('alarms').select('ring_no').distinct().where('run_id', '=', runId).where('ring_no', 'is not', null);
    if (from !== undefined) q = q.where('start_ts', '>=', from);
    if (to !== undefined) q = q.where('start_ts', '<=', to);
    const rows = await q.orderBy('ring_no').execute();
    return rows.map((r) => Number(r.ring_no));
  }

  /** Records that started in [from, to) and those still active at `from` (the stale ones). */
  spanRows(runId: number, from: number, to: number) {
    return this.db
      .selectFrom('alarms')
      .select(['id', 'point', 'level', 'start_ts', 'end_ts', 'acked_at', 'chattering', 'shift_date', 'shift_no'])
      .where('run_id', '=', runId)
      .where('start_ts', '<', to)
      .where((eb) => eb.or([eb('start_ts', '>=', from), eb('end_ts', 'is', null), eb('end_ts', '>', from)]))
      .execute();
  }
}
