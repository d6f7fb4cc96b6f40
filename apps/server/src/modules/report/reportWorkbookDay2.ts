import type { Language, periodReportContract } from '@boreline/contracts';
import { ReportWorkbook } from '../../core/excel.js';
import { t } from '../../core/i18n.js';
import { keyFigures, periodText, shiftColumns, stopReasonColumns, titleBlock } from './reportWorkbookShared.js';

/**
 * The second daily layout: a one-page summary for the client, printed on one A4 portrait page
 * whatever its length — key figures, the shifts of the day, and why the machine stood still.
 */
export async function day2Workbook(report: periodReportContract.PeriodReport, language: Language): Promise<Buffer> {
  const book = new ReportWorkbook(language);
  const shifts = shiftColumns(report.timeZone);
  const sheet = book.sheet({
    name: t(language, 'report.sheet.daily'),
    // The first column also holds the stop reasons' names.
    widths: shifts.map((c, i) => (i === 0 ? 28 : c.width)),
    orientation: 'portrait',
    fitTo: { width: 1, height: 1 },
  });
  titleBlock(sheet, language, t(language, 'report.export.day2Title'), report, { label: t(language, 'report.export.date'), value: periodText(report) });
  sheet.title(t(language, 'report.export.keyFigures'));
  // Labels are long; three merged columns keep them whole next to their value.
  sheet.pairs(keyFigures(report, language), 3);
  sheet.blank();
  sheet.title(t(language, 'report.sheet.shifts'));
  await sheet.table(shifts, report.shifts);
  sheet.blank();
  sheet.title(t(language, 'report.sheet.stopReasons'));
  await sheet.table(stopReasonColumns(language), report.stopReasons);
  sheet.commit();
  return book.toBuffer();
}
