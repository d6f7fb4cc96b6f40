import { DATE_FORMATS, dictionaryContract, type Language } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { MACHINE_STATUS_KEYS, WORK_PROCESS_KEYS } from '@boreline/i18n/dictionaryKeys';
import { durationValue, type ExcelColumn, zoneFormatter, ReportWorkbook } from '../../core/excel.js';
import { t } from '../../core/i18n.js';
import type { ShiftRecordRow, ShiftReportRow } from './shiftReport.repo.js';
import { displayDate, type ReportHead, stopReasonName, TITLE_BLOCK_ROWS, titleBlock } from './reportWorkbookShared.js';
import { stopReasonOf, workProcessOf as processOf } from './shiftRecords.js';
import { reportShiftName } from './shiftSlots.js';

/** One shift report with what the machine recorded during the shift. */
export interface ShiftExport {
  head: ReportHead;
  report: ShiftReportRow;
  records: readonly ShiftRecordRow[];
  machine: { advanceMs: number; ringBuildMs: number; waitingMs: number; rings: number; metres: number };
}

const PROCESS_NAMES: Record<dictionaryContract.WorkProcess, MessageKey> = WORK_PROCESS_KEYS;

const MACHINE_STATUS_NAMES: Record<(typeof dictionaryContract.MACHINE_STATUSES)[number], MessageKey> = MACHINE_STATUS_KEYS;

const machineStatusOf = (code: string | null) => dictionaryContract.MACHINE_STATUSES.find((s) => s === code) ?? null;

/** What a record is: its process, or its stop reason ("not explained" while it has none). */
function itemName(language: Language, kind: string, code: string | null): string {
  if (kind !== 'stop') {
    const process = processOf(code);
    return process === null ? (code ?? '') : t(language, PROCESS_NAMES[process]);
  }
  return stopReasonName(language, stopReasonOf(code));
}

const kindName = (language: Language, kind: string) => t(language, kind === 'stop' ? 'report.export.kindStop' : 'report.export.kindProcess');

interface StatLine {
  kind: string;
  code: string | null;
  durationMs: number;
  count: number;
}

/** Time per process and per stop reason, processes first, each by time. */
function statLines(records: readonly ShiftRecordRow[]): StatLine[] {
  const lines = new Map<string, StatLine>();
  for (const r of records) {
    const code = r.kind === 'stop' ? r.stop_reason : r.process;
    const key = `${r.kind}:${code ?? ''}`;
    const line = lines.get(key) ?? { kind: r.kind, code, durationMs: 0, count: 0 };
    line.durationMs += r.end_ts - r.start_ts;
    line.count += 1;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => (a.kind === b.kind ? b.durationMs - a.durationMs : a.kind === 'process' ? -1 : 1));
}

/** A shift report: its main fields, its records, and the statistics of its time. */
export async function shiftWorkbook(data: ShiftExport, language: Language): Promise<Buffer> {
  const { head, report, records, machine } = data;
  const tz = head.timeZone;
  const format = zoneFormatter(tz);
  const at = (ts: number) => format(ts, DATE_FORMATS.dateTime);
  const shiftMs = report.end_ts - report.start_ts;
  const book = new ReportWorkbook(language);
  const title = t(language, 'report.nav.shift');
  const scope = { label: t(language, 'report.column.shift'), value: `${displayDate(report.date)} ${reportShiftName(report, language)}` };
  const status = machineStatusOf(report.machine_status);

  const main = book.sheet({ name: t(language, 'report.sheet.shift'), widths: [24, 40], orientation: 'portrait', fitTo: { width: 1, height: 1 } });
  titleBlock(main, language, title, head, scope);
  main.pairs([
    { label: t(language, 'report.export.date'), value: displayDate(report.date) },
    { label: t(language, 'report.column.shift'), value: reportShiftName(report, language) },
    { label: t(language, 'report.column.start'), value: at(report.start_ts) },
    { label: t(language, 'report.column.end'), value: at(report.end_ts) },
    { label: t(language, 'report.column.leader'), value: report.leader },
    { label: t(language, 'report.column.headcount'), value: report.headcount, format: 'integer' },
    { label: t(language, 'report.export.ringStart'), value: report.ring_start, format: 'integer' },
    { label: t(language, 'report.export.ringEnd'), value: report.ring_end, format: 'integer' },
    { label: t(language, 'report.export.machineStatus'), value: status === null ? report.machine_status : t(language, MACHINE_STATUS_NAMES[status]) },
    { label: t(language, 'report.column.remark'), value: report.remark },
    { label: t(language, 'report.export.handover'), value: report.handover },
  ]);
  main.commit();

  const recordColumns: ExcelColumn<ShiftRecordRow>[] = [
    { header: 'report.column.kind', width: 10, value: (r) => kindName(language, r.kind) },
    { header: 'report.column.item', width: 28, value: (r) => itemName(language, r.kind, r.kind === 'stop' ? r.stop_reason : r.process) },
    { header: 'report.column.start', width: 17, value: (r) => at(r.start_ts) },
    { header: 'report.column.end', width: 17, value: (r) => at(r.end_ts) },
    { header: 'report.column.duration', width: 10, value: (r) => durationValue(r.end_ts - r.start_ts), format: 'duration' },
    { header: 'report.column.share', width: 9, value: (r) => (shiftMs > 0 ? (r.end_ts - r.start_ts) / shiftMs : 0), format: 'percent' },
    { header: 'report.column.remark', width: 30, value: (r) => r.remark },
  ];
  const list = book.sheet({ name: t(language, 'report.sheet.records'), widths: recordColumns.map((c) => c.width), orientation: 'portrait', frozenRows: TITLE_BLOCK_ROWS + 1, fitTo: { width: 1, height: 0 } });
  titleBlock(list, language, title, head, scope);
  await list.table(recordColumns, records);
  list.commit();

  const processMs = records.filter((r) => r.kind !== 'stop').reduce((sum, r) => sum + r.end_ts - r.start_ts, 0);
  const stopMs = records.filter((r) => r.kind === 'stop').reduce((sum, r) => sum + r.end_ts - r.start_ts, 0);
  const ms = (label: MessageKey, value: number) => ({ label: t(language, label), value: durationValue(value), format: 'duration' as const });
  const stats = book.sheet({ name: t(language, 'report.sheet.statistics'), widths: [28, 28, 12, 10, 8], orientation: 'portrait', fitTo: { width: 1, height: 1 } });
  titleBlock(stats, language, title, head, scope);
  stats.pairs([
    ms('report.export.shiftLength', shiftMs),
    ms('report.export.processTime', processMs),
    ms('report.export.stopTime', stopMs),
    ms('report.period.unrecordedTime', Math.max(0, shiftMs - processMs - stopMs)),
    { label: t(language, 'report.export.unexplainedStops'), value: records.filter((r) => r.kind === 'stop' && stopReasonOf(r.stop_reason) === null).length, format: 'integer' },
  ]);
  stats.blank();
  const statColumns: ExcelColumn<StatLine>[] = [
    { header: 'report.column.kind', width: 28, value: (l) => kindName(language, l.kind) },
    { header: 'report.column.item', width: 28, value: (l) => itemName(language, l.kind, l.code) },
    { header: 'report.column.duration', width: 12, value: (l) => durationValue(l.durationMs), format: 'duration' },
    { header: 'report.column.share', width: 10, value: (l) => (shiftMs > 0 ? l.durationMs / shiftMs : 0), format: 'percent' },
    { header: 'report.column.count', width: 8, value: (l) => l.count, format: 'integer' },
  ];
  await stats.table(statColumns, statLines(records));
  stats.blank();
  stats.title(t(language, 'report.export.machineData'));
  stats.pairs([
    ms('report.period.advanceTime', machine.advanceMs),
    ms('report.period.ringBuildTime', machine.ringBuildMs),
    ms('report.period.waitingTime', machine.waitingMs),
    { label: t(language, 'report.period.actualRings'), value: machine.rings, format: 'integer' },
    { label: t(language, 'report.period.actualMetres'), value: machine.metres, format: 'decimal3' },
  ]);
  stats.commit();
  return book.toBuffer();
}
