import type { Language, mtcePlanContract } from '@boreline/contracts';
import type { z } from 'zod';
import { type ExcelColumn, ReportWorkbook } from '../../core/excel.js';
import { t } from '../../core/i18n.js';

type ComplianceRow = z.output<typeof mtcePlanContract.ComplianceRowSchema>;

/** Compliance per system and month (10 % rule) as one sheet in the caller's language; the share as a percentage cell. */
export async function complianceWorkbook(title: string, rows: readonly ComplianceRow[], language: Language): Promise<Buffer> {
  const columns: ExcelColumn<ComplianceRow>[] = [
    { header: 'maintenance.export.system', width: 24, value: (r) => r.system },
    { header: 'maintenance.export.month', width: 10, value: (r) => r.month },
    { header: 'maintenance.export.due', width: 12, value: (r) => r.due, format: 'integer' },
    { header: 'maintenance.export.onTime', width: 12, value: (r) => r.onTime, format: 'integer' },
    { header: 'maintenance.export.percent', width: 14, value: (r) => (r.percent === null ? null : r.percent / 100), format: 'percent' },
  ];
  const book = new ReportWorkbook(language);
  const sheet = book.sheet({ name: t(language, 'maintenance.export.sheet'), widths: columns.map((c) => c.width), orientation: 'portrait', frozenRows: 3, fitTo: { width: 1, height: 0 } });
  sheet.title(title);
  sheet.blank();
  await sheet.table(columns, rows);
  sheet.commit();
  return book.toBuffer();
}
