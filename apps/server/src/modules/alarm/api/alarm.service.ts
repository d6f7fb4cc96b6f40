import { alarmContract, type EndpointArgs, type Language, SUBSYSTEM_NAME_KEYS, type TagDef } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import type { Kysely } from 'kysely';
import type { AuthSession } from '../../../core/auth.js';
import type { Bus } from '../../../core/bus.js';
import { errors } from '../../../core/errors.js';
import { localeOf } from '../../../core/i18n.js';
import type { Database } from '../../../db/schema.js';
import { runTagList } from '../../../telemetry/index.js';
import type { MachineHistory } from '../../../telemetry/index.js';
import { consoleSession, type MessageCentre, pathsAbove, RecipientsRepo } from '../../messages/index.js';
import { machineTypeOf, type RunScope, type ScopedRun } from '../../project/index.js';
import { publishAlarmNotice } from '../notices.js';
import type { AlarmRuntimeControl } from '../runtimeControl.js';
import { type AlarmRow, pointName, pointNameParam, presentAlarm, type RunNaming } from './alarm.presenter.js';
import { AlarmRepo, type ShelfRow } from './alarm.repo.js';
import { alarmPerformance } from './performance.js';

const c = alarmContract;
type Alarm = alarmContract.Alarm;
type Shelf = alarmContract.Shelf;
type Args<E> = EndpointArgs<E>;

const LEVEL_RANK: Record<string, number> = { alarm: 0, warning: 1 };
const SERIES_POINTS_MAX = 600;

export interface AlarmServiceDeps {
  db: Kysely<Database>;
  runs: Pick<RunScope, 'require'>;
  machine: Pick<MachineHistory, 'series'>;
  messages: () => MessageCentre;
  runtime: AlarmRuntimeControl;
  bus: Bus;
  now: () => number;
}

/** The alarm calls (spec §2, §7): reads, lifecycle actions (audited), settings, performance. */
export class AlarmService {
  readonly repo: AlarmRepo;
  private readonly recipients: RecipientsRepo;

  constructor(private readonly deps: AlarmServiceDeps) {
    this.repo = new AlarmRepo(deps.db);
    this.recipients = new RecipientsRepo(deps.db);
  }

  tagsOf(run: ScopedRun, language: Language): Promise<TagDef[]> {
    return runTagList(this.deps.db, run.id, machineTypeOf(run), language);
  }

  /** What presenting a run's alarms needs, read once for all the rows of a call. */
  async naming(run: ScopedRun, rows: readonly AlarmRow[], language: Language, extraUsers: readonly number[] = []): Promise<RunNaming> {
    const [tags, mapped, shelves] = await Promise.all([this.tagsOf(run, language), this.repo.mapped(run.id), this.repo.shelves(run.id, this.deps.now())]);
    const users = await this.repo.userNames([...rows.flatMap((r) => [r.acked_by, r.assigned_to]), ...extraUsers, ...shelves.map((s) => s.user_id)]);
    return { language, tags: new Map(tags.map((t) => [t.code, t])), mapped, users, shelvedUntil: new Map(shelves.map((s) => [s.point, s.until_ts])) };
  }

  private async present(run: ScopedRun, rows: readonly AlarmRow[], language: Language): Promise<Alarm[]> {
    const naming = await this.naming(run, rows, language);
    return rows.map((row) => presentAlarm(row, naming));
  }

  private shelf(row: ShelfRow, naming: RunNaming): Shelf {
    return { point: row.point, name: pointName(row.point, naming), from: row.from_ts, until: row.until_ts, reason: row.reason, by: row.user_id === null ? null : { id: row.user_id, name: naming.users.get(row.user_id) ?? '' } };
  }

  private async requireAlarm(run: ScopedRun, id: number): Promise<AlarmRow> {
    const row = await this.repo.find(run.id, id);
    if (!row) throw errors.business('alarm.error.notFound');
    return row;
  }

  async history(session: AuthSession, input: Args<typeof c.alarmHistoryQuery>, language: Language) {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.record.read');
    const { runId: _run, page, pageSize, ...filter } = input;
    const found = await this.repo.page(run.id, filter, page, pageSize, 'newest');
    return { total: found.total, page, pageSize, records: await this.present(run, found.rows, language) };
  }

  async byRings(session: AuthSession, input: Args<typeof c.alarmQueryAlarmHis>, language: Language) {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.record.read');
    const found = await this.repo.page(run.id, { ringStart: input.ringStart, ringEnd: input.ringEnd, level: input.level }, input.page, input.pageSize, 'oldest');
    return { total: found.total, page: input.page, pageSize: input.pageSize, records: await this.present(run, found.rows, language) };
  }

  /** The rows of an export (newest first, at most ALARM_LIMITS.exportRowsMax) with the run, or code 3 when there are none. */
  async exportRows(session: AuthSession, input: Args<typeof c.alarmHistoryExport>, language: Language) {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.record.read');
    const { runId: _run, ...filter } = input;
    const rows = await this.repo.list(run.id, filter, c.ALARM_LIMITS.exportRowsMax);
    if (rows.length === 0) throw errors.business('common.notice.noExportData');
    return { run, alarms: await this.present(run, rows, language) };
  }

  async params(session: AuthSession, runId: number, language: Language) {
    const run = await this.deps.runs.require(session, runId, 'alarm.record.read');
    const tags = await this.tagsOf(run, language);
    const naming = { language, tags: new Map(tags.map((t) => [t.code, t])) };
    const text = (key: string) => translate(localeOf(language), key);
    const found = await this.repo.params(run.id);
    const subsystems = [...new Set(tags.map((t) => t.subsystem))].map((code) => ({ code, name: text(SUBSYSTEM_NAME_KEYS[code]) }));
    const points = found.points.map((code) => ({ code, name: pointName(code, naming), subsystem: naming.tags.get(code)?.subsystem ?? null }));
    return { subsystems, points, ringMin: found.ringMin, ringMax: found.ringMax, firstTs: found.firstTs, lastTs: found.lastTs };
  }

  async current(session: AuthSession, input: Args<typeof c.alarmCurrentQuery>, language: Language): Promise<alarmContract.CurrentAlarms> {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.record.read');
    const rows = (await this.repo.current(run.id, input)).sort(
      (a, b) =>
        (LEVEL_RANK[a.level] ?? 2) - (LEVEL_RANK[b.level] ?? 2) ||
        Number(a.acked_at !== null) - Number(b.acked_at !== null) ||
        b.start_ts - a.start_ts ||
        b.id - a.id,
    );
    const naming = await this.naming(run, rows, language);
    const shelves = await this.repo.shelves(run.id, this.deps.now());
    return {
      alarms: rows.map((row) => presentAlarm(row, naming)),
      shelved: shelves.map((s) => this.shelf(s, naming)),
      counts: {
        warning: rows.filter((r) => r.level === 'warning').length,
        alarm: rows.filter((r) => r.level === 'alarm').length,
        unacked: rows.filter((r) => r.acked_at === null).length,
      },
    };
  }

  async rings(session: AuthSession, input: Args<typeof c.alarmAvailableRings>) {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.record.read');
    return { rings: await this.repo.rings(run.id, input.from, input.to) };
  }

  async detail(session: AuthSession, input: Args<typeof c.alarmDetail>, language: Language): Promise<alarmContract.AlarmDetail> {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.record.read');
    const row = await this.requireAlarm(run, input.id);
    const actions = await this.repo.actions(row.id);
    const naming = await this.naming(run, [row], language, actions.map((a) => a.user_id).filter((id): id is number => id !== null));
    const window = c.ALARM_LIMITS.detailWindowMinutes * 60_000;
    let series: alarmContract.AlarmDetail['series'] = null;
    if (naming.tags.has(row.point)) {
      const to = row.end_ts === null ? this.deps.now() : row.end_ts + window;
      const read = await this.deps.machine.series(run.id, [row.point], row.start_ts - window, Math.max(to, row.start_ts), SERIES_POINTS_MAX);
      const points = read.series.find((s) => s.code === row.point)?.points ?? [];
      series = { ts: points.map((p) => p[0]), values: points.map((p) => p[1]) };
    }
    const limits = await this.repo.limits(run.id, row.point);
    return {
      alarm: presentAlarm(row, naming),
      actions: actions.map((a) => ({
        at: a.at,
        action: a.action as (typeof c.ALARM_ACTIONS)[number],
        by: a.user_id === null ? null : { id: a.user_id, name: naming.users.get(a.user_id) ?? '' },
        text: a.text,
      })),
      series,
      limits: limits ? { lowAlarm: limits.low_alarm, lowWarn: limits.low_warn, highWarn: limits.high_warn, highAlarm: limits.high_alarm } : null,
    };
  }

  async ack(session: AuthSession, input: Args<typeof c.alarmAck>): Promise<{ acked: number }> {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.record.handle');
    const ids = [...new Set(input.ids)];
    // Every id must be a record of this run: one foreign or missing id refuses the whole call.
    if ((await this.repo.idsOfRun(run.id, ids)).length !== ids.length) throw errors.business('alarm.error.notFound');
    const now = this.deps.now();
    const changed = await this.repo.ack(run.id, ids, session.userId, input.comment ? input.comment : null, now);
    for (const row of changed) publishAlarmNotice(this.deps.bus, run.id, now, { event: 'acked', alarmId: row.id, point: row.point, level: row.level as Alarm['level'] });
    return { acked: changed.length };
  }

  /** Enabled users who may read the run's alarms (super administrators are not offered). */
  async assignees(session: AuthSession, runId: number): Promise<{ id: number; name: string }[]> {
    const run = await this.deps.runs.require(session, runId, 'alarm.record.handle');
    return this.assigneesOf(run);
  }

  private async assigneesOf(run: ScopedRun): Promise<{ id: number; name: string }[]> {
    const candidates = await this.recipients.candidates(run.id, pathsAbove(run.org_path));
    const allowed: number[] = [];
    for (const user of candidates) {
      const may = await this.deps.runs.require(consoleSession(user), run.id, 'alarm.record.read').then(
        () => true,
        () => false,
      );
      if (may) allowed.push(user.id);
    }
    const names = await this.repo.userNames(allowed);
    return allowed.map((id) => ({ id, name: names.get(id) ?? '' })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  }

  async assign(session: AuthSession, input: Args<typeof c.alarmAssign>, language: Language): Promise<Alarm> {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.record.handle');
    const row = await this.requireAlarm(run, input.id);
    let assignee: { id: number; name: string } | undefined;
    if (input.userId !== null) {
      const [user] = await this.recipients.users([input.userId]);
      const may =
        user !== undefined &&
        user.enabled === 1 &&
        (await this.deps.runs.require(consoleSession(user), run.id, 'alarm.record.read').then(
          () => true,
          () => false,
        ));
      if (!may) throw errors.business('alarm.error.assignee');
      assignee = { id: input.userId, name: (await this.repo.userNames([input.userId])).get(input.userId) ?? '' };
    }
    const now = this.deps.now();
    await this.repo.assign(row.id, assignee?.id ?? null, session.userId, assignee?.name ?? null, now);
    const updated = { ...row, assigned_to: assignee?.id ?? null };
    const naming = await this.naming(run, [updated], language);
    if (assignee && assignee.id !== row.assigned_to) {
      await this.deps.messages().send({
        userIds: [assignee.id],
        type: 'monitoringAlarm',
        runId: run.id,
        key: 'alarm.message.assigned',
        params: { number: row.number, tbm: run.tbm_code, point: pointNameParam(row.point, naming.tags) },
        object: { kind: 'alarm', id: row.id },
      });
    }
    publishAlarmNotice(this.deps.bus, run.id, now, { event: 'assigned', alarmId: row.id, point: row.point, level: row.level as Alarm['level'] });
    return presentAlarm(updated, naming);
  }

  private async requirePoint(run: ScopedRun, point: string, language: Language): Promise<void> {
    if (Object.values(c.MACHINE_STATE_POINTS).some((p) => p === point)) return;
    if (!(await this.tagsOf(run, language)).some((t) => t.code === point)) throw errors.business('admin.warnSetting.unknownTag');
  }

  /**
   * Shelves a point from now for `minutes`. A point already shelved gets the new shelving in place
   * of the old one (which ends now, kept as audit): the latest decision holds, shorter or longer.
   */
  async shelve(session: AuthSession, input: Args<typeof c.alarmShelve>, language: Language): Promise<Shelf> {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.record.handle');
    await this.requirePoint(run, input.point, language);
    const now = this.deps.now();
    const { shelf } = await this.repo.replaceShelf(run.id, input.point, now, session.userId, { untilTs: now + input.minutes * 60_000, reason: input.reason });
    const active = await this.repo.activeOf(run.id, input.point);
    if (active) await this.repo.action(active.id, 'shelved', session.userId, input.reason, now);
    await this.deps.runtime.shelvesChanged(run.id);
    publishAlarmNotice(this.deps.bus, run.id, now, { event: 'shelved', alarmId: active?.id ?? null, point: input.point, level: (active?.level as Alarm['level'] | undefined) ?? null });
    const naming = await this.naming(run, [], language, [session.userId]);
    if (!shelf) throw new Error('alarm shelve: no shelf written');
    return this.shelf(shelf, naming);
  }

  async unshelve(session: AuthSession, input: Args<typeof c.alarmUnshelve>): Promise<{ unshelved: boolean }> {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.record.handle');
    const now = this.deps.now();
    const { ended } = await this.repo.replaceShelf(run.id, input.point, now, session.userId, null);
    if (ended === 0) return { unshelved: false };
    const active = await this.repo.activeOf(run.id, input.point);
    if (active) await this.repo.action(active.id, 'unshelved', session.userId, null, now);
    await this.deps.runtime.shelvesChanged(run.id);
    publishAlarmNotice(this.deps.bus, run.id, now, { event: 'unshelved', alarmId: active?.id ?? null, point: input.point, level: (active?.level as Alarm['level'] | undefined) ?? null });
    return { unshelved: true };
  }

  async settings(session: AuthSession, runId: number) {
    const run = await this.deps.runs.require(session, runId, 'alarm.record.read');
    return this.repo.settings(run.id);
  }

  async saveSettings(session: AuthSession, input: Args<typeof c.alarmSettingsEdit>) {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.settings.write');
    const { runId: _run, ...settings } = input;
    await this.repo.saveSettings(run.id, settings, session.userId, this.deps.now());
    await this.deps.runtime.settingsChanged(run.id);
    return this.repo.settings(run.id);
  }

  async performance(session: AuthSession, input: Args<typeof c.alarmPerformance>, language: Language) {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.record.read');
    const rows = (await this.repo.spanRows(run.id, input.from, input.to)).filter(
      (r) => (input.shiftDate === undefined || r.shift_date === input.shiftDate) && (input.shiftNo === undefined || r.shift_no === input.shiftNo),
    );
    const tags = await this.tagsOf(run, language);
    const naming = { language, tags: new Map(tags.map((t) => [t.code, t])) };
    return alarmPerformance(rows, input.from, input.to, (point) => pointName(point, naming));
  }
}
