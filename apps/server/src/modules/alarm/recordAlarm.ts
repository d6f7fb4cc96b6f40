import { alarmContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Bus } from '../../core/bus.js';
import type { Database } from '../../db/schema.js';
import { publishAlarmNotice } from './notices.js';
import { AlarmStore } from './runtime/alarmStore.js';

/** A ring's segment record in the alarm band of the run's tolerances. */
export interface SegmentAlarm {
  runId: number;
  ringNo: number;
  dataset: alarmContract.SegmentDataset;
  /** The worst value of the record against its limit (mm): a deviation or a clearance; null when several rules apply alike. */
  value: number | null;
  limit: number | null;
  /** 'low' for a clearance below its limit, 'high' for a deviation or imbalance above it. */
  direction: 'high' | 'low' | null;
  chainage: number | null;
  at: number;
}

/**
 * Segment tolerance alarms (issue 23): a ring's record, not a signal, so the alarm is an event:
 * raised and ended at the same instant (it stays in the history, unacknowledged, until a person
 * acknowledges it), at most one per ring and dataset however often the record is saved again.
 * Written through the alarm store (numbered within the run) and told to the pages like every alarm.
 */
export class SegmentAlarms {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bus: Bus,
  ) {}

  /** Raises the alarm unless the ring already has one for the dataset; answers its id, or null when it existed. */
  async raise(alarm: SegmentAlarm): Promise<number | null> {
    const point = alarmContract.SEGMENT_ALARM_POINTS[alarm.dataset];
    for (let attempt = 0; ; attempt += 1) {
      try {
        const id = await this.db.transaction().execute(async (trx) => {
          const existing = await trx.selectFrom('alarms').select('id').where('run_id', '=', alarm.runId).where('kind', '=', 'segment').where('point', '=', point).where('ring_no', '=', alarm.ringNo).executeTakeFirst();
          if (existing) return null;
          const store = new AlarmStore(trx);
          const created = await store.insert({
            run_id: alarm.runId,
            kind: 'segment',
            point,
            subsystem: null,
            level: 'alarm',
            direction: alarm.direction,
            start_ts: alarm.at,
            fault_ts: alarm.at,
            start_value: alarm.value,
            peak_value: alarm.value,
            limit_value: alarm.limit,
            ring_no: alarm.ringNo,
            shift_date: null,
            shift_no: null,
            start_chainage: alarm.chainage,
            chattering: 0,
            backfill: 0,
            notify: 1,
            created_at: alarm.at,
          });
          await trx.updateTable('alarms').set({ end_ts: alarm.at, end_chainage: alarm.chainage, end_reason: 'normal' }).where('id', '=', created).execute();
          await store.action(created, alarm.at, 'raised');
          return created;
        });
        if (id !== null) publishAlarmNotice(this.bus, alarm.runId, alarm.at, { event: 'raised', alarmId: id, point, level: 'alarm' });
        return id;
      } catch (error) {
        // Another writer took the run's next alarm number meanwhile: read again.
        if (attempt >= 2) throw error;
      }
    }
  }
}
