import { type Language, type Page, type ResourceCode, stockContract } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import { localDateOf } from '../../core/timeZone.js';
import type { Database } from '../../db/schema.js';
import type { StockPartTable, StockSheetTable } from '../../db/schema/stock.js';
import type { MachineHistory } from '../../telemetry/index.js';
import type { MessageCentre } from '../messages/index.js';
import type { RunScope, ScopedRun } from '../project/index.js';
import { fromMilli, type LineMilli, ledgerMismatches, type MoveMilli, movesOfLines, netByPart, reversalOf, SheetConflict, type SheetHeader, type SheetKind, StockShortage, toMilli, writeSheet } from './ledger.js';

export interface StockDeps {
  db: Kysely<Database>;
  runs: RunScope;
  machine: MachineHistory;
  now: () => number;
  /** The message centre (read when a warning is sent: it registers after this module's deps are made). */
  messages: () => MessageCentre;
  /** Where a warning that could not be sent is reported (the sheet it follows stands). */
  log: Pick<FastifyBaseLogger, 'warn'>;
}

type Part = stockContract.Part;
type Sheet = stockContract.Sheet;
type PartRow = Selectable<StockPartTable>;
type SheetRow = Selectable<StockSheetTable>;
type PartListInput = z.output<typeof stockContract.partList.input>;
type PartUnitsInput = z.output<typeof stockContract.partUnits.input>;
type PartFields = stockContract.PartFields;
type SetFloorInput = z.output<typeof stockContract.setFloor.input>;
type InPageInput = z.output<typeof stockContract.stockInPage.input>;
type OutPageInput = z.output<typeof stockContract.stockOutPage.input>;
type StockInLine = stockContract.StockInInput['details'][number];
type StockOutLine = stockContract.StockOutInput['details'][number];
type ItemsInput = z.output<typeof stockContract.stockItems.input>;
type UnitOption = z.infer<typeof stockContract.UnitOptionSchema>;
type PersonOption = z.infer<typeof stockContract.PersonOptionSchema>;
type LedgerCheck = z.infer<typeof stockContract.LedgerCheckSchema>;

const READ: ResourceCode = 'stock.record.read';
const WRITE: ResourceCode = 'stock.record.write';
const PART_WRITE: ResourceCode = 'stock.part.write';

/** Spec §3 names of a stock-in's type and a sheet's state. */
const IN_TYPE_NAMES: Record<stockContract.StockInType, MessageKey> = { first: 'stock.inType.first', restock: 'stock.inType.restock' };
const stateName = (state: stockContract.SheetState): MessageKey => (state === 'corrected' ? 'stock.state.corrected' : 'stock.state.valid');
/** The usual units offered after the run's own, in the reader's language. */
const USUAL_UNITS: readonly MessageKey[] = [
  'stock.unit.piece',
  'stock.unit.set',
  'stock.unit.pair',
  'stock.unit.kg',
  'stock.unit.litre',
  'stock.unit.metre',
  'stock.unit.box',
  'stock.unit.barrel',
  'stock.unit.roll',
];
/** Attempts at a generated sheet number when concurrent sheets take the same one. */
const NUMBER_ATTEMPTS = 80;

const likeOf = (words: string): string => `%${words.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const isUniqueViolation = (error: unknown): boolean => /unique|duplicate|23505/i.test(error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code ?? '')}` : String(error));

/** A resolved sheet line: the part's row and the quantity in thousandths. */
interface ResolvedLine {
  part: PartRow;
  quantityMilli: number;
}

/**
 * The parts catalogue and the stock sheets of a run (issue 21). Every call first checks the
 * caller's code at the run, then looks ids up within that run only: another run's part, sheet or
 * maintenance record is answered as a missing one. Stock moves only through `ledger.writeSheet`.
 */
export class StockService {
  constructor(protected readonly deps: StockDeps) {}

  private get db() {
    return this.deps.db;
  }

  require(session: AuthSession, runId: number, code: ResourceCode): Promise<ScopedRun> {
    return this.deps.runs.require(session, runId, code);
  }

  // Parts ----------------------------------------------------------------------------------------

  presentPart(row: PartRow): Part {
    const stock = Number(row.stock_milli);
    const line = Number(row.warning_milli);
    return {
      id: row.id,
      runId: row.run_id,
      name: row.name,
      code: row.code,
      unit: row.unit,
      system: row.system,
      component: row.component,
      spec: row.spec,
      location: row.location,
      stock: fromMilli(stock),
      warningLine: fromMilli(line),
      outOfStock: stock <= 0,
      belowLine: line > 0 && stock <= line,
      leadTimeDays: row.lead_time_days,
      remark: row.remark,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  partsOf(runId: number, db: Kysely<Database> = this.db) {
    return db.selectFrom('stock_parts').selectAll().where('run_id', '=', runId);
  }

  /** The part of the run, or the missing answer (another run's part is one). */
  async partRow(runId: number, id: number, db: Kysely<Database> = this.db): Promise<PartRow> {
    const row = await this.partsOf(runId, db).where('id', '=', id).executeTakeFirst();
    if (!row) throw errors.business('stock.refused.partNotFound');
    return row;
  }

  async partList(session: AuthSession, input: PartListInput): Promise<Part[]> {
    const run = await this.require(session, input.runId, READ);
    let query = this.partsOf(run.id);
    const keyword = input.keyword?.trim();
    if (keyword) {
      const like = likeOf(keyword);
      query = query.where((eb) => eb.or(['name', 'code', 'spec', 'location'].map((c) => eb(sql`lower(${sql.ref(c)})`, 'like', sql`${like} escape '\\'`))));
    }
    if (input.system?.trim()) query = query.where('system', '=', input.system.trim());
    if (input.availability === 'outOfStock') query = query.where('stock_milli', '<=', 0);
    if (input.availability === 'inStock') query = query.where('stock_milli', '>', 0);
    if (input.availability === 'belowLine') query = query.where('warning_milli', '>', 0).whereRef('stock_milli', '<=', 'warning_milli');
    const rows = await query.orderBy('code_key').orderBy('id').limit(stockContract.STOCK_LIMITS.selectorMax).execute();
    return rows.map((row) => this.presentPart(row));
  }

  async partUnits(session: AuthSession, input: PartUnitsInput, language: Language): Promise<UnitOption[]> {
    const run = await this.require(session, input.runId, READ);
    const rows = await this.db
      .selectFrom('stock_parts')
      .select((eb) => ['unit', eb.fn.countAll<number | string>().as('n')])
      .where('run_id', '=', run.id)
      .where('unit', 'is not', null)
      .groupBy('unit')
      .execute();
    const used = rows
      .flatMap((r) => (r.unit ? [{ name: r.unit, parts: Number(r.n) }] : []))
      .sort((a, b) => b.parts - a.parts || a.name.localeCompare(b.name));
    const seen = new Set(used.map((u) => u.name.toLowerCase()));
    const usual = USUAL_UNITS.map((key) => t(language, key))
      .filter((name) => !seen.has(name.toLowerCase()))
      .map((name) => ({ name, parts: 0 }));
    const keyword = input.keyword?.trim().toLowerCase();
    return [...used, ...usual].filter((u) => !keyword || u.name.toLowerCase().includes(keyword));
  }

  private partColumns(input: PartFields) {
    return {
      name: input.name,
      code: input.code,
      code_key: input.code.toLowerCase(),
      unit: input.unit,
      system: input.system,
      component: input.component,
      spec: input.spec,
      location: input.location,
      warning_milli: toMilli(input.warningLine),
      lead_time_days: input.leadTimeDays,
      remark: input.remark,
    };
  }

  async partAdd(session: AuthSession, input: PartFields, language: Language): Promise<Part> {
    const run = await this.require(session, input.runId, PART_WRITE);
    const count = await this.db.selectFrom('stock_parts').select((eb) => eb.fn.countAll<number | string>().as('n')).where('run_id', '=', run.id).executeTakeFirst();
    if (Number(count?.n ?? 0) >= stockContract.STOCK_LIMITS.partsMax) throw errors.business('stock.refused.tooManyParts', { max: stockContract.STOCK_LIMITS.partsMax });
    const now = this.deps.now();
    let id: number;
    try {
      const row = await this.db
        .insertInto('stock_parts')
        .values({ run_id: run.id, ...this.partColumns(input), created_by: session.userId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.business('stock.refused.codeTaken', { code: input.code });
      throw error;
    }
    const part = await this.partRow(run.id, id);
    await this.warnAboutLine(run, part, Number.MAX_SAFE_INTEGER, language);
    return this.presentPart(part);
  }

  async partEdit(session: AuthSession, input: PartFields & { id: number }, language: Language): Promise<Part> {
    const run = await this.require(session, input.runId, PART_WRITE);
    const before = await this.partRow(run.id, input.id);
    try {
      await this.db
        .updateTable('stock_parts')
        .set({ ...this.partColumns(input), updated_at: this.deps.now() })
        .where('id', '=', before.id)
        .where('run_id', '=', run.id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.business('stock.refused.codeTaken', { code: input.code });
      throw error;
    }
    const after = await this.partRow(run.id, before.id);
    await this.warnAboutLine(run, after, Number(before.warning_milli), language);
    return this.presentPart(after);
  }

  async partDelete(session: AuthSession, runId: number, id: number): Promise<{ deleted: boolean }> {
    const run = await this.require(session, runId, PART_WRITE);
    const part = await this.partRow(run.id, id);
    const named = await this.db.selectFrom('stock_sheet_lines').select('id').where('part_id', '=', part.id).executeTakeFirst();
    const moved = named ? named : await this.db.selectFrom('stock_moves').select('id').where('part_id', '=', part.id).executeTakeFirst();
    if (moved) throw errors.business('stock.refused.partInUse', { code: part.code });
    await this.db.deleteFrom('stock_parts').where('id', '=', part.id).where('run_id', '=', run.id).execute();
    await this.deps.messages().resetDedupe(dedupeKeyOf(part.id));
    return { deleted: true };
  }

  async setFloor(session: AuthSession, input: SetFloorInput, language: Language): Promise<Part> {
    const run = await this.require(session, input.runId, PART_WRITE);
    const before = await this.partRow(run.id, input.partId);
    await this.db
      .updateTable('stock_parts')
      .set({
        warning_milli: toMilli(input.warningLine),
        ...(input.leadTimeDays === undefined ? {} : { lead_time_days: input.leadTimeDays }),
        updated_at: this.deps.now(),
      })
      .where('id', '=', before.id)
      .where('run_id', '=', run.id)
      .execute();
    const after = await this.partRow(run.id, before.id);
    await this.warnAboutLine(run, after, Number(before.warning_milli), language);
    return this.presentPart(after);
  }

  async stockItems(session: AuthSession, input: ItemsInput): Promise<Part[]> {
    const run = await this.require(session, input.runId, READ);
    let query = this.partsOf(run.id).where('stock_milli', '>', 0);
    const keyword = input.keyword?.trim();
    if (keyword) {
      const like = likeOf(keyword);
      query = query.where((eb) => eb.or(['name', 'code', 'spec'].map((c) => eb(sql`lower(${sql.ref(c)})`, 'like', sql`${like} escape '\\'`))));
    }
    const rows = await query.orderBy('code_key').orderBy('id').limit(stockContract.STOCK_LIMITS.selectorMax).execute();
    return rows.map((row) => this.presentPart(row));
  }

  // Warnings -------------------------------------------------------------------------------------

  /**
   * After a part's warning line changed (stock unchanged): a part now at or below a new, higher
   * line is warned about at once; a part above its line is free to warn again.
   */
  private async warnAboutLine(run: ScopedRun, part: PartRow, lineBefore: number, _language: Language): Promise<void> {
    await this.safely(run, () => this.warnAboutLineNow(run, part, lineBefore));
  }

  private async warnAboutLineNow(run: ScopedRun, part: PartRow, lineBefore: number): Promise<void> {
    const stock = Number(part.stock_milli);
    const line = Number(part.warning_milli);
    const belowNow = line > 0 && stock <= line;
    const belowBefore = lineBefore > 0 && stock <= lineBefore;
    if (belowNow && !belowBefore) await this.sendWarning(run, part);
    else if (!belowNow) await this.deps.messages().resetDedupe(dedupeKeyOf(part.id));
  }

  /** After a sheet: one warning for each part that fell to or below its line, a reset for each back above it. */
  private async warnAfterMoves(run: ScopedRun, moves: readonly MoveMilli[], stockAfter: ReadonlyMap<number, number>): Promise<void> {
    await this.safely(run, () => this.warnAfterMovesNow(run, moves, stockAfter));
  }

  /**
   * Warnings follow a change that is already saved: one that cannot be sent (the message centre
   * failing) is logged, never turned into a refusal the user would answer by entering the sheet again.
   */
  private async safely(run: ScopedRun, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.deps.log.warn({ err: error, runId: run.id }, 'stock warning not sent');
    }
  }

  private async warnAfterMovesNow(run: ScopedRun, moves: readonly MoveMilli[], stockAfter: ReadonlyMap<number, number>): Promise<void> {
    for (const [partId, delta] of netByPart(moves)) {
      const after = stockAfter.get(partId);
      if (after === undefined || delta === 0) continue;
      const part = await this.partsOf(run.id).where('id', '=', partId).executeTakeFirst();
      if (!part) continue;
      const line = Number(part.warning_milli);
      if (line <= 0) continue;
      const before = after - delta;
      if (after <= line && before > line) await this.sendWarning(run, { ...part, stock_milli: after });
      else if (after > line && before <= line) await this.deps.messages().resetDedupe(dedupeKeyOf(partId));
    }
  }

  private async sendWarning(run: ScopedRun, part: PartRow): Promise<void> {
    await this.deps.messages().send({
      type: 'stockWarning',
      audience: { runId: run.id, resourceCode: READ },
      key: 'messages.template.stockBelowLine',
      params: { part: part.name, code: part.code, stock: fromMilli(Number(part.stock_milli)), line: fromMilli(Number(part.warning_milli)) },
      object: { kind: 'stockPart', id: part.id },
      dedupeKey: dedupeKeyOf(part.id),
    });
  }

  // Sheets: reads --------------------------------------------------------------------------------

  async sheetRow(runId: number, id: number, kind: SheetKind): Promise<SheetRow> {
    const row = await this.db.selectFrom('stock_sheets').selectAll().where('run_id', '=', runId).where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
    if (!row) throw errors.business('stock.refused.sheetNotFound');
    return row;
  }

  async presentSheets(rows: readonly SheetRow[], language: Language): Promise<Sheet[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const lines = await this.db
      .selectFrom('stock_sheet_lines as l')
      .innerJoin('stock_parts as p', 'p.id', 'l.part_id')
      .select(['l.sheet_id', 'l.part_id', 'l.quantity_milli', 'p.code', 'p.name', 'p.unit'])
      .where('l.sheet_id', 'in', ids)
      .orderBy('l.sheet_id')
      .orderBy('l.line_no')
      .execute();
    const correctedBy = await this.db.selectFrom('stock_sheets').select(['id', 'number', 'corrects_id']).where('corrects_id', 'in', ids).execute();
    const correctsIds = rows.flatMap((r) => (r.corrects_id === null ? [] : [r.corrects_id]));
    const corrected = correctsIds.length === 0 ? [] : await this.db.selectFrom('stock_sheets').select(['id', 'number']).where('id', 'in', correctsIds).execute();
    const recordIds = rows.flatMap((r) => (r.mtce_record_id === null ? [] : [r.mtce_record_id]));
    const records = recordIds.length === 0 ? [] : await this.db.selectFrom('mtce_records').select(['id', 'time', 'content']).where('id', 'in', recordIds).execute();
    const userIds = [...new Set(rows.flatMap((r) => (r.entered_by === null ? [] : [r.entered_by])))];
    const users = userIds.length === 0 ? [] : await this.db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', userIds).execute();
    const linesOf = new Map<number, Sheet['lines']>();
    for (const l of lines) {
      const list = linesOf.get(l.sheet_id) ?? [];
      list.push({ partId: l.part_id, code: l.code, name: l.name, unit: l.unit, quantity: fromMilli(Number(l.quantity_milli)) });
      linesOf.set(l.sheet_id, list);
    }
    const byCorrected = new Map(correctedBy.map((s) => [Number(s.corrects_id), { id: s.id, number: s.number }]));
    const numbers = new Map(corrected.map((s) => [s.id, s.number]));
    const recordOf = new Map(records.map((r) => [r.id, { id: r.id, time: Number(r.time), content: r.content }]));
    const nameOf = new Map(users.map((u) => [u.id, u.nickname]));
    return rows.map((row) => {
      const state: stockContract.SheetState = byCorrected.has(row.id) ? 'corrected' : 'valid';
      const type = row.in_type as stockContract.StockInType | null;
      const sheetLines = linesOf.get(row.id) ?? [];
      return {
        id: row.id,
        runId: row.run_id,
        kind: row.kind as SheetKind,
        number: row.number,
        type,
        typeName: type ? t(language, IN_TYPE_NAMES[type]) : null,
        date: row.date,
        reorderDate: row.reorder_date,
        handler: row.handler,
        recipient: row.recipient,
        remark: row.remark,
        maintenanceRecord: row.mtce_record_id === null ? null : (recordOf.get(row.mtce_record_id) ?? null),
        state,
        stateName: t(language, stateName(state)),
        corrects: row.corrects_id === null ? null : { id: row.corrects_id, number: numbers.get(row.corrects_id) ?? '' },
        reason: row.reason,
        correctedBy: byCorrected.get(row.id) ?? null,
        lines: sheetLines,
        lineCount: sheetLines.length,
        enteredBy: row.entered_by === null ? null : { id: row.entered_by, name: nameOf.get(row.entered_by) ?? '' },
        enteredAt: Number(row.entered_at),
      };
    });
  }

  private async presentOne(row: SheetRow, language: Language): Promise<Sheet> {
    const [sheet] = await this.presentSheets([row], language);
    if (!sheet) throw errors.business('stock.refused.sheetNotFound');
    return sheet;
  }

  async sheet(session: AuthSession, runId: number, id: number, kind: SheetKind, language: Language): Promise<Sheet> {
    const run = await this.require(session, runId, READ);
    return this.presentOne(await this.sheetRow(run.id, id, kind), language);
  }

  async sheetPage(session: AuthSession, kind: SheetKind, input: InPageInput | OutPageInput, language: Language): Promise<Page<Sheet>> {
    const run = await this.require(session, input.runId, READ);
    if (input.partId !== undefined) await this.partRow(run.id, input.partId);
    let query = this.db.selectFrom('stock_sheets').selectAll().where('run_id', '=', run.id).where('kind', '=', kind);
    if (input.from !== undefined) query = query.where('date', '>=', input.from);
    if (input.to !== undefined) query = query.where('date', '<=', input.to);
    const person = input.person?.trim();
    if (person) query = query.where(sql`lower(${sql.ref(kind === 'in' ? 'handler' : 'recipient')})`, 'like', sql`${likeOf(person)} escape '\\'`);
    if (input.partId !== undefined) {
      const partId = input.partId;
      query = query.where((eb) => eb.exists(eb.selectFrom('stock_sheet_lines as l').select('l.id').whereRef('l.sheet_id', '=', 'stock_sheets.id').where('l.part_id', '=', partId)));
    }
    if (input.state !== undefined) {
      const corrected = sql<boolean>`exists (select 1 from stock_sheets as c where c.corrects_id = stock_sheets.id)`;
      query = query.where(input.state === 'corrected' ? corrected : sql<boolean>`not ${corrected}`);
    }
    if ('type' in input && input.type !== undefined) query = query.where('in_type', '=', input.type);
    const keyword = input.keyword?.trim();
    if (keyword) {
      const like = likeOf(keyword);
      query = query.where((eb) =>
        eb.or([
          eb(sql`lower(${sql.ref('stock_sheets.number')})`, 'like', sql`${like} escape '\\'`),
          eb.exists(
            eb
              .selectFrom('stock_sheet_lines as l')
              .innerJoin('stock_parts as p', 'p.id', 'l.part_id')
              .select('l.id')
              .whereRef('l.sheet_id', '=', 'stock_sheets.id')
              .where((w) => w.or([w(sql`lower(p.name)`, 'like', sql`${like} escape '\\'`), w(sql`lower(p.code)`, 'like', sql`${like} escape '\\'`)])),
          ),
        ]),
      );
    }
    const total = Number((await query.clearSelect().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query
      .orderBy('date', 'desc')
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute();
    return { total, page: input.page, pageSize: input.pageSize, records: await this.presentSheets(rows, language) };
  }

  /** Names used on the run's sheets of a kind (most recent first), then the run's users. */
  async people(session: AuthSession, runId: number, kind: SheetKind): Promise<PersonOption[]> {
    const run = await this.require(session, runId, READ);
    const column = kind === 'in' ? 'handler' : 'recipient';
    const rows = await this.db
      .selectFrom('stock_sheets')
      .select((eb) => [sql<string | null>`${sql.ref(column)}`.as('name'), eb.fn.max('entered_at').as('last')])
      .where('run_id', '=', run.id)
      .where('kind', '=', kind)
      .groupBy(column)
      .orderBy('last', 'desc')
      .limit(200)
      .execute();
    const users = await this.db
      .selectFrom('users')
      .innerJoin('orgs', 'orgs.id', 'users.org_id')
      .select(['users.id', 'users.nickname'])
      .where('users.enabled', '=', 1)
      .where('orgs.path', 'like', `${run.org_path}%`)
      .orderBy('users.nickname')
      .limit(200)
      .execute();
    const userByName = new Map(users.map((u) => [u.nickname, u.id]));
    const out: PersonOption[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      if (!row.name || seen.has(row.name)) continue;
      seen.add(row.name);
      out.push({ name: row.name, userId: userByName.get(row.name) ?? null });
    }
    for (const user of users) {
      if (seen.has(user.nickname)) continue;
      seen.add(user.nickname);
      out.push({ name: user.nickname, userId: user.id });
    }
    return out;
  }

  // Sheets: changes ------------------------------------------------------------------------------

  private notAfterToday(run: ScopedRun, date: string): void {
    if (date > localDateOf(this.deps.now(), run.time_zone)) throw errors.business('stock.refused.futureDate');
  }

  /** A free sheet number of the run for a kind and date: `IN-YYYYMMDD-NNN` / `OUT-YYYYMMDD-NNN`. */
  private async nextNumber(runId: number, kind: SheetKind, date: string): Promise<string> {
    const prefix = `${kind === 'in' ? 'IN' : 'OUT'}-${date.replaceAll('-', '')}-`;
    const numbered = this.db.selectFrom('stock_sheets').select('number').where('run_id', '=', runId).where('kind', '=', kind).where('number', 'like', `${prefix}%`);
    // The highest generated number is the longest, then the last in text order; a hand-written one there means reading them all.
    const top = await numbered.orderBy(sql`length(number)`, 'desc').orderBy('number', 'desc').limit(1).execute();
    const numeric = (rows: { number: string }[]) => rows.map((r) => Number(r.number.slice(prefix.length))).filter((n) => Number.isInteger(n));
    const taken = numeric(top).length === top.length ? numeric(top) : numeric(await numbered.execute());
    return `${prefix}${String(Math.max(0, ...taken) + 1).padStart(3, '0')}`;
  }

  /** A stock-in's lines as parts of the run: by id (its code must match) or by code; a first delivery adds the parts the catalogue lacks (answered apart). */
  private async resolveInLines(run: ScopedRun, type: stockContract.StockInType, details: readonly StockInLine[], userId: number): Promise<{ lines: ResolvedLine[]; created: number[] }> {
    const lines: ResolvedLine[] = [];
    const created: number[] = [];
    try {
      for (const line of details) {
        let part: PartRow | undefined;
        if (line.partId !== null) {
          part = await this.partRow(run.id, line.partId);
          if (part.code.toLowerCase() !== line.code.toLowerCase()) throw errors.business('stock.refused.codeMismatch', { code: line.code, partCode: part.code });
        } else {
          part = await this.partsOf(run.id).where('code_key', '=', line.code.toLowerCase()).executeTakeFirst();
          if (!part) {
            if (type !== 'first') throw errors.business('stock.refused.unknownCode', { code: line.code });
            const now = this.deps.now();
            try {
              const row = await this.db
                .insertInto('stock_parts')
                .values({ run_id: run.id, name: line.name, code: line.code, code_key: line.code.toLowerCase(), unit: line.unit, system: line.system, component: null, spec: null, location: null, lead_time_days: null, remark: null, created_by: userId, created_at: now, updated_at: now })
                .returning('id')
                .executeTakeFirstOrThrow();
              created.push(row.id);
            } catch (error) {
              // Another sheet added the same part meanwhile: use it.
              if (!isUniqueViolation(error)) throw error;
            }
            part = await this.partsOf(run.id).where('code_key', '=', line.code.toLowerCase()).executeTakeFirst();
            if (!part) throw errors.business('stock.refused.partNotFound');
          }
        }
        lines.push({ part, quantityMilli: toMilli(line.quantity) });
      }
    } catch (error) {
      await this.dropUnused(run.id, created);
      throw error;
    }
    return { lines, created };
  }

  /** Parts added for a sheet that was not saved (no line or move names them). */
  private async dropUnused(runId: number, partIds: readonly number[]): Promise<void> {
    for (const id of partIds) {
      const named = await this.db.selectFrom('stock_sheet_lines').select('id').where('part_id', '=', id).executeTakeFirst();
      const moved = await this.db.selectFrom('stock_moves').select('id').where('part_id', '=', id).executeTakeFirst();
      if (!named && !moved) await this.db.deleteFrom('stock_parts').where('id', '=', id).where('run_id', '=', runId).execute();
    }
  }

  private async resolveOutLines(run: ScopedRun, details: readonly StockOutLine[]): Promise<ResolvedLine[]> {
    const lines: ResolvedLine[] = [];
    for (const line of details) lines.push({ part: await this.partRow(run.id, line.partId), quantityMilli: toMilli(line.quantity) });
    return lines;
  }

  private async maintenanceRecord(runId: number, id: number | null): Promise<number | null> {
    if (id === null) return null;
    const row = await this.db.selectFrom('mtce_records').select('id').where('run_id', '=', runId).where('id', '=', id).executeTakeFirst();
    if (!row) throw errors.business('stock.refused.recordNotFound');
    return row.id;
  }

  /**
   * Writes a sheet through the ledger: a generated number is tried again when a concurrent sheet
   * took it; a shortage is refused naming the part and its stock in the caller's language.
   */
  private async write(run: ScopedRun, header: Omit<SheetHeader, 'number'> & { number: string | null }, lines: readonly ResolvedLine[], moves: readonly MoveMilli[], language: Language): Promise<Sheet> {
    const lineMilli: LineMilli[] = lines.map((l) => ({ partId: l.part.id, quantityMilli: l.quantityMilli }));
    for (let attempt = 0; ; attempt += 1) {
      const number = header.number ?? (await this.nextNumber(run.id, header.kind, header.date));
      try {
        const { sheetId, stockAfter } = await writeSheet(this.db, { ...header, number }, lineMilli, moves);
        await this.warnAfterMoves(run, moves, stockAfter);
        return await this.presentOne(await this.sheetRow(run.id, sheetId, header.kind), language);
      } catch (error) {
        if (error instanceof StockShortage) {
          const part = await this.partsOf(run.id).where('id', '=', error.partId).executeTakeFirst();
          throw errors.business('stock.refused.shortage', {
            part: part?.name ?? '',
            code: part?.code ?? '',
            stock: fromMilli(error.stockMilli),
            unit: part?.unit ?? '',
            asked: fromMilli(error.askedMilli),
          });
        }
        if (error instanceof SheetConflict) {
          if (error.reason === 'corrected') throw errors.business('stock.refused.alreadyCorrected');
          if (header.number === null && attempt < NUMBER_ATTEMPTS) continue;
          throw errors.business('stock.refused.numberTaken', { number });
        }
        throw error;
      }
    }
  }

  /** Saves a stock-in sheet (checked at the run with `stock.record.write`). */
  async addStockIn(session: AuthSession, input: stockContract.StockInInput, language: Language): Promise<Sheet> {
    const run = await this.require(session, input.runId, WRITE);
    this.notAfterToday(run, input.date);
    const { lines, created } = await this.resolveInLines(run, input.type, input.details, session.userId);
    const moves = movesOfLines('in', input.date, lines.map((l) => ({ partId: l.part.id, quantityMilli: l.quantityMilli })));
    try {
      return await this.write(run, this.inHeader(run, input, session.userId, null, null), lines, moves, language);
    } catch (error) {
      await this.dropUnused(run.id, created);
      throw error;
    }
  }

  private inHeader(run: ScopedRun, input: stockContract.StockInInput, userId: number, correctsId: number | null, reason: string | null) {
    return {
      runId: run.id,
      kind: 'in' as const,
      number: input.number,
      inType: input.type,
      date: input.date,
      reorderDate: input.reorderDate,
      handler: input.handler,
      recipient: null,
      remark: input.remark,
      mtceRecordId: null,
      correctsId,
      reason,
      enteredBy: userId,
      enteredAt: this.deps.now(),
    };
  }

  private outHeader(run: ScopedRun, input: stockContract.StockOutInput, recordId: number | null, userId: number, correctsId: number | null, reason: string | null) {
    return {
      runId: run.id,
      kind: 'out' as const,
      number: input.number,
      inType: null,
      date: input.date,
      reorderDate: null,
      handler: input.issuer,
      recipient: input.recipient,
      remark: input.remark,
      mtceRecordId: recordId,
      correctsId,
      reason,
      enteredBy: userId,
      enteredAt: this.deps.now(),
    };
  }

  /** Saves a stock-out sheet (checked at the run with `stock.record.write`); the consumption import uses it per date. */
  async addStockOut(session: AuthSession, input: stockContract.StockOutInput, language: Language): Promise<Sheet> {
    const run = await this.require(session, input.runId, WRITE);
    this.notAfterToday(run, input.date);
    const recordId = await this.maintenanceRecord(run.id, input.maintenanceRecordId);
    const lines = await this.resolveOutLines(run, input.details);
    const moves = movesOfLines('out', input.date, lines.map((l) => ({ partId: l.part.id, quantityMilli: l.quantityMilli })));
    return this.write(run, this.outHeader(run, input, recordId, session.userId, null, null), lines, moves, language);
  }

  /** The sheet a correction replaces: of the run and kind, not corrected yet. */
  private async correctable(runId: number, id: number, kind: SheetKind): Promise<SheetRow> {
    const old = await this.sheetRow(runId, id, kind);
    const by = await this.db.selectFrom('stock_sheets').select('id').where('corrects_id', '=', old.id).executeTakeFirst();
    if (by) throw errors.business('stock.refused.alreadyCorrected');
    return old;
  }

  /**
   * The moves a sheet's own lines made (dated with its date). A correction reverses these, not every
   * move the sheet wrote: a correction's moves also hold the reversal of the sheet it replaced, and
   * undoing that again would bring the replaced sheet back.
   */
  private async ownMoves(sheet: SheetRow): Promise<MoveMilli[]> {
    const lines = await this.db.selectFrom('stock_sheet_lines').select(['part_id', 'quantity_milli']).where('sheet_id', '=', sheet.id).orderBy('line_no').execute();
    return movesOfLines(sheet.kind as SheetKind, sheet.date, lines.map((l) => ({ partId: l.part_id, quantityMilli: Number(l.quantity_milli) })));
  }

  async correctStockIn(session: AuthSession, input: stockContract.StockInCorrection, language: Language): Promise<Sheet> {
    const run = await this.require(session, input.runId, WRITE);
    this.notAfterToday(run, input.date);
    const old = await this.correctable(run.id, input.id, 'in');
    const { lines, created } = await this.resolveInLines(run, input.type, input.details, session.userId);
    const moves = [...reversalOf(await this.ownMoves(old)), ...movesOfLines('in', input.date, lines.map((l) => ({ partId: l.part.id, quantityMilli: l.quantityMilli })))];
    try {
      return await this.write(run, this.inHeader(run, input, session.userId, old.id, input.reason), lines, moves, language);
    } catch (error) {
      await this.dropUnused(run.id, created);
      throw error;
    }
  }

  async correctStockOut(session: AuthSession, input: stockContract.StockOutCorrection, language: Language): Promise<Sheet> {
    const run = await this.require(session, input.runId, WRITE);
    this.notAfterToday(run, input.date);
    const old = await this.correctable(run.id, input.id, 'out');
    const recordId = await this.maintenanceRecord(run.id, input.maintenanceRecordId);
    const lines = await this.resolveOutLines(run, input.details);
    const moves = [...reversalOf(await this.ownMoves(old)), ...movesOfLines('out', input.date, lines.map((l) => ({ partId: l.part.id, quantityMilli: l.quantityMilli })))];
    return this.write(run, this.outHeader(run, input, recordId, session.userId, old.id, input.reason), lines, moves, language);
  }

  // Ledger ---------------------------------------------------------------------------------------

  async ledgerCheck(session: AuthSession, runId: number): Promise<LedgerCheck> {
    const run = await this.require(session, runId, READ);
    const parts = await this.db.selectFrom('stock_parts').select((eb) => eb.fn.countAll<number | string>().as('n')).where('run_id', '=', run.id).executeTakeFirst();
    const moves = await this.db.selectFrom('stock_moves').select((eb) => eb.fn.countAll<number | string>().as('n')).where('run_id', '=', run.id).executeTakeFirst();
    const mismatches = await ledgerMismatches(this.db, run.id);
    return {
      parts: Number(parts?.n ?? 0),
      moves: Number(moves?.n ?? 0),
      mismatches: mismatches.map((m) => ({ partId: m.partId, code: m.code, stock: fromMilli(m.stockMilli), ledgerSum: fromMilli(m.ledgerMilli) })),
    };
  }
}

/** The message centre's dedupe key of a part's stock warning. */
export const dedupeKeyOf = (partId: number): string => `stock:${partId}`;
