import { z } from 'zod';
import { LIMITS } from '../../limits.js';
import { KEY_TAGS } from '../../telemetry/tagTypes.js';
import { chainageCell, nonNegativeIntegerCell, positiveNumberCell } from './importCells.js';
import type { ImportTemplate } from './importTemplates.js';

/**
 * Ring history (`ringhist`): the rings built before the console was installed, one row per ring,
 * so progress, reports and statistics start at the drive's first ring. Times are wall-clock
 * date-times of the project (read in the run's time zone by the server); durations are minutes;
 * the key values are the ring's means over its advance, in the units of the catalogue tags the
 * cycle engine aggregates into the same ring columns (`RING_KEY_VALUE_TAGS`).
 */

/** The catalogue tags whose ring means the sheet may give: mean thrust (kN), mean torque (kN·m), mean advance speed (mm/min). */
export const RING_KEY_VALUE_TAGS = { thrustAvg: KEY_TAGS.totalThrust, torqueAvg: KEY_TAGS.cutterTorque, speedAvg: KEY_TAGS.advanceSpeed } as const;

const Scalar = z.union([z.string(), z.number(), z.boolean()]);

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const DAY_FIRST_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * `YYYY-MM-DD HH:mm:ss` of a project-local date-time cell: an Excel date (the reader gives it as
 * `YYYY-MM-DD[ HH:mm[:ss]]`), or text `YYYY-MM-DD HH:mm[:ss]`, `YYYY-MM-DDTHH:mm[:ss]` or
 * `DD/MM/YYYY HH:mm[:ss]` (spec §9); a date alone is midnight. Null when it names no real instant
 * of a calendar. Such strings sort in time order.
 */
export function localDateTimeOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const iso = DATE_TIME.exec(text);
  const dayFirst = iso ? null : DAY_FIRST_TIME.exec(text);
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1], dayFirst[4], dayFirst[5], dayFirst[6]]
      : null;
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.map((p) => (p === undefined ? 0 : Number(p))) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}:${pad(second)}`;
}

/** Minutes between two `localDateTimeOf` texts, read on one clock (the server checks instants in the run's zone). */
export function wallMinutesBetween(from: string, to: string): number {
  const at = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
  return (at(to) - at(from)) / 60_000;
}

/** A project-local date and time of day. */
export const localDateTimeCell = Scalar.transform((v, ctx) => {
  const text = localDateTimeOf(v);
  if (text === null) {
    ctx.addIssue({ code: 'custom', message: 'ringHistory.cell.dateTime' });
    return z.NEVER;
  }
  return text;
});

/** Minutes, 0 or more, at most a week. */
const minutesCell = Scalar.pipe(z.union([z.number(), z.string().trim().regex(/^\d+(?:\.\d+)?$/).transform(Number)], { error: 'validation.number' })).pipe(
  z.number().refine((v) => Number.isFinite(v) && v >= 0 && v <= LIMITS.ringHistoryMinutesMax, { error: 'imports.cell.range', params: { min: 0, max: LIMITS.ringHistoryMinutesMax } }),
);

const minutes = <const H extends string>(header: H, example: number) =>
  ({ header, rule: 'ringHistory.template.rule.minutes', ruleParams: { max: LIMITS.ringHistoryMinutesMax }, schema: minutesCell, required: false, example, width: 16 }) as const;

const mean = <const H extends string>(header: H, example: number) =>
  ({ header, rule: 'ringHistory.template.rule.mean', schema: positiveNumberCell(LIMITS.measureMax), required: false, example, width: 18 }) as const;

const chainage = <const H extends string>(header: H, example: string) =>
  ({ header, rule: 'imports.rule.chainage', schema: chainageCell, required: false, example, width: 16 }) as const;

const time = <const H extends string>(header: H, example: string) =>
  ({ header, rule: 'ringHistory.template.rule.dateTime', schema: localDateTimeCell, required: true, example, width: 20 }) as const;

const columns = {
  ringNo: {
    header: 'imports.column.ringNo',
    rule: 'imports.rule.ringNo',
    schema: nonNegativeIntegerCell(LIMITS.ringsTotalMax),
    required: true,
    example: 1,
    width: 12,
  },
  start: time('ringHistory.template.column.start', '2026-03-02 07:40'),
  end: time('ringHistory.template.column.end', '2026-03-02 10:05'),
  startChainage: chainage('ringHistory.template.column.startChainage', '0+000.000'),
  endChainage: chainage('ringHistory.template.column.endChainage', '0+001.500'),
  advanceMinutes: minutes('ringHistory.template.column.advanceMinutes', 95),
  ringBuildMinutes: minutes('ringHistory.template.column.ringBuildMinutes', 40),
  waitingMinutes: minutes('ringHistory.template.column.waitingMinutes', 10),
  thrustAvg: mean('ringHistory.template.column.thrustAvg', 18_500),
  torqueAvg: mean('ringHistory.template.column.torqueAvg', 3_200),
  speedAvg: mean('ringHistory.template.column.speedAvg', 42),
} as const;

/** Rings built before the console: number, start and end, chainage, durations and key values. */
export const ringHistoryTemplate: ImportTemplate<typeof columns> = {
  kind: 'ringhist',
  title: 'ringHistory.template.title',
  maxBytes: LIMITS.ringHistoryImportMaxBytes,
  columns,
  unique: ['ringNo'],
  rowRules: [
    { message: 'ringHistory.template.rowRule.order', holds: (row) => row.start < row.end },
    { message: 'ringHistory.template.rowRule.chainageBoth', holds: (row) => (row.startChainage === null) === (row.endChainage === null) },
    {
      message: 'ringHistory.template.rowRule.durations',
      // A ring ending before it starts is refused by the order rule alone.
      holds: (row) => row.start >= row.end || (row.advanceMinutes ?? 0) + (row.ringBuildMinutes ?? 0) + (row.waitingMinutes ?? 0) <= wallMinutesBetween(row.start, row.end),
    },
  ],
};
