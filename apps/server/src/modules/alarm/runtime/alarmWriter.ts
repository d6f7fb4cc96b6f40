import { alarmContract, type messagesContract, type TagDef } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Bus } from '../../../core/bus.js';
import { utcToZoned } from '../../../core/timeZone.js';
import type { Database } from '../../../db/schema.js';
import type { MachineHistory } from '../../../telemetry/index.js';
import { type MessageCentre, tagNameParam } from '../../messages/index.js';
import { publishAlarmNotice } from '../notices.js';
import type { AlarmTransition } from '../engine/alarmTypes.js';
import { AlarmStore } from './alarmStore.js';
import type { PendingTransition, RunSetup } from './runAlarms.js';
import { shiftOf } from './shiftOf.js';

const { MACHINE_STATE_POINTS } = alarmContract;

/** The records of one run's open alarms, by point, and the heads of its message groups. */
export class RunRecords {
  /** Active live alarm per point (engine points and machine states). */
  live = new Map<string, number>();
  /** Active backfill alarm per point. */
  backfill = new Map<string, number>();
  /** The last announced alarm of each point (repeats within the grouping window count into it). */
  heads = new Map<string, { id: number; ts: number }>();
}

export interface WriterDeps {
  db: Kysely<Database>;
  machine: MachineHistory;
  bus: Bus;
  messages: () => MessageCentre | null;
  now: () => number;
  log: { warn: (obj: object, msg: string) => void };
}

interface Announcement {
  id: number;
  t: AlarmTransition;
  message: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const round = (v: number, precision: number) => Number(v.toFixed(Math.max(0, Math.min(6, precision))));

/**
 * Writes a run's alarm transitions: one transaction per batch (records, their actions, repeats
 * counted into a group's head), then the realtime notices and the messages of newly raised live
 * alarms. Stamps each new record with its ring, shift and chainage.
 */
export class AlarmWriter {
  private readonly store: AlarmStore;

  constructor(private readonly deps: WriterDeps) {
    this.store = new AlarmStore(deps.db);
  }

  async write(runId: number, setup: RunSetup, records: RunRecords, items: readonly PendingTransition[]): Promise<void> {
    if (items.length === 0) return;
    const tags = new Map(setup.tags.map((t) => [t.code, t]));
    let attempt = 0;
    for (;;) {
      // Worked on copies: a failed transaction leaves the records as they were.
      const live = new Map(records.live);
      const backfill = new Map(records.backfill);
      const heads = new Map(records.heads);
      const announcements: Announcement[] = [];
      try {
        await this.deps.db.transaction().execute(async (trx) => {
          const store = this.store.on(trx);
          const machine = this.deps.machine.within(trx);
          for (const { t, chainage } of items) {
            const ids = t.backfill ? backfill : live;
            if (t.type === 'raised') {
              if (!t.backfill) {
                const existing = ids.get(t.point) ?? (await store.activeLive(runId, t.point))?.id;
                if (existing !== undefined) {
                  // Raised already (restored, or by another instance): the same record continues.
                  ids.set(t.point, existing);
                  continue;
                }
              }
              const ring = (await machine.ringAt(runId, t.ts)) ?? this.deps.machine.engineState(runId)?.ringNo ?? null;
              const shift = shiftOf(t.ts, setup.shifts, setup.timeZone);
              const at = chainage ?? (await machine.chainageAt(runId, t.ts));
              const tag = tags.get(t.point);
              const id = await store.insert({
                run_id: runId,
                kind: t.kind,
                point: t.point,
                subsystem: tag?.subsystem ?? null,
                level: t.level,
                direction: t.direction,
                start_ts: t.ts,
                fault_ts: t.faultTs,
                start_value: t.value,
                peak_value: t.peak,
                limit_value: t.limit,
                ring_no: ring,
                shift_date: shift?.date ?? null,
                shift_no: shift?.no ?? null,
                start_chainage: at,
                chattering: t.chattering ? 1 : 0,
                backfill: t.backfill ? 1 : 0,
                notify: t.notify ? 1 : 0,
                created_at: this.deps.now(),
              });
              ids.set(t.point, id);
              await store.action(id, t.ts, 'raised');
              let message = false;
              if (!t.backfill && t.notify) {
                const windowMs = setup.runSettings.groupWindowMinutes * 60_000;
                const head = heads.get(t.point);
                if (head && windowMs > 0 && t.ts - head.ts <= windowMs) {
                  await store.addRepeat(head.id);
                } else {
                  heads.set(t.point, { id, ts: t.ts });
                  message = true;
                }
              }
              announcements.push({ id, t, message });
              continue;
            }
            const id = ids.get(t.point);
            if (id === undefined) continue;
            if (t.type === 'escalatedToAlarm') {
              await store.update(id, { level: 'alarm', escalated_to_alarm_at: t.ts, limit_value: t.limit, peak_value: t.peak });
              await store.action(id, t.ts, 'escalatedToAlarm');
            } else if (t.type === 'chattering') {
              await store.update(id, { chattering: 1, peak_value: t.peak });
              await store.action(id, t.ts, 'chattering');
            } else {
              const end = chainage ?? (await machine.chainageAt(runId, t.ts));
              await store.update(id, { end_ts: t.ts, end_chainage: end, end_reason: t.reason ?? 'normal', peak_value: t.peak, chattering: t.chattering ? 1 : 0 });
              await store.action(id, t.ts, t.type === 'disabled' ? 'disabled' : 'cleared');
              ids.delete(t.point);
            }
            announcements.push({ id, t, message: false });
          }
        });
      } catch (error) {
        attempt += 1;
        // Another instance took the next number (or the point's active slot) meanwhile: read again and retry.
        if (attempt < 3) continue;
        this.deps.log.warn({ err: error, runId }, 'alarm transitions could not be written');
        return;
      }
      records.live = live;
      records.backfill = backfill;
      records.heads = heads;
      await this.announce(runId, setup, tags, announcements);
      return;
    }
  }

  private async announce(runId: number, setup: RunSetup, tags: Map<string, TagDef>, announcements: readonly Announcement[]): Promise<void> {
    for (const { id, t, message } of announcements) {
      // Alarms recovered from backfill are never announced: the pages hear of them once they end (no sound).
      if (!(t.backfill && t.type === 'raised') && t.type !== 'chattering') {
        const event = t.type === 'disabled' ? 'cleared' : t.type;
        publishAlarmNotice(this.deps.bus, runId, t.ts, { event, alarmId: id, point: t.point, level: t.level });
      }
      if (!message) continue;
      const centre = this.deps.messages();
      if (!centre) continue;
      try {
        await centre.send({
          type: 'monitoringAlarm',
          audience: { runId, resourceCode: 'alarm.message.read' },
          ...this.content(t, setup, tags.get(t.point)),
          object: { kind: 'alarm', id },
          at: t.ts,
        });
      } catch (error) {
        this.deps.log.warn({ err: error, runId, alarmId: id }, 'alarm message could not be sent');
      }
    }
  }

  /** The message of a raised alarm, rendered in each reader's language. */
  private content(t: AlarmTransition, setup: RunSetup, tag: TagDef | undefined): { key: Parameters<MessageCentre['send']>[0]['key']; params: messagesContract.MessageParams } {
    if (t.point === MACHINE_STATE_POINTS.longStop) return { key: 'alarmEngine.message.longStop', params: { minutes: setup.runSettings.longStopMinutes } };
    if (t.point === MACHINE_STATE_POINTS.connectionLost) {
      const z = utcToZoned(t.faultTs, setup.timeZone);
      return { key: 'alarmEngine.message.connectionLost', params: { time: `${z.y}-${pad(z.m)}-${pad(z.d)} ${pad(z.h)}:${pad(z.min)}` } };
    }
    const precision = tag?.precision ?? 2;
    const params: messagesContract.MessageParams = {
      point: tag ? (tag.label ?? tagNameParam(tag)) : t.point,
      value: t.value === null ? '' : round(t.value, precision),
      limit: t.limit === null ? '' : round(t.limit, precision),
      unit: tag?.unit ?? '',
      level: { key: t.level === 'alarm' ? 'alarmEngine.level.alarm' : 'alarmEngine.level.warning' },
    };
    return { key: t.direction === 'low' ? 'alarmEngine.message.low' : 'alarmEngine.message.high', params };
  }
}
