import { DATE_FORMATS, type Language, type mtcePlanContract } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { type ExcelColumn, ReportWorkbook, zoneFormatter } from '../../core/excel.js';
import { t } from '../../core/i18n.js';
import { localDateOf } from '../../core/timeZone.js';

type Plan = mtcePlanContract.MaintenancePlan;

const TRIGGER_TEXT: Record<Plan['trigger'], MessageKey> = {
  calendar: 'maintenance.trigger.calendar',
  counter: 'maintenance.trigger.counter',
  whicheverFirst: 'maintenance.trigger.whicheverFirst',
};
const COUNTER_TEXT: Record<NonNullable<Plan['counterKind']>, MessageKey> = {
  cutterheadRevolutions: 'maintenance.counter.cutterheadRevolutions',
  driveHours: 'maintenance.counter.driveHours',
  pumpHours: 'maintenance.counter.pumpHours',
  ringsBuilt: 'maintenance.counter.ringsBuilt',
  metresAdvanced: 'maintenance.counter.metresAdvanced',
};
const ANCHOR_TEXT: Record<Plan['anchor'], MessageKey> = { fixed: 'maintenance.anchor.fixed', floating: 'maintenance.anchor.floating' };
const STATE_TEXT: Record<Plan['state'], MessageKey> = {
  upcoming: 'maintenance.state.upcoming',
  due: 'maintenance.state.due',
  done: 'maintenance.state.done',
  overdue: 'maintenance.state.overdue',
  doneLate: 'maintenance.state.doneLate',
};

/**
 * A run's maintenance plans as one sheet in the caller's language: one row per plan, in the order
 * given, times on the project's clock, the checklist one item a line. Named
 * `<maintenance-plans>_<TBM>_<YYYYMMDD>.xlsx` (translated stem, the project's day of the export).
 */
export async function planWorkbook(
  run: { project_name: string; tbm_code: string; time_zone: string },
  plans: readonly Plan[],
  language: Language,
  now: number,
): Promise<{ fileName: string; body: Buffer }> {
  const at = zoneFormatter(run.time_zone);
  const time = (ts: number | null) => (ts === null ? null : at(ts, DATE_FORMATS.dateTime));
  const col = (header: MessageKey, width: number, value: ExcelColumn<Plan>['value'], format?: ExcelColumn<Plan>['format']): ExcelColumn<Plan> => ({
    header,
    width,
    value,
    ...(format ? { format } : {}),
  });
  const columns: ExcelColumn<Plan>[] = [
    col('maintenance.export.plans.title', 28, (p) => p.title),
    col('maintenance.export.plans.cycle', 12, (p) => p.cycleName),
    col('maintenance.export.system', 18, (p) => p.system),
    col('maintenance.export.plans.component', 18, (p) => p.component),
    col('maintenance.export.plans.content', 40, (p) => p.content),
    col('maintenance.export.plans.items', 36, (p) => (p.items.length === 0 ? null : p.items.join('\n'))),
    col('maintenance.export.plans.trigger', 18, (p) => t(language, TRIGGER_TEXT[p.trigger])),
    col('maintenance.export.plans.counterKind', 22, (p) => (p.counterKind ? t(language, COUNTER_TEXT[p.counterKind]) : null)),
    col('maintenance.export.plans.counterInterval', 12, (p) => p.counterInterval),
    col('maintenance.export.plans.counterNow', 12, (p) => p.counter?.value ?? null),
    col('maintenance.export.plans.counterDue', 12, (p) => p.counter?.dueValue ?? null),
    col('maintenance.export.plans.anchor', 18, (p) => t(language, ANCHOR_TEXT[p.anchor])),
    col('maintenance.export.plans.nextTime', 17, (p) => time(p.nextTime)),
    col('maintenance.export.plans.state', 16, (p) => t(language, STATE_TEXT[p.state])),
    col('maintenance.export.plans.lastDoneAt', 17, (p) => time(p.lastDoneAt)),
    col('maintenance.export.plans.reminder', 30, (p) => (p.reminder?.enabled ? `${p.reminder.pushTime} ${p.reminder.content}` : null)),
    col('maintenance.export.plans.remark', 30, (p) => p.remark),
    col('maintenance.export.plans.creator', 14, (p) => p.creator?.name ?? null),
    col('maintenance.export.plans.createdAt', 17, (p) => time(p.createdAt)),
  ];
  const book = new ReportWorkbook(language);
  const sheet = book.sheet({ name: t(language, 'maintenance.export.plans.sheet'), widths: columns.map((c) => c.width), orientation: 'landscape', frozenRows: 3, fitTo: { width: 1, height: 0 } });
  sheet.title(`${t(language, 'maintenance.export.plans.sheet')} — ${run.project_name} ${run.tbm_code}`);
  sheet.blank();
  await sheet.table(columns, plans);
  sheet.commit();
  const day = localDateOf(now, run.time_zone).replaceAll('-', '');
  const stem = `${t(language, 'maintenance.export.plans.file')}_${run.tbm_code.trim().replace(/\s+/g, '-')}`;
  return { fileName: `${stem}_${day}.xlsx`, body: await book.toBuffer() };
}
