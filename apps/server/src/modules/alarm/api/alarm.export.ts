import { type alarmContract, DATE_FORMATS, type Language, SUBSYSTEM_NAME_KEYS } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { type ExcelColumn, ReportWorkbook, zoneFormatter } from '../../../core/excel.js';
import { t } from '../../../core/i18n.js';
import { LEVEL_TEXT, STATE_TEXT } from './alarm.presenter.js';

type Alarm = alarmContract.Alarm;

const subsystemKey = (code: string): MessageKey | undefined => (SUBSYSTEM_NAME_KEYS as Readonly<Record<string, MessageKey | undefined>>)[code];

/**
 * The alarm history as an Excel workbook in the caller's language: one row per alarm, newest
 * first, times on the run's clock. Named `alarms_<TBM>_<first day>_<last day>.xlsx` (translated stem).
 */
export async function alarmWorkbook(run: { tbm_code: string; time_zone: string }, alarms: readonly Alarm[], language: Language): Promise<{ fileName: string; body: Buffer }> {
  const at = zoneFormatter(run.time_zone);
  const time = (ts: number | null) => (ts === null ? null : at(ts, DATE_FORMATS.dateTimeSeconds));
  const col = (header: MessageKey, width: number, value: ExcelColumn<Alarm>['value'], format?: ExcelColumn<Alarm>['format']): ExcelColumn<Alarm> => ({
    header,
    width,
    value,
    ...(format ? { format } : {}),
  });
  const columns: ExcelColumn<Alarm>[] = [
    col('alarm.export.column.number', 8, (a) => a.number, 'integer'),
    col('alarm.export.column.start', 20, (a) => time(a.startTs)),
    col('alarm.export.column.end', 20, (a) => time(a.endTs)),
    col('alarm.export.column.faultTime', 20, (a) => time(a.faultTs)),
    col('alarm.export.column.name', 28, (a) => a.name),
    col('alarm.export.column.content', 48, (a) => a.content),
    col('alarm.export.column.level', 10, (a) => t(language, LEVEL_TEXT[a.level])),
    col('alarm.export.column.state', 22, (a) => t(language, STATE_TEXT[a.state])),
    col('alarm.export.column.subsystem', 18, (a) => {
      const key = a.subsystem ? subsystemKey(a.subsystem) : undefined;
      return key ? t(language, key) : a.subsystem;
    }),
    col('alarm.export.column.ring', 8, (a) => a.ringNo, 'integer'),
    col('alarm.export.column.shift', 18, (a) => (a.shiftDate && a.shiftNo ? t(language, 'alarm.export.shiftOf', { date: a.shiftDate, no: a.shiftNo }) : null)),
    col('alarm.export.column.startChainage', 14, (a) => a.startChainage, 'decimal3'),
    col('alarm.export.column.endChainage', 14, (a) => a.endChainage, 'decimal3'),
    col('alarm.export.column.point', 28, (a) => a.point),
    col('alarm.export.column.plcVariable', 22, (a) => a.plcVariable),
    col('alarm.export.column.address', 14, (a) => a.address),
    col('alarm.export.column.value', 12, (a) => a.value),
    col('alarm.export.column.peak', 12, (a) => a.peakValue),
    col('alarm.export.column.limit', 12, (a) => a.limit),
    col('alarm.export.column.unit', 8, (a) => a.unit),
    col('alarm.export.column.ackedAt', 20, (a) => time(a.ackedAt)),
    col('alarm.export.column.ackedBy', 16, (a) => a.ackedBy?.name ?? null),
    col('alarm.export.column.ackComment', 30, (a) => a.ackComment),
    col('alarm.export.column.assignee', 16, (a) => a.assignee?.name ?? null),
    col('alarm.export.column.repairSuggestion', 48, (a) => a.repairSuggestion),
    col('alarm.export.column.workingHours', 10, (a) => a.workingHours, 'decimal1'),
  ];
  const book = new ReportWorkbook(language);
  const sheet = book.sheet({ name: t(language, 'alarm.export.sheet'), widths: columns.map((c) => c.width), orientation: 'landscape', frozenRows: 1, fitTo: { width: 1, height: 0 } });
  await sheet.table(columns, alarms);
  sheet.commit();
  const body = await book.toBuffer();
  const days = alarms.map((a) => at(a.startTs, DATE_FORMATS.dateTime).slice(0, 10).split('/').reverse().join(''));
  const sorted = [...days].sort();
  const stem = `${t(language, 'alarm.export.file')}_${run.tbm_code.trim().replace(/\s+/g, '-')}`;
  return { fileName: `${stem}_${sorted[0] ?? ''}_${sorted[sorted.length - 1] ?? ''}.xlsx`, body };
}
