import { type Page, type ResourceCode, stockContract } from '@boreline/contracts';
import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { localDateOf, localDayRange } from '../../core/timeZone.js';
import type { StockPartTable } from '../../db/schema/stock.js';
import type { ScopedRun } from '../project/index.js';
import { fromMilli } from './ledger.js';
import type { StockDeps } from './stock.service.js';
import { daysBetween, excavatedVolume, leadTimeOf, paceOf, per100m3, perUnit, round3, shiftDate } from './stockPace.js';

type CurrentRow = stockContract.CurrentStockRow;
type ConsumptionRow = z.infer<typeof stockContract.ConsumptionRowSchema>;
type Work = z.infer<typeof stockContract.WorkSchema>;
type Detail = z.infer<typeof stockContract.ConsumptionDetailSchema>;
type CurrentFilter = z.output<typeof stockContract.CurrentStockFilterSchema>;
type CurrentPageInput = z.output<typeof stockContract.currentPage.input>;
type ConsumptionFilter = z.output<typeof stockContract.ConsumptionFilterSchema>;
type ConsumptionPageInput = z.output<typeof stockContract.consumptionPage.input>;
type DetailInput = z.output<typeof stockContract.consumptionDetail.input>;
type PartRow = Selectable<StockPartTable>;

const LIMITS = stockContract.STOCK_LIMITS;
/** Days of a consumption query when no start is given. */
const DEFAULT_DAYS = 30;
const DETAIL_LINES_MAX = 200;

/** A ring as the analysis counts it: the local day it ended, the metres it advanced and where it ended. */
interface WorkRing {
  date: string;
  metres: number;
  chainage: number | null;
}

/** The machine's work over a period, ring by ring. */
export interface PeriodWork {
  work: Work;
  rings: WorkRing[];
}

/** A part as the contract shows it. */
export function partOf(row: PartRow): stockContract.Part {
  const stock = fromMilli(row.stock_milli);
  const warningLine = fromMilli(row.warning_milli);
  return {
    id: Number(row.id),
    runId: Number(row.run_id),
    name: row.name,
    code: row.code,
    unit: row.unit,
    system: row.system,
    component: row.component,
    spec: row.spec,
    location: row.location,
    stock,
    warningLine,
    outOfStock: row.stock_milli <= 0,
    belowLine: row.warning_milli > 0 && row.stock_milli <= row.warning_milli,
    leadTimeDays: row.lead_time_days,
    remark: row.remark,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

const matchesAvailability = (part: stockContract.Part, availability: stockContract.Availability): boolean =>
  availability === 'all' ||
  (availability === 'outOfStock' && part.stock === 0) ||
  (availability === 'inStock' && part.stock > 0) ||
  (availability === 'belowLine' && part.belowLine);

const pageSlice = <T>(items: readonly T[], page: number, pageSize: number): Page<T> => ({
  total: items.length,
  page,
  pageSize,
  records: items.slice((page - 1) * pageSize, page * pageSize),
});

/**
 * The current stock with its pace and suggested lines, and consumption per part normalised by the
 * machine's work (issue 21 "Current stock", "Consumption analysis", "Beyond the anchors"). Every
 * call first checks the caller's code at the run; parts are looked up within that run only.
 */
export class StockAnalysis {
  constructor(protected readonly deps: StockDeps) {}

  private get db() {
    return this.deps.db;
  }

  require(session: AuthSession, runId: number, code: ResourceCode): Promise<ScopedRun> {
    return this.deps.runs.require(session, runId, code);
  }

  /** Today in the run's time zone. */
  today(run: ScopedRun): string {
    return localDateOf(this.deps.now(), run.time_zone);
  }

  /** A user's name as sheets show it (the importing user issues and receives imported stock-outs). */
  async userName(userId: number): Promise<string> {
    const user = await this.db.selectFrom('users').select('nickname').where('id', '=', userId).executeTakeFirst();
    return (user?.nickname.trim() || `#${userId}`).slice(0, LIMITS.personNameMaxLength);
  }

  // Parts -----------------------------------------------------------------------------------------

  /** The run's parts matching the keyword (name, number, specification, location) and system, by part number. */
  async parts(runId: number, filter: { keyword?: string | undefined; system?: string | undefined } = {}): Promise<PartRow[]> {
    let query = this.db.selectFrom('stock_parts').selectAll().where('run_id', '=', runId);
    const keyword = filter.keyword?.trim().toLowerCase();
    if (keyword) {
      const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or(['name', 'code', 'spec', 'location'].map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`${like} escape '\\'`))));
    }
    const system = filter.system?.trim();
    if (system) query = query.where('system', '=', system);
    return query.orderBy('code_key').execute();
  }

  /** A part of the run, else refused as missing (another run's part included). */
  async part(runId: number, partId: number): Promise<PartRow> {
    const row = await this.db.selectFrom('stock_parts').selectAll().where('id', '=', partId).where('run_id', '=', runId).executeTakeFirst();
    if (!row) throw errors.business('stockAnalysis.refused.partNotFound');
    return row;
  }

  // Machine work ----------------------------------------------------------------------------------

  /** The run's excavation diameter (m): the TBM's excavation diameter, else its cutterhead's; null when unknown. */
  async diameter(runId: number): Promise<number | null> {
    const tbm = await this.db.selectFrom('tbm_info').select(['excavation_diameter', 'cutterhead_diameter']).where('run_id', '=', runId).executeTakeFirst();
    return tbm?.excavation_diameter ?? tbm?.cutterhead_diameter ?? null;
  }

  async plannedRingsPerDay(runId: number): Promise<number | null> {
    const info = await this.db.selectFrom('project_info').select('planned_rings_per_day').where('run_id', '=', runId).executeTakeFirst();
    const planned = info?.planned_rings_per_day ?? null;
    return planned !== null && planned > 0 ? planned : null;
  }

  /**
   * Rings completed over local days `from` to `to` (a ring counts for the day it ended), the metres
   * they advanced (chainage advance, else the run's ring width) and the volume excavated.
   */
  async work(run: ScopedRun, from: string, to: string): Promise<PeriodWork> {
    const start = localDayRange(from, run.time_zone).start;
    const end = localDayRange(to, run.time_zone).end;
    const [rows, diameter] = await Promise.all([this.deps.machine.ringsEndingIn(run.id, start, end), this.diameter(run.id)]);
    const width = run.ring_width_mm / 1000;
    const rings = rows.map((r) => ({
      date: localDateOf(r.end_ts, run.time_zone),
      metres: r.start_chainage !== null && r.end_chainage !== null ? Math.abs(r.end_chainage - r.start_chainage) : width,
      chainage: r.end_chainage,
    }));
    const metres = round3(rings.reduce((s, r) => s + r.metres, 0));
    return { work: { from, to, rings: rings.length, metres, volumeM3: excavatedVolume(metres, diameter) }, rings };
  }

  // Ledger reads ----------------------------------------------------------------------------------

  /** Use (thousandths) per part and local day over [from, to]: minus the sum of the 'out' moves, corrections included. */
  async useByDay(runId: number, from: string, to: string, partId?: number): Promise<Map<number, Map<string, number>>> {
    let query = this.db
      .selectFrom('stock_moves')
      .select((eb) => ['part_id', 'date', eb.fn.sum<number | string>('quantity_milli').as('total')])
      .where('run_id', '=', runId)
      .where('kind', '=', 'out')
      .where('date', '>=', from)
      .where('date', '<=', to);
    if (partId !== undefined) query = query.where('part_id', '=', partId);
    const rows = await query.groupBy(['part_id', 'date']).execute();
    const out = new Map<number, Map<string, number>>();
    for (const row of rows) {
      const used = -Number(row.total ?? 0);
      if (used === 0) continue;
      const id = Number(row.part_id);
      const days = out.get(id) ?? new Map<string, number>();
      days.set(row.date, (days.get(row.date) ?? 0) + used);
      out.set(id, days);
    }
    return out;
  }

  /** The stock-out sheets still in force (not replaced by a correction) of a run over a period. */
  private validOutLines(runId: number, from: string, to: string) {
    return this.db
      .selectFrom('stock_sheet_lines as l')
      .innerJoin('stock_sheets as s', 's.id', 'l.sheet_id')
      .where('s.run_id', '=', runId)
      .where('s.kind', '=', 'out')
      .where('s.date', '>=', from)
      .where('s.date', '<=', to)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('stock_sheets as c').select('c.id').whereRef('c.corrects_id', '=', 's.id'))));
  }

  /** Stock-out sheets naming each part over the period. */
  async sheetCounts(runId: number, from: string, to: string): Promise<Map<number, number>> {
    const rows = await this.validOutLines(runId, from, to)
      .select((eb) => ['l.part_id', eb.fn.count<number | string>('l.sheet_id').distinct().as('n')])
      .groupBy('l.part_id')
      .execute();
    return new Map(rows.map((r) => [Number(r.part_id), Number(r.n)]));
  }

  /** The last stock-in and stock-out date of each part of the run. */
  private async lastDates(runId: number): Promise<{ lastIn: Map<number, string>; lastOut: Map<number, string> }> {
    const rows = await this.db
      .selectFrom('stock_sheet_lines as l')
      .innerJoin('stock_sheets as s', 's.id', 'l.sheet_id')
      .select((eb) => ['l.part_id', 's.kind', eb.fn.max('s.date').as('last')])
      .where('s.run_id', '=', runId)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('stock_sheets as c').select('c.id').whereRef('c.corrects_id', '=', 's.id'))))
      .groupBy(['l.part_id', 's.kind'])
      .execute();
    const lastIn = new Map<number, string>();
    const lastOut = new Map<number, string>();
    for (const row of rows) (row.kind === 'in' ? lastIn : lastOut).set(Number(row.part_id), String(row.last));
    return { lastIn, lastOut };
  }

  /** The delivery and reorder dates of each part's stock-ins in force. */
  private async stockIns(runId: number): Promise<Map<number, { date: string; reorderDate: string | null }[]>> {
    const rows = await this.db
      .selectFrom('stock_sheet_lines as l')
      .innerJoin('stock_sheets as s', 's.id', 'l.sheet_id')
      .select(['l.part_id', 's.date', 's.reorder_date'])
      .where('s.run_id', '=', runId)
      .where('s.kind', '=', 'in')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('stock_sheets as c').select('c.id').whereRef('c.corrects_id', '=', 's.id'))))
      .execute();
    const out = new Map<number, { date: string; reorderDate: string | null }[]>();
    for (const row of rows) {
      const id = Number(row.part_id);
      out.set(id, [...(out.get(id) ?? []), { date: row.date, reorderDate: row.reorder_date }]);
    }
    return out;
  }

  // Current stock ---------------------------------------------------------------------------------

  /**
   * Every part matching keyword and system, with its pace over the last `paceDays` days, ordered
   * parts below their line first, then by part number; the counts of each availability filter.
   */
  async current(run: ScopedRun, filter: Omit<CurrentFilter, 'runId'>) {
    const to = this.today(run);
    const from = shiftDate(to, 1 - LIMITS.paceDays);
    const [rows, use, { work }, planned, ins, last] = await Promise.all([
      this.parts(run.id, filter),
      this.useByDay(run.id, from, to),
      this.work(run, from, to),
      this.plannedRingsPerDay(run.id),
      this.stockIns(run.id),
      this.lastDates(run.id),
    ]);
    const window: string[] = [];
    for (let d = from; d <= to; d = shiftDate(d, 1)) window.push(d);
    const all: CurrentRow[] = rows.map((row) => {
      const part = partOf(row);
      const days = use.get(part.id);
      const leadTime = leadTimeOf(part.leadTimeDays, ins.get(part.id) ?? []);
      const pace = paceOf({
        dailyUse: window.map((d) => fromMilli(days?.get(d) ?? 0)),
        rings: work.rings,
        stock: part.stock,
        leadTime,
        plannedRingsPerDay: planned,
        z: LIMITS.serviceZ,
      });
      return { ...part, ...pace, leadTimeUsed: leadTime, lastIn: last.lastIn.get(part.id) ?? null, lastOut: last.lastOut.get(part.id) ?? null };
    });
    const counts = {
      all: all.length,
      outOfStock: all.filter((p) => matchesAvailability(p, 'outOfStock')).length,
      inStock: all.filter((p) => matchesAvailability(p, 'inStock')).length,
      belowLine: all.filter((p) => matchesAvailability(p, 'belowLine')).length,
    };
    const kept = all.filter((p) => matchesAvailability(p, filter.availability));
    kept.sort((a, b) => Number(b.belowLine) - Number(a.belowLine) || a.code.toLowerCase().localeCompare(b.code.toLowerCase()) || a.id - b.id);
    return { rows: kept, counts, pace: { days: LIMITS.paceDays, rings: work.rings, plannedRingsPerDay: planned } };
  }

  async currentPage(session: AuthSession, input: CurrentPageInput) {
    const run = await this.require(session, input.runId, 'stock.record.read');
    const { rows, counts, pace } = await this.current(run, input);
    return { ...pageSlice(rows, input.page, input.pageSize), counts, pace };
  }

  /** The rows of the current stock export (the page's filter, every page); nothing is refused with code 3. */
  async currentExport(session: AuthSession, input: CurrentFilter) {
    const run = await this.require(session, input.runId, 'stock.record.read');
    const { rows, pace } = await this.current(run, input);
    if (rows.length === 0) throw errors.business('common.notice.noExportData');
    return { run, rows, pace, today: this.today(run) };
  }

  // Consumption -----------------------------------------------------------------------------------

  /** The period of a query: the given dates, else the last 30 days up to today; at most `statsDaysMax` days. */
  period(run: ScopedRun, input: { from?: string | undefined; to?: string | undefined }): { from: string; to: string } {
    const to = input.to ?? (input.from !== undefined && input.from > this.today(run) ? input.from : this.today(run));
    const from = input.from ?? shiftDate(to, 1 - DEFAULT_DAYS);
    if (daysBetween(from, to) + 1 > LIMITS.statsDaysMax) throw errors.business('stockAnalysis.refused.spanTooLong', { days: LIMITS.statsDaysMax });
    return { from, to };
  }

  /** Consumption per part over the period, most used first, with the machine's work. */
  async consumption(run: ScopedRun, filter: Omit<ConsumptionFilter, 'runId'>): Promise<{ from: string; to: string; work: Work; rows: ConsumptionRow[] }> {
    const { from, to } = this.period(run, filter);
    const [parts, use, { work }, sheets] = await Promise.all([this.parts(run.id, filter), this.useByDay(run.id, from, to), this.work(run, from, to), this.sheetCounts(run.id, from, to)]);
    const days = daysBetween(from, to) + 1;
    const rows: ConsumptionRow[] = [];
    for (const row of parts) {
      const id = Number(row.id);
      const usedMilli = [...(use.get(id)?.values() ?? [])].reduce((s, v) => s + v, 0);
      if (usedMilli <= 0) continue;
      const used = fromMilli(usedMilli);
      rows.push({
        partId: id,
        code: row.code,
        name: row.name,
        unit: row.unit,
        system: row.system,
        used,
        sheets: sheets.get(id) ?? 0,
        perRing: perUnit(used, work.rings),
        perMetre: perUnit(used, work.metres),
        per100m3: per100m3(used, work.volumeM3),
        perDay: round3(used / days),
      });
    }
    rows.sort((a, b) => b.used - a.used || a.code.toLowerCase().localeCompare(b.code.toLowerCase()));
    return { from, to, work, rows };
  }

  async consumptionPage(session: AuthSession, input: ConsumptionPageInput) {
    const run = await this.require(session, input.runId, 'stock.record.read');
    const { work, rows } = await this.consumption(run, input);
    return { ...pageSlice(rows, input.page, input.pageSize), work };
  }

  /** Every stock-out line in force over the period (for the export's first sheet), by date then sheet and line. */
  async outLines(run: ScopedRun, from: string, to: string, partIds: ReadonlySet<number>) {
    const rows = await this.validOutLines(run.id, from, to)
      .innerJoin('stock_parts as p', 'p.id', 'l.part_id')
      .select(['s.id as sheetId', 's.number', 's.date', 's.recipient', 's.remark', 'l.part_id', 'l.quantity_milli', 'p.name', 'p.code', 'p.unit'])
      .orderBy('s.date')
      .orderBy('s.id')
      .orderBy('l.line_no')
      .execute();
    return rows
      .filter((r) => partIds.has(Number(r.part_id)))
      .map((r) => ({ sheetId: Number(r.sheetId), number: r.number, date: r.date, recipient: r.recipient, remark: r.remark, name: r.name, code: r.code, unit: r.unit, quantity: fromMilli(r.quantity_milli) }));
  }

  async consumptionExport(session: AuthSession, input: ConsumptionFilter) {
    const run = await this.require(session, input.runId, 'stock.record.read');
    const result = await this.consumption(run, input);
    if (result.rows.length === 0) throw errors.business('common.notice.noExportData');
    const lines = await this.outLines(run, result.from, result.to, new Set(result.rows.map((r) => r.partId)));
    return { run, ...result, lines };
  }

  /** Risk zones of the run in chainage order. */
  private zones(runId: number) {
    return this.db.selectFrom('risk_points').select(['name', 'start_chainage', 'end_chainage']).where('run_id', '=', runId).orderBy('start_chainage').orderBy('id').execute();
  }

  /** One part's consumption over a period: per month, per day against rings, per risk zone, and its stock-out lines. */
  async consumptionDetail(session: AuthSession, input: DetailInput): Promise<Detail> {
    const run = await this.require(session, input.runId, 'stock.record.read');
    const row = await this.part(run.id, input.partId);
    const { from, to } = this.period(run, input);
    const [use, { work, rings }, zones, lines] = await Promise.all([
      this.useByDay(run.id, from, to, input.partId),
      this.work(run, from, to),
      this.zones(run.id),
      this.validOutLines(run.id, from, to)
        .select(['s.id', 's.number', 's.date', 's.recipient', 'l.quantity_milli'])
        .where('l.part_id', '=', input.partId)
        .orderBy('s.date', 'desc')
        .orderBy('s.id', 'desc')
        .limit(DETAIL_LINES_MAX)
        .execute(),
    ]);
    const daily = use.get(input.partId) ?? new Map<string, number>();
    const usedMilli = [...daily.values()].reduce((s, v) => s + v, 0);
    const used = fromMilli(usedMilli);

    const ringsByDay = new Map<string, number>();
    for (const ring of rings) ringsByDay.set(ring.date, (ringsByDay.get(ring.date) ?? 0) + 1);
    const dates = [...new Set([...daily.keys(), ...ringsByDay.keys()])].sort();
    const byDay = dates.map((date) => ({ date, used: fromMilli(daily.get(date) ?? 0), rings: ringsByDay.get(date) ?? 0 }));

    const months = new Map<string, { usedMilli: number; rings: number; metres: number }>();
    const month = (date: string) => {
      const key = date.slice(0, 7);
      const m = months.get(key) ?? { usedMilli: 0, rings: 0, metres: 0 };
      months.set(key, m);
      return m;
    };
    for (const [date, milli] of daily) month(date).usedMilli += milli;
    for (const ring of rings) {
      const m = month(ring.date);
      m.rings += 1;
      m.metres += ring.metres;
    }
    const byMonth = [...months.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([key, m]) => ({ month: key, used: fromMilli(m.usedMilli), rings: m.rings, metres: round3(m.metres), perRing: perUnit(fromMilli(m.usedMilli), m.rings) }));

    // Where the machine was when the parts were issued: its chainage at the end of the sheet's day.
    const zoneOf = (chainage: number | null): string | null =>
      chainage === null ? null : (zones.find((z) => Math.min(z.start_chainage, z.end_chainage) <= chainage && chainage <= Math.max(z.start_chainage, z.end_chainage))?.name ?? null);
    const zoneRows = new Map<string | null, { usedMilli: number; rings: number }>();
    const zoneRow = (name: string | null) => {
      const z = zoneRows.get(name) ?? { usedMilli: 0, rings: 0 };
      zoneRows.set(name, z);
      return z;
    };
    for (const [date, milli] of daily) {
      const chainage = await this.deps.machine.chainageAt(run.id, localDayRange(date, run.time_zone).end - 1);
      zoneRow(zoneOf(chainage)).usedMilli += milli;
    }
    for (const ring of rings) zoneRow(zoneOf(ring.chainage)).rings += 1;
    const zoneOrder = new Map(zones.map((z, i) => [z.name, i]));
    const byZone = [...zoneRows.entries()]
      .sort((a, b) => (a[0] === null ? 1 : b[0] === null ? -1 : (zoneOrder.get(a[0]) ?? 0) - (zoneOrder.get(b[0]) ?? 0)))
      .map(([zone, z]) => ({ zone, used: fromMilli(z.usedMilli), rings: z.rings, perRing: perUnit(fromMilli(z.usedMilli), z.rings) }));

    return {
      part: partOf(row),
      work,
      used,
      perRing: perUnit(used, work.rings),
      perMetre: perUnit(used, work.metres),
      per100m3: per100m3(used, work.volumeM3),
      byMonth,
      byDay,
      byZone,
      lines: lines.map((l) => ({ sheetId: Number(l.id), number: l.number, date: l.date, recipient: l.recipient, quantity: fromMilli(l.quantity_milli) })),
    };
  }
}
