import { type importsContract, type Language, stockContract } from '@boreline/contracts';
import type { Readable } from 'node:stream';
import type { AuthSession } from '../../core/auth.js';
import { AppError } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import type { ImportedRow, ImportService } from '../imports/index.js';
import { fromMilli, toMilli } from './ledger.js';
import type { StockService } from './stock.service.js';
import type { StockAnalysis } from './stockAnalysis.js';

type Row = ImportedRow<'stmstk'>;
type Refusal = importsContract.ImportRefusal;

const LIMITS = stockContract.STOCK_LIMITS;
const hasAtMostThreeDecimals = (value: number): boolean => Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6;

/** The stock-outs an import makes: one per date (split when a date names more parts than a sheet holds), the file's rows of each. */
export interface DateSheet {
  date: string;
  rows: number[];
  remark: string | null;
  details: { partId: number; quantity: number }[];
}

/** Groups accepted rows by date (ascending), each part once per sheet (quantities of a part on a date added up). */
export function sheetsOfRows(rows: readonly { row: number; partId: number; milli: number; date: string; remark: string | null }[]): DateSheet[] {
  const byDate = new Map<string, typeof rows>();
  for (const row of rows) byDate.set(row.date, [...(byDate.get(row.date) ?? []), row]);
  const sheets: DateSheet[] = [];
  for (const date of [...byDate.keys()].sort()) {
    const dayRows = byDate.get(date) ?? [];
    const byPart = new Map<number, { milli: number; rows: number[] }>();
    for (const r of dayRows) {
      const line = byPart.get(r.partId) ?? { milli: 0, rows: [] };
      line.milli += r.milli;
      line.rows.push(r.row);
      byPart.set(r.partId, line);
    }
    const remarks = [...new Set(dayRows.map((r) => r.remark).filter((r): r is string => r !== null && r.trim() !== ''))];
    const remark = remarks.length === 0 ? null : remarks.join('; ').slice(0, LIMITS.remarkMaxLength);
    const lines = [...byPart.entries()];
    for (let i = 0; i < lines.length; i += LIMITS.linesMax) {
      const chunk = lines.slice(i, i + LIMITS.linesMax);
      sheets.push({
        date,
        rows: chunk.flatMap(([, l]) => l.rows).sort((a, b) => a - b),
        remark,
        details: chunk.map(([partId, l]) => ({ partId, quantity: fromMilli(l.milli) })),
      });
    }
  }
  return sheets;
}

/**
 * The `stmstk` consumption import of a run. Each row names a part by number (its name must match,
 * case aside), a quantity and a date not in the future; a row taking more than the stock left
 * (after the file's earlier rows) is refused at its row, naming the part. The rows kept become one
 * stock-out per date through the store's `addStockOut`, issued and received by the importing user.
 */
export async function importConsumption(
  analysis: StockAnalysis,
  stock: StockService,
  imports: ImportService,
  session: AuthSession,
  input: { runId: number; mode: importsContract.ImportMode; progressKey?: string | undefined; file: Uint8Array | Readable; language: Language },
): Promise<importsContract.ImportReport> {
  const { language } = input;
  const run = await analysis.require(session, input.runId, 'stock.record.write');
  const accepted = new Map<number, { row: number; partId: number; milli: number; date: string; remark: string | null }>();

  const judge = async (rows: readonly Row[]): Promise<Refusal[]> => {
    const parts = await analysis.parts(run.id);
    const byCode = new Map(parts.map((p) => [p.code.trim().toLowerCase(), p]));
    const left = new Map(parts.map((p) => [Number(p.id), Number(p.stock_milli)]));
    const today = analysis.today(run);
    const refused: Refusal[] = [];
    const refuse = (row: number, message: string) => refused.push({ row, column: null, message });
    for (const { row, values: v } of [...rows].sort((a, b) => a.row - b.row)) {
      const part = byCode.get(v.partNumber.trim().toLowerCase());
      if (!part) {
        refuse(row, t(language, 'stockAnalysis.refused.unknownPart', { code: v.partNumber }));
        continue;
      }
      if (part.name.trim().toLowerCase() !== v.partName.trim().toLowerCase()) {
        refuse(row, t(language, 'stockAnalysis.refused.nameMismatch', { code: part.code, name: part.name }));
        continue;
      }
      if (v.date > today) {
        refuse(row, t(language, 'stockAnalysis.refused.futureDate'));
        continue;
      }
      if (!hasAtMostThreeDecimals(v.quantity)) {
        refuse(row, t(language, 'stockAnalysis.refused.decimals'));
        continue;
      }
      const milli = toMilli(v.quantity);
      const id = Number(part.id);
      const stockLeft = left.get(id) ?? 0;
      if (milli > stockLeft) {
        refuse(row, t(language, 'stockAnalysis.refused.tooMuch', { name: part.name, code: part.code, left: fromMilli(stockLeft) }));
        continue;
      }
      left.set(id, stockLeft - milli);
      accepted.set(row, { row, partId: id, milli, date: v.date, remark: v.remark });
    }
    return refused;
  };

  let kept: number[] = [];
  const report = await imports.run({
    kind: 'stmstk',
    file: input.file,
    language,
    mode: input.mode,
    ...(input.progressKey ? { progress: { userId: session.userId, progressKey: input.progressKey } } : {}),
    review: judge,
    // The rows are only taken here: the stock-outs go through the store's own transactions (SQLite
    // has one connection, so they cannot be written inside the import's), right after.
    write: async (rows) => {
      kept = rows.map((r) => r.row);
    },
  });
  if (report.imported === 0 || kept.length === 0) return report;

  const user = await analysis.userName(session.userId);
  const sheets = sheetsOfRows(kept.map((row) => accepted.get(row)).filter((r) => r !== undefined));
  let imported = report.imported;
  const refused = [...report.refused];
  for (const sheet of sheets) {
    try {
      await stock.addStockOut(
        session,
        { runId: run.id, number: null, date: sheet.date, recipient: user, issuer: user, remark: sheet.remark, maintenanceRecordId: null, details: sheet.details },
        language,
      );
    } catch (error) {
      // Stock taken by someone else since the check: this date's rows are refused, the rest stand.
      if (!(error instanceof AppError)) throw error;
      const message = t(language, error.messageKey, error.params);
      for (const row of sheet.rows) refused.push({ row, column: null, message });
      imported -= sheet.rows.length;
    }
  }
  refused.sort((a, b) => a.row - b.row);
  return { ...report, imported, refused };
}
