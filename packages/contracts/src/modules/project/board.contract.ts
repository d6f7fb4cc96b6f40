import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { isLocalDate } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { RUN_STATUSES, RunIdSchema } from './project.contract.js';

/** A local calendar date of the project, `YYYY-MM-DD`. */
export const LocalDateSchema = z.string({ error: 'validation.required' }).refine(isLocalDate, { error: 'validation.date' });

const Amount = z.object({ rings: z.number().int(), metres: z.number() });

/** The project home's figures (spec §7 getIndexPageData), periods cut in the project's time zone. */
export const IndexPageDataSchema = z.object({
  today: Amount,
  week: Amount,
  month: Amount,
  total: Amount,
  /** The daily plan of basic info (null when it sets none: no screen invents one) and the drive's planned rings. */
  planned: z.object({ ringsPerDay: z.number().nullable(), metresPerDay: z.number().nullable(), rings: z.number().int() }),
  progress: z.number(),
  currentRing: z.number().int().nullable(),
  currentChainage: z.number().nullable(),
  /** Shares of today's recorded time per state, 0–1. */
  rates: z.object({ advance: z.number(), ringBuild: z.number(), waiting: z.number() }),
  status: z.enum(RUN_STATUSES),
  statusSince: z.number().int().nullable(),
  /** The recent pace the forecast extrapolates: rings per day over the last `days` local days (null without a ring in them). */
  pace: z.object({ ringsPerDay: z.number().nullable(), days: z.number().int() }),
  /** When the drive is expected to end at that pace (null when complete or not moving); the statistics' forecast. */
  forecastFinish: z.string().nullable(),
});
export type IndexPageData = z.infer<typeof IndexPageDataSchema>;

export const indexPageData = defineEndpoint({
  id: 'statistics.indexPageData',
  base: 'project',
  method: 'GET',
  path: '/u/web/statistic/getIndexPageData/v1',
  permission: 'project.run.read',
  summary: "The project home's board: rings and metres today, this week, this month and in total, planned figures, rates, status",
  input: z.object({ runId: RunIdSchema }),
  output: IndexPageDataSchema,
});

export const ProgressQuerySchema = z
  .object({ runId: RunIdSchema, from: LocalDateSchema, to: LocalDateSchema })
  .refine((v) => v.from <= v.to, { error: 'validation.rangeOrder', path: ['to'] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= LIMITS.progressDaysMax, { error: 'validation.rangeTooLong', path: ['to'] });

export const ProgressPointSchema = z.object({
  /** The first local date of the day, week (Monday) or month. */
  period: z.string(),
  rings: z.number().int(),
  metres: z.number(),
  /** Rings the daily plan of basic info asks for in the period; null when it sets no plan. */
  plannedRings: z.number().nullable(),
  cumulativeRings: z.number().int(),
});

const progressGraph = (suffix: '' | '/day' | '/week' | '/month', id: string, unit: string) =>
  defineEndpoint({
    id,
    base: 'project',
    method: 'POST',
    path: `/u/web/statistic/progressGraph${suffix}/v1`,
    permission: 'project.run.read',
    summary: `Rings and metres per ${unit} against plan between two local dates (at most ${LIMITS.progressDaysMax} days)`,
    input: ProgressQuerySchema,
    output: z.array(ProgressPointSchema),
  });

export const progressGraphDefault = progressGraph('', 'statistics.progressGraph', 'day');
export const progressGraphDay = progressGraph('/day', 'statistics.progressGraphDay', 'day');
export const progressGraphWeek = progressGraph('/week', 'statistics.progressGraphWeek', 'week');
export const progressGraphMonth = progressGraph('/month', 'statistics.progressGraphMonth', 'month');

export const boardEndpoints = [indexPageData, progressGraphDefault, progressGraphDay, progressGraphWeek, progressGraphMonth] as const;
