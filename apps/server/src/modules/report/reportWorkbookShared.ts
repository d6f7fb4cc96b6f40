import { DATE_FORMATS, type dictionaryContract, type Language, type periodReportContract } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { STOP_REASON_KEYS } from '@boreline/i18n/dictionaryKeys';
import { durationValue, type ExcelColumn, zoneFormatter, type LabelledValue, type ReportSheet } from '../../core/excel.js';
import { t } from '../../core/i18n.js';
import { parseLocalDate } from '../../core/timeZone.js';

type RingReportRow = periodReportContract.RingReportRow;
type PeriodReport = periodReportContract.PeriodReport;
type PeriodShift = PeriodReport['shifts'][number];
type PeriodDay = PeriodReport['days'][number];
type StopReasonLine = PeriodReport['stopReasons'][number];

/** What every report's title block names. */
export interface ReportHead {
  projectName: string;
  tbmCode: string;
  timeZone: string;
}

/** Rows of a title block: the title, four lines, a blank row. A table below has its header on the next row. */
export const TITLE_BLOCK_ROWS = 6;

/** Title, project, TBM, what the report covers and the zone its times are given in. */
export function titleBlock(sheet: ReportSheet, language: Language, title: string, head: ReportHead, scope: LabelledValue): void {
  sheet.title(title);
  sheet.pairs([
    { label: t(language, 'report.export.project'), value: head.projectName },
    { label: t(language, 'report.export.tbm'), value: head.tbmCode },
    scope,
    { label: t(language, 'report.export.timeZone'), value: head.timeZone },
  ]);
  sheet.blank();
}

/** A local date 'YYYY-MM-DD' in the spec's DD/MM/YYYY. */
export function displayDate(date: string): string {
  const d = parseLocalDate(date);
  return `${String(d.d).padStart(2, '0')}/${String(d.m).padStart(2, '0')}/${String(d.y).padStart(4, '0')}`;
}

export const periodText = (report: { firstDate: string; lastDate: string }): string =>
  report.firstDate === report.lastDate ? displayDate(report.firstDate) : `${displayDate(report.firstDate)} – ${displayDate(report.lastDate)}`;

/** Every field of a ring row; dates as text on the project's wall clock. */
export function ringColumns(timeZone: string): ExcelColumn<RingReportRow>[] {
  const format = zoneFormatter(timeZone);
  const at = (ts: number) => format(ts, DATE_FORMATS.dateTime);
  return [
    { header: 'report.column.ringNo', width: 9, value: (r) => r.ringNo, format: 'integer' },
    { header: 'report.column.start', width: 17, value: (r) => at(r.start) },
    { header: 'report.column.end', width: 17, value: (r) => at(r.end) },
    { header: 'report.column.duration', width: 10, value: (r) => durationValue(r.durationMs), format: 'duration' },
    { header: 'report.column.advance', width: 10, value: (r) => durationValue(r.advanceMs), format: 'duration' },
    { header: 'report.column.ringBuild', width: 10, value: (r) => durationValue(r.ringBuildMs), format: 'duration' },
    { header: 'report.column.waiting', width: 10, value: (r) => durationValue(r.waitingMs), format: 'duration' },
    { header: 'report.column.startChainage', width: 12, value: (r) => r.startChainage, format: 'decimal3' },
    { header: 'report.column.endChainage', width: 12, value: (r) => r.endChainage, format: 'decimal3' },
    { header: 'report.column.thrustAvg', width: 12, value: (r) => r.thrustAvg, format: 'decimal1' },
    { header: 'report.column.thrustMax', width: 12, value: (r) => r.thrustMax, format: 'decimal1' },
    { header: 'report.column.torqueAvg', width: 12, value: (r) => r.torqueAvg, format: 'decimal1' },
    { header: 'report.column.torqueMax', width: 12, value: (r) => r.torqueMax, format: 'decimal1' },
    { header: 'report.column.speedAvg', width: 12, value: (r) => r.speedAvg, format: 'decimal1' },
    { header: 'report.column.speedMax', width: 12, value: (r) => r.speedMax, format: 'decimal1' },
    { header: 'report.column.penetrationAvg', width: 12, value: (r) => r.penetrationAvg, format: 'decimal1' },
    { header: 'report.column.facePressureAvg', width: 12, value: (r) => r.facePressureAvg, format: 'decimal2' },
    { header: 'report.column.groutVolume', width: 12, value: (r) => r.groutVolume, format: 'decimal2' },
    { header: 'report.column.groutPressureAvg', width: 12, value: (r) => r.groutPressureAvg, format: 'decimal2' },
    { header: 'report.column.foamVolume', width: 12, value: (r) => r.foamVolume, format: 'decimal2' },
    { header: 'report.column.bentoniteVolume', width: 12, value: (r) => r.bentoniteVolume, format: 'decimal2' },
    { header: 'report.column.headHorizontal', width: 11, value: (r) => r.headHorizontal, format: 'integer' },
    { header: 'report.column.headVertical', width: 11, value: (r) => r.headVertical, format: 'integer' },
    { header: 'report.column.tailHorizontal', width: 11, value: (r) => r.tailHorizontal, format: 'integer' },
    { header: 'report.column.tailVertical', width: 11, value: (r) => r.tailVertical, format: 'integer' },
    { header: 'report.column.segmentType', width: 11, value: (r) => r.segmentType },
    { header: 'report.column.keyPosition', width: 10, value: (r) => r.keyPosition },
    { header: 'report.column.tailGapTop', width: 11, value: (r) => r.tailGapTop, format: 'integer' },
    { header: 'report.column.tailGapBottom', width: 11, value: (r) => r.tailGapBottom, format: 'integer' },
    { header: 'report.column.tailGapLeft', width: 11, value: (r) => r.tailGapLeft, format: 'integer' },
    { header: 'report.column.tailGapRight', width: 11, value: (r) => r.tailGapRight, format: 'integer' },
  ];
}

export function shiftColumns(timeZone: string): ExcelColumn<PeriodShift>[] {
  const format = zoneFormatter(timeZone);
  const at = (ts: number) => format(ts, DATE_FORMATS.dateTime);
  return [
    { header: 'report.column.date', width: 12, value: (s) => displayDate(s.date) },
    { header: 'report.column.shift', width: 16, value: (s) => s.shiftName },
    { header: 'report.column.start', width: 17, value: (s) => at(s.start) },
    { header: 'report.column.end', width: 17, value: (s) => at(s.end) },
    { header: 'report.column.leader', width: 18, value: (s) => s.leader },
    { header: 'report.column.headcount', width: 10, value: (s) => s.headcount, format: 'integer' },
    { header: 'report.column.rings', width: 8, value: (s) => s.rings, format: 'integer' },
    { header: 'report.column.metres', width: 10, value: (s) => s.metres, format: 'decimal3' },
    { header: 'report.column.advance', width: 10, value: (s) => durationValue(s.advanceMs), format: 'duration' },
    { header: 'report.column.ringBuild', width: 10, value: (s) => durationValue(s.ringBuildMs), format: 'duration' },
    { header: 'report.column.waiting', width: 10, value: (s) => durationValue(s.waitingMs), format: 'duration' },
  ];
}

export const DAY_COLUMNS: ExcelColumn<PeriodDay>[] = [
  { header: 'report.column.date', width: 12, value: (d) => displayDate(d.date) },
  { header: 'report.column.plannedRings', width: 10, value: (d) => d.plannedRings, format: 'decimal1' },
  { header: 'report.column.rings', width: 8, value: (d) => d.rings, format: 'integer' },
  { header: 'report.column.metres', width: 10, value: (d) => d.metres, format: 'decimal3' },
  { header: 'report.column.advance', width: 10, value: (d) => durationValue(d.advanceMs), format: 'duration' },
  { header: 'report.column.ringBuild', width: 10, value: (d) => durationValue(d.ringBuildMs), format: 'duration' },
  { header: 'report.column.waiting', width: 10, value: (d) => durationValue(d.waitingMs), format: 'duration' },
];

const STOP_REASON_NAMES: Record<dictionaryContract.StopReason, MessageKey> = STOP_REASON_KEYS;

/** A stop reason's name; null is standby no shift report explains. */
export const stopReasonName = (language: Language, reason: dictionaryContract.StopReason | null): string =>
  t(language, reason === null ? 'report.period.unexplained' : STOP_REASON_NAMES[reason]);

export function stopReasonColumns(language: Language): ExcelColumn<StopReasonLine>[] {
  return [
    { header: 'report.column.reason', width: 28, value: (l) => stopReasonName(language, l.reason) },
    { header: 'report.column.duration', width: 12, value: (l) => durationValue(l.durationMs), format: 'duration' },
    { header: 'report.column.share', width: 10, value: (l) => l.share, format: 'percent' },
    { header: 'report.column.count', width: 8, value: (l) => l.count, format: 'integer' },
  ];
}

/** The key figures of a period, as label and value lines. */
export function keyFigures(report: PeriodReport, language: Language): LabelledValue[] {
  const ms = (label: MessageKey, value: number): LabelledValue => ({ label: t(language, label), value: durationValue(value), format: 'duration' });
  return [
    { label: t(language, 'report.period.plannedRings'), value: report.plan?.rings ?? null, format: 'decimal1' },
    { label: t(language, 'report.period.plannedMetres'), value: report.plan?.metres ?? null, format: 'decimal3' },
    { label: t(language, 'report.period.actualRings'), value: report.actual.rings, format: 'integer' },
    { label: t(language, 'report.period.actualMetres'), value: report.actual.metres, format: 'decimal3' },
    { label: t(language, 'report.period.cumulativeRings'), value: report.cumulative.rings, format: 'integer' },
    { label: t(language, 'report.period.cumulativeMetres'), value: report.cumulative.metres, format: 'decimal3' },
    { label: t(language, 'report.period.totalRings'), value: report.cumulative.plannedRings, format: 'integer' },
    { label: t(language, 'report.period.progress'), value: report.cumulative.progress, format: 'percent' },
    ms('report.period.advanceTime', report.times.advanceMs),
    ms('report.period.ringBuildTime', report.times.ringBuildMs),
    ms('report.period.waitingTime', report.times.waitingMs),
    ...(report.times.finishMs > 0 ? [ms('report.period.finishTime', report.times.finishMs)] : []),
    ms('report.period.unrecordedTime', report.times.unrecordedMs),
    { label: t(language, 'report.period.advanceRate'), value: report.rates.advance, format: 'percent' },
    { label: t(language, 'report.period.ringBuildRate'), value: report.rates.ringBuild, format: 'percent' },
    { label: t(language, 'report.period.waitingRate'), value: report.rates.waiting, format: 'percent' },
    { label: t(language, 'report.period.avgSpeed'), value: report.avgSpeed, format: 'decimal1' },
  ];
}

/** TBM codes name files: kept readable, made safe by the attachment header. */
export const fileStem = (kind: string, tbmCode: string): string => `${kind}_${tbmCode.trim().replace(/\s+/g, '-')}`;
