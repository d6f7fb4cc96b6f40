import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { LIMITS } from '../../limits.js';
import { MACHINE_STATES, MACHINE_TYPES } from '../../telemetry/tagTypes.js';

/**
 * A run id: a number in a JSON body; a query string's digits (`?runId=12`) are read as the number by
 * the server before the contract. Text that is no number (`runId=abc`) is not a project.
 */
export const RunIdSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' });

/** What a picker needs of a run: which project and machine, and where its clocks are. */
export const RunOptionSchema = z.object({
  runId: z.number().int(),
  projectName: z.string(),
  tbmCode: z.string(),
  machineType: z.enum(MACHINE_TYPES),
  timeZone: z.string(),
  orgId: z.number().int(),
});
export type RunOption = z.infer<typeof RunOptionSchema>;

export const runQueryProject = defineEndpoint({
  id: 'project.runQueryProject',
  base: 'main',
  method: 'GET',
  path: '/u/web/sts/run/queryProject/v1',
  permission: 'authenticated',
  summary:
    "The runs (projects) the caller may see: those of organizations where one of the caller's roles grants a resource (the second-level organization for `zb` users), narrowed to the caller's assigned runs when there are any",
  input: z.object({}),
  output: z.array(RunOptionSchema),
});

/** What the machine is doing: a state of the cycle engine, or offline when no data came lately. */
export const RUN_STATUSES = [...MACHINE_STATES, 'offline'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A row of the project list (spec §2 columns) with what "enter system" sets as the current run. */
export const RunListItemSchema = RunOptionSchema.extend({
  country: z.string(),
  lineName: z.string(),
  deptId: z.number().int(),
  deptIdTwo: z.number().int(),
  deptPath: z.string(),
  deptTwoPath: z.string(),
  /** Rings built so far over the planned rings, 0–1. */
  progress: z.number(),
  plannedRings: z.number().int(),
  /** Rings built since the drive began (by ring number when a run starts recording part-way) and their length, m. */
  ringsBuilt: z.number().int(),
  metresBuilt: z.number(),
  /** Metres between start and end chainage. */
  tunnelLength: z.number(),
  currentChainage: z.number().nullable(),
  currentRing: z.number().int().nullable(),
  /** Shares of the recorded time in each state, 0–1 (they sum to 1 when anything is recorded). */
  advanceRate: z.number(),
  ringBuildRate: z.number(),
  waitingRate: z.number(),
  status: z.enum(RUN_STATUSES),
  statusSince: z.number().int().nullable(),
  /** Time covered by state intervals since the drive began, ms. */
  totalDurationMs: z.number().int(),
});
export type RunListItem = z.infer<typeof RunListItemSchema>;

const optionalText = z.string().trim().max(LIMITS.orgNameMaxLength).optional();

export const runQueryAll = defineEndpoint({
  id: 'project.runQueryAll',
  base: 'main',
  method: 'POST',
  path: '/u/web/sts/run/queryAll/v1',
  permission: 'authenticated',
  summary: 'The project list: every run the caller may see with its progress, rates and status; filters by TBM, country and project name (part of it)',
  input: z.object({ tbmCode: optionalText, country: optionalText, projectName: optionalText }),
  output: z.array(RunListItemSchema),
});

export const runQueryTbm = defineEndpoint({
  id: 'project.runQueryTbm',
  base: 'main',
  method: 'GET',
  path: '/u/web/sts/run/queryTbm/v1',
  permission: 'authenticated',
  summary: 'TBM numbers of the visible runs (for the project list filter)',
  input: z.object({}),
  output: z.array(z.string()),
});

export const runQueryCountry = defineEndpoint({
  id: 'project.runQueryCountry',
  base: 'main',
  method: 'GET',
  path: '/u/web/sts/run/queryCountry/v1',
  permission: 'authenticated',
  summary: 'Countries (ISO 3166 codes) of the visible runs (for the project list filter)',
  input: z.object({}),
  output: z.array(z.string()),
});

/** The current run of the framework state (spec §3), as "enter system" sets it. */
export const CurrentRunSchema = RunListItemSchema.pick({
  runId: true,
  projectName: true,
  timeZone: true,
  tbmCode: true,
  machineType: true,
  deptId: true,
  deptIdTwo: true,
  deptPath: true,
  deptTwoPath: true,
}).extend({ ringWidthMm: z.number().int(), startRing: z.number().int(), plannedRings: z.number().int(), startChainage: z.number(), endChainage: z.number() });
export type CurrentRun = z.infer<typeof CurrentRunSchema>;

export const runQuery = defineEndpoint({
  id: 'project.runQuery',
  base: 'project',
  method: 'GET',
  path: '/u/web/run/query/v1',
  permission: 'project.run.read',
  summary: 'One run as the framework keeps it (ids and organization paths, time zone, machine)',
  input: z.object({ runId: RunIdSchema }),
  output: CurrentRunSchema,
});

export const RunStateSchema = z.object({
  status: z.enum(RUN_STATUSES),
  since: z.number().int().nullable(),
  ringNo: z.number().int().nullable(),
  chainage: z.number().nullable(),
  /** The newest frame's time (null before any). */
  lastDataAt: z.number().int().nullable(),
});

export const runStateQuery = defineEndpoint({
  id: 'project.runStateQuery',
  base: 'project',
  method: 'GET',
  path: '/u/web/runState/query/v1',
  permission: 'project.run.read',
  summary: "The machine's state now: advance, ring building, waiting, finish — or offline after 5 minutes without data",
  input: z.object({ runId: RunIdSchema }),
  output: RunStateSchema,
});

export const PERIODS = ['today', 'week', 'month', 'total'] as const;

export const runStateTree = defineEndpoint({
  id: 'project.runStateTree',
  base: 'project',
  method: 'GET',
  path: '/u/web/runStateTree/query/v1',
  permission: 'project.run.read',
  summary: "Time per state and rings for today, this week (from Monday), this month and the whole drive, cut in the project's time zone",
  input: z.object({ runId: RunIdSchema }),
  output: z.array(
    z.object({ period: z.enum(PERIODS), advanceMs: z.number().int(), ringBuildMs: z.number().int(), waitingMs: z.number().int(), finishMs: z.number().int(), rings: z.number().int() }),
  ),
});

export const projectEndpoints = [runQueryProject, runQueryAll, runQueryTbm, runQueryCountry, runQuery, runStateQuery, runStateTree] as const;
