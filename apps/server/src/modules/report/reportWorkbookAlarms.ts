import { DATE_FORMATS, type Language, type periodReportContract } from '@boreline/contracts';
import { durationValue, type ExcelColumn, type ReportSheet, zoneFormatter } from '../../core/excel.js';
import { t } from '../../core/i18n.js';
import { displayDate } from './reportWorkbookShared.js';

type NotableAlarms = periodReportContract.NotableAlarms;
type NotableAlarm = periodReportContract.NotableAlarm;
type TopPoint = NotableAlarms['top'][number];
type ChatteringPoint = NotableAlarms['chattering'][number];

/** The columns of a listed alarm: number, start, duration, ring, shift, level, point, what happened. */
export function alarmColumns(timeZone: string, language: Language): ExcelColumn<NotableAlarm>[] {
  const format = zoneFormatter(timeZone);
  return [
    { header: 'report.column.alarmNo', width: 7, value: (a) => a.number, format: 'integer' },
    { header: 'report.column.start', width: 17, value: (a) => format(a.startTs, DATE_FORMATS.dateTime) },
    { header: 'report.column.duration', width: 10, value: (a) => durationValue(a.durationMs), format: 'duration' },
    { header: 'report.column.ringNo', width: 8, value: (a) => a.ringNo, format: 'integer' },
    { header: 'report.column.shift', width: 14, value: (a) => (a.shiftDate === null ? null : `${displayDate(a.shiftDate)} / ${a.shiftNo ?? ''}`) },
    { header: 'report.column.level', width: 10, value: (a) => t(language, a.level === 'alarm' ? 'report.alarms.levelAlarm' : 'report.alarms.levelWarning') },
    { header: 'report.column.point', width: 30, value: (a) => a.name },
    { header: 'report.column.content', width: 60, value: (a) => (a.endTs === null ? `${a.content} (${t(language, 'report.alarms.active')})` : a.content) },
  ];
}

const TOP_COLUMNS: ExcelColumn<TopPoint>[] = [
  { header: 'report.column.point', width: 30, value: (p) => p.name },
  { header: 'report.column.count', width: 8, value: (p) => p.count, format: 'integer' },
  { header: 'report.column.share', width: 10, value: (p) => p.percent / 100, format: 'percent' },
];
const CHATTERING_COLUMNS: ExcelColumn<ChatteringPoint>[] = [
  { header: 'report.column.point', width: 30, value: (p) => p.name },
  { header: 'report.column.count', width: 8, value: (p) => p.count, format: 'integer' },
];

/** Widths of the alarms sheet: the widest of the blocks stacked on it. */
export const ALARM_SHEET_WIDTHS = [30, 17, 10, 8, 14, 10, 30, 60] as const;

/**
 * The notable alarms of a period as one sheet under the title block: counts per level, the alarms
 * of level alarm, the longest, the points that raised most and those that chattered.
 */
export async function writeNotableAlarms(sheet: ReportSheet, alarms: NotableAlarms, timeZone: string, language: Language): Promise<void> {
  sheet.pairs([
    { label: t(language, 'report.alarms.total'), value: alarms.total, format: 'integer' },
    { label: t(language, 'report.alarms.warnings'), value: alarms.byLevel.warning, format: 'integer' },
    { label: t(language, 'report.alarms.alarms'), value: alarms.byLevel.alarm, format: 'integer' },
  ]);
  if (alarms.total === 0) {
    sheet.blank();
    sheet.pairs([{ label: t(language, 'report.alarms.none'), value: null }]);
    return;
  }
  const columns = alarmColumns(timeZone, language);
  const block = async <R>(heading: string, cols: readonly ExcelColumn<R>[], rows: readonly R[], after?: string) => {
    sheet.blank();
    sheet.pairs([{ label: heading, value: null }]);
    await sheet.table(cols, rows);
    if (after) sheet.pairs([{ label: after, value: null }]);
  };
  await block(
    t(language, 'report.alarms.levelAlarms'),
    columns,
    alarms.alarms,
    alarms.alarms.length === 0 ? t(language, 'report.alarms.noneOfLevel') : alarms.moreAlarms > 0 ? t(language, 'report.alarms.more', { count: alarms.moreAlarms }) : undefined,
  );
  await block(t(language, 'report.alarms.longest'), columns, alarms.longest);
  await block(t(language, 'report.alarms.topPoints'), TOP_COLUMNS, alarms.top);
  if (alarms.chattering.length > 0) await block(t(language, 'report.alarms.chattering'), CHATTERING_COLUMNS, alarms.chattering);
}
