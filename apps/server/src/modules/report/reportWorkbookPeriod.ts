import type { Language, periodReportContract } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { type ReportSheet, ReportWorkbook } from '../../core/excel.js';
import { t } from '../../core/i18n.js';
import { ALARM_SHEET_WIDTHS, writeNotableAlarms } from './reportWorkbookAlarms.js';
import { DAY_COLUMNS, keyFigures, periodText, ringColumns, shiftColumns, stopReasonColumns, TITLE_BLOCK_ROWS, titleBlock } from './reportWorkbookShared.js';

type PeriodReport = periodReportContract.PeriodReport;

const TITLES: Record<PeriodReport['unit'], MessageKey> = { day: 'report.nav.day', week: 'report.nav.week', month: 'report.nav.month' };

/**
 * A daily, weekly or monthly report: the summary of key figures, then one sheet each for the days
 * (weeks and months), shifts, rings, stop reasons and the notable alarms (where the server keeps
 * alarms), every sheet with the same title block.
 */
export async function periodWorkbook(report: PeriodReport, language: Language): Promise<Buffer> {
  const book = new ReportWorkbook(language);
  const title = t(language, TITLES[report.unit]);
  const scope = { label: t(language, 'report.export.period'), value: periodText(report) };

  const summary = book.sheet({ name: t(language, 'report.sheet.summary'), widths: [36, 16], orientation: 'portrait', fitTo: { width: 1, height: 1 } });
  titleBlock(summary, language, title, report, scope);
  summary.pairs(keyFigures(report, language));
  summary.commit();

  const listSheet = async (name: MessageKey, columns: readonly { width: number }[], write: (sheet: ReportSheet) => Promise<void>) => {
    const sheet = book.sheet({
      name: t(language, name),
      widths: columns.map((c) => c.width),
      orientation: columns.length > 12 ? 'landscape' : 'portrait',
      frozenRows: TITLE_BLOCK_ROWS + 1,
      fitTo: { width: 1, height: 0 },
    });
    titleBlock(sheet, language, title, report, scope);
    await write(sheet);
    sheet.commit();
  };

  if (report.unit !== 'day') await listSheet('report.sheet.days', DAY_COLUMNS, (s) => s.table(DAY_COLUMNS, report.days));
  const shifts = shiftColumns(report.timeZone);
  await listSheet('report.sheet.shifts', shifts, (s) => s.table(shifts, report.shifts));
  const rings = ringColumns(report.timeZone);
  await listSheet('report.sheet.rings', rings, (s) => s.table(rings, report.rings));
  const reasons = stopReasonColumns(language);
  await listSheet('report.sheet.stopReasons', reasons, (s) => s.table(reasons, report.stopReasons));
  const alarms = report.notableAlarms;
  if (alarms) await listSheet('report.sheet.alarms', ALARM_SHEET_WIDTHS.map((width) => ({ width })), (s) => writeNotableAlarms(s, alarms, report.timeZone, language));
  return book.toBuffer();
}
