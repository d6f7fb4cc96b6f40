import { type Language, type MachineType, periodReportContract } from '@boreline/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { AlarmTable } from '../../../db/schema/alarm.js';
import type { Database } from '../../../db/schema.js';
import { runTagList } from '../../../telemetry/index.js';
import { pointName, presentAlarm, type RunNaming } from '../api/alarm.presenter.js';

type NotableAlarms = periodReportContract.NotableAlarms;
type NotableAlarm = periodReportContract.NotableAlarm;
type AlarmRow = Selectable<AlarmTable>;

const LONGEST = 5;
const TOP = 5;

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * The notable alarms of a span for the reports (daily, weekly, monthly): the alarms that started in
 * it counted by level, those of level `alarm` listed, the longest, the points that raised most and
 * those that chattered, named and described in the reader's language as the alarm pages do (their
 * presenter). Reads the alarm records only.
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
    // Only names and contents are shown: no users, mapping or shelving needed.
    const naming: RunNaming = { language, tags, mapped: new Map(), users: new Map(), shelvedUntil: new Map() };
    const now = this.now();
    const name = (point: string) => pointName(point, naming);
    const durationOf = (row: AlarmRow) => Math.max(0, Math.round(Number(row.end_ts ?? now) - Number(row.start_ts)));
    const present = (row: AlarmRow): NotableAlarm => ({
      id: row.id,
      number: row.number,
      point: row.point,
      name: name(row.point),
      content: presentAlarm(row, naming).content,
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
}
