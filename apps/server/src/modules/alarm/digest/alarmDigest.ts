import { alarmContract, type Language, type MachineType, periodReportContract, tagDisplayName, type TagDef } from '@boreline/contracts';
import { translate } from '@boreline/i18n';
import type { Kysely, Selectable } from 'kysely';
import { localeOf, t } from '../../../core/i18n.js';
import type { AlarmTable } from '../../../db/schema/alarm.js';
import type { Database } from '../../../db/schema.js';
import { runTagList } from '../../../telemetry/index.js';

type NotableAlarms = periodReportContract.NotableAlarms;
type NotableAlarm = periodReportContract.NotableAlarm;
type AlarmRow = Selectable<AlarmTable>;

const LONGEST = 5;
const TOP = 5;

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * The notable alarms of a span for the reports (daily, weekly, monthly): the alarms that started in
 * it counted by level, those of level `alarm` listed, the longest, the points that raised most and
 * those that chattered, named in the reader's language. Reads the alarm records only.
 */
export class AlarmDigest {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  async notable(runId: number, from: number, to: number, language: Language): Promise<NotableAlarms> {
    const [rows, run] = await Promise.all([
      this.db.selectFrom('alarms').selectAll().where('run_id', '=', runId).where('start_ts', '>=', from).where('start_ts', '<', to).orderBy('start_ts').orderBy('number').execute(),
      this.db.selectFrom('runs').select('machine_type').where('id', '=', runId).executeTakeFirst(),
    ]);
    const empty: NotableAlarms = { total: 0, byLevel: { warning: 0, alarm: 0 }, alarms: [], moreAlarms: 0, longest: [], top: [], chattering: [] };
    if (rows.length === 0 || !run) return empty;
    const tags = new Map((await runTagList(this.db, runId, run.machine_type as MachineType, language)).map((tag) => [tag.code, tag]));
    const now = this.now();
    const name = (point: string) => this.pointName(point, tags.get(point), language);
    const durationOf = (row: AlarmRow) => Math.max(0, Math.round((row.end_ts ?? now) - row.start_ts));
    const present = (row: AlarmRow): NotableAlarm => ({
      id: row.id,
      number: row.number,
      point: row.point,
      name: name(row.point),
      content: this.content(row, tags.get(row.point), language),
      level: row.level === 'alarm' ? 'alarm' : 'warning',
      startTs: Number(row.start_ts),
      endTs: row.end_ts === null ? null : Number(row.end_ts),
      durationMs: durationOf(row),
      ringNo: row.ring_no,
      shiftDate: row.shift_date,
      shiftNo: row.shift_no,
    });

    const alarms = rows.filter((r) => r.level === 'alarm');
    const counts = new Map<string, number>();
    const chatter = new Map<string, number>();
    for (const r of rows) {
      counts.set(r.point, (counts.get(r.point) ?? 0) + 1);
      if (r.chattering === 1) chatter.set(r.point, (chatter.get(r.point) ?? 0) + 1);
    }
    const ranked = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    return {
      total: rows.length,
      byLevel: { warning: rows.length - alarms.length, alarm: alarms.length },
      alarms: alarms.slice(0, periodReportContract.NOTABLE_ALARMS_MAX).map(present),
      moreAlarms: Math.max(0, alarms.length - periodReportContract.NOTABLE_ALARMS_MAX),
      longest: [...rows].sort((a, b) => durationOf(b) - durationOf(a) || a.number - b.number).slice(0, LONGEST).map(present),
      top: ranked(counts).slice(0, TOP).map(([point, count]) => ({ point, name: name(point), count, percent: ratio(count, rows.length) })),
      chattering: ranked(chatter).map(([point, count]) => ({ point, name: name(point), count })),
    };
  }

  private pointName(point: string, tag: TagDef | undefined, language: Language): string {
    if (tag) {
      const locale = localeOf(language);
      return tagDisplayName(tag, (key, vars) => translate(locale, key, vars));
    }
    if (point === alarmContract.MACHINE_STATE_POINTS.longStop) return t(language, 'alarmDemo.point.longStop');
    if (point === alarmContract.MACHINE_STATE_POINTS.connectionLost) return t(language, 'alarmDemo.point.connectionLost');
    return point;
  }

  /** "Main drive oil temperature 66.2 °C above the alarm limit 65 °C", in the reader's language. */
  private content(row: AlarmRow, tag: TagDef | undefined, language: Language): string {
    if (row.kind === 'longStop') return t(language, 'alarmDemo.content.longStop');
    if (row.kind === 'connectionLost') return t(language, 'alarmDemo.content.connectionLost');
    const name = this.pointName(row.point, tag, language);
    if (row.direction === null || row.start_value === null || row.limit_value === null) return name;
    const digits = Math.max(0, Math.min(6, tag?.precision ?? 2));
    const unit = tag?.unit ? ` ${tag.unit}` : '';
    const show = (v: number) => `${Number(v.toFixed(digits))}${unit}`;
    const limit = t(language, row.level === 'alarm' ? 'alarmDemo.limit.alarm' : 'alarmDemo.limit.warning');
    const vars = { name, value: show(row.start_value), limit, threshold: show(row.limit_value) };
    return t(language, row.direction === 'low' ? 'alarmDemo.content.low' : 'alarmDemo.content.high', vars);
  }
}
