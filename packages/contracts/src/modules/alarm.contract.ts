import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.js';
import { EpochMsSchema } from '../core/primitives.js';
import { pageOf, PageQuerySchema } from '../core/pagination.js';
import { RunIdSchema } from './project/project.contract.js';
import { RingNoSchema } from './report/periodReport.contract.js';

/**
 * Alarms (issue 19): the engine evaluates every stored frame against the part alarm settings of its
 * run (warn_settings) and the run's alarm settings, and keeps alarm records with the fields of
 * spec §3. Lifecycle after ISA-18.2: active/cleared × unacknowledged/acknowledged, shelving,
 * escalation when unacknowledged too long.
 */

/** Limits of the alarm side beyond spec §9. */
export const ALARM_LIMITS = {
  /** Longest shelving of a point (minutes): a shift and a half at most, then it alarms again. */
  shelveMaxMinutes: 720,
  shelveReasonMaxLength: 200,
  ackCommentMaxLength: 500,
  /** Alarms acknowledged by one call (bulk acknowledge of a page). */
  ackIdsMax: 200,
  /** An alarm stays unacknowledged this long before its run's supervisors are told (minutes). */
  escalateAfterMinutesMax: 1_440,
  longStopMinutesMax: 10_080,
  guidanceBandMmMax: 1_000,
  groupWindowMinutesMax: 240,
  /** Rows of one Excel export. */
  exportRowsMax: 20_000,
  /** Minutes of the point's values shown around an alarm in its detail (each side). */
  detailWindowMinutes: 10,
  /** A chattering point raises and clears this many times within `chatterWindowMs`. */
  chatterCycles: 3,
  chatterWindowMs: 60_000,
  /** A flood: this many alarms or more within `floodWindowMs` (EEMUA 191). */
  floodAlarms: 10,
  floodWindowMs: 600_000,
  /** An alarm active longer than this is stale. */
  staleAfterMs: 86_400_000,
  /** Performance figures over at most this many days. */
  performanceDaysMax: 92,
} as const;

export const ALARM_LEVELS = ['warning', 'alarm'] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

/**
 * What raised an alarm: a monitored point past its limits, or a machine state — a stop longer than
 * the run's threshold, a machine whose data stopped coming (connection monitor), a guidance
 * deviation beyond the run's band, a ring's segment record (attitude, tail gap, tail clearance) in
 * the alarm band of the run's segment tolerances.
 */
export const ALARM_KINDS = ['point', 'longStop', 'connectionLost', 'guidance', 'segment'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** Which limit was passed: above the high limits or below the low ones (null for machine-state alarms without one). */
export const ALARM_DIRECTIONS = ['high', 'low'] as const;
export type AlarmDirection = (typeof ALARM_DIRECTIONS)[number];

/** ISA-18.2 states: active or cleared, each unacknowledged or acknowledged. */
export const ALARM_STATES = ['activeUnacked', 'activeAcked', 'clearedUnacked', 'clearedAcked'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** Filters of the history by state. */
export const ALARM_STATE_FILTERS = ['active', 'cleared', 'unacked', 'acked'] as const;

/**
 * The point code of machine-state alarms (they have no tag): `state.longStop`, `state.connectionLost`;
 * guidance alarms carry the guidance tag's own code.
 */
export const MACHINE_STATE_POINTS = { longStop: 'state.longStop', connectionLost: 'state.connectionLost' } as const;

/** The point code of segment tolerance alarms, per dataset; the ring is the alarm's ring number (one alarm per ring and dataset). */
export const SEGMENT_ALARM_POINTS = { pose: 'tolerance.pose', tailGap: 'tolerance.tailGap', clearance: 'tolerance.clearance' } as const;
export type SegmentDataset = keyof typeof SEGMENT_ALARM_POINTS;

const UserRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const AlarmSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  /** Number of the alarm within its run (1, 2, …), shown as the alarm number. */
  number: z.number().int(),
  kind: z.enum(ALARM_KINDS),
  /** The alarm variable: the tag code, or a MACHINE_STATE_POINTS code. */
  point: z.string(),
  /** The point's name in the reader's language. */
  name: z.string(),
  /** What happened, in the reader's language ("Main drive oil temperature 78.4 °C above the alarm limit 75 °C"). */
  content: z.string(),
  subsystem: z.string().nullable(),
  level: z.enum(ALARM_LEVELS),
  direction: z.enum(ALARM_DIRECTIONS).nullable(),
  unit: z.string().nullable(),
  /** When the alarm started (after its on-delay). */
  startTs: z.number(),
  /** When it cleared; null while active. */
  endTs: z.number().nullable(),
  /** Fault time: when the value first passed the limit (before the on-delay). */
  faultTs: z.number(),
  /** The value when it started, the worst value while active, the limit it passed. */
  value: z.number().nullable(),
  peakValue: z.number().nullable(),
  limit: z.number().nullable(),
  /** The ring being excavated or built when it started, and its shift (date in the run's zone, shift number). */
  ringNo: z.number().int().nullable(),
  shiftDate: z.string().nullable(),
  shiftNo: z.number().int().nullable(),
  /** Chainage (m) at start and at clear. */
  startChainage: z.number().nullable(),
  endChainage: z.number().nullable(),
  /** The PLC variable and its address as mapped on the tag-mapping page (null when unmapped or not a point). */
  plcVariable: z.string().nullable(),
  address: z.string().nullable(),
  repairSuggestion: z.string().nullable(),
  /** Working hours a repair usually takes. */
  workingHours: z.number().nullable(),
  /** Knowledge items linked to the alarm (filled once the knowledge base exists). */
  knowledge: z.array(z.object({ id: z.number().int(), title: z.string() })),
  state: z.enum(ALARM_STATES),
  ackedAt: z.number().nullable(),
  ackedBy: UserRefSchema.nullable(),
  ackComment: z.string().nullable(),
  assignee: UserRefSchema.nullable(),
  /** When the run's supervisors were told it is still unacknowledged. */
  escalatedAt: z.number().nullable(),
  /** A warning that became an alarm: when (the record keeps the highest level reached). */
  escalatedToAlarmAt: z.number().nullable(),
  /** The point raised and cleared CHATTER_CYCLES times within a minute: the alarm is held open. */
  chattering: z.boolean(),
  /** Raised from frames that arrived late (after their window closed): recovered from backfill, never announced as new. */
  backfill: z.boolean(),
  /** Repeats of this point within the grouping window counted into this record instead of new messages. */
  repeats: z.number().int(),
  /** The point is shelved until then (null: not shelved). */
  shelvedUntil: z.number().nullable(),
});
export type Alarm = z.infer<typeof AlarmSchema>;

/** Filters of the alarm history (also the export's). */
export const AlarmFilterSchema = z.object({
  runId: RunIdSchema,
  from: EpochMsSchema.optional(),
  to: EpochMsSchema.optional(),
  ringStart: RingNoSchema.optional(),
  ringEnd: RingNoSchema.optional(),
  level: z.enum(ALARM_LEVELS).optional(),
  kind: z.enum(ALARM_KINDS).optional(),
  subsystem: z.string().max(64).optional(),
  point: z.string().max(64).optional(),
  state: z.enum(ALARM_STATE_FILTERS).optional(),
  shiftDate: z.string().max(10).optional(),
  shiftNo: z.number().int().min(1).max(4).optional(),
});
const filterRules = <T extends z.ZodType<{ from?: number | undefined; to?: number | undefined; ringStart?: number | undefined; ringEnd?: number | undefined }>>(schema: T) =>
  schema
    .refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, { error: 'alarm.filter.fromAfterTo', path: ['to'] })
    .refine((v) => v.ringStart === undefined || v.ringEnd === undefined || v.ringStart <= v.ringEnd, { error: 'alarm.filter.ringStartAboveEnd', path: ['ringEnd'] });

export const alarmHistoryQuery = defineEndpoint({
  id: 'alarm.historyQuery',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/history/query/v1',
  permission: 'alarm.record.read',
  summary: "A run's alarms, newest first, filtered by time range, ring range, level, kind, subsystem, point, state and shift; paged",
  input: filterRules(AlarmFilterSchema.extend(PageQuerySchema.shape)),
  output: pageOf(AlarmSchema),
});

export const alarmHistoryExport = defineEndpoint({
  id: 'alarm.historyExport',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/history/export/v1',
  permission: 'alarm.record.read',
  summary: "The filtered alarm history as an Excel workbook in the caller's language (the newest ALARM_LIMITS.exportRowsMax rows at most; code 3 with a message when there is none)",
  input: filterRules(AlarmFilterSchema),
  output: z.unknown(),
  response: 'raw',
  rawContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

export const AlarmParamsSchema = z.object({
  subsystems: z.array(z.object({ code: z.string(), name: z.string() })),
  /** Points that have alarms or alarm settings switched on, named in the reader's language. */
  points: z.array(z.object({ code: z.string(), name: z.string(), subsystem: z.string().nullable() })),
  /** The rings and times the run's alarms span (null before any). */
  ringMin: z.number().int().nullable(),
  ringMax: z.number().int().nullable(),
  firstTs: z.number().nullable(),
  lastTs: z.number().nullable(),
});

export const alarmHistoryParams = defineEndpoint({
  id: 'alarm.historyParams',
  base: 'project',
  method: 'GET',
  path: '/u/web/alarm/history/params/query/v1',
  permission: 'alarm.record.read',
  summary: "What the alarm history can be filtered by: the run's subsystems and points with alarms or settings, and the rings and times its alarms span",
  input: z.object({ runId: RunIdSchema }),
  output: AlarmParamsSchema,
});

export const ShelfSchema = z.object({
  point: z.string(),
  name: z.string(),
  from: z.number(),
  until: z.number(),
  reason: z.string(),
  by: UserRefSchema.nullable(),
});
export type Shelf = z.infer<typeof ShelfSchema>;

export const CurrentAlarmsSchema = z.object({
  alarms: z.array(AlarmSchema),
  /** Points shelved now. */
  shelved: z.array(ShelfSchema),
  counts: z.object({ warning: z.number().int(), alarm: z.number().int(), unacked: z.number().int() }),
});
export type CurrentAlarms = z.infer<typeof CurrentAlarmsSchema>;

const CurrentFilterSchema = z.object({
  runId: RunIdSchema,
  level: z.enum(ALARM_LEVELS).optional(),
  subsystem: z.string().max(64).optional(),
});

export const alarmCurrentQuery = defineEndpoint({
  id: 'alarm.currentQuery',
  base: 'project',
  method: 'GET',
  path: '/u/web/alarm/current/query/v1',
  permission: 'alarm.record.read',
  summary: "A run's active alarms (and those cleared but not yet acknowledged), worst first, with the points shelved now and the counts per level",
  input: CurrentFilterSchema,
  output: CurrentAlarmsSchema,
});

export const alarmCurrentQueryByToken = defineEndpoint({
  id: 'alarm.currentQueryByToken',
  base: 'project',
  method: 'GET',
  path: '/u/web/alarm/current/query/v1/:token',
  permission: 'public',
  summary:
    "The mobile view's form of the current alarms: the session token of an H5 link in the path instead of a header. Only that session's run; an unknown or ended token answers code 1, a run the session may not read code 2",
  input: CurrentFilterSchema.extend({ token: z.string().min(20).max(128) }),
  output: CurrentAlarmsSchema,
});

export const alarmAvailableRings = defineEndpoint({
  id: 'alarm.availableRings',
  base: 'project',
  method: 'POST',
  path: '/u/TBMAlarm/getAvailableRings',
  permission: 'alarm.record.read',
  summary: 'The rings of a run that have alarms (ascending), optionally within a time range',
  input: z.object({ runId: RunIdSchema, from: EpochMsSchema.optional(), to: EpochMsSchema.optional() }),
  output: z.object({ rings: z.array(z.number().int()) }),
});

export const alarmQueryAlarmHis = defineEndpoint({
  id: 'alarm.queryAlarmHis',
  base: 'project',
  method: 'POST',
  path: '/u/TBMAlarm/queryAlarmHis',
  permission: 'alarm.record.read',
  summary: "A run's alarms by ring range (the ring-based history of the TBM alarm page), oldest first, paged",
  input: z
    .object({ runId: RunIdSchema, ringStart: RingNoSchema, ringEnd: RingNoSchema, level: z.enum(ALARM_LEVELS).optional() })
    .extend(PageQuerySchema.shape)
    .refine((v) => v.ringStart <= v.ringEnd, { error: 'alarm.filter.ringStartAboveEnd', path: ['ringEnd'] }),
  output: pageOf(AlarmSchema),
});

export const ALARM_ACTIONS = ['raised', 'escalatedToAlarm', 'chattering', 'cleared', 'acked', 'assigned', 'escalationSent', 'shelved', 'unshelved', 'disabled'] as const;

export const AlarmDetailSchema = z.object({
  alarm: AlarmSchema,
  /** What happened to it, oldest first. */
  actions: z.array(z.object({ at: z.number(), action: z.enum(ALARM_ACTIONS), by: UserRefSchema.nullable(), text: z.string().nullable() })),
  /** The point's values from ALARM_LIMITS.detailWindowMinutes before the start to as long after the end (or now). */
  series: z.object({ ts: z.array(z.number()), values: z.array(z.number().nullable()) }).nullable(),
  /** The limits in force for the point (null where not set). */
  limits: z.object({ lowAlarm: z.number().nullable(), lowWarn: z.number().nullable(), highWarn: z.number().nullable(), highAlarm: z.number().nullable() }).nullable(),
});
export type AlarmDetail = z.infer<typeof AlarmDetailSchema>;

export const alarmDetail = defineEndpoint({
  id: 'alarm.detail',
  base: 'project',
  method: 'GET',
  path: '/u/web/alarm/detail/v1',
  permission: 'alarm.record.read',
  summary: "One alarm with what was done with it and the point's values around it",
  input: z.object({ runId: RunIdSchema, id: z.number().int().positive() }),
  output: AlarmDetailSchema,
});

export const alarmAck = defineEndpoint({
  id: 'alarm.ack',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/ack/v1',
  permission: 'alarm.record.handle',
  summary: "Acknowledges alarms of a run with an optional comment (already acknowledged ones are left as they are); an id that is not one of the run's alarms refuses the whole call (code 3, as a missing one)",
  input: z.object({
    runId: RunIdSchema,
    ids: z.array(z.number().int().positive()).min(1, { error: 'validation.required' }).max(ALARM_LIMITS.ackIdsMax, { error: 'validation.maxItems' }),
    comment: z.string().trim().max(ALARM_LIMITS.ackCommentMaxLength, { error: 'validation.maxLength' }).optional(),
  }),
  output: z.object({ acked: z.number().int() }),
});

export const alarmAssignees = defineEndpoint({
  id: 'alarm.assignees',
  base: 'project',
  method: 'GET',
  path: '/u/web/alarm/assignees/v1',
  permission: 'alarm.record.handle',
  summary: 'The users an alarm of a run may be assigned to: enabled users who may read its alarms',
  input: z.object({ runId: RunIdSchema }),
  output: z.array(UserRefSchema),
});

export const alarmAssign = defineEndpoint({
  id: 'alarm.assign',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/assign/v1',
  permission: 'alarm.record.handle',
  summary: 'Assigns an alarm to a user who may read the run (null takes the assignment back); the assignee gets a message',
  input: z.object({ runId: RunIdSchema, id: z.number().int().positive(), userId: z.number().int().positive().nullable() }),
  output: AlarmSchema,
});

export const alarmShelve = defineEndpoint({
  id: 'alarm.shelve',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/shelve/v1',
  permission: 'alarm.record.handle',
  summary: 'Shelves a point of a run for a time with a reason (audited): no new alarm of it is raised or announced until then',
  input: z.object({
    runId: RunIdSchema,
    point: z.string().min(1).max(64),
    minutes: z
      .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.integer') })
      .int({ error: 'validation.integer' })
      .min(1, { error: 'validation.minValue' })
      .max(ALARM_LIMITS.shelveMaxMinutes, { error: 'validation.maxValue' }),
    reason: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, { error: 'validation.required' })
      .max(ALARM_LIMITS.shelveReasonMaxLength, { error: 'validation.maxLength' }),
  }),
  output: ShelfSchema,
});

export const alarmUnshelve = defineEndpoint({
  id: 'alarm.unshelve',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/unshelve/v1',
  permission: 'alarm.record.handle',
  summary: 'Ends the shelving of a point before its time (audited)',
  input: z.object({ runId: RunIdSchema, point: z.string().min(1).max(64) }),
  output: z.object({ unshelved: z.boolean() }),
});

export const AlarmRunSettingsSchema = z.object({
  /** Supervisors are told about an alarm still unacknowledged after this many minutes (0: never). */
  escalateAfterMinutes: z.number().int().min(0).max(ALARM_LIMITS.escalateAfterMinutesMax),
  /** A stop longer than this raises a long-stop alarm (0: never). */
  longStopMinutes: z.number().int().min(0).max(ALARM_LIMITS.longStopMinutesMax),
  /** Guidance deviations (head and tail, horizontal and vertical) beyond these bands raise a warning / an alarm (mm). */
  guidanceWarnMm: z.number().int().min(1).max(ALARM_LIMITS.guidanceBandMmMax),
  guidanceAlarmMm: z.number().int().min(1).max(ALARM_LIMITS.guidanceBandMmMax),
  /** Alarms of one point repeated within this many minutes are grouped into one message. */
  groupWindowMinutes: z.number().int().min(0).max(ALARM_LIMITS.groupWindowMinutesMax),
});
export type AlarmRunSettings = z.infer<typeof AlarmRunSettingsSchema>;

export const ALARM_RUN_SETTINGS_DEFAULT: AlarmRunSettings = {
  escalateAfterMinutes: 30,
  longStopMinutes: 120,
  guidanceWarnMm: 50,
  guidanceAlarmMm: 100,
  groupWindowMinutes: 10,
};

export const alarmSettingsQuery = defineEndpoint({
  id: 'alarm.settingsQuery',
  base: 'project',
  method: 'GET',
  path: '/u/web/alarm/settings/query/v1',
  permission: 'alarm.record.read',
  summary: "A run's alarm settings: escalation time, long-stop threshold, guidance bands, message grouping window (defaults until saved)",
  input: z.object({ runId: RunIdSchema }),
  output: AlarmRunSettingsSchema,
});

export const alarmSettingsEdit = defineEndpoint({
  id: 'alarm.settingsEdit',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/settings/edit/v1',
  permission: 'alarm.settings.write',
  summary: "Saves a run's alarm settings (the guidance warning band must be narrower than the alarm band); the engine uses them from the next frame",
  input: AlarmRunSettingsSchema.extend({ runId: RunIdSchema }).refine((v) => v.guidanceWarnMm < v.guidanceAlarmMm, {
    error: 'alarm.settings.bandOrder',
    path: ['guidanceAlarmMm'],
  }),
  output: AlarmRunSettingsSchema,
});

const PointCountSchema = z.object({ point: z.string(), name: z.string(), count: z.number().int() });

export const AlarmPerformanceSchema = z.object({
  from: z.number(),
  to: z.number(),
  total: z.number().int(),
  byLevel: z.object({ warning: z.number().int(), alarm: z.number().int() }),
  /** Alarms per 10 minutes: the average over the span and the busiest 10 minutes. */
  per10MinAverage: z.number(),
  per10MinMax: z.number().int(),
  /** Alarms per day (average over the span's days). */
  perDayAverage: z.number(),
  /** Periods with ALARM_LIMITS.floodAlarms or more alarms within 10 minutes, and the share of time in flood. */
  floods: z.array(z.object({ start: z.number(), end: z.number(), count: z.number().int() })),
  floodTimePercent: z.number(),
  /** Points that chattered (and how often), stale alarms (active longer than 24 h). */
  chattering: z.array(PointCountSchema),
  stale: z.array(z.object({ id: z.number().int(), point: z.string(), name: z.string(), startTs: z.number() })),
  /** The ten points that raised most, with their share of all alarms (percent). */
  top: z.array(PointCountSchema.extend({ percent: z.number() })),
  /** Per shift of the span: date, shift number, count. */
  perShift: z.array(z.object({ shiftDate: z.string(), shiftNo: z.number().int(), count: z.number().int() })),
  /** Median minutes from start to acknowledgement (null when none was acknowledged). */
  ackMedianMinutes: z.number().nullable(),
});
export type AlarmPerformance = z.infer<typeof AlarmPerformanceSchema>;

export const alarmPerformance = defineEndpoint({
  id: 'alarm.performance',
  base: 'project',
  method: 'POST',
  path: '/u/web/alarm/performance/v1',
  permission: 'alarm.record.read',
  summary: "Alarm performance figures of a run after ISA-18.2 / EEMUA 191 over a span (at most ALARM_LIMITS.performanceDaysMax days), optionally one shift",
  input: z
    .object({ runId: RunIdSchema, from: EpochMsSchema, to: EpochMsSchema, shiftDate: z.string().max(10).optional(), shiftNo: z.number().int().min(1).max(4).optional() })
    .refine((v) => v.from < v.to, { error: 'alarm.filter.fromAfterTo', path: ['to'] })
    .refine((v) => v.to - v.from <= ALARM_LIMITS.performanceDaysMax * 86_400_000, { error: 'alarm.performance.spanTooLong', path: ['to'] }),
  output: AlarmPerformanceSchema,
});

/**
 * The body of a realtime `alarm` notice on a run's `alarm` topic (NoticeMessage.body): what changed.
 * Pages re-read the current alarms on any of them; `raised` of a non-backfill alarm may sound.
 */
export const AlarmNoticeBodySchema = z.object({
  event: z.enum(['raised', 'escalatedToAlarm', 'cleared', 'acked', 'assigned', 'shelved', 'unshelved']),
  alarmId: z.number().int().nullable(),
  point: z.string(),
  level: z.enum(ALARM_LEVELS).nullable(),
});
export type AlarmNoticeBody = z.infer<typeof AlarmNoticeBodySchema>;

export const alarmEndpoints = [
  alarmHistoryQuery,
  alarmHistoryExport,
  alarmHistoryParams,
  alarmCurrentQuery,
  alarmCurrentQueryByToken,
  alarmAvailableRings,
  alarmQueryAlarmHis,
  alarmDetail,
  alarmAck,
  alarmAssignees,
  alarmAssign,
  alarmShelve,
  alarmUnshelve,
  alarmSettingsQuery,
  alarmSettingsEdit,
  alarmPerformance,
] as const;
