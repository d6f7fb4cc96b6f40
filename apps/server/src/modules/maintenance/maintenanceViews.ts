import { type Language, mtcePlanContract } from '@boreline/contracts';
import type { z } from 'zod';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { currentPeriod } from '../../core/periods.js';
import { DAY_MS, localDateOf, localDayRange } from '../../core/timeZone.js';
import type { ScopedRun } from '../project/index.js';
import { byDue, type MaintenanceDeps, type MaintenanceService, type PlanRow, type RecordRow } from './maintenance.service.js';
import { laterOccurrences } from './planSchedule.js';
import { compliance as complianceOf } from './schedule/index.js';

type OccurrenceState = mtcePlanContract.OccurrenceState;
type PlanRecord = mtcePlanContract.MaintenanceRecord;
type CalendarEntry = z.output<typeof mtcePlanContract.CalendarEntrySchema>;
type ComplianceRow = z.output<typeof mtcePlanContract.ComplianceRowSchema>;

/**
 * What the maintenance pages read across plans and records: the records' and the plans' dashboards,
 * the calendar with the machine's standby, compliance by the 10 % rule per system and month and its
 * export. Reads only; plans and records themselves are the service's.
 */
export class MaintenanceViews {
  constructor(
    private readonly service: MaintenanceService,
    private readonly deps: MaintenanceDeps,
  ) {}

  async recordDashboard(session: AuthSession, input: { runId: number; from?: number | undefined; to?: number | undefined }) {
    const run = await this.service.require(session, input.runId, 'maintenance.record.read');
    const to = input.to ?? this.deps.now();
    const from = input.from ?? to - 180 * DAY_MS;
    const rows = await this.service.recordsOf(run.id).where('time', '>=', from).where('time', '<=', to).execute();
    const count = <K extends string>(key: (r: RecordRow) => K) => {
      const m = new Map<K, { records: number; abnormal: number }>();
      for (const r of rows) {
        const c = m.get(key(r)) ?? { records: 0, abnormal: 0 };
        c.records += 1;
        c.abnormal += r.abnormal;
        m.set(key(r), c);
      }
      return m;
    };
    const month = (r: RecordRow) => localDateOf(r.time, run.time_zone).slice(0, 7);
    const people = new Map<string, number>();
    for (const r of rows) people.set(r.maintained_by, (people.get(r.maintained_by) ?? 0) + 1);
    return {
      records: rows.length,
      abnormal: rows.filter((r) => r.abnormal === 1).length,
      late: rows.filter((r) => r.late === 1).length,
      notDone: rows.filter((r) => r.done === 0).length,
      byMonth: [...count(month).entries()].sort(([a], [b]) => a.localeCompare(b)).map(([m, c]) => ({ month: m, ...c })),
      bySystem: [...count((r) => r.system).entries()].sort(([a], [b]) => a.localeCompare(b)).map(([system, c]) => ({ system, ...c })),
      byPerson: [...people.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, 10)
        .map(([name, records]) => ({ name, records })),
    };
  }

  // Calendar, dashboard, compliance ----------------------------------------------------------------

  async calendar(session: AuthSession, input: { runId: number; from: number; to: number; system?: string | undefined }, language: Language) {
    const run = await this.service.require(session, input.runId, 'maintenance.plan.read');
    const now = this.deps.now();
    const rows = (await this.service.plansOf(run.id).execute()).filter((r) => !input.system || r.system === input.system);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const plans = new Map((await this.service.presentPlans(run, rows, language, now)).map((p) => [p.id, p]));
    const entries: CalendarEntry[] = [];
    const entry = (row: PlanRow, dueAt: number, state: OccurrenceState, record: RecordRow | null) =>
      entries.push({ planId: row.id, title: row.title, system: row.system, component: row.component === '' ? null : row.component, cycle: row.cycle as PlanRecord['type'], dueAt, state, recordId: record?.id ?? null, doneAt: record?.time ?? null });
    // Occurrences completed: the records of the span's plans.
    const records = await this.service.recordsOf(run.id).where('plan_id', 'is not', null).where('due_at', '>=', input.from).where('due_at', '<', input.to).execute();
    for (const record of records) {
      const row = record.plan_id === null ? undefined : byId.get(record.plan_id);
      if (row && record.due_at !== null) entry(row, record.due_at, record.late === 1 ? 'doneLate' : 'done', record);
    }
    for (const row of rows) {
      const plan = plans.get(row.id);
      if (!plan || plan.nextTime === null) continue;
      // The open occurrence (calendar or forecast), then the later ones of the calendar series.
      if (plan.nextTime >= input.from && plan.nextTime < input.to) entry(row, plan.nextTime, plan.state === 'done' ? 'upcoming' : plan.state, null);
      for (const due of laterOccurrences(row, input.from, input.to, run.time_zone)) entry(row, due, 'upcoming', null);
    }
    entries.sort((a, b) => a.dueAt - b.dueAt || a.planId - b.planId);
    const states = await this.deps.machine.states(run.id, input.from, input.to);
    const standby = states.filter((s) => s.state === 'waiting').map((s) => ({ start: Math.max(s.start, input.from), end: Math.min(s.end, input.to) }));
    return { entries, standby };
  }

  /** Compliance per system and month by the 10 % rule: settled occurrences due in each month of [from, to). */
  async complianceRows(run: ScopedRun, from: number, to: number, language: Language): Promise<ComplianceRow[]> {
    const records = await this.service.recordsOf(run.id).where('due_at', 'is not', null).where('due_at', '>=', from).where('due_at', '<', to).execute();
    // An occurrence counts for its plan's system (a record may word its own).
    const systems = new Map((await this.deps.db.selectFrom('mtce_plans').select(['id', 'system']).where('run_id', '=', run.id).execute()).map((p) => [p.id, p.system]));
    const occurrences: { system: string; month: string; state: OccurrenceState }[] = records.map((r) => ({
      system: (r.plan_id === null ? undefined : systems.get(r.plan_id)) ?? r.system,
      month: localDateOf(r.due_at ?? r.time, run.time_zone).slice(0, 7),
      state: r.late === 1 ? 'doneLate' : 'done',
    }));
    for (const plan of await this.service.allPlans(run, language)) {
      if (plan.state === 'overdue' && plan.nextTime !== null && plan.nextTime >= from && plan.nextTime < to) {
        occurrences.push({ system: plan.system, month: localDateOf(plan.nextTime, run.time_zone).slice(0, 7), state: 'overdue' });
      }
    }
    const groups = new Map<string, { system: string; month: string; states: OccurrenceState[] }>();
    for (const o of occurrences) {
      const key = `${o.system}\u0000${o.month}`;
      const g = groups.get(key) ?? { system: o.system, month: o.month, states: [] };
      g.states.push(o.state);
      groups.set(key, g);
    }
    return [...groups.values()]
      .sort((a, b) => a.system.localeCompare(b.system) || a.month.localeCompare(b.month))
      .map((g) => {
        const c = complianceOf(g.states.map((s) => s as 'done' | 'doneLate' | 'overdue'));
        return { system: g.system, month: g.month, due: c.due, onTime: c.onTime, percent: c.ratio === null ? null : Math.round(c.ratio * 1000) / 10 };
      });
  }

  async dashboard(session: AuthSession, runId: number, language: Language): Promise<mtcePlanContract.PlanDashboard> {
    const run = await this.service.require(session, runId, 'maintenance.plan.read');
    const now = this.deps.now();
    const plans = (await this.service.allPlans(run, language)).sort(byDue);
    const week = currentPeriod(now, 'week', run.time_zone);
    const dueThisWeek = plans.filter((p) => p.nextTime !== null && p.nextTime < week.end && p.state !== 'overdue');
    const overdue = plans.filter((p) => p.state === 'overdue');
    const since = now - 30 * DAY_MS;
    const recent = await this.service.recordsOf(run.id).where('due_at', 'is not', null).where('due_at', '>=', since).execute();
    const doneOnTime = recent.filter((r) => r.late === 0).length;
    const doneLate = recent.length - doneOnTime;
    const overdueRecent = overdue.filter((p) => p.nextTime !== null && p.nextTime >= since).length;
    const settled = recent.length + overdueRecent;
    const sixMonths = localDayRange(`${shiftMonths(localDateOf(now, run.time_zone).slice(0, 7), -5)}-01`, run.time_zone).start;
    const [abnormal, last] = await Promise.all([
      this.service.recordsOf(run.id).where('abnormal', '=', 1).orderBy('time', 'desc').orderBy('id', 'desc').limit(10).execute(),
      this.service.recordsOf(run.id).orderBy('time', 'desc').orderBy('id', 'desc').limit(10).execute(),
    ]);
    return {
      plans: plans.length,
      dueThisWeek: dueThisWeek.length,
      overdue: overdue.length,
      doneOnTime,
      doneLate,
      compliance: settled === 0 ? null : Math.round((doneOnTime / settled) * 1000) / 10,
      dueThisWeekPlans: dueThisWeek,
      overduePlans: overdue,
      complianceBySystem: await this.complianceRows(run, sixMonths, now + 1, language),
      abnormal: await this.service.presentRecords(run, abnormal, language),
      lastRecords: await this.service.presentRecords(run, last, language),
    };
  }

  async complianceExport(session: AuthSession, input: { runId: number; from: string; to: string }, language: Language) {
    const run = await this.service.require(session, input.runId, 'maintenance.plan.read');
    const fromMonth = input.from.slice(0, 7);
    const toMonth = input.to.slice(0, 7);
    if (monthIndex(toMonth) - monthIndex(fromMonth) + 1 > mtcePlanContract.MAINTENANCE_LIMITS.complianceMonthsMax) throw errors.business('maintenance.refused.monthsTooMany');
    const from = localDayRange(`${fromMonth}-01`, run.time_zone).start;
    const to = localDayRange(`${shiftMonths(toMonth, 1)}-01`, run.time_zone).start;
    const rows = await this.complianceRows(run, from, Math.min(to, this.deps.now() + 1), language);
    if (rows.length === 0) throw errors.business('maintenance.refused.nothingToExport');
    return { run, rows };
  }
}

const monthIndex = (month: string): number => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const shiftMonths = (month: string, by: number): string => {
  const k = monthIndex(month) + by;
  return `${String(Math.floor(k / 12)).padStart(4, '0')}-${String((k % 12) + 1).padStart(2, '0')}`;
};
