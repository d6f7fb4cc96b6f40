import type { Language, periodReportContract } from '@boreline/contracts';
import { ReportWorkbook } from '../../core/excel.js';
import { t } from '../../core/i18n.js';
import { ringColumns, TITLE_BLOCK_ROWS, titleBlock } from './reportWorkbookShared.js';

/** The ring report as one landscape sheet: a title block, then one row per ring with every column, one page wide. */
export async function ringWorkbook(report: periodReportContract.RingReport, range: { ringStart: number; ringEnd: number }, language: Language): Promise<Buffer> {
  const book = new ReportWorkbook(language);
  const columns = ringColumns(report.timeZone);
  const sheet = book.sheet({
    name: t(language, 'report.sheet.rings'),
    widths: columns.map((c) => c.width),
    orientation: 'landscape',
    frozenRows: TITLE_BLOCK_ROWS + 1,
    fitTo: { width: 1, height: 0 },
  });
  titleBlock(sheet, language, t(language, 'report.nav.ring'), report, { label: t(language, 'report.export.rings'), value: `${range.ringStart} – ${range.ringEnd}` });
  await sheet.table(columns, report.rows);
  sheet.commit();
  return book.toBuffer();
}
