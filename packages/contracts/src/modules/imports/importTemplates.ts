import type { z } from 'zod';
import { LIMITS } from '../../limits.js';
import { MAINTENANCE_CYCLES, type MaintenanceCycle } from '../project/dictionary.contract.js';
import {
  chainageCell,
  choiceCell,
  localDateCell,
  nonNegativeIntegerCell,
  positiveIntegerCell,
  positiveNumberCell,
  signedIntegerCell,
  textCell,
} from './importCells.js';
import { ringHistoryTemplate } from './ringHistoryTemplate.js';

/**
 * The spreadsheet imports of spec §7 (`getFilePath/v1/{kind}` templates), declared once: the
 * server generates each template from this, matches a file's header row against the headers in
 * the six languages, and checks every cell and row with these schemas and rules. Modules that
 * store the rows get them typed (`ImportRowOf<'stmseg'>`). Texts are i18n keys of the `imports`
 * catalogue (dictionary names of the `project` one).
 */
export const IMPORT_KINDS = ['stmseg', 'stmtail', 'tailcleance', 'mtceplan', 'stmstk', 'tagmap', 'ringhist'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A cell of the template's example row: a value as it is, or a text translated into the reader's language. */
export type ColumnExample = number | string | { text: string };

export interface ImportColumn<S extends z.ZodType = z.ZodType, R extends boolean = boolean> {
  /** i18n key of the header; the header row may use it in any of the six languages. */
  header: string;
  /** i18n key of what the column accepts, listed in the template's note row. */
  rule: string;
  ruleParams?: Readonly<Record<string, number>>;
  /** From a non-empty cell to the value stored. */
  schema: S;
  required: R;
  example: ColumnExample;
  /** Characters, as Excel measures column width. */
  width: number;
  /** Dictionary codes by the i18n key of their name: a cell may give the code or the name in any language. */
  choices?: Readonly<Record<string, string>>;
}

type Columns = Record<string, ImportColumn>;

/** A checked row: each column's value, null where an optional cell was empty. */
export type RowOf<C extends Columns> = {
  [K in keyof C]: C[K] extends ImportColumn<infer S, infer R> ? (R extends true ? z.output<S> : z.output<S> | null) : never;
};

/** A rule across the cells of one row; `message` is the refusal (reported without a column) and a line of the note row. */
export interface RowRule<R> {
  message: string;
  holds(row: R): boolean;
}

export interface ImportTemplate<C extends Columns = Columns> {
  kind: ImportKind;
  /** i18n key of what the sheet holds (file and sheet names). */
  title: string;
  /** The largest file accepted (spec §5, §9; the same as the file service's upload purpose for it). */
  maxBytes: number;
  /** In the template's column order. */
  columns: C;
  /** Columns whose value may appear once per file; each repeat is refused, naming the first row. */
  unique?: readonly (keyof C & string)[];
  rowRules?: readonly RowRule<RowOf<C>>[];
}

/** A template as generic code handles it (the server's reader, checker and template writer): rows as records. */
export interface AnyImportTemplate {
  kind: ImportKind;
  title: string;
  maxBytes: number;
  columns: Columns;
  unique?: readonly string[];
  rowRules?: readonly { message: string; holds(row: Readonly<Record<string, unknown>>): boolean }[];
}

const defineTemplate = <const C extends Columns>(template: ImportTemplate<C>): ImportTemplate<C> => template;

const ringNo = {
  header: 'imports.column.ringNo',
  rule: 'imports.rule.ringNo',
  schema: nonNegativeIntegerCell(LIMITS.ringsTotalMax),
  required: true,
  example: 120,
  width: 12,
} as const;

const remark = {
  header: 'imports.column.remark',
  rule: 'imports.rule.text',
  ruleParams: { max: LIMITS.remarkMaxLength },
  schema: textCell(LIMITS.remarkMaxLength),
  required: false,
  example: { text: 'imports.example.remark' },
  width: 30,
} as const;

const clearance = <const H extends string>(header: H, example: number) =>
  ({
    header,
    rule: 'imports.rule.clearance',
    ruleParams: { max: LIMITS.tailClearanceMmMax },
    schema: nonNegativeIntegerCell(LIMITS.tailClearanceMmMax),
    required: true,
    example,
    width: 14,
  }) as const;

const optional = <const C extends ImportColumn>(column: C) => ({ ...column, required: false }) as const;

const deviation = <const H extends string>(header: H, example: number) =>
  ({
    header,
    rule: 'imports.rule.deviation',
    ruleParams: { max: LIMITS.segmentDeviationMmAbsMax },
    schema: signedIntegerCell(LIMITS.segmentDeviationMmAbsMax),
    required: true,
    example,
    width: 16,
  }) as const;

/**
 * Segment attitude (spec §3): deviations are signed — a ring sits left or right of, above or below
 * the design axis — while ring numbers and widths are whole numbers of 0 or more (spec §5).
 */
export const segmentTemplate = defineTemplate({
  kind: 'stmseg',
  title: 'imports.kind.stmseg',
  maxBytes: LIMITS.segmentImportMaxBytes,
  columns: {
    ringNo,
    chainage: { header: 'imports.column.chainage', rule: 'imports.rule.chainage', schema: chainageCell, required: false, example: '0+180.000', width: 14 },
    horizontalDeviation: deviation('imports.column.horizontalDeviation', -12),
    elevationDeviation: deviation('imports.column.elevationDeviation', 8),
    remark,
    segmentType: {
      header: 'imports.column.segmentType',
      rule: 'imports.rule.text',
      ruleParams: { max: LIMITS.segmentTypeMaxLength },
      schema: textCell(LIMITS.segmentTypeMaxLength),
      required: false,
      example: { text: 'imports.example.segmentType' },
      width: 16,
    },
    ringWidth: {
      header: 'imports.column.ringWidth',
      rule: 'imports.rule.ringWidth',
      ruleParams: { max: LIMITS.ringWidthMmMax },
      schema: positiveIntegerCell(LIMITS.ringWidthMmMax),
      required: false,
      example: 1500,
      width: 14,
    },
    kPosition: {
      header: 'imports.column.kPosition',
      rule: 'imports.rule.text',
      ruleParams: { max: LIMITS.kBlockPositionMaxLength },
      schema: textCell(LIMITS.kBlockPositionMaxLength),
      required: false,
      example: 'K3',
      width: 14,
    },
  },
  unique: ['ringNo'],
});

/** Tail gap (spec §3): the four clearances between shield tail and ring, in millimetres. */
export const tailGapTemplate = defineTemplate({
  kind: 'stmtail',
  title: 'imports.kind.stmtail',
  maxBytes: LIMITS.tailImportMaxBytes,
  columns: {
    ringNo,
    up: clearance('imports.column.clearanceUp', 45),
    down: clearance('imports.column.clearanceDown', 38),
    left: clearance('imports.column.clearanceLeft', 41),
    right: clearance('imports.column.clearanceRight', 43),
  },
  unique: ['ringNo'],
});

/** Tail clearance before and after the ring is built; the after-build set may follow later. */
export const tailClearanceTemplate = defineTemplate({
  kind: 'tailcleance',
  title: 'imports.kind.tailcleance',
  maxBytes: LIMITS.tailImportMaxBytes,
  columns: {
    ringNo,
    upBefore: clearance('imports.column.upBefore', 52),
    downBefore: clearance('imports.column.downBefore', 31),
    leftBefore: clearance('imports.column.leftBefore', 44),
    rightBefore: clearance('imports.column.rightBefore', 40),
    upAfter: optional(clearance('imports.column.upAfter', 48)),
    downAfter: optional(clearance('imports.column.downAfter', 35)),
    leftAfter: optional(clearance('imports.column.leftAfter', 42)),
    rightAfter: optional(clearance('imports.column.rightAfter', 41)),
  },
  unique: ['ringNo'],
  rowRules: [
    {
      message: 'imports.rowRule.afterAllOrNone',
      holds: (row) => {
        const given = [row.upAfter, row.downAfter, row.leftAfter, row.rightAfter].filter((v) => v !== null).length;
        return given === 0 || given === 4;
      },
    },
  ],
});

/** Names of the maintenance cycles (the dictionary's `maintenanceCycle`, spec §4). */
const MAINTENANCE_CYCLE_NAMES: Record<MaintenanceCycle, string> = {
  initial: 'project.dic.maintenanceCycle.initial',
  beforeUse: 'project.dic.maintenanceCycle.beforeUse',
  afterUse: 'project.dic.maintenanceCycle.afterUse',
  daily: 'project.dic.maintenanceCycle.daily',
  weekly: 'project.dic.maintenanceCycle.weekly',
  monthly: 'project.dic.maintenanceCycle.monthly',
  quarterly: 'project.dic.maintenanceCycle.quarterly',
  halfYearly: 'project.dic.maintenanceCycle.halfYearly',
  yearly: 'project.dic.maintenanceCycle.yearly',
};

const text = <const H extends string, const R extends boolean>(header: H, max: number, required: R, example: ColumnExample, width: number) =>
  ({ header, rule: 'imports.rule.text', ruleParams: { max }, schema: textCell(max), required, example, width }) as const;

/** Maintenance plan (spec §3); the cycle is one of the dictionary's codes or its name in any language. */
export const maintenancePlanTemplate = defineTemplate({
  kind: 'mtceplan',
  title: 'imports.kind.mtceplan',
  // Spec §5: "under 500 KB", as the file service's purpose has it.
  maxBytes: LIMITS.maintenanceImportMaxBytes - 1,
  columns: {
    title: text('imports.column.title', LIMITS.maintenanceTitleMaxLength, true, { text: 'imports.example.planTitle' }, 28),
    cycle: {
      header: 'imports.column.cycle',
      rule: 'imports.rule.choice',
      schema: choiceCell(MAINTENANCE_CYCLES),
      required: true,
      example: 'monthly',
      width: 16,
      choices: MAINTENANCE_CYCLE_NAMES,
    },
    system: text('imports.column.system', LIMITS.maintenanceSystemMaxLength, true, { text: 'imports.example.system' }, 18),
    component: text('imports.column.component', LIMITS.maintenanceSystemMaxLength, false, { text: 'imports.example.component' }, 18),
    content: text('imports.column.content', LIMITS.maintenanceContentMaxLength, true, { text: 'imports.example.content' }, 36),
    items: text('imports.column.items', LIMITS.maintenanceContentMaxLength, false, { text: 'imports.example.items' }, 30),
    nextTime: { header: 'imports.column.nextMaintenance', rule: 'imports.rule.date', schema: localDateCell, required: false, example: '2026-12-01', width: 16 },
    remark,
  },
});

/** Spare-part consumption: what was used, how much and when. */
export const stockConsumptionTemplate = defineTemplate({
  kind: 'stmstk',
  title: 'imports.kind.stmstk',
  maxBytes: LIMITS.stockImportMaxBytes,
  columns: {
    partName: text('imports.column.partName', LIMITS.partNameMaxLength, true, { text: 'imports.example.partName' }, 24),
    partNumber: text('imports.column.partNumber', LIMITS.partCodeMaxLength, true, 'DS-4410', 16),
    unit: text('imports.column.unit', LIMITS.partUnitMaxLength, false, { text: 'imports.example.unit' }, 10),
    quantity: {
      header: 'imports.column.quantity',
      rule: 'imports.rule.quantity',
      schema: positiveNumberCell(LIMITS.measureMax),
      required: true,
      example: 2,
      width: 10,
    },
    date: { header: 'imports.column.date', rule: 'imports.rule.date', schema: localDateCell, required: true, example: '2026-11-20', width: 14 },
    remark,
  },
});

/** A machine's data linker: the gateway's variable name and the catalogue tag it carries (texts of the `tagMapping` catalogue). */
export const tagMapTemplate = defineTemplate({
  kind: 'tagmap',
  title: 'tagMapping.import.title',
  maxBytes: LIMITS.tagMapImportMaxBytes,
  columns: {
    rawName: text('tagMapping.import.rawName', LIMITS.tagCodeMaxLength, true, 'PLC1.VORTRIEB_V', 28),
    tagCode: text('tagMapping.import.tagCode', LIMITS.tagCodeMaxLength, true, 'thrust.advanceSpeed', 28),
  },
  unique: ['rawName'],
});

export const IMPORT_TEMPLATES = {
  stmseg: segmentTemplate,
  stmtail: tailGapTemplate,
  tailcleance: tailClearanceTemplate,
  mtceplan: maintenancePlanTemplate,
  stmstk: stockConsumptionTemplate,
  tagmap: tagMapTemplate,
  ringhist: ringHistoryTemplate,
} as const satisfies Record<ImportKind, AnyImportTemplate>;

/** The checked row of an import kind, as the module storing it receives it. */
export type ImportRowOf<K extends ImportKind> = RowOf<(typeof IMPORT_TEMPLATES)[K]['columns']>;
