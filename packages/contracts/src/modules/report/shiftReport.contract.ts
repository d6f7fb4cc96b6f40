import { z } from 'zod';
import { optionalText } from '../../core/primitives.js';
import { defineEndpoint } from '../../core/endpoint.js';
import { LIMITS } from '../../limits.js';
import { LocalDateSchema } from '../project/board.contract.js';
import { STOP_REASONS, WORK_PROCESSES } from '../project/dictionary.contract.js';
import { RUN_STATUSES, RunIdSchema } from '../project/project.contract.js';

/**
 * Shift reports (spec §3 Shift main / shift record / shift report, §4, §5). A report belongs to one
 * occurrence of a shift: a shift definition on a local date of the project's zone (a night shift
 * belongs to the date it starts on). Its main part holds who worked and what was built; its
 * records tile the shift with work processes and stops.
 *
 * - Records generated from the machine's advance and ring-building intervals are the shift's
 *   primary processes: nobody edits or deletes them, only a new generation replaces them.
 * - Every stop needs its reason before the records can be saved; generated stops come without one.
 * - A report can be changed until `editableUntil` (the shift's end + the edit window); after
 *   that every change is refused with "Editing time expired".
 */

/**
 * Refusals a client acts on, beyond showing the message: the `data` of a code-3 answer holds the
 * flag (`needsConfirmation`: generation would replace records; `editExpired`: the edit window closed).
 */
export const SHIFT_REFUSALS = ['needsConfirmation', 'editExpired'] as const;
export type ShiftRefusal = (typeof SHIFT_REFUSALS)[number];

export const isShiftRefusal = (data: unknown, refusal: ShiftRefusal): boolean =>
  typeof data === 'object' && data !== null && Reflect.get(data, refusal) === true;

/**
 * Every record starting before an earlier one has ended, paired with the earlier record reaching
 * furthest; records touching end to start do not overlap. The server refuses the first; forms mark
 * them all (spec §5: records tile the shift).
 */
export function findOverlaps<R extends { start: number; end: number }>(records: readonly R[]): [R, R][] {
  const sorted = [...records].sort((a, b) => a.start - b.start || a.end - b.end);
  const found: [R, R][] = [];
  let reaching: R | undefined;
  for (const record of sorted) {
    if (reaching !== undefined && record.start < reaching.end) found.push([reaching, record]);
    if (reaching === undefined || record.end > reaching.end) reaching = record;
  }
  return found;
}

/** A shift of the picker: the n-th shift of the run's list (1-based), saved or default. */
export const ShiftNoSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
  .int({ error: 'validation.invalid' })
  .min(1, { error: 'validation.invalid' })
  .max(LIMITS.shiftsMax, { error: 'validation.invalid' });

export const ShiftRecIdSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' });

export const RECORD_KINDS = ['process', 'stop'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

/** Where a shift occurrence sits in time, as the server cut it in the project's zone. */
export const ShiftSlotSchema = z.object({
  runId: z.number().int(),
  date: z.string(),
  shiftNo: z.number().int(),
  /** The saved shift definition; null while the run shows the default shifts. */
  shiftId: z.number().int().nullable(),
  shiftName: z.string(),
  /** [start, end) in epoch ms; 11 or 13 h for a 12 h night over a daylight-saving change. */
  start: z.number().int(),
  end: z.number().int(),
  timeZone: z.string(),
  /** Changes are accepted until this instant (shift end + the edit window). */
  editableUntil: z.number().int(),
  editable: z.boolean(),
});
export type ShiftSlot = z.infer<typeof ShiftSlotSchema>;

export const ShiftMainSchema = z.object({
  shiftRecId: z.number().int(),
  leader: z.string().nullable(),
  headcount: z.number().int().nullable(),
  ringStart: z.number().int().nullable(),
  ringEnd: z.number().int().nullable(),
  machineStatus: z.enum(RUN_STATUSES).nullable(),
  remark: z.string().nullable(),
  handover: z.string().nullable(),
  /** When records were last generated from machine data; null if never. */
  generatedAt: z.number().int().nullable(),
  updatedAt: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type ShiftMain = z.infer<typeof ShiftMainSchema>;

export const ShiftRecordSchema = z.object({
  recordId: z.number().int(),
  kind: z.enum(RECORD_KINDS),
  /** A work process code for `process`; null for `stop`. */
  process: z.enum(WORK_PROCESSES).nullable(),
  /** The stop reason; null on a process, and on a generated stop nobody has explained yet. */
  stopReason: z.enum(STOP_REASONS).nullable(),
  start: z.number().int(),
  end: z.number().int(),
  durationMs: z.number().int(),
  /** Share of the shift's length, 0–1. */
  share: z.number(),
  /** Generated from advance or ring building: cannot be edited or deleted. */
  primary: z.boolean(),
  generated: z.boolean(),
  remark: z.string().nullable(),
});
export type ShiftRecord = z.infer<typeof ShiftRecordSchema>;

/** One line of the shift's statistics: a process or a stop reason (`null` reason: not explained). */
export const ShiftStatLineSchema = z.object({
  kind: z.enum(RECORD_KINDS),
  code: z.string().nullable(),
  durationMs: z.number().int(),
  share: z.number(),
  count: z.number().int(),
});

export const ShiftStatsSchema = z.object({
  shiftMs: z.number().int(),
  processMs: z.number().int(),
  stopMs: z.number().int(),
  /** Time of the shift no record covers. */
  unrecordedMs: z.number().int(),
  /** Stops still without a reason. */
  unexplainedStops: z.number().int(),
  lines: z.array(ShiftStatLineSchema),
  /** What the machine data says about the shift, whatever the records hold. */
  machine: z.object({
    advanceMs: z.number().int(),
    ringBuildMs: z.number().int(),
    waitingMs: z.number().int(),
    ringsCompleted: z.number().int(),
    metres: z.number(),
  }),
});
export type ShiftStats = z.infer<typeof ShiftStatsSchema>;

export const ShiftReportSchema = z.object({
  slot: ShiftSlotSchema,
  main: ShiftMainSchema,
  records: z.array(ShiftRecordSchema),
  stats: ShiftStatsSchema,
});
export type ShiftReport = z.infer<typeof ShiftReportSchema>;

/** The shifts of a local date, each with its report if one exists. */
export const ShiftDaySchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  shifts: z.array(
    ShiftSlotSchema.extend({
      shiftRecId: z.number().int().nullable(),
      recordCount: z.number().int(),
      unexplainedStops: z.number().int(),
    }),
  ),
});
export type ShiftDay = z.infer<typeof ShiftDaySchema>;

const optionalCount = (max: number) =>
  z
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .min(0, { error: 'validation.nonNegativeInteger' })
    .max(max, { error: 'validation.maxValue' })
    .nullish()
    .transform((v) => v ?? null);

const SlotInput = { runId: RunIdSchema, date: LocalDateSchema, shiftNo: ShiftNoSchema };

export const ShiftMainInputSchema = z
  .object({
    ...SlotInput,
    leader: optionalText(LIMITS.personNameMaxLength),
    headcount: optionalCount(LIMITS.shiftHeadcountMax),
    ringStart: optionalCount(LIMITS.ringsTotalMax),
    ringEnd: optionalCount(LIMITS.ringsTotalMax),
    machineStatus: z.enum(RUN_STATUSES, { error: 'validation.invalid' }).nullish().transform((v) => v ?? null),
    remark: optionalText(LIMITS.shiftRemarkMaxLength),
    handover: optionalText(LIMITS.shiftRemarkMaxLength),
  })
  .refine((v) => v.ringStart === null || v.ringEnd === null || v.ringStart <= v.ringEnd, {
    error: 'validation.rangeOrder',
    path: ['ringEnd'],
  });

export const RecordInputSchema = z
  .object({
    /** An existing record this row edits; rows without one are new. Primary records cannot be named. */
    recordId: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).nullish(),
    kind: z.enum(RECORD_KINDS, { error: 'validation.required' }),
    process: z.enum(WORK_PROCESSES, { error: 'validation.invalid' }).nullish().transform((v) => v ?? null),
    stopReason: z.enum(STOP_REASONS, { error: 'validation.invalid' }).nullish().transform((v) => v ?? null),
    start: z.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }),
    end: z.number({ error: 'validation.required' }).int({ error: 'validation.invalid' }).min(0, { error: 'validation.invalid' }),
    remark: optionalText(LIMITS.shiftRemarkMaxLength),
  })
  .refine((r) => r.end > r.start, { error: 'report.shift.endBeforeStart', path: ['end'] })
  .refine((r) => r.kind !== 'stop' || r.stopReason !== null, { error: 'report.shift.stopReasonRequired', path: ['stopReason'] })
  .refine((r) => r.kind !== 'process' || r.process !== null, { error: 'report.shift.processRequired', path: ['process'] });
export type RecordInput = z.infer<typeof RecordInputSchema>;

export const ShiftRecordsSaveSchema = z.object({
  runId: RunIdSchema,
  shiftRecId: ShiftRecIdSchema,
  /** Every record of the shift that is not primary, as it should be after saving. */
  records: z.array(RecordInputSchema, { error: 'validation.required' }).max(LIMITS.shiftRecordsMax, { error: 'report.shift.tooManyRecords' }),
});

const ReportRef = z.object({ runId: RunIdSchema, shiftRecId: ShiftRecIdSchema });

export const shiftReportQuery = defineEndpoint({
  id: 'report.shiftQuery',
  base: 'project',
  method: 'GET',
  path: '/u/web/report/shift/query/v1',
  permission: 'report.shift.read',
  summary: 'One shift report: its shift, main part, records and statistics',
  input: ReportRef,
  output: ShiftReportSchema,
});

export const shiftDayList = defineEndpoint({
  id: 'report.shiftDay',
  base: 'project',
  method: 'GET',
  path: '/u/web/report/shift/v1',
  permission: 'report.shift.read',
  summary: "The shifts of a local date of the project, each with its report's id (or null) and whether it can still be edited",
  input: z.object({ runId: RunIdSchema, date: LocalDateSchema }),
  output: ShiftDaySchema,
});

export const findShiftMain = defineEndpoint({
  id: 'report.findShiftMain',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/shift/findShiftMain/v1',
  permission: 'report.shift.read',
  summary: 'The report of one shift on one date, or null when none was started',
  input: z.object(SlotInput),
  output: ShiftReportSchema.nullable(),
});

export const saveShiftMain = defineEndpoint({
  id: 'report.saveShiftMain',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/shift/saveShiftMain/v1',
  permission: 'report.shift.write',
  summary: "Creates or updates the main part of a shift's report (leader, headcount, rings, machine status, remark, handover) within the edit window",
  input: ShiftMainInputSchema,
  output: ShiftReportSchema,
});

export const saveShiftRecords = defineEndpoint({
  id: 'report.saveShiftRecords',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/shift/save/v1',
  permission: 'report.shift.write',
  summary:
    'Replaces the editable records of a shift report: processes and stops inside the shift, not overlapping each other or a primary process, every stop with its reason',
  input: ShiftRecordsSaveSchema,
  output: ShiftReportSchema,
});

export const GraphDataSchema = z.object({
  slot: ShiftSlotSchema,
  records: z.array(ShiftRecordSchema),
  /** The machine's own states over the shift, clipped to it. */
  states: z.array(z.object({ state: z.string(), start: z.number().int(), end: z.number().int(), ringNo: z.number().int().nullable() })),
});

export const listShiftRecordForGraph = defineEndpoint({
  id: 'report.shiftGraph',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/shift/listShiftRecordForGraph/v1',
  permission: 'report.shift.read',
  summary: "The time bar of a shift: its records and the machine's state intervals",
  input: ReportRef,
  output: GraphDataSchema,
});

export const listShiftStatData = defineEndpoint({
  id: 'report.shiftStats',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/shift/listShiftStatData/v1',
  permission: 'report.shift.read',
  summary: 'Time and share of the shift per process and stop reason, and what the machine data says',
  input: ReportRef,
  output: ShiftStatsSchema,
});

export const autoGenShiftRecord = defineEndpoint({
  id: 'report.autoGenShiftRecord',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/shift/autoGenShiftRecord/v1',
  permission: 'report.shift.write',
  summary:
    "Generates a shift's records from the machine's state intervals. When records exist it answers code 3 with `data.needsConfirmation` unless `overwrite` is true; then all records are replaced in one transaction",
  input: z.object({ ...SlotInput, overwrite: z.boolean({ error: 'validation.invalid' }).default(false) }),
  output: ShiftReportSchema,
});

export const listDateSelForRecord = defineEndpoint({
  id: 'report.datesWithRecords',
  base: 'project',
  method: 'GET',
  path: '/u/web/report/shift/listDateSelForRecord/v1',
  permission: 'report.shift.read',
  summary: 'The local dates of a month that have shift reports, with how many',
  input: z.object({
    runId: RunIdSchema,
    month: z.string({ error: 'validation.required' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.date' }),
  }),
  output: z.array(z.object({ date: z.string(), reports: z.number().int() })),
});

export const deleteShiftReport = defineEndpoint({
  id: 'report.shiftDelete',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/shift/delete/v1',
  permission: 'report.shift.write',
  summary: 'Deletes a shift report with all its records, permanently, within the edit window',
  inputFrom: 'query',
  input: ReportRef,
  output: z.null(),
});

export const RingOptionSchema = z.object({ ringNo: z.number().int(), start: z.number().int(), end: z.number().int() });

export const getRingReportSel = defineEndpoint({
  id: 'report.ringOptions',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/shift/getRingReportSel/v1',
  permission: 'report.shift.read',
  summary: 'Completed rings to pick from: those ending within [from, to) when given, else the newest, at most 2,000',
  input: z.object({
    runId: RunIdSchema,
    from: z.number().int().min(0).nullish(),
    to: z.number().int().min(0).nullish(),
  }),
  output: z.array(RingOptionSchema),
});

/** The segment-erection view of a shift (sg): the rings built in it. */
export const RingSegmentSchema = z.object({
  ringNo: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  ringBuildMs: z.number().int(),
  advanceMs: z.number().int(),
  /** Segment type and K position come with the segment data; null until recorded. */
  segmentType: z.string().nullable(),
  keyPosition: z.string().nullable(),
  tailGap: z.object({ top: z.number().nullable(), bottom: z.number().nullable(), left: z.number().nullable(), right: z.number().nullable() }),
  tailHorizontal: z.number().nullable(),
  tailVertical: z.number().nullable(),
});
export type RingSegment = z.infer<typeof RingSegmentSchema>;

export const getRingSegmentSel = defineEndpoint({
  id: 'report.ringSegments',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/getRingSegmentSel/v1',
  permission: 'report.shift.read',
  summary: 'Rings completed in the shift of a report, with ring-building time, segment type, K position and tail clearance',
  input: z.object({ runId: RunIdSchema, shiftRecId: ShiftRecIdSchema }),
  output: z.array(RingSegmentSchema),
});

export const shiftReportEndpoints = [
  shiftReportQuery,
  shiftDayList,
  findShiftMain,
  saveShiftMain,
  saveShiftRecords,
  listShiftRecordForGraph,
  listShiftStatData,
  autoGenShiftRecord,
  listDateSelForRecord,
  deleteShiftReport,
  getRingReportSel,
  getRingSegmentSel,
] as const;
