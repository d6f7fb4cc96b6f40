import { DATE_FORMATS } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import { formatInZone } from '../../core/excel.js';
import { DAY_MS, localDateOf, localDayRange, parseLocalDate, parseWallTime, zonedMinutesToUtc } from '../../core/timeZone.js';
import type { Database } from '../../db/schema.js';
import type { MessageCentre } from '../messages/index.js';
import type { ScopedRun } from '../project/index.js';
import type { CounterNow } from './planSchedule.js';
import { calendarInterval, planTiming, reminderPushes, usesCounter } from './planSchedule.js';
import { type PlanRow, reminderOf } from './maintenance.service.js';

/** Pushes missed by this much (a server down over the push time) are still sent when it is back. */
const CATCH_UP_MS = 2 * DAY_MS;

export interface ReminderDeps {
  db: Kysely<Database>;
  messages: () => MessageCentre;
  runOf: (runId: number) => Promise<Pick<ScopedRun, 'id' | 'time_zone' | 'finished_at'> | null>;
  countersNow: (runId: number, now: number) => Promise<Record<string, CounterNow>>;
}

/**
 * Claims a notice: one row per plan, kind and slot, inserted only when absent. Whoever inserts it
 * sends; every other instance (or a later pass) finds it there and does not.
 */
async function claim(db: Kysely<Database>, planId: number, kind: string, slot: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto('mtce_notices_sent')
    .values({ plan_id: planId, kind, slot, sent_at: now })
    .onConflict((oc) => oc.columns(['plan_id', 'kind', 'slot']).doNothing())
    .returning('plan_id')
    .executeTakeFirst();
  return result !== undefined;
}

const place = (row: PlanRow) => (row.component ? `${row.system} / ${row.component}` : row.system);

/**
 * The reminder job's pass (every minute): each plan's reminder due by now (spec §9: days ahead, push
 * time in the project's zone, repeat) goes out once as a maintenance message to the run's holders
 * of `maintenance.message.read`; a plan overdue by the 10 % rule is told once, then at most once a
 * local day. Runs of finished projects are left alone.
 */
export async function reminderPass(deps: ReminderDeps, now: number, signal: AbortSignal): Promise<number> {
  const plans = await deps.db.selectFrom('mtce_plans').selectAll().orderBy('run_id').orderBy('id').execute();
  let sent = 0;
  const runs = new Map<number, Awaited<ReturnType<ReminderDeps['runOf']>>>();
  const counters = new Map<number, Record<string, CounterNow>>();
  for (const row of plans) {
    if (signal.aborted) break;
    if (!runs.has(row.run_id)) runs.set(row.run_id, await deps.runOf(row.run_id));
    const run = runs.get(row.run_id);
    if (!run || run.finished_at !== null) continue;
    const zone = run.time_zone;
    const due = (at: number) => formatInZone(at, zone, DATE_FORMATS.dateTime);
    const send = async (key: 'maintenance.message.reminder' | 'maintenance.message.overdue', params: Record<string, string>) => {
      await deps.messages().send({ audience: { runId: row.run_id, resourceCode: 'maintenance.message.read' }, type: 'maintenanceReminder', key, params, object: { kind: 'maintenancePlan', id: row.id }, at: now });
      sent += 1;
    };

    let counter: CounterNow | null = null;
    if (usesCounter(row) && row.counter_kind) {
      if (!counters.has(row.run_id)) counters.set(row.run_id, await deps.countersNow(row.run_id, now));
      counter = counters.get(row.run_id)?.[row.counter_kind] ?? null;
    }
    const timing = planTiming(row, counter, now);

    const reminder = reminderOf(row);
    if (reminder?.enabled) {
      for (const push of reminderPushes(row, reminder, now - CATCH_UP_MS, now + 1, zone)) {
        // Without repeat, a push announces an occurrence: only the open one, and not once it is overdue (the overdue notice takes over).
        if (reminder.repeat === null) {
          if (push.dueAt === null || push.dueAt !== row.next_due || now > push.dueAt + calendarInterval(row.cycle) / 10) continue;
        }
        const slot = reminder.repeat === null ? (push.dueAt ?? push.pushAt) : push.pushAt;
        if (!(await claim(deps.db, row.id, reminder.repeat === null ? 'remind' : 'repeat', slot, now))) continue;
        await send('maintenance.message.reminder', { text: reminder.content, title: row.title, place: place(row), due: push.dueAt === null ? '' : due(push.dueAt) });
      }
      // A counter plan: reminded once per due value, `daysAhead` days before its forecast.
      if (counter && timing.counter && timing.counter.forecastAt !== null && timing.counter.dueValue !== null && reminder.repeat === null) {
        const forecast = timing.counter.forecastAt;
        const pushAt = zonedMinutesToUtc(parseLocalDate(localDateOf(forecast - reminder.daysAhead * DAY_MS, zone)), parseWallTime(reminder.pushTime), zone);
        if (pushAt <= now && (await claim(deps.db, row.id, 'counter', Math.round(timing.counter.dueValue * 1000), now))) {
          await send('maintenance.message.reminder', { text: reminder.content, title: row.title, place: place(row), due: due(forecast) });
        }
      }
    }

    if (timing.state === 'overdue') {
      // Once when it becomes overdue, then at most once a local day.
      const day = localDayRange(localDateOf(now, zone), zone).start;
      if (await claim(deps.db, row.id, 'overdue', day, now)) {
        await send('maintenance.message.overdue', { title: row.title, place: place(row), due: timing.nextTime === null ? '' : due(timing.nextTime) });
      }
    }
  }
  return sent;
}
