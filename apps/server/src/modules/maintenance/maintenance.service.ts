import { type Language, mtcePlanContract, type mtceRecordContract, type Page, type ResourceCode } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import { DAY_MS } from '../../core/timeZone.js';
import type { Database } from '../../db/schema.js';
import type { MtcePlanTable, MtceRecordTable } from '../../db/schema/maintenance.js';
import type { MachineHistory } from '../../telemetry/index.js';
import type { RunScope, ScopedRun } from '../project/index.js';
import { type CounterNow, completion, firstDue, nextPushes, planTiming, usesCalendar, usesCounter } from './planSchedule.js';

type Plan = mtcePlanContract.MaintenancePlan;
type PlanRecord = mtcePlanContract.MaintenanceRecord;
type PlanInput = mtcePlanContract.PlanInput;
type ReminderInput = mtcePlanContract.ReminderInput;
type RecordInput = mtcePlanContract.RecordInput;
type OccurrenceState = mtcePlanContract.OccurrenceState;
type CounterKind = mtcePlanContract.MaintenanceCounterKind;
type PlanPageInput = z.output<typeof mtcePlanContract.mtcePlanQueryPage.input>;
type PlanExportInput = z.output<typeof mtcePlanContract.mtcePlanExport.input>;
type PlanFilter = Omit<PlanExportInput, 'order'>;
type PlanOrder = (typeof mtcePlanContract.PLAN_EXPORT_ORDERS)[number];
type UniqueInput = z.output<typeof mtcePlanContract.mtcePlanUnique.input>;
type RecordPageInput = z.output<typeof mtceRecordContract.mtceRecordPage.input>;

export type PlanRow = Selectable<MtcePlanTable>;
export type RecordRow = Selectable<MtceRecordTable>;

const HOUR_MS = 3_600_000;
/** Days the counters' pace is taken over (standstills included). */
const PACE_DAYS = 14;

const CYCLE_KEYS = (cycle: string): MessageKey => `project.dic.maintenanceCycle.${cycle}` as MessageKey;

/** Readings of every counter kind of a run at an instant (null: the machine offers no such counter). */
export type CounterReadings = Record<CounterKind, number | null>;

export interface MaintenanceDeps {
  db: Kysely<Database>;
  runs: RunScope;
  machine: MachineHistory;
  now: () => number;
}

/** A plan's identity within its run, as stored (component '' when none). */
const identity = (system: string, component: string | null | undefined, content: string) => ({ system: system.trim(), component: (component ?? '').trim(), content: content.trim() });

const parseItems = (text: string): unknown[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
};

/**
 * Maintenance plans and records of a run (issue 20). Every call first checks the caller's code at
 * the run (`RunScope.require`), then looks ids up within that run only: another run's plan or
 * record is answered as a missing one.
 */
export class MaintenanceService {
  constructor(private readonly deps: MaintenanceDeps) {}

  private get db() {
    return this.deps.db;
  }

  require(session: AuthSession, runId: number, code: ResourceCode): Promise<ScopedRun> {
    return this.deps.runs.require(session, runId, code);
  }

  // Counters ------------------------------------------------------------------------------------

  /** Every counter of a run between its start and `at`. */
  async readings(runId: number, at: number, from = 0): Promise<CounterReadings> {
    const c = await this.deps.machine.counters(runId, from, Math.max(from + 1, at));
    return {
      cutterheadRevolutions: c.cutterheadRevolutions,
      driveHours: c.advanceMs / HOUR_MS,
      pumpHours: c.operatingMs / HOUR_MS,
      ringsBuilt: c.rings,
      metresAdvanced: c.metres,
    };
  }

  /** Each counter's value now and its pace over the last PACE_DAYS days (per day). */
  async countersNow(runId: number, now: number): Promise<Record<CounterKind, CounterNow>> {
    const [total, recent] = await Promise.all([this.readings(runId, now), this.readings(runId, now, Math.max(0, now - PACE_DAYS * DAY_MS))]);
    const out = {} as Record<CounterKind, CounterNow>;
    for (const kind of mtcePlanContract.MAINTENANCE_COUNTER_KINDS) {
      const value = total[kind];
      const used = recent[kind];
      out[kind] = { value, pacePerDay: value === null || used === null ? null : used / PACE_DAYS };
    }
    return out;
  }

  // Presenting ------------------------------------------------------------------------------------

  private async userNames(ids: readonly (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', wanted).execute();
    return new Map(rows.map((r) => [r.id, r.nickname]));
  }

  /** Plans as the contract shows them, with their state now and their counters. */
  async presentPlans(run: ScopedRun, rows: readonly PlanRow[], language: Language, now = this.deps.now()): Promise<Plan[]> {
    const counters = rows.some((r) => usesCounter(r)) ? await this.countersNow(run.id, now) : null;
    const users = await this.userNames(rows.map((r) => r.created_by));
    return rows.map((row) => {
      const kind = row.counter_kind as CounterKind | null;
      const timing = planTiming(row, kind && counters ? counters[kind] : null, now);
      return {
        id: row.id,
        runId: row.run_id,
        title: row.title,
        cycle: row.cycle as Plan['cycle'],
        cycleName: t(language, CYCLE_KEYS(row.cycle)),
        system: row.system,
        component: row.component === '' ? null : row.component,
        content: row.content,
        items: parseItems(row.items).filter((i): i is string => typeof i === 'string'),
        creator: row.created_by === null ? null : { id: row.created_by, name: users.get(row.created_by) ?? '' },
        createdAt: row.created_at,
        nextTime: timing.nextTime,
        done: timing.done,
        lastDoneAt: row.last_done_at,
        remark: row.remark,
        trigger: row.trigger as Plan['trigger'],
        counterKind: kind,
        counterInterval: row.counter_interval,
        anchor: row.anchor_mode as Plan['anchor'],
        state: timing.state,
        counter: kind && timing.counter ? { kind, ...timing.counter } : null,
        reminder: reminderOf(row),
      };
    });
  }

  async presentRecords(run: ScopedRun, rows: readonly RecordRow[], language: Language): Promise<PlanRecord[]> {
    const users = await this.userNames(rows.map((r) => r.entered_by));
    return rows.map((row) => {
      const items = parseItems(row.items).flatMap((i) => {
        const item = i as { text?: unknown; condition?: unknown; note?: unknown };
        return typeof item.text === 'string' ? [{ text: item.text, condition: item.condition === 'abnormal' ? ('abnormal' as const) : ('normal' as const), note: typeof item.note === 'string' ? item.note : null }] : [];
      });
      return {
        id: row.id,
        runId: row.run_id,
        planId: row.plan_id,
        project: run.project_name,
        equipment: run.tbm_code,
        type: row.type as PlanRecord['type'],
        typeName: t(language, CYCLE_KEYS(row.type)),
        time: row.time,
        system: row.system,
        component: row.component,
        content: row.content,
        done: row.done === 1,
        items,
        condition: row.abnormal === 1 ? 'abnormal' : 'normal',
        remark: row.remark,
        maintainedBy: row.maintained_by,
        checkedBy: row.checked_by,
        reviewedBy: row.reviewed_by,
        enteredAt: row.entered_at,
        enteredBy: row.entered_by === null ? null : { id: row.entered_by, name: users.get(row.entered_by) ?? '' },
        dueAt: row.due_at,
        late: row.late === 1,
      };
    });
  }

  // Plans: reads ---------------------------------------------------------------------------------

  plansOf(runId: number, db: Kysely<Database> = this.db) {
    return db.selectFrom('mtce_plans').selectAll().where('run_id', '=', runId);
  }

  /** The plan of the run, or the missing answer (another run's plan is one). */
  async planRow(runId: number, id: number, db: Kysely<Database> = this.db): Promise<PlanRow> {
    const row = await this.plansOf(runId, db).where('id', '=', id).executeTakeFirst();
    if (!row) throw errors.business('maintenance.refused.planNotFound');
    return row;
  }

  async allPlans(run: ScopedRun, language: Language): Promise<Plan[]> {
    const rows = await this.plansOf(run.id).orderBy('system').orderBy('component').orderBy('content').execute();
    return this.presentPlans(run, rows, language);
  }

  /** The run's plans the filters of the plan list (or the content page) keep, soonest due first or in catalogue order. */
  private async filteredPlans(run: ScopedRun, input: PlanFilter, language: Language, order: PlanOrder): Promise<Plan[]> {
    const keyword = input.keyword?.trim().toLowerCase();
    const plans = (await this.allPlans(run, language)).filter(
      (p) =>
        (!input.system || p.system === input.system) &&
        (!input.component || (p.component ?? '') === input.component) &&
        (!input.cycle || p.cycle === input.cycle) &&
        (!input.trigger || p.trigger === input.trigger) &&
        (!input.state || p.state === input.state) &&
        (!keyword || `${p.title} ${p.content} ${p.remark ?? ''}`.toLowerCase().includes(keyword)),
    );
    if (order === 'due') plans.sort(byDue);
    return plans;
  }

  async planPage(session: AuthSession, input: PlanPageInput, language: Language, order: PlanOrder = 'due'): Promise<Page<Plan>> {
    const run = await this.require(session, input.runId, 'maintenance.plan.read');
    const plans = await this.filteredPlans(run, input, language, order);
    const from = (input.page - 1) * input.pageSize;
    return { total: plans.length, page: input.page, pageSize: input.pageSize, records: plans.slice(from, from + input.pageSize) };
  }

  /** Every plan the filters keep, for the export (code 3 when there is none), with the run and the instant of the export. */
  async planExport(session: AuthSession, input: PlanExportInput, language: Language): Promise<{ run: ScopedRun; plans: Plan[]; now: number }> {
    const run = await this.require(session, input.runId, 'maintenance.plan.read');
    const plans = await this.filteredPlans(run, input, language, input.order ?? 'due');
    if (plans.length === 0) throw errors.business('common.notice.noExportData');
    return { run, plans, now: this.deps.now() };
  }

  async plan(session: AuthSession, runId: number, id: number, language: Language): Promise<Plan> {
    const run = await this.require(session, runId, 'maintenance.plan.read');
    const [plan] = await this.presentPlans(run, [await this.planRow(run.id, id)], language);
    if (!plan) throw errors.business('maintenance.refused.planNotFound');
    return plan;
  }

  async units(session: AuthSession, runId: number): Promise<string[]> {
    const run = await this.require(session, runId, 'maintenance.plan.read');
    const rows = await this.db.selectFrom('mtce_plans').select('system').distinct().where('run_id', '=', run.id).execute();
    return rows.map((r) => r.system).sort((a, b) => a.localeCompare(b));
  }

  async parts(session: AuthSession, runId: number, system: string): Promise<string[]> {
    const run = await this.require(session, runId, 'maintenance.plan.read');
    const rows = await this.db.selectFrom('mtce_plans').select('component').distinct().where('run_id', '=', run.id).where('system', '=', system.trim()).where('component', '<>', '').execute();
    return rows.map((r) => r.component).sort((a, b) => a.localeCompare(b));
  }

  private async identityTaken(runId: number, who: { system: string; component: string; content: string }, except: number | null, db: Kysely<Database> = this.db): Promise<boolean> {
    let query = db.selectFrom('mtce_plans').select('id').where('run_id', '=', runId).where('system', '=', who.system).where('component', '=', who.component).where('content', '=', who.content);
    if (except !== null) query = query.where('id', '<>', except);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async unique(session: AuthSession, input: UniqueInput): Promise<{ unique: boolean }> {
    const run = await this.require(session, input.runId, 'maintenance.plan.read');
    if (input.id !== undefined) await this.planRow(run.id, input.id);
    return { unique: !(await this.identityTaken(run.id, identity(input.system, input.component, input.content), input.id ?? null)) };
  }

  async overdue(session: AuthSession, runId: number, language: Language): Promise<Plan[]> {
    const run = await this.require(session, runId, 'maintenance.plan.read');
    return (await this.allPlans(run, language)).filter((p) => p.state === 'overdue').sort(byDue);
  }

  async groups(session: AuthSession, runId: number, language: Language) {
    const run = await this.require(session, runId, 'maintenance.plan.read');
    const bySystem = new Map<string, Plan[]>();
    for (const plan of (await this.allPlans(run, language)).sort(byDue)) bySystem.set(plan.system, [...(bySystem.get(plan.system) ?? []), plan]);
    return [...bySystem.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([system, plans]) => ({ system, due: plans.filter((p) => p.state === 'due').length, overdue: plans.filter((p) => p.state === 'overdue').length, plans }));
  }

  // Plans: changes -------------------------------------------------------------------------------

  /** The stored columns of a plan's fields; the first due time of a new or re-timed plan. */
  private planColumns(input: PlanInput, previous: PlanRow | null, now: number, timeZone: string, readings: CounterReadings | null) {
    const who = identity(input.system, input.component, input.content);
    const retimed = !previous || input.nextTime !== null || previous.cycle !== input.cycle || previous.trigger !== input.trigger;
    let nextDue = previous?.next_due ?? null;
    if (usesCalendar(input)) {
      if (input.nextTime !== null) nextDue = input.nextTime;
      else if (retimed || nextDue === null) nextDue = firstDue(input.cycle, now, timeZone);
    } else nextDue = null;
    let base = previous?.counter_base ?? null;
    if (usesCounter(input) && input.counterKind !== null && (base === null || previous?.counter_kind !== input.counterKind)) {
      base = readings?.[input.counterKind] ?? 0;
    }
    return {
      title: input.title,
      cycle: input.cycle,
      ...who,
      items: JSON.stringify(input.items),
      remark: input.remark,
      trigger: input.trigger,
      counter_kind: usesCounter(input) ? input.counterKind : null,
      counter_interval: usesCounter(input) ? input.counterInterval : null,
      counter_base: usesCounter(input) ? base : null,
      anchor_mode: input.anchor,
      anchor_at: retimed ? nextDue : (previous?.anchor_at ?? nextDue),
      next_due: nextDue,
      updated_at: now,
    };
  }

  async addPlan(session: AuthSession, input: PlanInput, language: Language): Promise<Plan> {
    const run = await this.require(session, input.runId, 'maintenance.plan.write');
    const now = this.deps.now();
    // Machine readings before the transaction: embedded SQLite has one connection, the transaction holds it.
    const readings = usesCounter(input) ? await this.readings(run.id, now) : null;
    const id = await this.db.transaction().execute(async (trx) => {
      const columns = this.planColumns(input, null, now, run.time_zone, readings);
      if (await this.identityTaken(run.id, columns, null, trx)) throw errors.business('maintenance.refused.duplicate');
      return this.insertPlan(trx, { run_id: run.id, ...columns, created_by: session.userId, created_at: now });
    });
    return this.plan(session, run.id, id, language);
  }

  private async insertPlan(trx: Transaction<Database> | Kysely<Database>, values: Omit<MtcePlanTable, 'id' | 'last_done_at' | 'remind_enabled' | 'remind_content' | 'remind_days_ahead' | 'remind_push_time' | 'remind_repeat' | 'remind_weekday'>): Promise<number> {
    try {
      const row = await trx.insertInto('mtce_plans').values({ ...values, last_done_at: null, remind_enabled: 0 }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      // Two callers adding the same identity at once: the unique index answers for the second.
      if (/unique|duplicate/i.test(String(error))) throw errors.business('maintenance.refused.duplicate');
      throw error;
    }
  }

  async editPlan(session: AuthSession, input: PlanInput & { id: number }, language: Language): Promise<Plan> {
    const run = await this.require(session, input.runId, 'maintenance.plan.write');
    const now = this.deps.now();
    const readings = usesCounter(input) ? await this.readings(run.id, now) : null;
    await this.db.transaction().execute(async (trx) => {
      const previous = await this.planRow(run.id, input.id, trx);
      const columns = this.planColumns(input, previous, now, run.time_zone, readings);
      if (await this.identityTaken(run.id, columns, previous.id, trx)) throw errors.business('maintenance.refused.duplicate');
      try {
        await trx.updateTable('mtce_plans').set(columns).where('id', '=', previous.id).where('run_id', '=', run.id).execute();
      } catch (error) {
        if (/unique|duplicate/i.test(String(error))) throw errors.business('maintenance.refused.duplicate');
        throw error;
      }
    });
    return this.plan(session, run.id, input.id, language);
  }

  async deletePlan(session: AuthSession, runId: number, id: number): Promise<{ deleted: boolean }> {
    const run = await this.require(session, runId, 'maintenance.plan.write');
    const row = await this.planRow(run.id, id);
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('mtce_records').set({ plan_id: null }).where('plan_id', '=', row.id).execute();
      await trx.deleteFrom('mtce_notices_sent').where('plan_id', '=', row.id).execute();
      await trx.deleteFrom('mtce_plans').where('id', '=', row.id).where('run_id', '=', run.id).execute();
    });
    return { deleted: true };
  }

  async setReminder(session: AuthSession, input: ReminderInput & { runId: number; id: number }, language: Language): Promise<Plan> {
    const run = await this.require(session, input.runId, 'maintenance.plan.write');
    const row = await this.planRow(run.id, input.id);
    await this.db
      .updateTable('mtce_plans')
      .set({
        remind_enabled: input.enabled ? 1 : 0,
        remind_content: input.content,
        remind_days_ahead: input.daysAhead,
        remind_push_time: input.pushTime,
        remind_repeat: input.repeat,
        remind_weekday: input.repeat === 'weekly' ? (input.weekday ?? 1) : input.weekday,
        updated_at: this.deps.now(),
      })
      .where('id', '=', row.id)
      .execute();
    return this.plan(session, run.id, row.id, language);
  }

  async reminder(session: AuthSession, runId: number, id: number) {
    const run = await this.require(session, runId, 'maintenance.plan.read');
    const row = await this.planRow(run.id, id);
    const reminder = reminderOf(row);
    return { reminder, nextPushes: reminder?.enabled ? nextPushes(row, reminder, this.deps.now(), run.time_zone) : [] };
  }

  async remindList(session: AuthSession, runId: number, language: Language) {
    const run = await this.require(session, runId, 'maintenance.plan.read');
    const rows = await this.plansOf(run.id).where('remind_content', 'is not', null).orderBy('system').orderBy('component').orderBy('content').execute();
    const plans = await this.presentPlans(run, rows, language);
    const now = this.deps.now();
    return plans.flatMap((plan, i) => {
      const row = rows[i];
      if (!plan.reminder || !row) return [];
      return [{ id: plan.id, title: plan.title, system: plan.system, component: plan.component, content: plan.content, nextTime: plan.nextTime, reminder: plan.reminder, nextPush: plan.reminder.enabled ? (nextPushes(row, plan.reminder, now, run.time_zone, 1)[0] ?? null) : null }];
    });
  }

  /** Rows of an import, written in one transaction (the identity rule judged again inside it). */
  async importPlans(trx: Transaction<Database>, run: ScopedRun, userId: number, rows: readonly PlanInput[]): Promise<void> {
    const now = this.deps.now();
    for (const input of rows) {
      const columns = this.planColumns(input, null, now, run.time_zone, null);
      await this.insertPlan(trx, { run_id: run.id, ...columns, created_by: userId, created_at: now });
    }
  }

  /** The identities of the run's plans, for the import's review. */
  async identities(runId: number, db: Kysely<Database> = this.db): Promise<Set<string>> {
    const rows = await db.selectFrom('mtce_plans').select(['system', 'component', 'content']).where('run_id', '=', runId).execute();
    return new Set(rows.map(identityKey));
  }

  // Records --------------------------------------------------------------------------------------

  recordsOf(runId: number) {
    return this.db.selectFrom('mtce_records').selectAll().where('run_id', '=', runId);
  }

  async recordRow(runId: number, id: number): Promise<RecordRow> {
    const row = await this.recordsOf(runId).where('id', '=', id).executeTakeFirst();
    if (!row) throw errors.business('maintenance.refused.recordNotFound');
    return row;
  }

  async record(session: AuthSession, runId: number, id: number, language: Language): Promise<PlanRecord> {
    const run = await this.require(session, runId, 'maintenance.record.read');
    const [record] = await this.presentRecords(run, [await this.recordRow(run.id, id)], language);
    if (!record) throw errors.business('maintenance.refused.recordNotFound');
    return record;
  }

  async recordPage(session: AuthSession, input: RecordPageInput, language: Language): Promise<Page<PlanRecord>> {
    const run = await this.require(session, input.runId, 'maintenance.record.read');
    if (input.planId !== undefined) await this.planRow(run.id, input.planId);
    let query = this.recordsOf(run.id);
    if (input.from !== undefined) query = query.where('time', '>=', input.from);
    if (input.to !== undefined) query = query.where('time', '<=', input.to);
    if (input.planId !== undefined) query = query.where('plan_id', '=', input.planId);
    if (input.type) query = query.where('type', '=', input.type);
    if (input.system) query = query.where('system', '=', input.system);
    if (input.condition) query = query.where('abnormal', '=', input.condition === 'abnormal' ? 1 : 0);
    if (input.done !== undefined) query = query.where('done', '=', input.done ? 1 : 0);
    const keyword = input.keyword?.trim().toLowerCase();
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or(
          ['content', 'remark', 'maintained_by', 'checked_by', 'reviewed_by'].map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`${like} escape '\\'`)),
        ),
      );
    }
    const total = Number((await query.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query
      .orderBy('time', 'desc')
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute();
    return { total, page: input.page, pageSize: input.pageSize, records: await this.presentRecords(run, rows, language) };
  }

  /** Records work; with a plan and done, completes the plan's open occurrence and moves its next due time. */
  async addRecord(session: AuthSession, input: RecordInput, language: Language): Promise<PlanRecord> {
    const run = await this.require(session, input.runId, 'maintenance.record.write');
    const now = this.deps.now();
    if (input.time > now + 60_000) throw errors.business('maintenance.refused.futureTime');
    // The counter at the work's time, read before the transaction (embedded SQLite has one connection).
    const planned = input.planId === null ? null : await this.planRow(run.id, input.planId);
    const plannedKind = planned && usesCounter(planned) ? (planned.counter_kind as CounterKind | null) : null;
    const counterAtDone = plannedKind && input.done ? (await this.readings(run.id, input.time))[plannedKind] : null;
    const id = await this.db.transaction().execute(async (trx) => {
      let dueAt: number | null = null;
      let late = false;
      if (input.planId !== null) {
        const plan = await this.planRow(run.id, input.planId, trx);
        if (input.done) {
          const done = completion(plan, input.time, plan.counter_kind === plannedKind ? counterAtDone : null, run.time_zone);
          dueAt = done.dueAt;
          late = done.late;
          // Conditional on the occurrence still being open: two records at once complete it once.
          let update = trx
            .updateTable('mtce_plans')
            .set({ next_due: done.next_due, anchor_at: done.anchor_at, counter_base: done.counter_base, last_done_at: Math.max(plan.last_done_at ?? 0, input.time), updated_at: now })
            .where('id', '=', plan.id);
          update = plan.next_due === null ? update.where('next_due', 'is', null) : update.where('next_due', '=', plan.next_due);
          const moved = await update.executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) {
            dueAt = null;
            late = false;
          }
        }
      }
      const abnormal = input.items.some((i) => i.condition === 'abnormal');
      const row = await trx
        .insertInto('mtce_records')
        .values({
          run_id: run.id,
          plan_id: input.planId,
          type: input.type,
          time: input.time,
          system: input.system,
          component: input.component,
          content: input.content,
          done: input.done ? 1 : 0,
          items: JSON.stringify(input.items),
          abnormal: abnormal ? 1 : 0,
          remark: input.remark,
          maintained_by: input.maintainedBy,
          checked_by: input.checkedBy,
          reviewed_by: input.reviewedBy,
          entered_at: now,
          entered_by: session.userId,
          due_at: dueAt,
          late: late ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    const [record] = await this.presentRecords(run, [await this.recordRow(run.id, id)], language);
    if (!record) throw errors.business('maintenance.refused.recordNotFound');
    return record;
  }

  async historyTemplate(session: AuthSession, runId: number, id: number) {
    const run = await this.require(session, runId, 'maintenance.record.read');
    const row = await this.planRow(run.id, id);
    return {
      planId: row.id,
      type: row.cycle as PlanRecord['type'],
      system: row.system,
      component: row.component === '' ? null : row.component,
      content: row.content,
      items: parseItems(row.items)
        .filter((i): i is string => typeof i === 'string')
        .map((text) => ({ text, condition: 'normal' as const, note: null })),
      dueAt: usesCalendar(row) ? row.next_due : null,
    };
  }

}

export const identityKey = (r: { system: string; component: string | null; content: string }): string => `${r.system}\u0000${r.component ?? ''}\u0000${r.content}`;

const STATE_ORDER: Record<OccurrenceState, number> = { overdue: 0, due: 1, upcoming: 2, doneLate: 3, done: 3 };
/** Most urgent first: overdue, due, then by next time (undated last). */
export const byDue = (a: Plan, b: Plan): number =>
  STATE_ORDER[a.state] - STATE_ORDER[b.state] || (a.nextTime ?? Number.MAX_SAFE_INTEGER) - (b.nextTime ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;

export function reminderOf(row: PlanRow): mtcePlanContract.Reminder | null {
  if (row.remind_content === null || row.remind_push_time === null) return null;
  return {
    enabled: row.remind_enabled === 1,
    content: row.remind_content,
    daysAhead: row.remind_days_ahead ?? 0,
    pushTime: row.remind_push_time,
    repeat: (row.remind_repeat as mtcePlanContract.ReminderRepeat | null) ?? null,
    weekday: row.remind_weekday,
  };
}

