import { alarmContract, findTag, type MachineType } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { defaultProfile, EXCURSION_POINTS, excursionLimits } from '../../../telemetry/index.js';

/** How a demo point's alarms behave in the seeded history. */
export type DemoAlarmShape = 'warmUp' | 'peak' | 'face' | 'clogging' | 'level' | 'seal' | 'guidance';

export interface DemoAlarmPoint {
  code: string;
  /** Part alarm settings (warn_settings): the alarm switch is on for every one, the push switch for some. */
  notify: boolean;
  delaySeconds: number;
  lowAlarm: number | null;
  lowWarn: number | null;
  highWarn: number | null;
  highAlarm: number | null;
  /** Share of the history's alarms (a few points cause most, DOMAIN.md: the top 10 cause 20–80 %). */
  weight: number;
  shape: DemoAlarmShape;
  /** Guidance deviations are judged against the run's bands, not a part setting. */
  setting: boolean;
}

/**
 * The points a site watches on a demo machine, with limits inside their working ranges where the
 * simulator's episodes (`telemetry/simulator/alarmExcursions.ts`) cross them a few times a day.
 */
export function demoAlarmPoints(machineType: MachineType): DemoAlarmPoint[] {
  const limits = excursionLimits(machineType, defaultProfile(machineType));
  const P = EXCURSION_POINTS;
  const high = (warn: number, alarm: number) => ({ lowAlarm: null, lowWarn: null, highWarn: warn, highAlarm: alarm });
  const guidanceBand = { lowAlarm: -alarmContract.ALARM_RUN_SETTINGS_DEFAULT.guidanceAlarmMm, lowWarn: -alarmContract.ALARM_RUN_SETTINGS_DEFAULT.guidanceWarnMm, highWarn: alarmContract.ALARM_RUN_SETTINGS_DEFAULT.guidanceWarnMm, highAlarm: alarmContract.ALARM_RUN_SETTINGS_DEFAULT.guidanceAlarmMm };
  const points: DemoAlarmPoint[] = [
    { code: P.torque, notify: true, delaySeconds: 10, ...high(limits.torque.highWarn, limits.torque.highAlarm), weight: 24, shape: 'peak', setting: true },
    { code: P.thrust, notify: false, delaySeconds: 10, ...high(limits.thrust.highWarn, limits.thrust.highAlarm), weight: 16, shape: 'peak', setting: true },
    {
      code: machineType === 'epb' ? P.earthPressure : P.bubblePressure,
      notify: true,
      delaySeconds: 0,
      lowAlarm: limits.face.lowAlarm,
      lowWarn: limits.face.lowWarn,
      highWarn: limits.face.highWarn,
      highAlarm: limits.face.highAlarm,
      weight: 14,
      shape: 'face',
      setting: true,
    },
    { code: P.gearOilTemperature, notify: true, delaySeconds: 60, ...high(limits.gearOilTemperature.highWarn, limits.gearOilTemperature.highAlarm), weight: 11, shape: 'warmUp', setting: true },
    { code: P.tankTemperature, notify: false, delaySeconds: 60, ...high(limits.tankTemperature.highWarn, limits.tankTemperature.highAlarm), weight: 8, shape: 'warmUp', setting: true },
    { code: 'cutterhead.mainBearing1Temperature', notify: false, delaySeconds: 60, ...high(58, 63), weight: 3, shape: 'warmUp', setting: true },
    { code: 'cutterhead.motor1WindingTemperature', notify: false, delaySeconds: 60, ...high(115, 125), weight: 2, shape: 'warmUp', setting: true },
    { code: P.filter, notify: false, delaySeconds: 30, ...high(limits.filter.highWarn, limits.filter.highAlarm), weight: 4, shape: 'clogging', setting: true },
    { code: 'lubricationSeal.outerSealGreasePressure', notify: false, delaySeconds: 20, lowAlarm: 20, lowWarn: 35, highWarn: 180, highAlarm: 195, weight: 3, shape: 'seal', setting: true },
    { code: P.barrelLevel, notify: false, delaySeconds: 30, lowAlarm: limits.barrelLevel.lowAlarm, lowWarn: limits.barrelLevel.lowWarn, highWarn: null, highAlarm: null, weight: 3, shape: 'level', setting: true },
    { code: 'guidance.headHorizontal', notify: false, delaySeconds: 0, ...guidanceBand, weight: 3, shape: 'guidance', setting: false },
    { code: 'guidance.headVertical', notify: false, delaySeconds: 0, ...guidanceBand, weight: 2, shape: 'guidance', setting: false },
  ];
  // A catalogue without a point (a slurry shield has no chamber sensors) leaves it out.
  return points.filter((p) => findTag(machineType, p.code) !== undefined);
}

/**
 * The alarm settings of new demo runs: part alarm settings switched on for the watched points, and
 * the run's alarm settings at their defaults. Rows someone already saved are left as they are.
 */
export async function seedDemoAlarmSettings(db: Kysely<Database>, runs: readonly { runId: number; machineType: MachineType }[], now: number): Promise<number> {
  let written = 0;
  for (const run of runs) {
    const rows = demoAlarmPoints(run.machineType)
      .filter((p) => p.setting)
      .map((p) => ({
        run_id: run.runId,
        tag_code: p.code,
        enabled: 1,
        notify: p.notify ? 1 : 0,
        low_alarm: p.lowAlarm,
        low_warn: p.lowWarn,
        high_warn: p.highWarn,
        high_alarm: p.highAlarm,
        delay_s: p.delaySeconds,
        updated_by: null,
        updated_at: now,
      }));
    if (rows.length > 0) {
      await db.insertInto('warn_settings').values(rows).onConflict((oc) => oc.columns(['run_id', 'tag_code']).doNothing()).execute();
      written += rows.length;
    }
    const d = alarmContract.ALARM_RUN_SETTINGS_DEFAULT;
    await db
      .insertInto('alarm_run_settings')
      .values({
        run_id: run.runId,
        escalate_after_min: d.escalateAfterMinutes,
        long_stop_min: d.longStopMinutes,
        guidance_warn_mm: d.guidanceWarnMm,
        guidance_alarm_mm: d.guidanceAlarmMm,
        group_window_min: d.groupWindowMinutes,
        updated_by: null,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('run_id').doNothing())
      .execute();
  }
  return written;
}
