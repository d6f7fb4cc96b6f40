import type { Language, stockContract } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import type { z } from 'zod';
import { type ExcelColumn, ReportWorkbook } from '../../core/excel.js';
import { t } from '../../core/i18n.js';

type CurrentRow = stockContract.CurrentStockRow;
type ConsumptionRow = z.infer<typeof stockContract.ConsumptionRowSchema>;
type Work = z.infer<typeof stockContract.WorkSchema>;

interface RunNames {
  project_name: string;
  tbm_code: string;
}

/** A stock-out line as the consumption export lists it. */
export interface OutLine {
  date: string;
  name: string;
  code: string;
  unit: string | null;
  quantity: number;
  remark: string | null;
}

const col = <R>(header: MessageKey, width: number, value: ExcelColumn<R>['value'], format?: ExcelColumn<R>['format']): ExcelColumn<R> => ({ header, width, value, ...(format ? { format } : {}) });

const fileStem = (language: Language, key: MessageKey, run: RunNames): string => `${t(language, key)}_${run.tbm_code.trim().replace(/\s+/g, '-')}`;

/**
 * The current stock as one sheet in the caller's language: one row per part in the page's order,
 * with stock, warning line, suggested line, days of cover and the pace they come from. Named
 * `<current-stock>_<TBM>_<YYYYMMDD>.xlsx` (the project's day of the export).
 */
export async function currentStockWorkbook(
  run: RunNames,
  rows: readonly CurrentRow[],
  pace: { days: number; rings: number; plannedRingsPerDay: number | null },
  language: Language,
  today: string,
): Promise<{ fileName: string; body: Buffer }> {
  const state = (r: CurrentRow): string | null =>
    r.outOfStock ? t(language, 'stockAnalysis.state.outOfStock') : r.belowLine ? t(language, 'stockAnalysis.state.belowLine') : null;
  const columns: ExcelColumn<CurrentRow>[] = [
    col('stockAnalysis.export.code', 16, (r) => r.code),
    col('stockAnalysis.export.name', 28, (r) => r.name),
    col('stockAnalysis.export.unit', 8, (r) => r.unit),
    col('stockAnalysis.export.system', 18, (r) => r.system),
    col('stockAnalysis.export.stock', 10, (r) => r.stock, 'decimal3'),
    col('stockAnalysis.export.warningLine', 12, (r) => r.warningLine, 'decimal3'),
    col('stockAnalysis.export.suggestedLine', 12, (r) => r.suggestedLine, 'decimal3'),
    col('stockAnalysis.export.daysOfCover', 12, (r) => r.daysOfCover, 'decimal1'),
    col('stockAnalysis.export.perDay', 12, (r) => r.perDay, 'decimal3'),
    col('stockAnalysis.export.perRing', 12, (r) => r.perRing, 'decimal3'),
    col('stockAnalysis.export.leadTime', 12, (r) => r.leadTimeUsed, 'decimal1'),
    col('stockAnalysis.export.lastIn', 12, (r) => r.lastIn),
    col('stockAnalysis.export.lastOut', 12, (r) => r.lastOut),
    col('stockAnalysis.export.state', 16, state),
  ];
  const book = new ReportWorkbook(language);
  const name = t(language, 'stockAnalysis.export.currentSheet');
  const sheet = book.sheet({ name, widths: columns.map((c) => c.width), orientation: 'landscape', frozenRows: 4, fitTo: { width: 1, height: 0 } });
  sheet.title(`${name} — ${run.project_name} ${run.tbm_code}`);
  sheet.pairs([
    {
      label: t(language, 'stockAnalysis.export.paceWindow'),
      value: t(language, 'stockAnalysis.export.paceText', { days: pace.days, rings: pace.rings, planned: pace.plannedRingsPerDay ?? '—' }),
    },
  ]);
  sheet.blank();
  await sheet.table(columns, rows);
  sheet.commit();
  return { fileName: `${fileStem(language, 'stockAnalysis.export.currentFile', run)}_${today.replaceAll('-', '')}.xlsx`, body: await book.toBuffer() };
}

/**
 * Consumption over a period in the caller's language. The first sheet lists each stock-out line in
 * the `stmstk` template's columns, header on the first row, so the file imports again; the second
 * sheet holds the machine's work and the figures per part. Named `<consumption>_<TBM>_<from>_<to>.xlsx`.
 */
export async function consumptionWorkbook(
  run: RunNames,
  period: { from: string; to: string; work: Work; rows: readonly ConsumptionRow[]; lines: readonly OutLine[] },
  language: Language,
): Promise<{ fileName: string; body: Buffer }> {
  const book = new ReportWorkbook(language);
  const lineColumns: ExcelColumn<OutLine>[] = [
    col('imports.column.partName', 28, (l) => l.name),
    col('imports.column.partNumber', 16, (l) => l.code),
    col('imports.column.unit', 10, (l) => l.unit),
    col('imports.column.quantity', 10, (l) => l.quantity, 'decimal3'),
    col('imports.column.date', 14, (l) => l.date),
    col('imports.column.remark', 30, (l) => l.remark),
  ];
  const lines = book.sheet({ name: t(language, 'stockAnalysis.export.linesSheet'), widths: lineColumns.map((c) => c.width), orientation: 'portrait', frozenRows: 1, fitTo: { width: 1, height: 0 } });
  await lines.table(lineColumns, period.lines);
  lines.commit();

  const partColumns: ExcelColumn<ConsumptionRow>[] = [
    col('stockAnalysis.export.code', 16, (r) => r.code),
    col('stockAnalysis.export.name', 28, (r) => r.name),
    col('stockAnalysis.export.unit', 8, (r) => r.unit),
    col('stockAnalysis.export.system', 18, (r) => r.system),
    col('stockAnalysis.export.used', 12, (r) => r.used, 'decimal3'),
    col('stockAnalysis.export.sheets', 10, (r) => r.sheets, 'integer'),
    col('stockAnalysis.export.perRing', 12, (r) => r.perRing, 'decimal3'),
    col('stockAnalysis.export.perMetre', 12, (r) => r.perMetre, 'decimal3'),
    col('stockAnalysis.export.per100m3', 12, (r) => r.per100m3, 'decimal3'),
    col('stockAnalysis.export.perDay', 12, (r) => r.perDay, 'decimal3'),
  ];
  const name = t(language, 'stockAnalysis.export.partsSheet');
  const parts = book.sheet({ name, widths: partColumns.map((c) => c.width), orientation: 'landscape', frozenRows: 7, fitTo: { width: 1, height: 0 } });
  parts.title(`${name} — ${run.project_name} ${run.tbm_code}`);
  const { work } = period;
  parts.pairs(
    [
      { label: t(language, 'stockAnalysis.export.period'), value: `${period.from} – ${period.to}` },
      { label: t(language, 'stockAnalysis.export.rings'), value: work.rings, format: 'integer' },
      { label: t(language, 'stockAnalysis.export.metres'), value: work.metres, format: 'decimal2' },
      { label: t(language, 'stockAnalysis.export.volume'), value: work.volumeM3, format: 'decimal1' },
    ],
    2,
  );
  parts.blank();
  await parts.table(partColumns, period.rows);
  parts.commit();
  const stem = fileStem(language, 'stockAnalysis.export.consumptionFile', run);
  return { fileName: `${stem}_${period.from.replaceAll('-', '')}_${period.to.replaceAll('-', '')}.xlsx`, body: await book.toBuffer() };
}
