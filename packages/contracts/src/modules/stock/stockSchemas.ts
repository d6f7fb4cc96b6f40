import { z } from 'zod';
import { isLocalDate, optionalText, PositiveIdSchema, requiredText } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { RunIdSchema } from '../project/project.contract.js';

/**
 * The spare-part store of a run (issue 21, spec §1, §2 `fw1/stock/*`, §3, §5, §7): the parts
 * catalogue with each part's warning line, and the stock sheets — stock-in (first delivery or
 * restock) and stock-out (to a recipient, optionally for a maintenance record). Sheets are a
 * ledger: a saved sheet is never edited; a correction is a new sheet that replaces an old one (the
 * old sheet's moves are reversed and the correction's lines applied, in one transaction). A part's
 * stock is always the sum of its moves and never goes below zero.
 *
 * Quantities are decimal numbers with at most three decimals (grease in kg, oil in litres, cutters
 * in pieces); the server keeps them as whole thousandths so that sums are exact.
 */

export const STOCK_LIMITS = {
  partNameMaxLength: LIMITS.partNameMaxLength,
  partCodeMaxLength: LIMITS.partCodeMaxLength,
  unitMaxLength: LIMITS.partUnitMaxLength,
  /** System (unit) and component of the machine a part belongs to, its specification and its place in the store. */
  systemMaxLength: 50,
  specMaxLength: 100,
  locationMaxLength: 50,
  /** Sheet number (generated when left empty), person names, remarks. */
  sheetNumberMaxLength: 32,
  personNameMaxLength: 50,
  remarkMaxLength: LIMITS.remarkMaxLength,
  reasonMaxLength: 200,
  /** Lines of one sheet. */
  linesMax: 100,
  /** The largest quantity of one line, warning line or stock. */
  quantityMax: 1_000_000,
  quantityDecimals: 3,
  leadTimeDaysMax: 365,
  /** Parts of one run's catalogue. */
  partsMax: 5_000,
  /** Rows of the parts selector (`em/part/v1`). */
  selectorMax: 500,
  /** Days of one consumption query or export. */
  statsDaysMax: 732,
  /** Days of use the suggested line and the days of cover are computed from. */
  paceDays: 21,
  /** Service level of the suggested line: z for 95 %. */
  serviceZ: 1.65,
  importMaxBytes: LIMITS.stockImportMaxBytes,
} as const;

/** Spec §3, §4: a stock-in is the first delivery of a part or a later restock. */
export const STOCK_IN_TYPES = ['first', 'restock'] as const;
export type StockInType = (typeof STOCK_IN_TYPES)[number];

export const SHEET_KINDS = ['in', 'out'] as const;
export type SheetKind = (typeof SHEET_KINDS)[number];

/** A sheet as saved, a sheet replaced by a correction, or a correction (which may itself be corrected later). */
export const SHEET_STATES = ['valid', 'corrected'] as const;
export type SheetState = (typeof SHEET_STATES)[number];

/** Spec §4 part availability filter (all, out of stock, in stock), and the parts at or below their warning line. */
export const AVAILABILITY = ['all', 'outOfStock', 'inStock', 'belowLine'] as const;
export type Availability = (typeof AVAILABILITY)[number];

export const StockIdSchema = PositiveIdSchema;
export const PartIdSchema = StockIdSchema;
export const SheetIdSchema = StockIdSchema;

const hasAtMostDecimals = (value: number, decimals: number): boolean => Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) < 1e-6;

/** Spec §5: quantity in numeric format; greater than 0, at most three decimals. */
export const QuantitySchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') })
  .finite({ error: 'validation.number' })
  .positive({ error: 'validation.positiveNumber' })
  .max(STOCK_LIMITS.quantityMax, { error: 'validation.maxValue' })
  .refine((v) => hasAtMostDecimals(v, STOCK_LIMITS.quantityDecimals), { error: 'stock.refused.decimals' });

/** Spec §5: the warning number is numeric; 0 means no warning line. */
export const WarningLineSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.number') })
  .finite({ error: 'validation.number' })
  .min(0, { error: 'validation.minValue' })
  .max(STOCK_LIMITS.quantityMax, { error: 'validation.maxValue' })
  .refine((v) => hasAtMostDecimals(v, STOCK_LIMITS.quantityDecimals), { error: 'stock.refused.decimals' });

export const LeadTimeDaysSchema = z
  .number({ error: 'validation.integer' })
  .int({ error: 'validation.integer' })
  .min(0, { error: 'validation.minValue' })
  .max(STOCK_LIMITS.leadTimeDaysMax, { error: 'validation.maxValue' });

/** A calendar day of the project's time zone, `YYYY-MM-DD` (spec §5: entry and delivery dates required). */
export const StockDateSchema = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).refine(isLocalDate, { error: 'validation.date' });

export const PersonNameSchema = requiredText(STOCK_LIMITS.personNameMaxLength);

export const UserRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** A part of the run's catalogue with its stock now (spec §3: name, part number, stock amount, out-of-stock flag, warning number). */
export const PartSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  name: z.string(),
  /** Part number, unique within the run. */
  code: z.string(),
  unit: z.string().nullable(),
  system: z.string().nullable(),
  component: z.string().nullable(),
  spec: z.string().nullable(),
  location: z.string().nullable(),
  stock: z.number(),
  /** 0: no warning line. */
  warningLine: z.number(),
  outOfStock: z.boolean(),
  /** Stock at or below a warning line above 0. */
  belowLine: z.boolean(),
  /** Days from order to delivery, as set on the part (null: learnt from the stock-ins' reorder and delivery dates). */
  leadTimeDays: z.number().int().nullable(),
  remark: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Part = z.infer<typeof PartSchema>;

/** The fields of a part as added or edited; its stock only moves through sheets. */
export const PartFieldsSchema = z.object({
  runId: RunIdSchema,
  name: requiredText(STOCK_LIMITS.partNameMaxLength),
  code: requiredText(STOCK_LIMITS.partCodeMaxLength),
  unit: optionalText(STOCK_LIMITS.unitMaxLength),
  system: optionalText(STOCK_LIMITS.systemMaxLength),
  component: optionalText(STOCK_LIMITS.systemMaxLength),
  spec: optionalText(STOCK_LIMITS.specMaxLength),
  location: optionalText(STOCK_LIMITS.locationMaxLength),
  warningLine: WarningLineSchema.default(0),
  leadTimeDays: LeadTimeDaysSchema.nullish().transform((v) => v ?? null),
  remark: optionalText(STOCK_LIMITS.remarkMaxLength),
});
export type PartFields = z.infer<typeof PartFieldsSchema>;

/** A line of a stock-in: the part (by id, or by its code — a first delivery may bring a part the catalogue does not hold yet) and the quantity received. */
export const StockInLineInputSchema = z.object({
  partId: PartIdSchema.nullish().transform((v) => v ?? null),
  /** Spec §5: part name and code required. */
  name: requiredText(STOCK_LIMITS.partNameMaxLength),
  code: requiredText(STOCK_LIMITS.partCodeMaxLength),
  unit: optionalText(STOCK_LIMITS.unitMaxLength),
  system: optionalText(STOCK_LIMITS.systemMaxLength),
  quantity: QuantitySchema,
});

export const StockOutLineInputSchema = z.object({
  partId: PartIdSchema,
  quantity: QuantitySchema,
});

const distinct = <T>(values: readonly T[]): boolean => new Set(values).size === values.length;

/** Spec §5: the details list is not empty; each part appears once per sheet. */
const linesOf = <T extends z.ZodType>(line: T) =>
  z
    .array(line, { error: 'validation.required' })
    .min(1, { error: 'stock.refused.noLines' })
    .max(STOCK_LIMITS.linesMax, { error: 'validation.maxItems' });

const StockInFieldsSchema = z.object({
  runId: RunIdSchema,
  /** Generated (`IN-YYYYMMDD-NNN`) when left empty. */
  number: optionalText(STOCK_LIMITS.sheetNumberMaxLength),
  type: z.enum(STOCK_IN_TYPES, { error: 'validation.required' }),
  /** Delivery (entry) date. */
  date: StockDateSchema,
  /** Spec §5: the reorder/replenishment date (when the parts were ordered) is required; not after the delivery. */
  reorderDate: StockDateSchema,
  handler: PersonNameSchema,
  remark: optionalText(STOCK_LIMITS.remarkMaxLength),
  details: linesOf(StockInLineInputSchema),
});

const stockInRules = <T extends z.ZodType<{ date: string; reorderDate: string; details: { code: string }[] }>>(schema: T) =>
  schema
    .refine((v) => !isLocalDate(v.date) || !isLocalDate(v.reorderDate) || v.reorderDate <= v.date, { error: 'stock.refused.reorderAfterDelivery', path: ['reorderDate'] })
    .refine((v) => distinct(v.details.map((l) => l.code.trim().toLowerCase())), { error: 'stock.refused.partTwice', path: ['details'] });

export const StockInInputSchema = stockInRules(StockInFieldsSchema);
export type StockInInput = z.infer<typeof StockInInputSchema>;

const StockOutFieldsSchema = z.object({
  runId: RunIdSchema,
  /** Generated (`OUT-YYYYMMDD-NNN`) when left empty. */
  number: optionalText(STOCK_LIMITS.sheetNumberMaxLength),
  date: StockDateSchema,
  /** Spec §3: the out-user who takes the parts, and the store keeper who issues them. */
  recipient: PersonNameSchema,
  issuer: PersonNameSchema,
  remark: optionalText(STOCK_LIMITS.remarkMaxLength),
  /** The maintenance record the parts went to (a record of the same run). */
  maintenanceRecordId: StockIdSchema.nullish().transform((v) => v ?? null),
  details: linesOf(StockOutLineInputSchema),
});

const stockOutRules = <T extends z.ZodType<{ details: { partId: number }[] }>>(schema: T) =>
  schema.refine((v) => distinct(v.details.map((l) => l.partId)), { error: 'stock.refused.partTwice', path: ['details'] });

export const StockOutInputSchema = stockOutRules(StockOutFieldsSchema);
export type StockOutInput = z.infer<typeof StockOutInputSchema>;

/**
 * A correction: the sheet as it should have been, the id of the sheet it replaces (one of the
 * run's sheets of the same kind, not corrected yet) and the reason. Empty details void the sheet.
 */
const correction = {
  id: SheetIdSchema,
  reason: requiredText(STOCK_LIMITS.reasonMaxLength),
};
export const StockInCorrectionSchema = stockInRules(
  StockInFieldsSchema.extend({ ...correction, details: z.array(StockInLineInputSchema, { error: 'validation.invalid' }).max(STOCK_LIMITS.linesMax, { error: 'validation.maxItems' }) }),
);
export type StockInCorrection = z.infer<typeof StockInCorrectionSchema>;
export const StockOutCorrectionSchema = stockOutRules(
  StockOutFieldsSchema.extend({ ...correction, details: z.array(StockOutLineInputSchema, { error: 'validation.invalid' }).max(STOCK_LIMITS.linesMax, { error: 'validation.maxItems' }) }),
);
export type StockOutCorrection = z.infer<typeof StockOutCorrectionSchema>;

export const SheetLineSchema = z.object({
  partId: z.number().int(),
  code: z.string(),
  name: z.string(),
  unit: z.string().nullable(),
  quantity: z.number(),
});

/** A stock sheet (spec §3 stock dialog state: in-order id, in-date, state; out-order id, out-date, out-user). */
export const SheetSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  kind: z.enum(SHEET_KINDS),
  number: z.string(),
  /** Stock-in only. */
  type: z.enum(STOCK_IN_TYPES).nullable(),
  typeName: z.string().nullable(),
  date: z.string(),
  /** Stock-in only. */
  reorderDate: z.string().nullable(),
  /** Stock-in: handler; stock-out: the issuer. */
  handler: z.string(),
  /** Stock-out only: who took the parts (out-user). */
  recipient: z.string().nullable(),
  remark: z.string().nullable(),
  maintenanceRecord: z.object({ id: z.number().int(), time: z.number(), content: z.string() }).nullable(),
  state: z.enum(SHEET_STATES),
  stateName: z.string(),
  /** The sheet this one replaces, and the reason given. */
  corrects: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** The correction that replaced this sheet. */
  correctedBy: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  lines: z.array(SheetLineSchema),
  lineCount: z.number().int(),
  enteredBy: UserRefSchema.nullable(),
  enteredAt: z.number(),
});
export type Sheet = z.infer<typeof SheetSchema>;

/** A run's sheets by date range (local dates), person, part, state and sheet number or part words. */
export const SheetFilterSchema = z.object({
    runId: RunIdSchema,
    from: StockDateSchema.optional(),
    to: StockDateSchema.optional(),
    /** Stock-in: handler; stock-out: recipient. */
    person: z.string().max(STOCK_LIMITS.personNameMaxLength, { error: 'validation.maxLength' }).optional(),
    partId: PartIdSchema.optional(),
    state: z.enum(SHEET_STATES, { error: 'validation.invalid' }).optional(),
    keyword: z.string().max(STOCK_LIMITS.partNameMaxLength, { error: 'validation.maxLength' }).optional(),
});

/** A date range, when both ends are given, runs forwards. */
export const rangeInOrder = <T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(schema: T) =>
  schema.refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, { error: 'validation.rangeOrder', path: ['to'] });

/** A person to pick in a sheet's form or filter: the run's users and the names used on its sheets. */
export const PersonOptionSchema = z.object({ name: z.string(), userId: z.number().int().nullable() });

export const SheetRefSchema = z.object({ runId: RunIdSchema, id: SheetIdSchema });
export const PartRefSchema = z.object({ runId: RunIdSchema, id: PartIdSchema });
