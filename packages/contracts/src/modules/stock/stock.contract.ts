import { z } from 'zod';
export * from './stockSchemas.js';
import { defineEndpoint } from '../../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { ImportReportSchema } from '../imports/imports.contract.js';
import { RunIdSchema } from '../project/project.contract.js';
import { XLSX_CONTENT_TYPE } from '../report/periodReport.contract.js';
import {
  AVAILABILITY,
  LeadTimeDaysSchema,
  PartFieldsSchema,
  PartIdSchema,
  PartRefSchema,
  PartSchema,
  PersonOptionSchema,
  rangeInOrder,
  SheetFilterSchema,
  SheetRefSchema,
  SheetSchema,
  STOCK_IN_TYPES,
  STOCK_LIMITS,
  StockDateSchema,
  StockInCorrectionSchema,
  StockInInputSchema,
  StockOutCorrectionSchema,
  StockOutInputSchema,
  WarningLineSchema,
} from './stockSchemas.js';

/**
 * The stock calls of spec §7 ("Project service: stock") and the part catalogue calls of the
 * equipment side (`em/part`, `em/partUnit`, whose filter may come in the query string, the body or
 * both). Reading needs `stock.record.read`; stock sheets and consumption imports
 * `stock.record.write`; the parts catalogue and warning lines `stock.part.write`. Every id is one
 * of the run's: a part, sheet or maintenance record of another run is refused as not found.
 */

// Parts ------------------------------------------------------------------------------------------

export const PartSelectorFilterSchema = z.object({
  runId: RunIdSchema,
  /** Words of the part's name, number, specification or location. */
  keyword: z.string().max(STOCK_LIMITS.partNameMaxLength, { error: 'validation.maxLength' }).optional(),
  system: z.string().max(STOCK_LIMITS.systemMaxLength, { error: 'validation.maxLength' }).optional(),
  availability: z.enum(AVAILABILITY, { error: 'validation.invalid' }).default('all'),
});

export const partList = defineEndpoint({
  id: 'stock.partList',
  base: 'project',
  method: 'POST',
  path: '/u/web/em/part/v1',
  permission: 'stock.record.read',
  summary: `The run's parts for selectors, by part number; filter by keyword, system and availability in the query string, the body or both (the body wins); at most ${STOCK_LIMITS.selectorMax}`,
  inputFrom: 'queryAndBody',
  input: PartSelectorFilterSchema,
  output: z.array(PartSchema),
});

export const UnitOptionSchema = z.object({
  name: z.string(),
  /** Parts of the run using it (0: a usual unit offered in the reader's language). */
  parts: z.number().int(),
});

export const partUnits = defineEndpoint({
  id: 'stock.partUnits',
  base: 'project',
  method: 'POST',
  path: '/u/web/em/partUnit/v1',
  permission: 'stock.record.read',
  summary: "Units to pick for a part: those the run's parts use (most used first), then the usual ones in the reader's language; filter by keyword in the query string, the body or both",
  inputFrom: 'queryAndBody',
  input: z.object({ runId: RunIdSchema, keyword: z.string().max(STOCK_LIMITS.unitMaxLength, { error: 'validation.maxLength' }).optional() }),
  output: z.array(UnitOptionSchema),
});

export const partAdd = defineEndpoint({
  id: 'stock.partAdd',
  base: 'project',
  method: 'POST',
  path: '/u/web/stock/part/add/v1',
  permission: 'stock.part.write',
  summary: 'Adds a part to the run\'s catalogue with stock 0 (spec §5: name and part number required, the warning number numeric); a part number already in the run is refused',
  input: PartFieldsSchema,
  output: PartSchema,
});

export const partEdit = defineEndpoint({
  id: 'stock.partEdit',
  base: 'project',
  method: 'POST',
  path: '/u/web/stock/part/edit/v1',
  permission: 'stock.part.write',
  summary: "Changes a part's catalogue fields; its stock moves only through sheets",
  input: PartFieldsSchema.extend({ id: PartIdSchema }),
  output: PartSchema,
});

export const partDelete = defineEndpoint({
  id: 'stock.partDelete',
  base: 'project',
  method: 'POST',
  path: '/u/web/stock/part/delete/v1',
  permission: 'stock.part.write',
  summary: 'Removes a part that no sheet names (a part with stock history stays: the ledger keeps it)',
  input: PartRefSchema,
  output: z.object({ deleted: z.boolean() }),
});

export const setFloor = defineEndpoint({
  id: 'stock.setFloor',
  base: 'project',
  method: 'POST',
  path: '/u/web/setFloor/v1',
  permission: 'stock.part.write',
  summary:
    "Sets a part's warning number (warning line; 0: none) and optionally its lead time in days. A part already at or below its new line is warned about at once; one above it is free to warn again",
  input: z.object({ runId: RunIdSchema, partId: PartIdSchema, warningLine: WarningLineSchema, leadTimeDays: LeadTimeDaysSchema.nullish() }),
  output: PartSchema,
});

// Stock-in ---------------------------------------------------------------------------------------

export const stockInPage = defineEndpoint({
  id: 'stock.inPage',
  base: 'project',
  method: 'POST',
  path: '/u/web/stockInListByPage/v1',
  permission: 'stock.record.read',
  summary: "A run's stock-in sheets, newest first, by delivery dates, handler (`person`), part, state, type and sheet number or part words; paged",
  input: rangeInOrder(SheetFilterSchema.extend({ type: z.enum(STOCK_IN_TYPES, { error: 'validation.invalid' }).optional() }).extend(PageQuerySchema.shape)),
  output: pageOf(SheetSchema),
});

export const stockInAdd = defineEndpoint({
  id: 'stock.inAdd',
  base: 'project',
  method: 'POST',
  path: '/u/web/addStockIn/v1',
  permission: 'stock.record.write',
  summary:
    'Saves a stock-in sheet (spec §5: details not empty; part name, code, quantity and reorder date required; quantity numeric; delivery date required, not in the future, not before the reorder date). A line names a part by id or by its code; a first delivery may bring a part the catalogue lacks (it is added), a restock may not. Answers the sheet',
  input: StockInInputSchema,
  output: SheetSchema,
});

export const stockInDetail = defineEndpoint({
  id: 'stock.inDetail',
  base: 'project',
  method: 'POST',
  path: '/u/web/findStockInList/v1',
  permission: 'stock.record.read',
  summary: 'One stock-in sheet of the run with its lines, its state and its correction',
  input: SheetRefSchema,
  output: SheetSchema,
});

export const stockInPeople = defineEndpoint({
  id: 'stock.inPeople',
  base: 'project',
  method: 'POST',
  path: '/u/web/findStockInUserSel/v1',
  permission: 'stock.record.read',
  summary: "Handlers to pick: the names on the run's stock-ins (most recent first), then the run's users",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(PersonOptionSchema),
});

// Stock-out --------------------------------------------------------------------------------------

export const stockOutPage = defineEndpoint({
  id: 'stock.outPage',
  base: 'project',
  method: 'POST',
  path: '/u/web/findStockOutList/v1',
  permission: 'stock.record.read',
  summary: "A run's stock-out sheets, newest first, by dates, recipient (`person`), part, state and sheet number or part words; paged",
  input: rangeInOrder(SheetFilterSchema.extend(PageQuerySchema.shape)),
  output: pageOf(SheetSchema),
});

export const stockOutPeople = defineEndpoint({
  id: 'stock.outPeople',
  base: 'project',
  method: 'POST',
  path: '/u/web/findStockOutUserSel/v1',
  permission: 'stock.record.read',
  summary: "Recipients (out-users) to pick: the names on the run's stock-outs (most recent first), then the run's users",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(PersonOptionSchema),
});

export const stockOutAdd = defineEndpoint({
  id: 'stock.outAdd',
  base: 'project',
  method: 'POST',
  path: '/u/web/addStockOut/v1',
  permission: 'stock.record.write',
  summary:
    "Saves a stock-out sheet (spec §5: details not empty, a part selected on each line, quantity numeric, date required and not in the future). All lines or none: a line larger than its part's stock is refused naming the part and its stock, also under concurrent stock-outs. A part that falls to or below its warning line sends one stock warning until it is restocked",
  input: StockOutInputSchema,
  output: SheetSchema,
});

export const stockOutDetail = defineEndpoint({
  id: 'stock.outDetail',
  base: 'project',
  method: 'POST',
  path: '/u/web/findStockOutDetailList/v1',
  permission: 'stock.record.read',
  summary: 'One stock-out sheet of the run with its lines, its state and its correction',
  input: SheetRefSchema,
  output: SheetSchema,
});

export const stockItems = defineEndpoint({
  id: 'stock.items',
  base: 'project',
  method: 'POST',
  path: '/u/web/getStockItemsSel/v1',
  permission: 'stock.record.read',
  summary: `Parts that can be issued now (stock above 0), by part number, with their stock; filter by keyword; at most ${STOCK_LIMITS.selectorMax}`,
  input: z.object({ runId: RunIdSchema, keyword: z.string().max(STOCK_LIMITS.partNameMaxLength, { error: 'validation.maxLength' }).optional() }),
  output: z.array(PartSchema),
});

// Corrections ------------------------------------------------------------------------------------

const CORRECTION_SUMMARY =
  "Replaces a saved sheet of the same kind by a correction (a new sheet referencing it, with the reason): the old sheet's moves are reversed and the correction's lines applied in one transaction, refused when any part's stock would go below 0. A sheet is corrected once; a correction may be corrected again; empty details void the sheet. Answers the correction";

export const stockInCorrect = defineEndpoint({
  id: 'stock.inCorrect',
  base: 'project',
  method: 'POST',
  path: '/u/web/stock/in/correct/v1',
  permission: 'stock.record.write',
  summary: `${CORRECTION_SUMMARY} (a stock-in)`,
  input: StockInCorrectionSchema,
  output: SheetSchema,
});

export const stockOutCorrect = defineEndpoint({
  id: 'stock.outCorrect',
  base: 'project',
  method: 'POST',
  path: '/u/web/stock/out/correct/v1',
  permission: 'stock.record.write',
  summary: `${CORRECTION_SUMMARY} (a stock-out)`,
  input: StockOutCorrectionSchema,
  output: SheetSchema,
});

// Current stock ----------------------------------------------------------------------------------

export const CurrentStockRowSchema = PartSchema.extend({
  /** Use per ring built over the pace window (null: no rings or no use). */
  perRing: z.number().nullable(),
  /** Average use per calendar day over the pace window. */
  perDay: z.number().nullable(),
  /** Days the stock lasts at the current pace (null: no use). */
  daysOfCover: z.number().nullable(),
  /** The lead time used: the part's, else learnt from its stock-ins, else null. */
  leadTimeUsed: z.number().nullable(),
  /** Suggested warning line: use per ring × planned rings per day × lead time + z × σ(daily use) × √lead time (null without use or lead time). */
  suggestedLine: z.number().nullable(),
  lastIn: z.string().nullable(),
  lastOut: z.string().nullable(),
});
export type CurrentStockRow = z.infer<typeof CurrentStockRowSchema>;

export const CurrentStockFilterSchema = z.object({
  runId: RunIdSchema,
  availability: z.enum(AVAILABILITY, { error: 'validation.invalid' }).default('all'),
  keyword: z.string().max(STOCK_LIMITS.partNameMaxLength, { error: 'validation.maxLength' }).optional(),
  system: z.string().max(STOCK_LIMITS.systemMaxLength, { error: 'validation.maxLength' }).optional(),
});

export const currentPage = defineEndpoint({
  id: 'stock.currentPage',
  base: 'project',
  method: 'POST',
  path: '/u/web/findStockListByPage/v1',
  permission: 'stock.record.read',
  summary:
    "The run's current stock, parts below their warning line first, then by part number; filter all / out of stock / in stock / below the line, keyword and system; with the counts of each filter and the pace the suggestions are computed from",
  input: CurrentStockFilterSchema.extend(PageQuerySchema.shape),
  output: pageOf(CurrentStockRowSchema).extend({
    counts: z.object({ all: z.number().int(), outOfStock: z.number().int(), inStock: z.number().int(), belowLine: z.number().int() }),
    /** The pace window (days), rings built in it and the planned rings per day used for suggestions. */
    pace: z.object({ days: z.number().int(), rings: z.number().int(), plannedRingsPerDay: z.number().nullable() }),
  }),
});

export const currentExport = defineEndpoint({
  id: 'stock.currentExport',
  base: 'project',
  method: 'POST',
  path: '/u/web/stock/current/export/v1',
  permission: 'stock.record.read',
  summary: "The current stock filtered as the page filters it, as an Excel workbook in the caller's language; nothing to export is refused (code 3)",
  input: CurrentStockFilterSchema,
  output: z.unknown(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

export const LedgerCheckSchema = z.object({
  parts: z.number().int(),
  moves: z.number().int(),
  /** Parts whose stock differs from the sum of their moves (none on a sound ledger). */
  mismatches: z.array(z.object({ partId: z.number().int(), code: z.string(), stock: z.number(), ledgerSum: z.number() })),
});

export const ledgerCheck = defineEndpoint({
  id: 'stock.ledgerCheck',
  base: 'project',
  method: 'POST',
  path: '/u/web/stock/ledgerCheck/v1',
  permission: 'stock.record.read',
  summary: "Proves the run's stock: every part's stock against the sum of its ledger moves",
  input: z.object({ runId: RunIdSchema }),
  output: LedgerCheckSchema,
});

// Consumption ------------------------------------------------------------------------------------

export const ConsumptionFilterSchema = z.object({
  runId: RunIdSchema,
  /** Local dates of the project; default the last 30 days. */
  from: StockDateSchema.optional(),
  to: StockDateSchema.optional(),
  keyword: z.string().max(STOCK_LIMITS.partNameMaxLength, { error: 'validation.maxLength' }).optional(),
  system: z.string().max(STOCK_LIMITS.systemMaxLength, { error: 'validation.maxLength' }).optional(),
});

/** The machine's work over the period: what consumption is normalised by. */
export const WorkSchema = z.object({
  from: z.string(),
  to: z.string(),
  rings: z.number().int(),
  metres: z.number(),
  /** Excavated volume (m³): metres × the cutterhead's face area (null without a diameter). */
  volumeM3: z.number().nullable(),
});

export const ConsumptionRowSchema = z.object({
  partId: z.number().int(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  system: z.string().nullable(),
  used: z.number(),
  /** Stock-out sheets naming the part. */
  sheets: z.number().int(),
  perRing: z.number().nullable(),
  perMetre: z.number().nullable(),
  per100m3: z.number().nullable(),
  perDay: z.number(),
});

export const consumptionPage = defineEndpoint({
  id: 'stock.consumptionPage',
  base: 'project',
  method: 'POST',
  path: '/u/web/statisticConsListByPage/v1',
  permission: 'stock.record.read',
  summary: `Consumption per part over a period (valid stock-outs and corrections), most used first, normalised by the machine's work: per ring, per metre and per 100 m³ excavated; at most ${STOCK_LIMITS.statsDaysMax} days; paged`,
  input: rangeInOrder(ConsumptionFilterSchema.extend(PageQuerySchema.shape)),
  output: pageOf(ConsumptionRowSchema).extend({ work: WorkSchema }),
});

export const ConsumptionDetailSchema = z.object({
  part: PartSchema,
  work: WorkSchema,
  used: z.number(),
  perRing: z.number().nullable(),
  perMetre: z.number().nullable(),
  per100m3: z.number().nullable(),
  /** Per month (YYYY-MM): use, rings, metres and use per ring. */
  byMonth: z.array(z.object({ month: z.string(), used: z.number(), rings: z.number().int(), metres: z.number(), perRing: z.number().nullable() })),
  /** Per day with use or rings: for the chart of use against rings. */
  byDay: z.array(z.object({ date: z.string(), used: z.number(), rings: z.number().int() })),
  /** Per risk zone the machine was in when the parts were issued (`null` name: outside every zone). */
  byZone: z.array(z.object({ zone: z.string().nullable(), used: z.number(), rings: z.number().int(), perRing: z.number().nullable() })),
  /** The stock-out lines of the period, newest first (at most 200). */
  lines: z.array(z.object({ sheetId: z.number().int(), number: z.string(), date: z.string(), recipient: z.string().nullable(), quantity: z.number() })),
});

export const consumptionDetail = defineEndpoint({
  id: 'stock.consumptionDetail',
  base: 'project',
  method: 'POST',
  path: '/u/web/stock/consumption/detail/v1',
  permission: 'stock.record.read',
  summary: "One part's consumption over a period: per month, per day against rings built, per risk zone, and its stock-out lines",
  input: rangeInOrder(z.object({ runId: RunIdSchema, partId: PartIdSchema, from: StockDateSchema.optional(), to: StockDateSchema.optional() })),
  output: ConsumptionDetailSchema,
});

export const consumptionExport = defineEndpoint({
  id: 'stock.consumptionExport',
  base: 'project',
  method: 'POST',
  path: '/u/web/stock/consumption/export/v1',
  permission: 'stock.record.read',
  summary:
    "Consumption over a period as an Excel workbook in the caller's language: the first sheet lists each stock-out line in the `stmstk` template's columns (so it can be imported again), the second the figures per part; nothing to export is refused (code 3)",
  input: rangeInOrder(ConsumptionFilterSchema),
  output: z.unknown(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

export { RingHistoryImportFormSchema as ConsumptionImportFormSchema } from '../project/ringHistory.contract.js';

export const consumptionImport = defineEndpoint({
  id: 'stock.consumptionImport',
  base: 'project',
  method: 'POST',
  path: '/u/web/stock/consumption/import/v1',
  permission: 'stock.record.write',
  summary:
    "Imports consumption from the `stmstk` template (`GET /u/web/getFilePath/v1/stmstk`): multipart fields `runId`, optional `mode` (all | validOnly) and `progressKey`, then the .xlsx/.xls `file` (at most 2 MB). Each row is a part (by its number; the name must match) used on a date; the rows of one date become one stock-out sheet. A row naming an unknown part, or taking more than the stock left, is refused at its row. Answers the import report in the caller's language",
  inputFrom: 'multipart',
  input: z.object({}),
  output: ImportReportSchema,
});

export const stockEndpoints = [
  partList,
  partUnits,
  partAdd,
  partEdit,
  partDelete,
  setFloor,
  stockInPage,
  stockInAdd,
  stockInDetail,
  stockInPeople,
  stockOutPage,
  stockOutPeople,
  stockOutAdd,
  stockOutDetail,
  stockItems,
  stockInCorrect,
  stockOutCorrect,
  currentPage,
  currentExport,
  ledgerCheck,
  consumptionPage,
  consumptionDetail,
  consumptionExport,
  consumptionImport,
] as const;
