import { type alarmContract, KEY_TAGS } from '@boreline/contracts';
import type { PointSetting } from './alarmTypes.js';

/** The guidance deviations judged against the run's guidance bands (mm, ± band around zero). */
export const GUIDANCE_POINTS: readonly string[] = [KEY_TAGS.headHorizontal, KEY_TAGS.headVertical, KEY_TAGS.tailHorizontal, KEY_TAGS.tailVertical];
const GUIDANCE = new Set(GUIDANCE_POINTS);

/** The share of a tag's working range (or of |limit| without one) a value must be back inside by to clear. */
export const DEADBAND_SHARE = 0.01;

/** A part alarm setting as stored (warn_settings). */
export interface WarnSettingLike {
  tag_code: string;
  enabled: number;
  notify: number;
  low_alarm: number | null;
  low_warn: number | null;
  high_warn: number | null;
  high_alarm: number | null;
  delay_s: number;
}

/** What the engine needs of a tag: its working range. */
export interface TagRange {
  code: string;
  min: number;
  max: number;
}

/**
 * The deadband of a point: 1 % of its tag's working range (max − min of the catalogue), or 1 % of
 * the smallest |limit| set when the tag has no range (0 when neither).
 */
export function deadbandOf(range: TagRange | undefined, limits: readonly (number | null)[]): number {
  if (range && range.max > range.min) return (range.max - range.min) * DEADBAND_SHARE;
  const set = limits.flatMap((l) => (l === null || l === 0 ? [] : [Math.abs(l)]));
  return set.length === 0 ? 0 : Math.min(...set) * DEADBAND_SHARE;
}

/**
 * The points a run's engine judges: every enabled part alarm setting with at least one limit, and
 * the guidance deviations of the machine without an enabled setting of their own, against the
 * run's guidance bands (warning beyond ±guidanceWarnMm, alarm beyond ±guidanceAlarmMm, no delay,
 * no message — their own setting with the push switch on sends messages).
 */
export function compilePointSettings(rows: readonly WarnSettingLike[], tags: readonly TagRange[], run: alarmContract.AlarmRunSettings): PointSetting[] {
  const ranges = new Map(tags.map((t) => [t.code, t]));
  const out: PointSetting[] = [];
  const own = new Set<string>();
  for (const row of rows) {
    if (row.enabled !== 1 || !ranges.has(row.tag_code)) continue;
    const limits = [row.low_alarm, row.low_warn, row.high_warn, row.high_alarm];
    if (limits.every((l) => l === null)) continue;
    own.add(row.tag_code);
    out.push({
      code: row.tag_code,
      kind: GUIDANCE.has(row.tag_code) ? 'guidance' : 'point',
      lowAlarm: row.low_alarm,
      lowWarn: row.low_warn,
      highWarn: row.high_warn,
      highAlarm: row.high_alarm,
      delayMs: Math.max(0, row.delay_s) * 1000,
      deadband: deadbandOf(ranges.get(row.tag_code), limits),
      notify: row.notify === 1,
    });
  }
  for (const code of GUIDANCE_POINTS) {
    if (own.has(code) || !ranges.has(code)) continue;
    out.push({
      code,
      kind: 'guidance',
      lowAlarm: -run.guidanceAlarmMm,
      lowWarn: -run.guidanceWarnMm,
      highWarn: run.guidanceWarnMm,
      highAlarm: run.guidanceAlarmMm,
      delayMs: 0,
      deadband: deadbandOf(undefined, [run.guidanceWarnMm]),
      notify: false,
    });
  }
  return out;
}
