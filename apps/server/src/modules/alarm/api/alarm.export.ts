import { type alarmContract, DATE_FORMATS, type Language } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { type ExcelColumn, ReportWorkbook, zoneFormatter } from '../../../core/excel.js';
import { t } from '../../../core/i18n.js';

type Alarm = alarmContract.Alarm;

/**
 * The alarm history as an Excel workbook in the caller's language: one row per alarm, newest
 * first, times on the run's clock. Named `alarms_<TBM>_<first day>_<last day>.xlsx` (translated stem).
 */
export async function alarmWorkbook(run: { tbm_code: string; time_zone: string }, alarms: readonly Alarm[], language: Language): Promise<{ fileName: string; body: Buffer }> {
  const at = zoneFormatter(run.time_zone);
  const time = (ts: number | null) => (ts === null ? null : at(ts, DATE_FORMATS.dateTimeSeconds));
  const col = (name: string, width: number, value: ExcelColumn<Alarm>['value'], format?: ExcelColumn<Alarm>['format']): ExcelColumn<Alarm> => ({
    header: `alarm.export.column.${name}` as MessageKey,
    width,
    value,
    ...(format ? { format } : {}),
  });
  const columns: ExcelColumn<Alarm>[] = [
    col('number', 8, (a) => a.number, 'integer'),
    col('start', 20, (a) => time(a.startTs)),
    col('end', 20, (a) => time(a.endTs)),
    col('faultTime', 20, (a) => time(a.faultTs)),
    col('name', 28, (a) => a.name),
    col('content', 48, (a) => a.content),
    col('level', 10, (a) => t(language, `alarm.level.${a.level}` as MessageKey)),
    col('state', 22, (a) => t(language, `alarm.state.${a.state}` as MessageKey)),
    col('subsystem', 18, (a) => (a.subsystem ? t(language, `telemetry.subsystem.${a.subsystem}` as MessageKey) : null)),
    col('ring', 8, (a) => a.ringNo, 'integer'),
    col('shift', 18, (a) => (a.shiftDate && a.shiftNo ? t(language, 'alarm.export.shiftOf', { date: a.shiftDate, no: a.shiftNo }) : null)),
    col('startChainage', 14, (a) => a.startChainage, 'decimal3'),
    col('endChainage', 14, (a) => a.endChainage, 'decimal3'),
    col('point', 28, (a) => a.point),
    col('plcVariable', 22, (a) => a.plcVariable),
    col('address', 14, (a) => a.address),
    col('value', 12, (a) => a.value),
    col('peak', 12, (a) => a.peakValue),
    col('limit', 12, (a) => a.limit),
    col('unit', 8, (a) => a.unit),
    col('ackedAt', 20, (a) => time(a.ackedAt)),
    col('ackedBy', 16, (a) => a.ackedBy?.name ?? null),
    col('ackComment', 30, (a) => a.ackComment),
    col('assignee', 16, (a) => a.assignee?.name ?? null),
    col('repairSuggestion', 48, (a) => a.repairSuggestion),
    col('workingHours', 10, (a) => a.workingHours, 'decimal1'),
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
