import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { LIMITS } from '../../limits.js';
import { MACHINE_TYPES } from '../../telemetry/tagTypes.js';
import { LocalDateSchema } from '../project/board.contract.js';
import { STOP_REASONS } from '../project/dictionary.contract.js';
import { RunIdSchema } from '../project/project.contract.js';
import { ShiftRecIdSchema } from './shiftReport.contract.js';

/**
 * Ring, daily, weekly and monthly reports and their Excel export. Periods are cut in the project's
 * time zone (a day lasts 23 or 25 h on daylight-saving changes); a ring counts for the period it
 * was completed in. Reports read ring records, state intervals and shift reports, never raw frames.
 */

const n = z.number().nullable();

/** One ring: times, time per state, aggregates of the key parameters, guidance at its end, segment and tail clearance. */
export const RingReportRowSchema = z.object({
  ringNo: z.number().int(),
  start: z.number().int(),
  end: z.number().int(),
  durationMs: z.number().int(),
  advanceMs: z.number().int(),
  ringBuildMs: z.number().int(),
  waitingMs: z.number().int(),
  startChainage: n,
  endChainage: n,
  thrustAvg: n,
  thrustMax: n,
  torqueAvg: n,
  torqueMax: n,
  speedAvg: n,
  speedMax: n,
  penetrationAvg: n,
  facePressureAvg: n,
  groutVolume: n,
  groutPressureAvg: n,
  foamVolume: n,
  bentoniteVolume: n,
  headHorizontal: n,
  headVertical: n,
  tailHorizontal: n,
  tailVertical: n,
  /** Segment type and K position come with the segment data; null until recorded. */
  segmentType: z.string().nullable(),
  keyPosition: z.string().nullable(),
  tailGapTop: n,
  tailGapBottom: n,
  tailGapLeft: n,
  tailGapRight: n,
});
export type RingReportRow = z.infer<typeof RingReportRowSchema>;

const ReportHead = {
  runId: z.number().int(),
  projectName: z.string(),
  tbmCode: z.string(),
  machineType: z.enum(MACHINE_TYPES),
  timeZone: z.string(),
  /** Metres per ring. */
  ringWidth: z.number(),
};

export const RingReportSchema = z.object({ ...ReportHead, rows: z.array(RingReportRowSchema) });
export type RingReport = z.infer<typeof RingReportSchema>;

export const RingNoSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.integer') })
  .int({ error: 'validation.integer' })
  .min(0, { error: 'validation.nonNegativeInteger' })
  .max(LIMITS.ringsTotalMax, { error: 'validation.maxValue' });

export const RingRangeSchema = z
  .object({ runId: RunIdSchema, ringStart: RingNoSchema, ringEnd: RingNoSchema })
  .refine((v) => v.ringStart <= v.ringEnd, { error: 'report.ring.startAboveEnd', path: ['ringEnd'] })
  .refine((v) => v.ringEnd - v.ringStart < LIMITS.ringReportMax, { error: 'report.ring.tooMany', path: ['ringEnd'] });

export const PERIOD_UNITS = ['day', 'week', 'month'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

const Amount = z.object({ rings: z.number().int(), metres: z.number() });
const StateTimes = { advanceMs: z.number().int(), ringBuildMs: z.number().int(), waitingMs: z.number().int() };

export const StopReasonLineSchema = z.object({
  /** null: standby time no shift report explains. */
  reason: z.enum(STOP_REASONS).nullable(),
  durationMs: z.number().int(),
  /** Share of the period's standby time, 0–1. */
  share: z.number(),
  count: z.number().int(),
});

export const PeriodShiftSchema = z.object({
  date: z.string(),
  shiftNo: z.number().int(),
  shiftName: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  shiftRecId: z.number().int().nullable(),
  leader: z.string().nullable(),
  headcount: z.number().int().nullable(),
  ...Amount.shape,
  ...StateTimes,
});

export const PeriodDaySchema = z.object({ date: z.string(), plannedRings: z.number().nullable(), ...Amount.shape, ...StateTimes });

/** Alarms of level `alarm` a period report lists (the rest are counted). */
export const NOTABLE_ALARMS_MAX = 20;

/** One alarm as a report names it: in the reader's language, with its ring and shift. */
export const NotableAlarmSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  point: z.string(),
  /** The point's name and what happened, in the reader's language. */
  name: z.string(),
  content: z.string(),
  level: z.enum(['warning', 'alarm']),
  startTs: z.number(),
  /** Null while still active. */
  endTs: z.number().nullable(),
  /** Until its end, or until now while active. */
  durationMs: z.number().int(),
  ringNo: z.number().int().nullable(),
  shiftDate: z.string().nullable(),
  shiftNo: z.number().int().nullable(),
});
export type NotableAlarm = z.infer<typeof NotableAlarmSchema>;

/** The notable alarms of a span (alarms that started in it): counts, the alarms of level `alarm`, the longest, the top and chattering points. */
export const NotableAlarmsSchema = z.object({
  total: z.number().int(),
  byLevel: z.object({ warning: z.number().int(), alarm: z.number().int() }),
  /** Alarms of level `alarm`, oldest first, at most NOTABLE_ALARMS_MAX; `moreAlarms` were left out. */
  alarms: z.array(NotableAlarmSchema),
  moreAlarms: z.number().int(),
  /** The five longest alarms, longest first. */
  longest: z.array(NotableAlarmSchema),
  /** The five points that raised most, with their share of the span's alarms (percent). */
  top: z.array(z.object({ point: z.string(), name: z.string(), count: z.number().int(), percent: z.number() })),
  /** Points that chattered (raised and cleared again and again within a minute), and how often. */
  chattering: z.array(z.object({ point: z.string(), name: z.string(), count: z.number().int() })),
});
export type NotableAlarms = z.infer<typeof NotableAlarmsSchema>;

export const PeriodReportSchema = z.object({
  ...ReportHead,
  unit: z.enum(PERIOD_UNITS),
  /** First and last local dates of the period. */
  firstDate: z.string(),
  lastDate: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  /** Planned for the period from the project's planned rings and length per day; null when not set. */
  plan: z.object({ rings: z.number(), metres: z.number() }).nullable(),
  actual: Amount,
  /** Since the start of the drive up to the end of the period. */
  cumulative: Amount.extend({ plannedRings: z.number().int(), progress: z.number() }),
  times: z.object({ ...StateTimes, finishMs: z.number().int(), unrecordedMs: z.number().int() }),
  /** Shares of the recorded time, 0–1. */
  rates: z.object({ advance: z.number(), ringBuild: z.number(), waiting: z.number() }),
  /** Mean advance speed over the period's rings, mm/min. */
  avgSpeed: z.number().nullable(),
  stopReasons: z.array(StopReasonLineSchema),
  rings: z.array(RingReportRowSchema),
  shifts: z.array(PeriodShiftSchema),
  days: z.array(PeriodDaySchema),
  /** The period's notable alarms; null where the server keeps no alarms. */
  notableAlarms: NotableAlarmsSchema.nullable(),
});
export type PeriodReport = z.infer<typeof PeriodReportSchema>;

export const ringReport = defineEndpoint({
  id: 'report.ring',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/ring/v1',
  permission: 'report.period.read',
  summary: `The ring report of a ring range (at most ${LIMITS.ringReportMax} rings): times, state durations, key parameters, guidance, segment and tail clearance`,
  input: RingRangeSchema,
  output: RingReportSchema,
});

export const PeriodQuerySchema = z.object({ runId: RunIdSchema, unit: z.enum(PERIOD_UNITS, { error: 'validation.invalid' }), date: LocalDateSchema });

export const periodReport = defineEndpoint({
  id: 'report.period',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/period/v1',
  permission: 'report.period.read',
  summary:
    'The daily, weekly (Monday to Sunday) or monthly report holding `date`: planned and actual rings and metres, cumulative progress, rates, stop reasons by time, rings, shifts, days and the notable alarms',
  input: PeriodQuerySchema,
  output: PeriodReportSchema,
});

export const EXPORT_KINDS = ['ring', 'day', 'day2', 'week', 'month', 'shift'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const ReportExportSchema = z.discriminatedUnion(
  'report',
  [
    z.object({ report: z.literal('ring'), runId: RunIdSchema, ringStart: RingNoSchema, ringEnd: RingNoSchema }),
    z.object({ report: z.enum(['day', 'day2', 'week', 'month']), runId: RunIdSchema, date: LocalDateSchema }),
    z.object({ report: z.literal('shift'), runId: RunIdSchema, shiftRecId: ShiftRecIdSchema }),
  ],
  { error: 'validation.invalid' },
);
export type ReportExport = z.infer<typeof ReportExportSchema>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const reportExport = defineEndpoint({
  id: 'report.export',
  base: 'project',
  method: 'POST',
  path: '/u/web/report/export/v1',
  permission: 'report.period.read',
  summary:
    "A report as an Excel workbook (.xlsx) in the caller's language, dates in the project's zone. Ring ranges follow the ring report's limit; an empty report answers code 3 'no data can be exported now'",
  input: ReportExportSchema,
  output: z.string(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

export const periodReportEndpoints = [ringReport, periodReport, reportExport] as const;
