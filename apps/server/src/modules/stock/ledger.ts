import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The stock ledger: the one place where stock moves. A sheet is written with its lines and its
 * signed moves, and every part's `stock_milli` is changed by the same amount, in one transaction.
 * A move that would take a part below zero is refused by a conditional update (`stock_milli +
 * delta >= 0` in the statement itself): under concurrent stock-outs on PostgreSQL the row lock
 * orders them, on SQLite the single writer does, and in both exactly the stock there is gets
 * served. Parts are updated in id order, so two sheets naming the same parts cannot deadlock.
 *
 * Nothing here edits or deletes a sheet: a correction is a new sheet whose moves reverse the
 * replaced sheet's (dated with that sheet's date, so consumption stays on the day it happened).
 */

/** Quantities travel as decimals with at most three places and are kept as whole thousandths. */
export const toMilli = (quantity: number): number => Math.round(quantity * 1000);
export const fromMilli = (milli: number): number => Number(milli) / 1000;

export type SheetKind = 'in' | 'out';

export interface SheetHeader {
  runId: number;
  kind: SheetKind;
  number: string;
  inType: 'first' | 'restock' | null;
  date: string;
  reorderDate: string | null;
  handler: string;
  recipient: string | null;
  remark: string | null;
  mtceRecordId: number | null;
  correctsId: number | null;
  reason: string | null;
  enteredBy: number | null;
  enteredAt: number;
}

/** A line as entered: a part of the sheet's run and a positive quantity in thousandths. */
export interface LineMilli {
  partId: number;
  quantityMilli: number;
}

/** A signed move of the ledger, before it is written. */
export interface MoveMilli {
  partId: number;
  kind: SheetKind;
  date: string;
  quantityMilli: number;
}

/** A part that would go below zero: its id, the stock it has and what was asked of it. */
export class StockShortage extends Error {
  constructor(
    readonly partId: number,
    readonly stockMilli: number,
    readonly askedMilli: number,
  ) {
    super(`stock of part ${partId} is ${stockMilli} thousandths, ${askedMilli} asked`);
  }
}

/** A sheet number already used by the run for that kind, or a sheet already corrected (unique indexes). */
export class SheetConflict extends Error {
  constructor(readonly reason: 'number' | 'corrected') {
    super(`sheet conflict: ${reason}`);
  }
}

/** The moves of a sheet's lines: + for a stock-in, − for a stock-out. */
export const movesOfLines = (kind: SheetKind, date: string, lines: readonly LineMilli[]): MoveMilli[] =>
  lines.map((line) => ({ partId: line.partId, kind, date, quantityMilli: kind === 'in' ? line.quantityMilli : -line.quantityMilli }));

/** The moves that undo a sheet's moves (each negated, with its own date and kind). */
export const reversalOf = (moves: readonly MoveMilli[]): MoveMilli[] => moves.map((move) => ({ ...move, quantityMilli: -move.quantityMilli }));

/** The change of each part's stock a set of moves makes, by part id (ascending). */
export function netByPart(moves: readonly MoveMilli[]): Map<number, number> {
  const net = new Map<number, number>();
  for (const move of moves) net.set(move.partId, (net.get(move.partId) ?? 0) + move.quantityMilli);
  return new Map([...net.entries()].sort((a, b) => a[0] - b[0]));
}

const isUniqueViolation = (error: unknown): boolean => {
  const text = error instanceof Error ? `${error.message} ${(error as { code?: unknown }).code ?? ''}` : String(error);
  return /UNIQUE constraint failed|duplicate key value|23505|SQLITE_CONSTRAINT_UNIQUE/.test(text);
};

/**
 * Writes a sheet, its lines and its moves, and moves the parts' stock, all or nothing. `moves` are
 * the sheet's effect on the ledger (its lines' moves, plus the reversal of a replaced sheet's).
 * Throws `StockShortage` naming the first part that would go below zero (nothing is written), or
 * `SheetConflict` when the number is taken or the replaced sheet was corrected meanwhile. Answers
 * the new sheet's id and each touched part's stock after the sheet (thousandths).
 */
export async function writeSheet(
  db: Kysely<Database>,
  header: SheetHeader,
  lines: readonly LineMilli[],
  moves: readonly MoveMilli[],
): Promise<{ sheetId: number; stockAfter: Map<number, number> }> {
  try {
    return await db.transaction().execute((trx) => writeSheetIn(trx, header, lines, moves));
  } catch (error) {
    if (error instanceof StockShortage || error instanceof SheetConflict) throw error;
    if (isUniqueViolation(error)) {
      const message = error instanceof Error ? error.message : '';
      throw new SheetConflict(/corrects/.test(message) ? 'corrected' : 'number');
    }
    throw error;
  }
}

async function writeSheetIn(
  trx: Transaction<Database>,
  header: SheetHeader,
  lines: readonly LineMilli[],
  moves: readonly MoveMilli[],
): Promise<{ sheetId: number; stockAfter: Map<number, number> }> {
  const stockAfter = new Map<number, number>();
  // Stock first: a shortage writes nothing, and the row locks are taken in part order.
  for (const [partId, delta] of netByPart(moves)) {
    if (delta === 0) continue;
    const updated = await trx
      .updateTable('stock_parts')
      .set((eb) => ({ stock_milli: eb('stock_milli', '+', delta), updated_at: header.enteredAt }))
      .where('id', '=', partId)
      .where('run_id', '=', header.runId)
      .where((eb) => eb(eb('stock_milli', '+', delta), '>=', 0))
      .returning('stock_milli')
      .executeTakeFirst();
    if (!updated) {
      const part = await trx.selectFrom('stock_parts').select('stock_milli').where('id', '=', partId).where('run_id', '=', header.runId).executeTakeFirst();
      throw new StockShortage(partId, Number(part?.stock_milli ?? 0), -delta);
    }
    stockAfter.set(partId, Number(updated.stock_milli));
  }
  const sheet = await trx
    .insertInto('stock_sheets')
    .values({
      run_id: header.runId,
      kind: header.kind,
      number: header.number,
      in_type: header.inType,
      date: header.date,
      reorder_date: header.reorderDate,
      handler: header.handler,
      recipient: header.recipient,
      remark: header.remark,
      mtce_record_id: header.mtceRecordId,
      corrects_id: header.correctsId,
      reason: header.reason,
      entered_by: header.enteredBy,
      entered_at: header.enteredAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sheetId = Number(sheet.id);
  if (lines.length > 0) {
    await trx
      .insertInto('stock_sheet_lines')
      .values(lines.map((line, index) => ({ sheet_id: sheetId, part_id: line.partId, line_no: index + 1, quantity_milli: line.quantityMilli })))
      .execute();
  }
  const nonZero = moves.filter((move) => move.quantityMilli !== 0);
  if (nonZero.length > 0) {
    await trx
      .insertInto('stock_moves')
      .values(
        nonZero.map((move) => ({
          run_id: header.runId,
          part_id: move.partId,
          sheet_id: sheetId,
          kind: move.kind,
          date: move.date,
          quantity_milli: move.quantityMilli,
          at: header.enteredAt,
        })),
      )
      .execute();
  }
  return { sheetId, stockAfter };
}

/** The moves a sheet wrote (to reverse them in a correction). */
export async function movesOfSheet(db: Kysely<Database>, sheetId: number): Promise<MoveMilli[]> {
  const rows = await db.selectFrom('stock_moves').select(['part_id', 'kind', 'date', 'quantity_milli']).where('sheet_id', '=', sheetId).orderBy('id').execute();
  return rows.map((row) => ({ partId: Number(row.part_id), kind: row.kind as SheetKind, date: row.date, quantityMilli: Number(row.quantity_milli) }));
}

/** Every part of a run whose stock differs from the sum of its moves (none on a sound ledger). */
export async function ledgerMismatches(db: Kysely<Database>, runId: number): Promise<{ partId: number; code: string; stockMilli: number; ledgerMilli: number }[]> {
  const parts = await db.selectFrom('stock_parts').select(['id', 'code', 'stock_milli']).where('run_id', '=', runId).execute();
  const sums = await db
    .selectFrom('stock_moves')
    .select((eb) => ['part_id', eb.fn.sum<number | string>('quantity_milli').as('total')])
    .where('run_id', '=', runId)
    .groupBy('part_id')
    .execute();
  const byPart = new Map(sums.map((row) => [Number(row.part_id), Number(row.total ?? 0)]));
  return parts
    .map((part) => ({ partId: Number(part.id), code: part.code, stockMilli: Number(part.stock_milli), ledgerMilli: byPart.get(Number(part.id)) ?? 0 }))
    .filter((row) => row.stockMilli !== row.ledgerMilli);
}
