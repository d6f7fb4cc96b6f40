import { formatChainage, type Language, riskContract } from '@boreline/contracts';
import { type ExcelColumn, ReportWorkbook } from '../../core/excel.js';
import { t } from '../../core/i18n.js';

type RiskPoint = riskContract.RiskPoint;

/** The risk points as one sheet, headers and levels and states in the caller's language. */
export async function riskWorkbook(zones: readonly RiskPoint[], language: Language): Promise<Buffer> {
  const level = (value: riskContract.RiskLevel | null) => (value ? t(language, riskContract.RISK_LEVEL_KEYS[value]) : '');
  const columns: ExcelColumn<RiskPoint>[] = [
    { header: 'risk.field.code', width: 14, value: (z) => z.code },
    { header: 'risk.field.name', width: 28, value: (z) => z.name },
    { header: 'risk.field.position', width: 14, value: (z) => z.position, format: 'decimal3' },
    { header: 'risk.field.startChainage', width: 16, value: (z) => formatChainage(z.startChainage) },
    { header: 'risk.field.endChainage', width: 16, value: (z) => formatChainage(z.endChainage) },
    { header: 'risk.field.startRing', width: 10, value: (z) => z.startRing, format: 'integer' },
    { header: 'risk.field.endRing', width: 10, value: (z) => z.endRing, format: 'integer' },
    { header: 'risk.field.settlementLevel', width: 14, value: (z) => level(z.settlementLevel) },
    { header: 'risk.field.vibrationLevel', width: 14, value: (z) => level(z.vibrationLevel) },
    { header: 'risk.field.state', width: 14, value: (z) => t(language, riskContract.RISK_STATE_KEYS[z.state]) },
    { header: 'risk.field.ringsToGo', width: 10, value: (z) => z.ringsToGo, format: 'integer' },
    { header: 'risk.field.pictures', width: 10, value: (z) => z.pictureCount, format: 'integer' },
    { header: 'risk.field.remark', width: 30, value: (z) => z.remark },
    { header: 'risk.field.description', width: 50, value: (z) => z.description },
  ];
  const book = new ReportWorkbook(language);
  const sheet = book.sheet({ name: t(language, 'risk.export.sheet'), widths: columns.map((c) => c.width), orientation: 'landscape', frozenRows: 1, fitTo: { width: 1, height: 0 } });
  await sheet.table(columns, zones);
  sheet.commit();
  return book.toBuffer();
}
