import { alarmContract } from '@boreline/contracts';
import type { MatrixObjects, MatrixSamples } from '../../../test/matrix.js';

const POINT = 'state.longStop';

/**
 * An alarm of each of A's runs (the canary in its comment), for the samples to aim at. Written as
 * the engine writes them: active, unacknowledged.
 */
export const matrixObjects: MatrixObjects = async ({ db, a, canary }) => {
  const made: Record<string, number> = {};
  for (const [name, runId] of [['alarm:run', a.run], ['alarm:run2', a.run2]] as const) {
    const now = Date.now();
    const row = await db.kysely
      .insertInto('alarms')
      .values({
        run_id: runId,
        number: 1,
        kind: 'longStop',
        point: POINT,
        subsystem: null,
        level: 'warning',
        direction: null,
        start_ts: now - 3_600_000,
        end_ts: null,
        fault_ts: now - 3_600_000,
        start_value: 150,
        peak_value: 150,
        limit_value: 120,
        ring_no: 12,
        shift_date: null,
        shift_no: null,
        start_chainage: null,
        end_chainage: null,
        ack_comment: `${canary} comment`,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    made[name] = row.id;
  }
  return made;
};

/** Valid-shaped requests of the alarm calls for the authorization matrix. */
export const matrixSamples: MatrixSamples = (c) => {
  const run = c.a.run;
  const alarm = c.target(c.objects['alarm:run'] ?? 0);
  const now = Date.now();
  return {
    'alarm.historyQuery': { runId: run },
    'alarm.historyExport': { runId: run },
    'alarm.historyParams': { runId: run },
    'alarm.currentQuery': { runId: run },
    'alarm.availableRings': { runId: run },
    'alarm.queryAlarmHis': { runId: run, ringStart: 1, ringEnd: 100 },
    'alarm.detail': { runId: run, id: c.objects['alarm:run'] ?? 0 },
    'alarm.ack': { runId: run, ids: [alarm] },
    'alarm.assignees': { runId: run },
    'alarm.assign': { runId: run, id: alarm, userId: c.a.user },
    'alarm.shelve': { runId: run, point: POINT, minutes: 5, reason: 'Matrix' },
    'alarm.unshelve': { runId: run, point: POINT },
    'alarm.settingsQuery': { runId: run },
    'alarm.settingsEdit': { runId: run, ...alarmContract.ALARM_RUN_SETTINGS_DEFAULT },
    'alarm.performance': { runId: run, from: now - 86_400_000, to: now },
  };
};
